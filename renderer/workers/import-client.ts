// The window's side of the import worker: starts it on first use and forwards progress.

import * as Comlink from 'comlink';
import type { SourceFile } from '../../shared/formats/limits';
import type { ImportOptions, ImportOutcome, ImportPhaseProgress } from './import-protocol';
import type { ImportWorkerApi } from './import.worker';
import { withProgress } from './progress-proxy';

let worker: Comlink.Remote<ImportWorkerApi> | undefined;

export function importFilesInWorker(databaseName: string, files: SourceFile[], onProgress: (progress: ImportPhaseProgress) => void, options: ImportOptions = {}): Promise<ImportOutcome> {
  const remote = (worker ??= Comlink.wrap<ImportWorkerApi>(new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import' })));
  return withProgress<ImportPhaseProgress, ImportOutcome>(onProgress, (progress) => remote.importFiles(databaseName, files, progress, options));
}
