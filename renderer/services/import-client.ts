// The window's side of the import worker: starts it on first use and forwards progress; a held
// benchmark import is named, committed or cancelled by its request id. A service, so tests hand
// in their own.

import type { BenchmarkImportOptions, ImportedStudy } from '../../shared/formats/importers/imported-study';
import type { SourceFile } from '../../shared/formats/limits';
import type { ImportOptions, ImportOutcome, ImportPhaseProgress, ImportStart } from '../workers/import-protocol';
import type { ImportWorkerApi } from '../workers/import.worker';
import { lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface ImportClient {
  /** Imports the files, or for a benchmark's own files holds them in the worker and returns their preview. */
  importFiles(databaseName: string, files: SourceFile[], onProgress: (progress: ImportPhaseProgress) => void, options?: ImportOptions): Promise<ImportStart>;
  nameModels(requestId: string, names: BenchmarkImportOptions): Promise<ImportStart>;
  commitImport(databaseName: string, requestId: string, onProgress: (progress: ImportPhaseProgress) => void): Promise<ImportOutcome>;
  cancelImport(requestId: string): Promise<void>;
  /** Stores a study mapped by a preset, with its raters' labels. */
  importMapped(
    databaseName: string,
    study: ImportedStudy,
    fileNames: string[],
    presetName: string,
    onProgress: (progress: ImportPhaseProgress) => void,
  ): Promise<ImportOutcome>;
}

export function createImportClient(): ImportClient {
  const remote = lazyWorker<ImportWorkerApi>(() => new Worker(new URL('../workers/import.worker.ts', import.meta.url), { type: 'module', name: 'import' }));
  return {
    importFiles: (databaseName, files, onProgress, options = {}) =>
      withProgress<ImportPhaseProgress, ImportStart>(onProgress, (progress) => remote().importFiles(databaseName, files, progress, options)),
    nameModels: (requestId, names) => remote().nameModels(requestId, names),
    commitImport: (databaseName, requestId, onProgress) =>
      withProgress<ImportPhaseProgress, ImportOutcome>(onProgress, (progress) => remote().commitImport(databaseName, requestId, progress)),
    cancelImport: (requestId) => remote().cancelImport(requestId),
    importMapped: (databaseName, study, fileNames, presetName, onProgress) =>
      withProgress<ImportPhaseProgress, ImportOutcome>(onProgress, (progress) => remote().importMapped(databaseName, study, fileNames, presetName, progress)),
  };
}
