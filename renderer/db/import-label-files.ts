// The lead's label import on the Team page: label files (docs/formats.md#label-file) and label CSVs, each file
// imported on its own through importLabelFiles (SPEC §6: a file with any error is rejected whole
// with every error listed, the other files still go in), naming what a file held that was not
// read. Owns no data beyond what that writes.

import type { LabelScheme } from '../../shared/domain/model';
import { acceptableMember } from '../../shared/formats/acceptable-answers';
import { detectFormat, type DetectedFormat } from '../../shared/formats/detect-format';
import type { FormatError } from '../../shared/formats/errors';
import { buildLabelFile, parseLabelFile, readLabelCsv, type LabelCsvRow, type LabelFile } from '../../shared/formats/label-file';
import { parseJsonDocument, stripBom } from '../../shared/formats/json-document';
import { checkSourceFile, type SourceFile } from '../../shared/formats/limits';
import type { StudioDatabase } from './database';
import { checkLabelFiles, importLabelFiles, LabelImportError, type LabelImportSummary } from './import-labels';
import type { WorkProgress } from './long-work';
import { describeStorageError } from './storage';

/** The import's counts over every file (see LabelImportSummary), with the files rejected whole (SPEC §6). */
export type LabelImportTotals = Omit<LabelImportSummary, 'rejected'> & { rejected: number };

export interface RejectedLabelFile {
  file: string;
  errors: FormatError[];
}

export interface LabelImportReport {
  totals: LabelImportTotals;
  rejected: RejectedLabelFile[];
  /** Top-level members of imported label files that this version does not read (issue 26 point 7); absent when none. */
  notRead?: FormatError[];
}

export interface LabelSourceOptions {
  /** ISO 8601 time for audit entries and for the `at` of CSV labels; defaults to the current time. */
  now?: string;
}

/** One file ready for importLabelFiles: one label file per annotator, and how to place their errors in the source. */
interface PreparedFile {
  files: LabelFile[];
  names: string[];
  /** Rewrites an error of importLabelFiles to point into the source (a CSV line), or keeps it. */
  locate: (error: FormatError) => FormatError;
  /** What the file held that was not read, named once the file goes in. */
  notRead?: FormatError[];
}

const LABEL_SOURCES = 'a label file (.labels.json) or a label CSV with the header annotator,unit,task,value';

const WHAT_IT_IS: Partial<Record<DetectedFormat, string>> = {
  transcripts: 'a transcript bundle',
  'puzzle-list': 'a puzzle list for the transcript adapters',
  pack: "a pack (what the lead sends an annotator), not the annotator's labels",
  report: 'an agreement report',
  invitation: "an invitation to a team server (what the lead gives an annotator to join), not the annotator's labels",
};

/**
 * Imports every file into study `studyId` and reports the summed totals and each rejected file
 * with its errors. Throws only when the study is not in the library.
 */
export async function importLabelSources(
  db: StudioDatabase,
  studyId: string,
  files: readonly SourceFile[],
  options: LabelSourceOptions = {},
  onProgress?: (progress: WorkProgress) => void,
): Promise<LabelImportReport> {
  const now = options.now ?? new Date().toISOString();
  const study = await db.studies.get(studyId);
  if (!study) throw new Error(`The study "${studyId}" is not in the library.`);
  const totals: LabelImportTotals = { files: 0, labels: 0, added: 0, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 };
  const report: LabelImportReport = { totals, rejected: [] };
  const reject = (file: string, errors: FormatError[]) => {
    totals.rejected += 1;
    report.rejected.push({ file, errors });
  };

  for (const [index, file] of files.entries()) {
    onProgress?.({ label: `Importing ${file.name} (${index + 1} of ${files.length})`, done: index, total: files.length });
    const prepared = await prepare(db, studyId, study.scheme, file, now);
    if (!prepared.ok) {
      reject(file.name, prepared.errors);
      continue;
    }
    const { files: labelFiles, names, locate, notRead } = prepared.value;
    try {
      const summary = await importLabelFiles(db, studyId, labelFiles, { fileNames: names, now });
      if (notRead !== undefined) report.notRead = [...(report.notRead ?? []), ...notRead];
      totals.files += 1;
      totals.labels += summary.labels;
      totals.added += summary.added;
      totals.updated += summary.updated;
      totals.unchanged += summary.unchanged;
      totals.conflicts += summary.conflicts;
    } catch (error) {
      // A storage failure (e.g. a full disk) also rejects only this file: the report still says which files went in.
      reject(file.name, error instanceof LabelImportError ? error.errors.map(locate) : [{ file: file.name, path: '', message: describeStorageError(error) }]);
    }
  }
  onProgress?.({ label: 'Imported', done: files.length, total: files.length });
  return report;
}

type Prepared = { ok: true; value: PreparedFile } | { ok: false; errors: FormatError[] };

async function prepare(db: StudioDatabase, studyId: string, scheme: LabelScheme, file: SourceFile, now: string): Promise<Prepared> {
  // Size, binary files and encoding first, as every parser checks them: a PNG has no format to name.
  const fileError = checkSourceFile(file);
  if (fileError) return { ok: false, errors: [fileError] };
  if (stripBom(file.text).trim() === '') return { ok: false, errors: [{ file: file.name, path: '', message: `the file is empty; expected ${LABEL_SOURCES}` }] };
  const format = detectFormat(file);
  if (format === 'labels') {
    const parsed = parseLabelFile(file, { scheme });
    // parseLabelFile keeps every label of a valid file in file order, so errors at labels[i] point into the file as they are.
    if (!parsed.ok) return parsed;
    const notRead = parsed.warnings !== undefined && parsed.warnings.length > 0 ? { notRead: parsed.warnings } : {};
    return { ok: true, value: { files: [parsed.value], names: [file.name], locate: (error) => error, ...notRead } };
  }
  if (format === 'labels-csv') {
    const read = readLabelCsv(file, { scheme });
    const prepared = await csvLabelFiles(db, studyId, file.name, read.rows, now);
    if (read.errors.length === 0) return { ok: true, value: prepared };
    // The well-formed rows are checked against the study too, so the lead sees every problem in one go, in line order.
    const studyErrors = read.rows.length > 0 ? (await checkLabelFiles(db, studyId, prepared.files, prepared.names)).map(prepared.locate) : [];
    return { ok: false, errors: [...read.errors, ...studyErrors].sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER)) };
  }
  // A .json file the detector could not name (empty, or broken) gets the library's own words for it.
  if (file.name.toLowerCase().endsWith('.json') && !isJsonLines(file.text)) {
    const document = parseJsonDocument(file);
    if (!document.ok) return document;
  }
  const what = WHAT_IT_IS[format] ?? 'not a file Agreement Studio reads';
  return {
    ok: false,
    errors: [{ file: file.name, path: '', message: `this is ${what}; expected ${LABEL_SOURCES}` }],
  };
}

/** Whether the text reads as JSON Lines (a transcript bundle in JSONL under a .json name): its first line is a JSON value of its own, with more after it. */
function isJsonLines(text: string): boolean {
  const lines = stripBom(text)
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  try {
    JSON.parse(lines[0] ?? '');
    return true;
  } catch {
    return false;
  }
}

/**
 * CSV rows grouped into one label file per annotator, in order of first appearance. The rows
 * carry no revision or time: each becomes revision 1 set at `now`, sure, without a note. An
 * annotator the study knows keeps their name; a new one is named by their id.
 */
async function csvLabelFiles(db: StudioDatabase, studyId: string, fileName: string, rows: readonly LabelCsvRow[], now: string): Promise<PreparedFile> {
  const groups = new Map<string, LabelCsvRow[]>();
  for (const row of rows) {
    const group = groups.get(row.annotator);
    if (group) group.push(row);
    else groups.set(row.annotator, [row]);
  }
  const annotatorIds = [...groups.keys()];
  const known = await db.annotators.bulkGet(annotatorIds.map((id): [string, string] => [studyId, id]));
  const files = annotatorIds.map((id, i) =>
    buildLabelFile({
      studyId,
      annotator: { id, name: known[i]?.name ?? id },
      exportedAt: now,
      app: 'label CSV',
      labels: (groups.get(id) ?? []).map((row) => ({
        unit: row.unit,
        task: row.task,
        value: row.value,
        ...acceptableMember(row),
        at: now,
        rev: 1,
        unsure: false,
        note: '',
      })),
    }),
  );
  // importLabelFiles names errors by file and labels[i]; with one name per annotator they map back to CSV lines.
  const names = annotatorIds.map((id) => (annotatorIds.length === 1 ? fileName : `${fileName} (annotator ${id})`));
  const rowsByName = new Map(names.map((name, i) => [name, groups.get(annotatorIds[i] ?? '') ?? []]));
  const locate = (error: FormatError): FormatError => {
    const match = /^labels\[(\d+)\](?:\.(.+))?$/.exec(error.path);
    const row = match ? rowsByName.get(error.file)?.[Number(match[1])] : undefined;
    if (row === undefined) return { ...error, file: fileName };
    return { file: fileName, line: row.line, path: match?.[2] ?? '', message: error.message };
  };
  return { files, names, locate };
}
