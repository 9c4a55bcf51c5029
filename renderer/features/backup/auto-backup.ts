// The desktop app's automatic snapshots: every 30 minutes and when the window closes, each study
// that changed since its last snapshot goes to the host's store (the last 10 of each study are
// kept). The last pass that wrote or failed is remembered (db/backup.ts) for the library.

import type { BackupStore } from '../../../shared/platform/studio-platform';
import { recordAutoBackupRun, recordBackup, type AutoBackupRun, type StudySnapshot } from '../../db/backup';
import type { StudioDatabase } from '../../db/database';

export const AUTO_BACKUP_INTERVAL_MS = 30 * 60 * 1000;

export interface AutoBackupDeps {
  db: StudioDatabase;
  store: Pick<BackupStore, 'write'>;
  /** The study's snapshot, or undefined when it did not change since the last one (the backup worker in the app). */
  snapshot(studyId: string): Promise<StudySnapshot | undefined>;
  /** ISO 8601 time of the pass; defaults to the current time. */
  now?: () => string;
}

/** One pass over every study; a study that fails is reported and the others still go. */
export async function snapshotChangedStudies(deps: AutoBackupDeps): Promise<AutoBackupRun> {
  const run: AutoBackupRun = { at: deps.now?.() ?? new Date().toISOString(), written: [], failures: [] };
  for (const studyId of await deps.db.studies.toCollection().primaryKeys()) {
    try {
      const snapshot = await deps.snapshot(studyId);
      if (snapshot === undefined) continue;
      await deps.store.write({ studyId, name: snapshot.file.name, text: snapshot.file.text });
      // Only once the file is stored: a failed write leaves the study marked as changed.
      await recordBackup(deps.db, 'snapshot', snapshot);
      run.written.push(studyId);
    } catch (error) {
      run.failures.push({ studyId, message: error instanceof Error ? error.message : String(error) });
    }
  }
  // A quiet pass writes nothing, so it wakes no live query.
  if (run.written.length > 0 || run.failures.length > 0) await recordAutoBackupRun(deps.db, run);
  return run;
}

/** Passes run one after another, never two at once: a close during a scheduled pass waits for it, then takes what changed meanwhile. */
export function createAutoBackup(deps: AutoBackupDeps): { run(): Promise<AutoBackupRun> } {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run() {
      const next = queue.then(() => snapshotChangedStudies(deps));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
