// Label files (docs/formats.md#label-file): what an annotator sends back, as `*.labels.json` with a content
// checksum, or as the lead's `annotator,unit,task,value` CSV. Builds, writes and parses them;
// parsing rebuilds every field from untrusted input and lists every error with its location.
// Version 2 (issue 33) lets an answer label carry `"acceptable": ["no", "irrelevant"]`, every
// answer its annotator accepts, the value first (acceptable-answers.ts); a /1 file has no sets
// and is read as it stands (migrate.ts).

import { z } from 'zod';
import { idProblem } from '../domain/ids';
import { answerLabelsOf, MAX_DIFFICULTY, MAX_LABEL_NOTE_CHARS, MAX_REVISION, MIN_DIFFICULTY, TASKS } from '../domain/model';
import type { AcceptableAnswers, Label, LabelScheme, LabelValue, Task } from '../domain/model';
import { ACCEPTABLE_CSV_SEPARATOR, acceptableMember, readAcceptable } from './acceptable-answers';
import { readCsv } from './csv';
import { ErrorList } from './error-list';
import type { FormatError, ParseResult } from './errors';
import { annotatorId, describeValue, expected, isRecord, quote, recordId, studyId } from './field-schemas';
import { openChecksummedDocument, unreadMembers, withChecksum } from './format-header';
import { parseJsonDocument } from './json-document';
import { normaliseAnswerLabel, normaliseMatchLabel } from './label-values';
import { checkSourceFile, type SourceFile } from './limits';
import type { Upgrades } from './migrate';
import { issuesToErrors } from './zod-issues';

export const LABELS_FORMAT = 'agreement-studio.labels/2';

/**
 * One label as a label file carries it: the domain Label without the study and annotator,
 * which the file states once, and with `unit` (a turn id, or a puzzle id for difficulty).
 */
export type LabelRecord = Omit<Label, 'studyId' | 'annotatorId' | 'unitId'> & { unit: string };

export interface LabelFileAnnotator {
  id: string;
  name: string;
}

export interface LabelFile {
  format: typeof LABELS_FORMAT;
  studyId: string;
  annotator: LabelFileAnnotator;
  exportedAt: string;
  /** The app and version that wrote the file, e.g. `agreement-studio 0.1.0`. */
  app: string;
  labels: LabelRecord[];
  /** Hex SHA-256 of the canonical JSON (see canonical-json.ts) of every other field. */
  sha256: string;
}

export type LabelFileContent = Omit<LabelFile, 'format' | 'sha256'>;

/** One row of the lead's label CSV, with the 1-based line it came from. */
export interface LabelCsvRow {
  line: number;
  annotator: string;
  unit: string;
  task: Task;
  value: LabelValue;
  /** The row's `acceptable` cell read as a set (see parseLabelCsv); absent when the cell is empty or the file has no such column. */
  acceptable?: AcceptableAnswers;
}

export interface LabelParseOptions {
  /** The study's label scheme; decides whether `unknown` is its own answer value. */
  scheme?: LabelScheme;
  /** The upgrade steps for an older version (the app's own by default). */
  upgrades?: Upgrades;
}

const DEFAULT_SCHEME: LabelScheme = { answerUnknown: false };

export function buildLabelFile(content: LabelFileContent): LabelFile {
  // Fixed member order so the written file reads the same way every time.
  const body: Omit<LabelFile, 'sha256'> = {
    format: LABELS_FORMAT,
    studyId: content.studyId,
    annotator: { id: content.annotator.id, name: content.annotator.name },
    exportedAt: content.exportedAt,
    app: content.app,
    labels: content.labels.map((label): LabelRecord => ({
      unit: label.unit,
      task: label.task,
      value: label.value,
      ...acceptableMember(label),
      at: label.at,
      ...(label.ms !== undefined ? { ms: label.ms } : {}),
      rev: label.rev,
      unsure: label.unsure,
      note: label.note,
    })),
  };
  return withChecksum(body);
}

/** Pretty JSON with one label per line, so a diff of two exports shows which labels changed. */
export function serializeLabelFile(file: LabelFile): string {
  const labels = file.labels.map((label) => `    ${JSON.stringify(label)}`).join(',\n');
  return [
    '{',
    `  "format": ${JSON.stringify(file.format)},`,
    `  "studyId": ${JSON.stringify(file.studyId)},`,
    `  "annotator": ${JSON.stringify(file.annotator)},`,
    `  "exportedAt": ${JSON.stringify(file.exportedAt)},`,
    `  "app": ${JSON.stringify(file.app)},`,
    file.labels.length === 0 ? '  "labels": [],' : `  "labels": [\n${labels}\n  ],`,
    `  "sha256": ${JSON.stringify(file.sha256)}`,
    '}',
    '',
  ].join('\n');
}

const REVISION = `the revision, a whole number from 1 to ${MAX_REVISION.toLocaleString('en')}`;

const isoTimestamp = z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') });

// What a label file holds at the top level; any other member is named as not read.
const LABEL_FILE_MEMBERS = ['format', 'studyId', 'annotator', 'exportedAt', 'app', 'labels', 'sha256'];

export const headerSchema = z.object({
  studyId,
  annotator: z.object(
    {
      id: annotatorId,
      name: z.string({ error: expected("the annotator's name as text") }).optional(),
    },
    { error: expected('an object { "id": ..., "name": ... }') },
  ),
  exportedAt: isoTimestamp,
  app: z.string({ error: expected('the name and version of the app that wrote the file') }),
  labels: z.array(z.unknown(), { error: expected('an array of labels') }),
});

/** One label's fields as a label file holds them (the value aside); the team server's label documents are read with it too. */
export const labelSchema = z.object(
  {
    unit: recordId,
    task: z.enum(TASKS, { error: expected('the task: answer, match or difficulty') }),
    // `value` is read by checkValue: which values are valid depends on the task.
    at: isoTimestamp,
    ms: z
      .number({ error: expected('the milliseconds on screen, a number of at least 0') })
      .nonnegative({ error: expected('the milliseconds on screen, a number of at least 0') })
      .optional(),
    rev: z
      .int({ error: expected(REVISION) })
      .min(1, { error: expected(REVISION) })
      .max(MAX_REVISION, { error: expected(REVISION) }),
    unsure: z.boolean({ error: expected('true or false') }).default(false),
    note: z
      .string({ error: expected('the note as text') })
      .max(MAX_LABEL_NOTE_CHARS, { error: `the note is longer than ${MAX_LABEL_NOTE_CHARS.toLocaleString('en')} characters` })
      .default(''),
  },
  { error: expected('a label object { "unit", "task", "value", "at", "rev", ... }') },
);

export function parseLabelFile(file: SourceFile, options: LabelParseOptions = {}): ParseResult<LabelFile> {
  const scheme = options.scheme ?? DEFAULT_SCHEME;
  const document = parseJsonDocument(file);
  if (!document.ok) return document;
  const opened = openChecksummedDocument(file.name, 'labels', document.value, 'the file', options.upgrades);
  if (!opened.ok) return opened;
  const { raw, errors } = opened;

  const header = headerSchema.safeParse(raw);
  if (!header.success) errors.push(...issuesToErrors(file.name, header.error.issues));

  const labels: LabelRecord[] = [];
  const firstIndexOf = new Map<string, number>();
  const rawLabels = header.success ? header.data.labels : Array.isArray(raw.labels) ? (raw.labels as unknown[]) : [];
  rawLabels.forEach((rawLabel, index) => {
    const prefix = `labels[${index}]`;
    const parsed = labelSchema.safeParse(rawLabel);
    if (!parsed.success) {
      errors.push(...issuesToErrors(file.name, parsed.error.issues, { pathPrefix: prefix }));
    }
    const task = parsed.success ? parsed.data.task : taskOf(rawLabel);
    const value = task === undefined || !isRecord(rawLabel) ? undefined : checkValue(`${prefix}.value`, task, rawLabel.value, scheme, errors);
    if (!parsed.success || value === undefined) return;
    const set = readAcceptable(parsed.data.task, value, isRecord(rawLabel) ? rawLabel.acceptable : undefined, scheme);
    if (!set.ok) {
      errors.add(`${prefix}.acceptable`, set.message);
      return;
    }
    const { unit } = parsed.data;
    const key = `${parsed.data.task}\u0000${unit}`;
    const first = firstIndexOf.get(key);
    if (first !== undefined) {
      errors.add(prefix, `duplicate ${parsed.data.task} label: unit ${quote(unit)} already has one at labels[${first}]`);
      return;
    }
    firstIndexOf.set(key, index);
    const { ms, rev, unsure, note, at } = parsed.data;
    labels.push({ unit, task: parsed.data.task, value, ...acceptableMember(set), at, ...(ms !== undefined ? { ms } : {}), rev, unsure, note });
  });

  if (errors.count > 0 || !header.success) return { ok: false, errors: errors.list() };
  const { studyId, annotator, exportedAt, app } = header.data;
  // The value's checksum covers the rebuilt content, so serializing it gives a valid file; it
  // equals the file's own when the file was written in full (as this app writes it).
  const value = buildLabelFile({ studyId, annotator: { id: annotator.id, name: annotator.name ?? annotator.id }, exportedAt, app, labels });
  const warnings = unreadMembers(file.name, raw, LABEL_FILE_MEMBERS, 'a label file');
  return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
}

function taskOf(rawLabel: unknown): Task | undefined {
  if (!isRecord(rawLabel)) return undefined;
  const task = rawLabel.task;
  return TASKS.find((known) => known === task);
}

/** Normalises a label value for its task, or records a located error and returns undefined. */
function checkValue(path: string, task: Task, raw: unknown, scheme: LabelScheme, errors: ErrorList, line?: number): LabelValue | undefined {
  const value = normaliseValue(task, raw, scheme);
  if (value !== undefined) return value;
  const what = labelValuesText(task, scheme);
  errors.add(path, raw === undefined || raw === '' ? `required; expected ${what}` : `expected ${what}, got ${describeValue(raw)}`, line);
  return undefined;
}

function normaliseValue(task: Task, raw: unknown, scheme: LabelScheme): LabelValue | undefined {
  switch (task) {
    case 'answer':
      return normaliseAnswerLabel(raw, scheme);
    case 'match':
      return normaliseMatchLabel(raw);
    case 'difficulty':
      return typeof raw === 'number' && Number.isInteger(raw) && raw >= MIN_DIFFICULTY && raw <= MAX_DIFFICULTY ? raw : undefined;
  }
}

/** The values a task's label may take under the scheme, in words for messages; team server documents are refused with it too. */
export function labelValuesText(task: Task, scheme: LabelScheme): string {
  switch (task) {
    case 'answer': {
      const values = answerLabelsOf(scheme);
      return `an answer label: ${values.slice(0, -1).join(', ')} or ${values[values.length - 1] ?? ''}`;
    }
    case 'match':
      return 'a match label: matched or unmatched';
    case 'difficulty':
      return `a difficulty rating: a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}`;
  }
}

const CSV_COLUMNS = ['annotator', 'unit', 'task', 'value'] as const;
const CSV_ACCEPTABLE_COLUMN = 'acceptable';
const CSV_HEADER = CSV_COLUMNS.join(',');

/**
 * The lead's label CSV: header `annotator,unit,task,value` (any order, extra columns ignored),
 * one label per row. Errors name the 1-based line where the row starts and the column. An
 * optional column `acceptable` holds an answer label's set as a label file's `acceptable` does,
 * its answers separated by `|`, the value first (`no|irrelevant` beside the value `no`); an empty
 * cell, or no such column, is the value alone.
 */
export function parseLabelCsv(file: SourceFile, options: LabelParseOptions = {}): ParseResult<LabelCsvRow[]> {
  const read = readLabelCsv(file, options);
  return read.errors.length > 0 ? { ok: false, errors: read.errors } : { ok: true, value: read.rows };
}

/** A label CSV read as far as it goes: every well-formed row, and every error of the others. */
export interface LabelCsvReading {
  rows: LabelCsvRow[];
  errors: FormatError[];
}

/**
 * Reads every row of a label CSV, keeping the well-formed rows beside the errors of the rest,
 * so the Team page can also check those rows against the study and list every problem at once.
 * A file-level fault (encoding, CSV syntax, header) leaves no rows.
 */
export function readLabelCsv(file: SourceFile, options: LabelParseOptions = {}): LabelCsvReading {
  const fail = (error: FormatError): LabelCsvReading => ({ rows: [], errors: [error] });
  const scheme = options.scheme ?? DEFAULT_SCHEME;
  const fileError = checkSourceFile(file);
  if (fileError) return fail(fileError);
  const table = readCsv(file.text);
  if (!table.ok) return fail({ file: file.name, line: table.line, path: '', message: `invalid CSV: ${table.message}` });
  const header = table.rows[0];
  if (header === undefined) return fail({ file: file.name, path: '', message: `the file is empty; expected the header row ${CSV_HEADER}` });
  const headerLine = table.lineOfRow[0] ?? 1;
  const names = header.map((name) => name.trim().toLowerCase());
  const columnOf = {} as Record<(typeof CSV_COLUMNS)[number], number>;
  const missing: string[] = [];
  for (const column of CSV_COLUMNS) {
    const index = names.indexOf(column);
    if (index < 0) missing.push(column);
    else if (names.indexOf(column, index + 1) >= 0)
      return fail({ file: file.name, line: headerLine, path: '', message: `the header names the column ${column} twice` });
    columnOf[column] = index;
  }
  if (missing.length > 0) {
    return fail({
      file: file.name,
      line: headerLine,
      path: '',
      message: `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; expected a header row ${CSV_HEADER}`,
    });
  }
  const needed = Math.max(...CSV_COLUMNS.map((column) => columnOf[column])) + 1;
  const acceptableColumn = names.indexOf(CSV_ACCEPTABLE_COLUMN);
  if (acceptableColumn >= 0 && names.indexOf(CSV_ACCEPTABLE_COLUMN, acceptableColumn + 1) >= 0)
    return fail({ file: file.name, line: headerLine, path: '', message: `the header names the column ${CSV_ACCEPTABLE_COLUMN} twice` });

  const errors = new ErrorList(file.name);
  const rows: LabelCsvRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (let r = 1; r < table.rows.length; r++) {
    const fields = table.rows[r] ?? [];
    const line = table.lineOfRow[r] ?? 0;
    if (fields.length < needed) {
      errors.add('', `expected at least ${needed} fields, found ${fields.length}`, line);
      continue;
    }
    const cell = (column: (typeof CSV_COLUMNS)[number]) => (fields[columnOf[column]] ?? '').trim();
    const annotator = cell('annotator');
    const unit = cell('unit');
    const rawTask = cell('task').toLowerCase();
    let ok = true;
    // The same id rule as a label file: the annotator's id names the files written for them, and both become keys.
    const annotatorProblem = annotator === '' ? "required; expected the annotator's id" : idProblem('annotator', annotator);
    if (annotatorProblem !== undefined) {
      errors.add('annotator', annotatorProblem, line);
      ok = false;
    }
    const unitProblem = unit === '' ? 'required; expected the unit id' : idProblem('record', unit);
    if (unitProblem !== undefined) {
      errors.add('unit', unitProblem, line);
      ok = false;
    }
    const task = TASKS.find((known) => known === rawTask);
    if (task === undefined) {
      errors.add(
        'task',
        rawTask === '' ? 'required; expected answer, match or difficulty' : `expected answer, match or difficulty, got ${describeValue(cell('task'))}`,
        line,
      );
      continue;
    }
    const rawValue = cell('value');
    // CSV has no numbers: a difficulty rating is read from its digits.
    const valueInput = task === 'difficulty' && /^\d+$/.test(rawValue) ? Number(rawValue) : rawValue;
    const value = checkValue('value', task, valueInput, scheme, errors, line);
    if (value === undefined) continue;
    const acceptableCell = acceptableColumn >= 0 ? (fields[acceptableColumn] ?? '').trim() : '';
    const rawSet = acceptableCell === '' ? undefined : acceptableCell.split(ACCEPTABLE_CSV_SEPARATOR).map((answer) => answer.trim());
    const set = readAcceptable(task, value, rawSet, scheme);
    if (!set.ok) {
      errors.add(CSV_ACCEPTABLE_COLUMN, set.message, line);
      continue;
    }
    if (!ok) continue;
    const key = `${annotator}\u0000${task}\u0000${unit}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      errors.add('', `duplicate ${task} label: annotator ${quote(annotator)} already labelled unit ${quote(unit)} on line ${first}`, line);
      continue;
    }
    firstLineOf.set(key, line);
    rows.push({ line, annotator, unit, task, value, ...acceptableMember(set) });
  }
  return { rows, errors: errors.list() };
}
