// The window's side of the backup worker: starts it on first use and forwards progress. A
// service, so tests hand in their own.

import type { SourceFile } from '../../shared/formats/limits';
import type { BackupOutcome, RestoreProgress, StudySnapshot } from '../workers/backup-protocol';
import type { BackupWorkerApi } from '../workers/backup.worker';
import { lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface BackupClient {
  /** The study's backup file, with the state it holds. Rejects with a message the UI can show. */
  snapshot(databaseName: string, studyId: string): Promise<StudySnapshot>;
  snapshotIfChanged(databaseName: string, studyId: string): Promise<StudySnapshot | undefined>;
  inspect(file: SourceFile): Promise<BackupOutcome>;
  restore(databaseName: string, file: SourceFile, onProgress: (progress: RestoreProgress) => void): Promise<BackupOutcome>;
}

export function createBackupClient(): BackupClient {
  const remote = lazyWorker<BackupWorkerApi>(
    () => new Worker(new URL('../workers/backup.worker.ts', import.meta.url), { type: 'module', name: 'backup' }),
    'the backup',
  );
  return {
    snapshot: (databaseName, studyId) => remote().snapshot(databaseName, studyId),
    snapshotIfChanged: (databaseName, studyId) => remote().snapshotIfChanged(databaseName, studyId),
    inspect: (file) => remote().inspect(file),
    restore: (databaseName, file, onProgress) =>
      withProgress<RestoreProgress, BackupOutcome>(onProgress, (progress) => remote().restore(databaseName, file, progress)),
  };
}
