// The window's side of the import worker: starts it on first use and forwards progress; a held
// benchmark import is named, committed or cancelled by its request id.

import * as Comlink from 'comlink';
import type { SourceFile } from '../../shared/formats/limits';
import type { BenchmarkImportOptions } from '../../shared/formats/importers/imported-study';
import type { ImportOptions, ImportOutcome, ImportPhaseProgress, ImportStart } from './import-protocol';
import type { ImportWorkerApi } from './import.worker';
import { withProgress } from './progress-proxy';

let worker: Comlink.Remote<ImportWorkerApi> | undefined;

function remote(): Comlink.Remote<ImportWorkerApi> {
  return (worker ??= Comlink.wrap<ImportWorkerApi>(new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import' })));
}

/** Imports the files, or for a benchmark's own files holds them in the worker and returns their preview. */
export function importFilesInWorker(
  databaseName: string,
  files: SourceFile[],
  onProgress: (progress: ImportPhaseProgress) => void,
  options: ImportOptions = {},
): Promise<ImportStart> {
  return withProgress<ImportPhaseProgress, ImportStart>(onProgress, (progress) => remote().importFiles(databaseName, files, progress, options));
}

export function nameModelsInWorker(requestId: string, names: BenchmarkImportOptions): Promise<ImportStart> {
  return remote().nameModels(requestId, names);
}

export function commitImportInWorker(databaseName: string, requestId: string, onProgress: (progress: ImportPhaseProgress) => void): Promise<ImportOutcome> {
  return withProgress<ImportPhaseProgress, ImportOutcome>(onProgress, (progress) => remote().commitImport(databaseName, requestId, progress));
}

export function cancelImportInWorker(requestId: string): Promise<void> {
  return remote().cancelImport(requestId);
}
