// The window's side of the import worker: starts it on first use and forwards progress; a held
// benchmark import is named, committed or cancelled by its request id. A worker that fails is an
// outcome naming the files and whether anything could have been saved. A service, so tests hand
// in their own.

import * as Comlink from 'comlink';
import type { BenchmarkImportOptions, ImportedStudy } from '../../shared/formats/importers/imported-study';
import type { SourceFile } from '../../shared/formats/limits';
import type { ImportOptions, ImportOutcome, ImportPhaseProgress, ImportStart } from '../workers/import-protocol';
import type { ImportWorkerApi } from '../workers/import.worker';
import type { FormatError } from '../../shared/formats/errors';
import { lazyWorker, WorkerStoppedError } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface ImportClient {
  /**
   * Imports the files, or for a benchmark's own files holds them in the worker and returns their
   * preview. With `handOver` the files' bytes move to the worker instead of being copied, and the
   * caller's files are left without them.
   */
  importFiles(
    databaseName: string,
    files: SourceFile[],
    onProgress: (progress: ImportPhaseProgress) => void,
    options?: ImportOptions,
    handOver?: boolean,
  ): Promise<ImportStart>;
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

export function createImportClient(start: () => Worker = startImportWorker): ImportClient {
  const remote = lazyWorker<ImportWorkerApi>(start, 'the import');
  return {
    importFiles: (databaseName, files, onProgress, options = {}, handOver = false) =>
      untilStopped<ImportStart>(
        files.map((file) => file.name),
        onProgress,
        (progress) =>
          withProgress<ImportPhaseProgress, ImportStart>(progress, (proxied) =>
            remote().importFiles(databaseName, handOver ? handedOver(files) : files, proxied, options),
          ),
      ),
    nameModels: (requestId, names) =>
      untilStopped<ImportStart>(
        [],
        () => undefined,
        () => remote().nameModels(requestId, names),
      ),
    commitImport: (databaseName, requestId, onProgress) =>
      untilStopped<ImportOutcome>([], onProgress, (progress) =>
        withProgress<ImportPhaseProgress, ImportOutcome>(progress, (proxied) => remote().commitImport(databaseName, requestId, proxied)),
      ),
    cancelImport: async (requestId) => {
      // A worker that stopped holds no import any more: there is nothing left to cancel.
      await remote()
        .cancelImport(requestId)
        .catch((error: unknown) => {
          if (!(error instanceof WorkerStoppedError)) throw error;
        });
    },
    importMapped: (databaseName, study, fileNames, presetName, onProgress) =>
      untilStopped<ImportOutcome>(fileNames, onProgress, (progress) =>
        withProgress<ImportPhaseProgress, ImportOutcome>(progress, (proxied) => remote().importMapped(databaseName, study, fileNames, presetName, proxied)),
      ),
  };
}

/** The files marked for Comlink to transfer their bytes' buffers (each once: a buffer given twice cannot be transferred). */
function handedOver(files: SourceFile[]): SourceFile[] {
  const buffers = new Set(files.flatMap((file) => (file.bytes !== undefined && file.bytes.buffer instanceof ArrayBuffer ? [file.bytes.buffer] : [])));
  return Comlink.transfer(files, [...buffers]);
}

function startImportWorker(): Worker {
  return new Worker(new URL('../workers/import.worker.ts', import.meta.url), { type: 'module', name: 'import' });
}

/**
 * The import's outcome, or, when its worker stopped, a refusal saying so: nothing was saved if it
 * had not started writing; once writing, a study is saved whole or not at all, so the library
 * shows which. The worker is started afresh by the next import.
 */
async function untilStopped<T>(
  fileNames: readonly string[],
  onProgress: (progress: ImportPhaseProgress) => void,
  work: (onProgress: (progress: ImportPhaseProgress) => void) => Promise<T>,
): Promise<T | { ok: false; errors: FormatError[] }> {
  let writing = false;
  try {
    return await work((progress) => {
      if (progress.phase === 'writing') writing = true;
      onProgress(progress);
    });
  } catch (error) {
    if (!(error instanceof WorkerStoppedError)) throw error;
    const files = fileNames.length === 1 ? 'this file' : 'these files';
    const message = writing
      ? `${error.message} while saving ${files}; a study is saved whole or not at all, so the library shows whether it was`
      : `${error.message} while reading ${files}; nothing was saved`;
    return { ok: false, errors: [{ file: fileNames.join(', '), path: '', message }] };
  }
}
