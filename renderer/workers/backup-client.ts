// The window's side of the backup worker: starts it on first use and forwards progress.

import * as Comlink from 'comlink';
import { withProgress } from './progress-proxy';
import type { SourceFile } from '../../shared/formats/limits';
import type { BackupOutcome, RestoreProgress, StudySnapshot } from './backup-protocol';
import type { BackupWorkerApi } from './backup.worker';

let worker: Comlink.Remote<BackupWorkerApi> | undefined;

function backupWorker(): Comlink.Remote<BackupWorkerApi> {
  worker ??= Comlink.wrap<BackupWorkerApi>(new Worker(new URL('./backup.worker.ts', import.meta.url), { type: 'module', name: 'backup' }));
  return worker;
}

/** The study's backup file, with the state it holds. Rejects with a message the UI can show. */
export function snapshotInWorker(databaseName: string, studyId: string): Promise<StudySnapshot> {
  return backupWorker().snapshot(databaseName, studyId);
}

export function snapshotIfChangedInWorker(databaseName: string, studyId: string): Promise<StudySnapshot | undefined> {
  return backupWorker().snapshotIfChanged(databaseName, studyId);
}

export function inspectBackupInWorker(file: SourceFile): Promise<BackupOutcome> {
  return backupWorker().inspect(file);
}

export function restoreBackupInWorker(databaseName: string, file: SourceFile, onProgress: (progress: RestoreProgress) => void): Promise<BackupOutcome> {
  return withProgress<RestoreProgress, BackupOutcome>(onProgress, (progress) => backupWorker().restore(databaseName, file, progress));
}
