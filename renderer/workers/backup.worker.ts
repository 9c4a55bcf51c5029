// Web Worker for backups: reads a study into a snapshot file, and checks and restores backup
// files, off the window's thread, since a large study's snapshot is hundreds of megabytes of JSON.
// Holds nothing but one open database per name.

import * as Comlink from 'comlink';
import { parseBackup, type Backup } from '../../shared/formats/backup';
import type { FormatError } from '../../shared/formats/errors';
import type { SourceFile } from '../../shared/formats/limits';
import { restoreSnapshot, snapshotIfChanged, snapshotStudy, type RestoreProgress, type StudySnapshot } from '../db/backup';
import { describeStorageError } from '../db/storage';
import type { BackupOutcome, BackupSummary } from './backup-protocol';
import { APP } from '../db/app-stamp';
import { readable, workerDatabase } from './worker-support';

/** What restoring `backup` puts back, with the members of its file that are not read (`warnings`). */
function summarize(backup: Backup, warnings: readonly FormatError[] = []): BackupSummary {
  return {
    ...(warnings.length > 0 ? { notRead: [...warnings] } : {}),
    studyId: backup.study.id,
    studyName: backup.study.name,
    createdAt: backup.createdAt,
    app: backup.app,
    counts: {
      puzzles: backup.puzzles.length,
      sessions: backup.sessions.length,
      turns: backup.turns.length,
      annotators: backup.annotators.length,
      labels: backup.labels.length,
      gold: backup.gold.length,
    },
  };
}

const api = {
  snapshot(databaseName: string, studyId: string): Promise<StudySnapshot> {
    return readable(() => snapshotStudy(workerDatabase(databaseName), studyId, { app: APP }));
  },
  /** The desktop app's automatic snapshot: undefined when nothing changed since the last one. */
  snapshotIfChanged(databaseName: string, studyId: string): Promise<StudySnapshot | undefined> {
    return readable(() => snapshotIfChanged(workerDatabase(databaseName), studyId, 'snapshot', { app: APP }));
  },
  /** Checks a backup file and says what restoring it would put back; writes nothing. */
  inspect(file: SourceFile): BackupOutcome {
    const parsed = parseBackup(file);
    return parsed.ok ? { ok: true, summary: summarize(parsed.value, parsed.warnings) } : parsed;
  },
  async restore(databaseName: string, file: SourceFile, onProgress: (progress: RestoreProgress) => void): Promise<BackupOutcome> {
    const parsed = parseBackup(file);
    if (!parsed.ok) return parsed;
    try {
      await restoreSnapshot(workerDatabase(databaseName), parsed.value, { source: file.name, onProgress });
    } catch (error) {
      return { ok: false, errors: [{ file: file.name, path: '', message: `nothing was restored: ${describeStorageError(error)}` }] };
    }
    return { ok: true, summary: summarize(parsed.value, parsed.warnings) };
  },
};

export type BackupWorkerApi = typeof api;

Comlink.expose(api);
