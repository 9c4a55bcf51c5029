// Runs an import of chosen or dropped files (transcript bundles, packs, or a benchmark's own files)
// through the worker and reflects it in the UI store: progress while it runs, then the imported
// studies or every located error. A pack opens its study, where the annotator starts labelling.
// A benchmark's files stop at a preview the lead agrees to (or at the model names they lack), and
// so do records read as a puzzle list that left fields unread, whose preview offers Map fields….
// A team server invitation goes to its own page instead.

import { useCallback } from 'react';
import type { BenchmarkImportOptions, ImportedStudy } from '../../../shared/formats/importers/imported-study';
import { needsConfirmation } from '../../../shared/formats/importers/import-preview';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import type { ImportClient } from '../../services/import-client';
import { useServices } from '../../services/services';
import type { StudioStore } from '../../services/studio-store';
import type { ImportOptions, ImportOutcome, ImportStart } from '../../workers/import-protocol';
import { offersMapping } from './mapping-offer';
import { openInvitationFile } from '../sync';

/** Imports the files; undefined while a benchmark import waits for the lead (or when no file was given). */
export function useImportFiles(): (files: OpenedFile[], options?: ImportOptions) => Promise<ImportOutcome | undefined> {
  const { db, store, workers } = useServices();
  return useCallback(
    async (files: OpenedFile[], options: ImportOptions = {}) => {
      if (files.length === 0) return undefined;
      // An invitation is not imported: its page asks the annotator to join the team server.
      if (openInvitationFile(files, store)) return undefined;
      const fileNames = files.map((file) => file.name);
      // A new import replaces one still waiting for the lead: the worker lets go of it.
      const waiting = store.getState().importState;
      if (waiting.status === 'preview' || waiting.status === 'names') void workers.imports.cancelImport(waiting.requestId);
      store.getState().setImportState({ status: 'running', fileNames });
      // The page keeps the files only to offer mapping them; otherwise their bytes move to the
      // worker rather than being copied, so a 60 MB database is not held twice in the window's process.
      const mappable = offersMapping(files);
      const start = await workers.imports.importFiles(
        db.name,
        files,
        (progress) => store.getState().setImportState({ status: 'running', fileNames, progress }),
        options,
        !mappable,
      );
      return settle({ databaseName: db.name, store, imports: workers.imports }, start, fileNames, mappable ? files : undefined);
    },
    [db, store, workers],
  );
}

/** Stores a study the mapping dialog built (the lead saw its preview there), with its raters' labels, shown like any import. */
export function useImportMapped(): (study: ImportedStudy, fileNames: string[], presetName: string) => Promise<ImportOutcome> {
  const { db, store, workers } = useServices();
  return useCallback(
    async (study, fileNames, presetName) => {
      // Mapped from a held puzzle list's preview: the worker lets go of the list, which was not written.
      const waiting = store.getState().importState;
      if (waiting.status === 'preview' || waiting.status === 'names') void workers.imports.cancelImport(waiting.requestId);
      store.getState().setImportState({ status: 'running', fileNames, progress: { phase: 'writing', done: 0, total: 1 } });
      const outcome = await workers.imports.importMapped(db.name, study, fileNames, presetName, (progress) =>
        store.getState().setImportState({ status: 'running', fileNames, progress }),
      );
      store.getState().setImportState(outcome.ok ? { status: 'done', studies: outcome.studies } : { status: 'failed', fileNames, errors: outcome.errors });
      return outcome;
    },
    [db, store, workers],
  );
}

/** What the lead does with a benchmark import the worker holds: agree to it, cancel it, or name its models. */
export function useHeldImport() {
  const { db, store, workers } = useServices();
  const held: HeldImports = { databaseName: db.name, store, imports: workers.imports };
  return {
    confirm: (requestId: string, fileNames: string[]) => commit(held, requestId, fileNames),
    cancel: async (requestId: string) => {
      store.getState().setImportState({ status: 'idle' });
      await workers.imports.cancelImport(requestId);
    },
    name: async (requestId: string, fileNames: string[], names: BenchmarkImportOptions) => {
      store.getState().setImportState({ status: 'running', fileNames });
      return settle(held, await workers.imports.nameModels(requestId, names), fileNames);
    },
  };
}

/** Where a held import is finished: the database, the UI store that shows it, the import worker that holds it. */
interface HeldImports {
  databaseName: string;
  store: StudioStore;
  imports: ImportClient;
}

/** `mappable`: the files, when a refusal (or a held puzzle list that left fields unread) may offer to map their fields. */
async function settle(held: HeldImports, start: ImportStart, fileNames: string[], mappable?: OpenedFile[]): Promise<ImportOutcome | undefined> {
  const { store } = held;
  if ('requestId' in start) {
    const { requestId } = start;
    if ('needs' in start) {
      store.getState().setImportState({ status: 'names', fileNames, requestId, needs: start.needs, message: start.message });
      return undefined;
    }
    // Nothing left out and every reply read: the summary says so, and there is nothing to agree to.
    if (!needsConfirmation(start.preview)) return commit(held, requestId, fileNames);
    const offer = mappable !== undefined && start.unreadFields === true ? { mappable } : {};
    store.getState().setImportState({ status: 'preview', fileNames, requestId, preview: start.preview, ...offer });
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

async function commit({ databaseName, store, imports }: HeldImports, requestId: string, fileNames: string[]): Promise<ImportOutcome> {
  store.getState().setImportState({ status: 'running', fileNames, progress: { phase: 'writing', done: 0, total: 1 } });
  const outcome = await imports.commitImport(databaseName, requestId, (progress) =>
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
