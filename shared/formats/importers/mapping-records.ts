// Reads the records of a file in another program's layout for the field mapping: a JSON array of
// objects (or the one array an object holds, or the array at a named path), JSONL, CSV with a header
// row, or a workbook's sheet. Every record keeps where it came from, so errors name file and line.

import { EXCEL_WORKBOOK } from '../binary-kind';
import { readCsv } from '../csv';
import type { FormatError, ParseResult } from '../errors';
import { isRecord } from '../field-schemas';
import { parseJsonDocument, parseJsonText, stripBom } from '../json-document';
import { checkFileSize, checkSourceFile, type SourceFile } from '../limits';
import type { FileReaders, SheetRows } from './file-readers';
import { workbookFailure } from '../workbook-parts';

/** Where a record is: the line of a CSV or JSONL file, the JSON path, or the sheet and row. */
export interface RecordPlace {
  file: string;
  line?: number;
  path: string;
}

/** One record, its nested JSON fields flattened to dotted paths (`meta.judge`). */
export interface SourceRecord {
  at: RecordPlace;
  fields: Record<string, unknown>;
}

export interface RecordTable {
  file: string;
  /** The layout in words: "CSV, 12 records", for the import summary. */
  layout: string;
  /** Every field name, in the order first seen. */
  fieldNames: string[];
  records: SourceRecord[];
}

/** Where to find the records when a file holds more than one list. */
export interface RecordsAt {
  /** The dotted path of the array in a JSON object (`data.items`). */
  path?: string;
  /** The sheet of a workbook, by name; the first when absent. */
  sheet?: string;
}

export async function readRecords(file: SourceFile, at: RecordsAt, readers: Pick<FileReaders, 'readSheet'>): Promise<ParseResult<RecordTable>> {
  if (file.binaryKind === EXCEL_WORKBOOK && file.bytes !== undefined) return readWorkbook(file, at, readers);
  const fileError = checkSourceFile(file);
  if (fileError) return fail(fileError);
  if (/\.csv$/i.test(file.name)) return readCsvRecords(file);
  if (/\.(jsonl|ndjson)$/i.test(file.name) || looksLikeJsonLines(file.text)) return readJsonLines(file);
  return readJson(file, at);
}

function fail(...errors: FormatError[]): ParseResult<RecordTable> {
  return { ok: false, errors };
}

function table(file: string, kind: string, records: SourceRecord[]): RecordTable {
  const names = new Set<string>();
  for (const record of records) for (const name of Object.keys(record.fields)) names.add(name);
  return { file, layout: `${kind}, ${records.length.toLocaleString('en')} record${records.length === 1 ? '' : 's'}`, fieldNames: [...names], records };
}

function readCsvRecords(file: SourceFile): ParseResult<RecordTable> {
  const read = readCsv(file.text);
  if (!read.ok) return fail({ file: file.name, line: read.line, path: '', message: read.message });
  const [header, ...rows] = read.rows;
  if (header === undefined) return fail({ file: file.name, path: '', message: 'the file is empty; expected a header row naming the fields' });
  const seen = new Set<string>();
  for (const name of header) {
    if (name.trim() === '') return fail({ file: file.name, line: read.lineOfRow[0], path: '', message: 'a column of the header row has no name' });
    if (seen.has(name))
      return fail({ file: file.name, line: read.lineOfRow[0], path: '', message: `the header row names the column ${JSON.stringify(name)} twice` });
    seen.add(name);
  }
  const records: SourceRecord[] = [];
  for (const [i, row] of rows.entries()) {
    const line = read.lineOfRow[i + 1] ?? 0;
    if (row.length > header.length)
      return fail({ file: file.name, line, path: '', message: `the row has ${row.length} fields; the header names ${header.length}` });
    records.push({ at: { file: file.name, line, path: '' }, fields: Object.fromEntries(header.map((name, j) => [name, row[j] ?? ''])) });
  }
  return { ok: true, value: table(file.name, 'CSV', records) };
}

/** A file of several JSON objects, one per line, whatever its name says. */
function looksLikeJsonLines(text: string): boolean {
  const lines = stripBom(text)
    .split('\n', 3)
    .map((line) => line.trim());
  return lines.length > 1 && lines[0]?.startsWith('{') === true && lines[0].endsWith('}') && lines[1]?.startsWith('{') === true;
}

function readJsonLines(file: SourceFile): ParseResult<RecordTable> {
  const records: SourceRecord[] = [];
  const errors: FormatError[] = [];
  stripBom(file.text)
    .split('\n')
    .forEach((raw, i) => {
      const text = raw.trim();
      if (text === '' || errors.length >= 50) return;
      const parsed = parseJsonText(file.name, text, i + 1);
      if (!parsed.ok) return void errors.push(...parsed.errors);
      if (!isRecord(parsed.value)) return void errors.push({ file: file.name, line: i + 1, path: '', message: 'expected one JSON object per line' });
      records.push({ at: { file: file.name, line: i + 1, path: '' }, fields: flatten(parsed.value) });
    });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: table(file.name, 'JSON lines', records) };
}

function readJson(file: SourceFile, at: RecordsAt): ParseResult<RecordTable> {
  const parsed = parseJsonDocument(file);
  if (!parsed.ok) return parsed;
  const found = recordArray(file.name, parsed.value, at.path);
  if (!found.ok) return found;
  const { path, items } = found.value;
  const records: SourceRecord[] = [];
  for (const [i, item] of items.entries()) {
    const place = `${path}[${i}]`;
    if (!isRecord(item)) return fail({ file: file.name, path: place, message: 'expected a record object' });
    records.push({ at: { file: file.name, path: place }, fields: flatten(item) });
  }
  return { ok: true, value: table(file.name, path === '' ? 'JSON' : `JSON, records at ${path}`, records) };
}

/** The array of records: the document itself, the one at `path`, or the only array of objects an object holds. */
function recordArray(file: string, doc: unknown, path: string | undefined): ParseResult<{ path: string; items: unknown[] }> {
  if (path !== undefined && path !== '') {
    let value: unknown = doc;
    for (const key of path.split('.')) value = isRecord(value) ? value[key] : undefined;
    if (!Array.isArray(value)) return { ok: false, errors: [{ file, path, message: `expected the list of records at ${path}` }] };
    return { ok: true, value: { path, items: value } };
  }
  if (Array.isArray(doc)) return { ok: true, value: { path: '', items: doc } };
  const lists = isRecord(doc) ? arraysOfObjects(doc, '') : [];
  if (lists.length === 1 && lists[0] !== undefined) return { ok: true, value: lists[0] };
  const message =
    lists.length === 0
      ? 'expected a list of records (an array of objects), or an object holding one'
      : `the file holds several lists of records (${lists.map((list) => list.path).join(', ')}); name the one to read`;
  return { ok: false, errors: [{ file, path: '', message }] };
}

function arraysOfObjects(doc: Record<string, unknown>, prefix: string): Array<{ path: string; items: unknown[] }> {
  return Object.entries(doc).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    if (Array.isArray(value)) return value.length > 0 && value.every(isRecord) ? [{ path, items: value }] : [];
    return isRecord(value) ? arraysOfObjects(value, `${path}.`) : [];
  });
}

/** Nested objects become dotted paths; arrays and other values stay as they are. */
function flatten(record: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(record)) {
    if (isRecord(value) && Object.keys(value).length > 0) flatten(value, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = value;
  }
  return into;
}

async function readWorkbook(file: SourceFile, at: RecordsAt, readers: Pick<FileReaders, 'readSheet'>): Promise<ParseResult<RecordTable>> {
  const sizeError = checkFileSize(file);
  if (sizeError) return fail(sizeError);
  const bytes = file.bytes ?? new Uint8Array();
  let rows: SheetRows;
  try {
    rows = await readers.readSheet(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, at.sheet ?? 1);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message =
      name === 'SheetNotFoundError' ? `the workbook has no sheet ${JSON.stringify(at.sheet)}` : `cannot read the workbook: ${workbookFailure(error)}`;
    return fail({ file: file.name, path: '', message });
  }
  const sheet = at.sheet ?? 'the first sheet';
  const [header, ...body] = rows;
  if (header === undefined) return fail({ file: file.name, path: sheet, message: 'the sheet is empty; expected a header row naming the fields' });
  const names = header.map((cell) => (cell === null || cell === undefined ? '' : String(cell)));
  const seen = new Set<string>();
  for (const [j, name] of names.entries()) {
    if (name.trim() === '') return fail({ file: file.name, path: `${sheet}, row 1`, message: `column ${j + 1} of the header row has no name` });
    if (seen.has(name)) return fail({ file: file.name, path: `${sheet}, row 1`, message: `the header row names the column ${JSON.stringify(name)} twice` });
    seen.add(name);
  }
  const records = body.map((row, i) => ({
    at: { file: file.name, path: `${sheet}, row ${i + 2}` },
    fields: Object.fromEntries(names.map((name, j) => [name, row[j] ?? ''])),
  }));
  return { ok: true, value: table(file.name, `Excel workbook (${sheet})`, records) };
}
