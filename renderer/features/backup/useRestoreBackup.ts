// Restores a study from a backup: a file the user picks, or (desktop app) a stored snapshot.
// The worker checks the file first; the user confirms what it replaces; then the worker
// replaces the study's records all-or-nothing. Progress and every located error reach the UI.

import { useCallback, useState } from 'react';
import type { FormatError } from '../../../shared/formats/errors';
import type { SourceFile } from '../../../shared/formats/limits';
import type { StoredBackup } from '../../../shared/platform/studio-platform';
import { useServices } from '../../services/services';
import { readStudyTotals } from '../../db/backup';
import { describeStorageError } from '../../db/storage';
import type { RestoreProgress } from '../../workers/backup-protocol';
import { notReadLines, restoredText, restoreQuestion } from './restore-text';

export type RestoreState =
  | { status: 'idle' }
  | { status: 'checking'; fileName: string }
  | { status: 'running'; fileName: string; progress?: RestoreProgress }
  /** `notRead`: a line for each member of the file that was not read. */
  | { status: 'done'; studyId: string; message: string; notRead: string[] }
  | { status: 'failed'; fileName: string; errors: FormatError[] };

/** Backups are `.backup.json`, so the json filter offers them. */
const RESTORE_FILE_REQUEST = { title: 'Restore a study from a backup', extensions: ['json'], multiple: false, purpose: 'backup' } as const;

export function useRestoreBackup() {
  const { db, platform, workers } = useServices();
  const [state, setState] = useState<RestoreState>({ status: 'idle' });

  const restore = useCallback(
    async (file: SourceFile) => {
      const fileName = file.name;
      setState({ status: 'checking', fileName });
      try {
        const inspection = await workers.backup.inspect(file);
        if (!inspection.ok) {
          setState({ status: 'failed', fileName, errors: inspection.errors });
          return;
        }
        const current = await readStudyTotals(db, inspection.summary.studyId);
        if (!window.confirm(restoreQuestion(inspection.summary, current))) {
          setState({ status: 'idle' });
          return;
        }
        setState({ status: 'running', fileName });
        const outcome = await workers.backup.restore(db.name, file, (progress) => setState({ status: 'running', fileName, progress }));
        setState(
          outcome.ok
            ? { status: 'done', studyId: outcome.summary.studyId, message: restoredText(outcome.summary), notRead: notReadLines(outcome.summary) }
            : { status: 'failed', fileName, errors: outcome.errors },
        );
      } catch (error) {
        setState({ status: 'failed', fileName, errors: [{ file: fileName, path: '', message: describeStorageError(error) }] });
      }
    },
    [db, workers],
  );

  const chooseAndRestore = useCallback(async () => {
    try {
      const [file] = await platform.openFiles(RESTORE_FILE_REQUEST);
      if (file !== undefined) await restore(file);
    } catch (error) {
      setState({ status: 'failed', fileName: 'the backup', errors: [{ file: 'backup', path: '', message: describeStorageError(error) }] });
    }
  }, [platform, restore]);

  const restoreStored = useCallback(
    async (snapshot: StoredBackup) => {
      const { backups } = platform;
      if (backups === undefined) return;
      try {
        const text = await backups.read({ studyId: snapshot.studyId, name: snapshot.name });
        await restore({ name: snapshot.name, text, size: snapshot.size });
      } catch (error) {
        setState({ status: 'failed', fileName: snapshot.name, errors: [{ file: snapshot.name, path: '', message: describeStorageError(error) }] });
      }
    },
    [platform, restore],
  );

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, chooseAndRestore, restoreStored, dismiss };
}
