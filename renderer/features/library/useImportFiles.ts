// Runs an import of chosen or dropped files (transcript bundles, packs, or a benchmark's own files)
// through the worker and reflects it in the UI store: progress while it runs, then the imported
// studies or every located error. A pack opens its study, where the annotator starts labelling.
// A benchmark's files stop at a preview the lead agrees to (or at the model names they lack).

import { useCallback } from 'react';
import type { BenchmarkImportOptions } from '../../../shared/formats/importers/imported-study';
import { needsConfirmation } from '../../../shared/formats/importers/import-preview';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import type { StudioStore } from '../../app/studio-store';
import { useServices } from '../../app/services';
import { cancelImportInWorker, commitImportInWorker, importFilesInWorker, nameModelsInWorker } from '../../workers/import-client';
import type { ImportOptions, ImportOutcome, ImportStart } from '../../workers/import-protocol';
import { offersMapping } from './mapping-offer';

/** Imports the files; undefined while a benchmark import waits for the lead (or when no file was given). */
export function useImportFiles(): (files: OpenedFile[], options?: ImportOptions) => Promise<ImportOutcome | undefined> {
  const { db, store } = useServices();
  return useCallback(
    async (files: OpenedFile[], options: ImportOptions = {}) => {
      if (files.length === 0) return undefined;
      const fileNames = files.map((file) => file.name);
      // A new import replaces one still waiting for the lead: the worker lets go of it.
      const waiting = store.getState().importState;
      if (waiting.status === 'preview' || waiting.status === 'names') void cancelImportInWorker(waiting.requestId);
      store.getState().setImportState({ status: 'running', fileNames });
      const start = await importFilesInWorker(
        db.name,
        files,
        (progress) => store.getState().setImportState({ status: 'running', fileNames, progress }),
        options,
      );
      return settle(db.name, store, start, fileNames, offersMapping(files) ? files : undefined);
    },
    [db, store],
  );
}

/** What the lead does with a benchmark import the worker holds: agree to it, cancel it, or name its models. */
export function useHeldImport() {
  const { db, store } = useServices();
  return {
    confirm: (requestId: string, fileNames: string[]) => commit(db.name, store, requestId, fileNames),
    cancel: async (requestId: string) => {
      store.getState().setImportState({ status: 'idle' });
      await cancelImportInWorker(requestId);
    },
    name: async (requestId: string, fileNames: string[], names: BenchmarkImportOptions) => {
      store.getState().setImportState({ status: 'running', fileNames });
      return settle(db.name, store, await nameModelsInWorker(requestId, names), fileNames);
    },
  };
}

/** `mappable`: the files, when a refusal may offer to map their fields. */
async function settle(
  databaseName: string,
  store: StudioStore,
  start: ImportStart,
  fileNames: string[],
  mappable?: OpenedFile[],
): Promise<ImportOutcome | undefined> {
  if ('requestId' in start) {
    const { requestId } = start;
    if ('needs' in start) {
      store.getState().setImportState({ status: 'names', fileNames, requestId, needs: start.needs, message: start.message });
      return undefined;
    }
    // Nothing left out and every reply read: the summary says so, and there is nothing to agree to.
    if (!needsConfirmation(start.preview)) return commit(databaseName, store, requestId, fileNames);
    store.getState().setImportState({ status: 'preview', fileNames, requestId, preview: start.preview });
    return undefined;
  }
  store
    .getState()
    .setImportState(
      start.ok ? { status: 'done', studies: start.studies } : { status: 'failed', fileNames, errors: start.errors, ...(mappable ? { mappable } : {}) },
    );
  const opened = start.ok ? start.studies.find((study) => study.pack !== undefined) : undefined;
  if (opened) store.getState().navigate({ view: 'study', studyId: opened.id });
  return start;
}

async function commit(databaseName: string, store: StudioStore, requestId: string, fileNames: string[]): Promise<ImportOutcome> {
  store.getState().setImportState({ status: 'running', fileNames, progress: { phase: 'writing', done: 0, total: 1 } });
  const outcome = await commitImportInWorker(databaseName, requestId, (progress) =>
    store.getState().setImportState({ status: 'running', fileNames, progress }),
  );
  store.getState().setImportState(outcome.ok ? { status: 'done', studies: outcome.studies } : { status: 'failed', fileNames, errors: outcome.errors });
  return outcome;
}

/**
 * Packs are `.pack.json`, so the json filter already offers them. The rest are the benchmarks'
 * own files: SPLAT's log.csv, config.yaml and puzzles.xlsx, GameArena's users.db, TSB's run logs.
 */
export const LIBRARY_FILE_REQUEST = {
  title: 'Import transcript bundles or packs',
  extensions: ['json', 'jsonl', 'csv', 'xlsx', 'yaml', 'yml', 'db', 'sqlite', 'txt'],
  multiple: true,
} as const;
