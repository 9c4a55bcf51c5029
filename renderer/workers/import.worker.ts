// Web Worker that parses the library's imports and writes them to IndexedDB, so neither the
// parse of a 200 MB file nor the bulk write ever blocks the window: transcript bundles become
// studies, packs become (or extend) an annotator's copy of a study, a benchmark's own files wait
// for the lead's go-ahead (benchmark-imports.ts), and so do records read as a puzzle list that
// left fields unread (the lead may map them instead). One request is all-or-nothing.

import * as Comlink from 'comlink';
import { Lexer, parseDocument } from 'yaml';
import type { StudyData } from '../../shared/domain/model';
import { detectFormat } from '../../shared/formats/detect-format';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { checkSourceFile, type SourceFile } from '../../shared/formats/limits';
import { parsePack, type Pack } from '../../shared/formats/pack';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { countRecords, importStudies, StudyExistsError } from '../db/import-study';
import { openPack, PackOpenError } from '../db/open-pack';
import { describeStorageError } from '../db/storage';
import { combineStudies } from '../../shared/study/combine-studies';
import type { BenchmarkImportOptions, ImportedStudy } from '../../shared/formats/importers/imported-study';
import { leftFieldsUnread, listPreview } from '../../shared/formats/importers/list-preview';
import { BenchmarkImports } from './benchmark-imports';
import type { ImportedStudySummary, ImportOptions, ImportOutcome, ImportPhaseProgress, ImportStart } from './import-protocol';
import { loadSqlJsInWorker } from './sql-js-loader';
import { APP } from '../db/app-stamp';
import { workerDatabase } from './worker-support';
import { WORKBOOK_READERS } from './workbook-reader';

const benchmarks = new BenchmarkImports(APP, undefined, {
  parseYaml: parseDocument,
  lexYaml: (text) => new Lexer().lex(text),
  readWorkbook: WORKBOOK_READERS.readWorkbook,
  loadSqlJs: loadSqlJsInWorker,
});

type ParsedFile = { kind: 'bundle'; fileName: string; data: StudyData; warnings: FormatError[] } | { kind: 'pack'; pack: Pack; fileName: string };

/** A request whose puzzle lists left fields unread, read and held until the lead imports it anyway or cancels. */
interface HeldList {
  files: SourceFile[];
  parsed: ParsedFile[];
  options: ImportOptions;
}

const heldLists = new Map<string, HeldList>();
let listRequests = 0;

/** A file the library does not take, refused whole with the reason and where it goes instead. */
function refused(file: SourceFile, message: string): { ok: false; errors: FormatError[] } {
  return { ok: false, errors: [{ file: file.name, path: '', message }] };
}

/** Parses one file by its detected format; label files belong to a study's Team page, not the library. */
function parseFile(file: SourceFile): { ok: true; value: ParsedFile } | { ok: false; errors: FormatError[] } {
  // A binary file has no format to detect: say what it looks like before anything else.
  const fileError = checkSourceFile(file);
  if (fileError) return { ok: false, errors: [fileError] };
  const format = detectFormat(file);
  if (format === 'labels' || format === 'labels-csv') {
    return refused(
      file,
      "this is a label file: import it on the study's Team page (open the study, then Team, then Import label files); label files do not go into the Studies library",
    );
  }
  if (file.name.toLowerCase().endsWith('.csv')) {
    return refused(
      file,
      "this CSV is not a label file (its header has no annotator column), and the Studies library takes transcript bundles (.json, .jsonl) and packs; label CSVs (annotator,unit,task,value) go on a study's Team page",
    );
  }
  if (format === 'pack') {
    const parsed = parsePack(file);
    return parsed.ok ? { ok: true, value: { kind: 'pack', pack: parsed.value, fileName: file.name } } : parsed;
  }
  const parsed = parseTranscriptBundle(file);
  return parsed.ok ? { ok: true, value: { kind: 'bundle', fileName: file.name, data: parsed.value, warnings: parsed.warnings ?? [] } } : parsed;
}

const api = {
  async importFiles(
    databaseName: string,
    files: SourceFile[],
    onProgress: (progress: ImportPhaseProgress) => void,
    options: ImportOptions = {},
  ): Promise<ImportStart> {
    onProgress({ phase: 'parsing', done: 0, total: files.length });
    const benchmark = await benchmarks.start(files);
    if (benchmark !== undefined) return benchmark;
    const parsed: ParsedFile[] = [];
    const errors: FormatError[] = [];
    for (const [index, file] of files.entries()) {
      onProgress({ phase: 'parsing', done: index, total: files.length });
      const result = parseFile(file);
      if (result.ok) parsed.push(result.value);
      else errors.push(...result.errors);
    }
    if (errors.length > 0) return { ok: false, errors };
    const bundles = parsed.flatMap((item) => (item.kind === 'bundle' ? [{ file: item.fileName, data: item.data, warnings: item.warnings }] : []));
    // Fields a puzzle list did not read: nothing is written before the lead sees them and chooses
    // to import anyway or to map the same files (which would otherwise make a second study).
    if (leftFieldsUnread(bundles)) {
      listRequests += 1;
      const requestId = `list-${listRequests}`;
      heldLists.set(requestId, { files, parsed, options });
      return { requestId, preview: listPreview(bundles, options.combine === true && bundles.length > 1), unreadFields: true };
    }
    return writeParsed(databaseName, files, parsed, options, onProgress);
  },

  /** Reads a held benchmark import again with the model names the lead gave. */
  nameModels(requestId: string, names: BenchmarkImportOptions): Promise<ImportStart> {
    return benchmarks.name(requestId, names);
  },

  /** Writes a held import (a benchmark's files, or puzzle lists with fields left out): the lead agreed to its preview. */
  commitImport(databaseName: string, requestId: string, onProgress: (progress: ImportPhaseProgress) => void): Promise<ImportOutcome> {
    const list = heldLists.get(requestId);
    if (list !== undefined) {
      heldLists.delete(requestId);
      return writeParsed(databaseName, list.files, list.parsed, list.options, onProgress);
    }
    return benchmarks.commit(workerDatabase(databaseName), requestId, (progress) => onProgress({ phase: 'writing', ...progress }));
  },

  cancelImport(requestId: string): void {
    heldLists.delete(requestId);
    benchmarks.cancel(requestId);
  },

  /** Writes a study the lead mapped by a preset (and saw previewed), with its raters' labels. */
  importMapped(
    databaseName: string,
    study: ImportedStudy,
    fileNames: string[],
    presetName: string,
    onProgress: (progress: ImportPhaseProgress) => void,
  ): Promise<ImportOutcome> {
    return benchmarks.storeMapped(workerDatabase(databaseName), study, fileNames, presetName, (progress) => onProgress({ phase: 'writing', ...progress }));
  },
};

/** Writes the parsed bundles and packs in one transaction and sums up each study for the lead. */
async function writeParsed(
  databaseName: string,
  files: readonly SourceFile[],
  parsed: readonly ParsedFile[],
  options: ImportOptions,
  onProgress: (progress: ImportPhaseProgress) => void,
): Promise<ImportOutcome> {
  const separate = parsed.flatMap((item) => (item.kind === 'bundle' ? [item.data] : []));
  // Several transcript files as one study: the bundles stand in for the files they combine.
  const combined = options.combine === true && separate.length > 1 ? combineStudies(separate) : undefined;
  const bundles = combined ? [combined.data] : separate;
  const packs = parsed.flatMap((item) => (item.kind === 'pack' ? [item] : []));
  const db = workerDatabase(databaseName);
  const opened = new Map<ParsedFile, ImportedStudySummary>();
  try {
    // One outer transaction: importStudies and openPack join it, so a refused pack also undoes the bundles.
    await db.transaction(
      'rw',
      [db.studies, db.puzzles, db.sessions, db.turns, db.promptVersions, db.annotators, db.assignments, db.labels, db.gold, db.audit],
      async () => {
        const total = countRecords(bundles) + packs.reduce((sum, { pack }) => sum + pack.puzzles.length + pack.sessions.length + pack.turns.length, 0);
        let done = 0;
        await importStudies(db, bundles, (progress) => {
          done = progress.done;
          onProgress({ phase: 'writing', done, total });
        });
        for (const item of packs) {
          const result = await openPack(db, item.pack, { fileName: item.fileName });
          done += item.pack.puzzles.length + item.pack.sessions.length + item.pack.turns.length;
          onProgress({ phase: 'writing', done, total });
          opened.set(item, {
            id: result.studyId,
            name: result.studyName,
            counts: result.counts,
            pack: { annotator: result.annotator, newUnits: result.newUnits, alreadyOpened: result.alreadyOpened, replacedSample: result.replacedSample },
          });
        }
      },
    );
  } catch (error) {
    return { ok: false, errors: [writeError(error, bundles, files)] };
  }
  const combinedSummary: ImportedStudySummary[] = combined
    ? [
        {
          id: combined.data.study.id,
          name: combined.data.study.name,
          counts: combined.data.study.counts,
          ...withNotes([
            ...combined.renamed,
            ...bundleNotes(
              combined.data,
              parsed.flatMap((item) => (item.kind === 'bundle' ? item.warnings : [])),
            ),
          ]),
        },
      ]
    : [];
  const studies = [
    ...combinedSummary,
    ...parsed.flatMap((item): ImportedStudySummary[] => {
      if (item.kind === 'pack') {
        const summary = opened.get(item);
        return summary ? [summary] : [];
      }
      if (combined) return [];
      const { study } = item.data;
      return [{ id: study.id, name: study.name, counts: study.counts, ...withNotes(bundleNotes(item.data, item.warnings)) }];
    }),
  ];
  return { ok: true, studies };
}

/** What a bundle's import should tell the lead: the judge prompts it brought, and every member it held that was not read. */
function bundleNotes(data: StudyData, warnings: readonly FormatError[]): string[] {
  const prompts = data.judgePrompts ?? [];
  return [
    ...(prompts.length > 0 ? [`judge prompts kept as prompt versions (Judges page): ${prompts.map((prompt) => prompt.name).join(', ')}`] : []),
    ...warnings.map((warning) => `not read: ${formatErrorText(warning)}`),
  ];
}

function withNotes(notes: string[]): { notes?: string[] } {
  return notes.length > 0 ? { notes } : {};
}

/** The located error of a failed write: the file of a refused study or pack, else every file of the request. */
function writeError(error: unknown, bundles: readonly StudyData[], files: readonly SourceFile[]): FormatError {
  if (error instanceof PackOpenError) return { file: error.file, path: '', message: error.reason };
  const file =
    error instanceof StudyExistsError
      ? (bundles.find((data) => data.study.id === error.studyId)?.study.sourceFiles[0] ?? '')
      : files.map((f) => f.name).join(', ');
  return { file, path: '', message: describeStorageError(error) };
}

export type ImportWorkerApi = typeof api;

Comlink.expose(api);
