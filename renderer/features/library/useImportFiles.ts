// Runs an import of chosen or dropped files (transcript bundles, or packs) through the worker
// and reflects it in the UI store: progress while it runs, then the imported studies or every
// located error. A pack opens its study, where the annotator starts labelling.

import { useCallback } from 'react';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { useServices } from '../../app/services';
import { importFilesInWorker } from '../../workers/import-client';
import type { ImportOptions, ImportOutcome } from '../../workers/import-protocol';
import { offersMapping } from './mapping-offer';

export function useImportFiles(): (files: OpenedFile[], options?: ImportOptions) => Promise<ImportOutcome | undefined> {
  const { db, store } = useServices();
  return useCallback(
    async (files: OpenedFile[], options: ImportOptions = {}) => {
      if (files.length === 0) return undefined;
      const fileNames = files.map((file) => file.name);
      store.getState().setImportState({ status: 'running', fileNames });
      const outcome = await importFilesInWorker(db.name, files, (progress) => store.getState().setImportState({ status: 'running', fileNames, progress }), options);
      store.getState().setImportState(outcome.ok ? { status: 'done', studies: outcome.studies } : { status: 'failed', fileNames, errors: outcome.errors, ...(offersMapping(files) ? { mappable: files } : {}) });
      const opened = outcome.ok ? outcome.studies.find((study) => study.pack !== undefined) : undefined;
      if (opened) store.getState().navigate({ view: 'study', studyId: opened.id });
      return outcome;
    },
    [db, store],
  );
}

/** Packs are `.pack.json`, so the json filter already offers them. */
export const LIBRARY_FILE_REQUEST = { title: 'Import transcript bundles or packs', extensions: ['json', 'jsonl', 'csv', 'xlsx'], multiple: true } as const;
