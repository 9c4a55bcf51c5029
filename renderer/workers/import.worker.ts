// Web Worker that parses transcript bundles and writes them to IndexedDB, so neither the
// parse of a 200 MB file nor the bulk write ever blocks the window. All files of one request
// are imported together or not at all.

import * as Comlink from 'comlink';
import type { StudyData } from '../../shared/domain/model';
import type { FormatError } from '../../shared/formats/errors';
import type { SourceFile } from '../../shared/formats/limits';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { StudioDatabase } from '../db/database';
import { importStudies, StudyExistsError } from '../db/import-study';
import { describeStorageError } from '../db/storage';
import type { ImportOutcome, ImportPhaseProgress } from './import-protocol';

const databases = new Map<string, StudioDatabase>();

function database(name: string): StudioDatabase {
  let db = databases.get(name);
  if (!db) {
    db = new StudioDatabase(name);
    databases.set(name, db);
  }
  return db;
}

const api = {
  async importFiles(databaseName: string, files: SourceFile[], onProgress: (progress: ImportPhaseProgress) => void): Promise<ImportOutcome> {
    const parsed: StudyData[] = [];
    const errors: FormatError[] = [];
    for (const [index, file] of files.entries()) {
      onProgress({ phase: 'parsing', done: index, total: files.length });
      const result = parseTranscriptBundle(file);
      if (result.ok) parsed.push(result.value);
      else errors.push(...result.errors);
    }
    if (errors.length > 0) return { ok: false, errors };
    try {
      await importStudies(database(databaseName), parsed, ({ done, total }) => onProgress({ phase: 'writing', done, total }));
    } catch (error) {
      const file = error instanceof StudyExistsError ? (parsed.find((data) => data.study.id === error.studyId)?.study.sourceFiles[0] ?? '') : files.map((f) => f.name).join(', ');
      return { ok: false, errors: [{ file, path: '', message: describeStorageError(error) }] };
    }
    return { ok: true, studies: parsed.map(({ study }) => ({ id: study.id, name: study.name, counts: study.counts })) };
  },
};

export type ImportWorkerApi = typeof api;

Comlink.expose(api);
