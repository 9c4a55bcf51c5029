// Label files (FORMATS §3): what an annotator sends back, as `*.labels.json` with a content
// checksum, or as the lead's `annotator,unit,task,value` CSV. Builds, writes and parses them;
// parsing rebuilds every field from untrusted input and lists every error with its location.

import { z } from 'zod';
import { ANSWER_LABELS, MAX_DIFFICULTY, MIN_DIFFICULTY, TASKS } from '../domain/model';
import type { Label, LabelScheme, LabelValue, Task } from '../domain/model';
import { canonicalJson } from './canonical-json';
import { readCsv } from './csv';
import { ErrorList } from './error-list';
import type { FormatError, ParseResult } from './errors';
import { describeValue, isRecord, isReservedKey, quote } from './field-schemas';
import { parseJsonDocument } from './json-document';
import { normaliseAnswerLabel, normaliseMatchLabel } from './label-values';
import { checkSourceFile, type SourceFile } from './limits';
import { sha256Hex } from './sha256';
import { issuesToErrors } from './zod-issues';

export const LABELS_FORMAT = 'agreement-studio.labels/1';
const LABELS_FORMAT_PREFIX = 'agreement-studio.labels/';
const LABELS_FORMAT_MAJOR = 1;
const MAX_NOTE_CHARS = 10_000;

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
}

export interface LabelParseOptions {
  /** The study's label scheme; decides whether `unknown` is its own answer value. */
  scheme?: LabelScheme;
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
    labels: content.labels.map(
      (label): LabelRecord => ({
        unit: label.unit,
        task: label.task,
        value: label.value,
        at: label.at,
        ...(label.ms !== undefined ? { ms: label.ms } : {}),
        rev: label.rev,
        unsure: label.unsure,
        note: label.note,
      }),
    ),
  };
  return { ...body, sha256: sha256Hex(canonicalJson(body)) };
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

/** zod error text that tells a missing field from a wrong one, worded as the bundle parser words it. */
function expected(what: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `required; expected ${what}` : `expected ${what}, got ${describeValue(issue.input)}`);
}

/** Ids become keys downstream, so the names that reach a prototype are refused. */
function idText(what: string) {
  return z
    .string({ error: expected(what) })
    .refine((value) => value.trim() !== '', { error: `${what} must not be empty` })
    .refine((value) => !isReservedKey(value), { error: (issue) => `${quote(issue.input)} is not allowed as ${what}` });
}

const isoTimestamp = z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') });

const headerSchema = z.object({
  studyId: idText('a study id'),
  annotator: z.object(
    {
      id: idText("an annotator's id"),
      name: z.string({ error: expected("the annotator's name as text") }).optional(),
    },
    { error: expected('an object { "id": ..., "name": ... }') },
  ),
  exportedAt: isoTimestamp,
  app: z.string({ error: expected('the name and version of the app that wrote the file') }),
  labels: z.array(z.unknown(), { error: expected('an array of labels') }),
});

const labelSchema = z.object(
  {
    unit: idText('a unit id'),
    task: z.enum(TASKS, { error: expected('the task: answer, match or difficulty') }),
    // `value` is read by checkValue: which values are valid depends on the task.
    at: isoTimestamp,
    ms: z
      .number({ error: expected('the milliseconds on screen, a number of at least 0') })
      .nonnegative({ error: expected('the milliseconds on screen, a number of at least 0') })
      .optional(),
    rev: z
      .number({ error: expected('the revision, a whole number of at least 1') })
      .int({ error: expected('the revision, a whole number of at least 1') })
      .positive({ error: expected('the revision, a whole number of at least 1') }),
    unsure: z.boolean({ error: expected('true or false') }).default(false),
    note: z
      .string({ error: expected('the note as text') })
      .max(MAX_NOTE_CHARS, { error: `the note is longer than ${MAX_NOTE_CHARS.toLocaleString('en')} characters` })
      .default(''),
  },
  { error: expected('a label object { "unit", "task", "value", "at", "rev", ... }') },
);

export function parseLabelFile(file: SourceFile, options: LabelParseOptions = {}): ParseResult<LabelFile> {
  const scheme = options.scheme ?? DEFAULT_SCHEME;
  const document = parseJsonDocument(file);
  if (!document.ok) return document;
  const raw = document.value;
  if (!isRecord(raw)) {
    return fail({ file: file.name, path: '', message: `expected a label file: a JSON object with "format": "${LABELS_FORMAT}"` });
  }
  // A different version's fields mean something else: stop at the version.
  const versionError = checkLabelsFormat(file.name, raw.format);
  if (versionError) return fail(versionError);

  const errors = new ErrorList(file.name);
  const checksumError = checkChecksum(file.name, raw);
  if (checksumError) errors.push(checksumError);

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
    const { unit } = parsed.data;
    const key = `${parsed.data.task}\u0000${unit}`;
    const first = firstIndexOf.get(key);
    if (first !== undefined) {
      errors.add(prefix, `duplicate ${parsed.data.task} label: unit ${quote(unit)} already has one at labels[${first}]`);
      return;
    }
    firstIndexOf.set(key, index);
    const { ms, rev, unsure, note, at } = parsed.data;
    labels.push({ unit, task: parsed.data.task, value, at, ...(ms !== undefined ? { ms } : {}), rev, unsure, note });
  });

  if (errors.count > 0 || !header.success) return { ok: false, errors: errors.list() };
  const { studyId, annotator, exportedAt, app } = header.data;
  // The value's checksum covers the rebuilt content, so serializing it gives a valid file; it
  // equals the file's own when the file was written in full (as this app writes it).
  return { ok: true, value: buildLabelFile({ studyId, annotator: { id: annotator.id, name: annotator.name ?? annotator.id }, exportedAt, app, labels }) };
}

/** Checks the `format` field of a label file: this version, or a message on which version it is. */
function checkLabelsFormat(fileName: string, format: unknown): FormatError | undefined {
  if (format === LABELS_FORMAT) return undefined;
  const at = { file: fileName, path: 'format' };
  if (format === undefined) return { ...at, message: `required; expected "${LABELS_FORMAT}"` };
  if (typeof format !== 'string') return { ...at, message: `expected the string "${LABELS_FORMAT}"` };
  const version = /^(\d+)(?:\.\d+)*$/.exec(format.startsWith(LABELS_FORMAT_PREFIX) ? format.slice(LABELS_FORMAT_PREFIX.length) : '');
  if (!version) return { ...at, message: `not a label file: format is ${JSON.stringify(format)}; expected "${LABELS_FORMAT}"` };
  const major = Number(version[1]);
  if (major > LABELS_FORMAT_MAJOR) {
    return { ...at, message: `the file uses label format ${JSON.stringify(format)}, newer than this version of Agreement Studio reads ("${LABELS_FORMAT}"); update the app to import it` };
  }
  if (major < LABELS_FORMAT_MAJOR) {
    return { ...at, message: `the file uses label format ${JSON.stringify(format)}, an older version this app no longer reads; expected "${LABELS_FORMAT}"` };
  }
  return { ...at, message: `unsupported label format version ${JSON.stringify(format)}; expected "${LABELS_FORMAT}"` };
}

function checkChecksum(fileName: string, raw: Record<string, unknown>): FormatError | undefined {
  const { sha256: claimed, ...content } = raw;
  const at = { file: fileName, path: 'sha256' };
  if (claimed === undefined) return { ...at, message: 'missing checksum: the file is damaged or was edited (a label file carries the SHA-256 of its content)' };
  if (typeof claimed !== 'string' || !/^[0-9a-fA-F]{64}$/.test(claimed)) {
    return { ...at, message: 'the file is damaged or was edited: sha256 is not a 64-digit hex SHA-256' };
  }
  let actual: string;
  try {
    actual = sha256Hex(canonicalJson(content));
  } catch {
    // Only a number too large for a double (read as Infinity) gets here.
    return { ...at, message: 'the file is damaged or was edited: its content holds a number outside the range JSON files can carry' };
  }
  return actual === claimed.toLowerCase() ? undefined : { ...at, message: 'the file is damaged or was edited: checksum mismatch' };
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
  const what = valuesOf(task, scheme);
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

function valuesOf(task: Task, scheme: LabelScheme): string {
  switch (task) {
    case 'answer': {
      const values = scheme.answerUnknown ? ANSWER_LABELS : ANSWER_LABELS.filter((label) => label !== 'unknown');
      return `an answer label: ${values.slice(0, -1).join(', ')} or ${values[values.length - 1] ?? ''}`;
    }
    case 'match':
      return 'a match label: matched or unmatched';
    case 'difficulty':
      return `a difficulty rating: a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}`;
  }
}

function fail(error: FormatError): ParseResult<never> {
  return { ok: false, errors: [error] };
}

const CSV_COLUMNS = ['annotator', 'unit', 'task', 'value'] as const;
const CSV_HEADER = CSV_COLUMNS.join(',');

/**
 * The lead's label CSV: header `annotator,unit,task,value` (any order, extra columns ignored),
 * one label per row. Errors name the 1-based line where the row starts and the column.
 */
export function parseLabelCsv(file: SourceFile, options: LabelParseOptions = {}): ParseResult<LabelCsvRow[]> {
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
    else if (names.indexOf(column, index + 1) >= 0) return fail({ file: file.name, line: headerLine, path: '', message: `the header names the column ${column} twice` });
    columnOf[column] = index;
  }
  if (missing.length > 0) {
    return fail({ file: file.name, line: headerLine, path: '', message: `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; expected a header row ${CSV_HEADER}` });
  }
  const needed = Math.max(...CSV_COLUMNS.map((column) => columnOf[column])) + 1;

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
    if (annotator === '') {
      errors.add('annotator', "required; expected the annotator's id", line);
      ok = false;
    } else if (isReservedKey(annotator)) {
      // Refused as in a label file: the ids become keys downstream, and a label file written for this annotator could not be read back.
      errors.add('annotator', `${quote(annotator)} is not allowed as an annotator's id`, line);
      ok = false;
    }
    if (unit === '') {
      errors.add('unit', 'required; expected the unit id', line);
      ok = false;
    } else if (isReservedKey(unit)) {
      errors.add('unit', `${quote(unit)} is not allowed as a unit id`, line);
      ok = false;
    }
    const task = TASKS.find((known) => known === rawTask);
    if (task === undefined) {
      errors.add('task', rawTask === '' ? 'required; expected answer, match or difficulty' : `expected answer, match or difficulty, got ${describeValue(cell('task'))}`, line);
      continue;
    }
    const rawValue = cell('value');
    // CSV has no numbers: a difficulty rating is read from its digits.
    const valueInput = task === 'difficulty' && /^\d+$/.test(rawValue) ? Number(rawValue) : rawValue;
    const value = checkValue('value', task, valueInput, scheme, errors, line);
    if (!ok || value === undefined) continue;
    const key = `${annotator}\u0000${task}\u0000${unit}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      errors.add('', `duplicate ${task} label: annotator ${quote(annotator)} already labelled unit ${quote(unit)} on line ${first}`, line);
      continue;
    }
    firstLineOf.set(key, line);
    rows.push({ line, annotator, unit, task, value });
  }
  return errors.count > 0 ? { ok: false, errors: errors.list() } : { ok: true, value: rows };
}
