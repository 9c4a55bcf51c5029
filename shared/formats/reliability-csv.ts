// Reliability data (FORMATS §4): a CSV with the header unit,rater,value (columns in any order,
// extra columns ignored), one rating per row; an empty value is a missing rating. Parses it into
// ratings with every error located by line, as the `reliability` command and the tests read it.

import { KeyIndex } from '../stats/reliability/key-index';
import type { Rating, RatingColumns } from '../stats/reliability/rating-table';
import { readCsv } from './csv';
import { ErrorList } from './error-list';
import type { FormatError, ParseResult } from './errors';
import { stripBom } from './json-document';
import { checkSourceFile, INPUT_LIMITS, type SourceFile } from './limits';

export const RELIABILITY_CSV_HEADER = 'unit,rater,value';
const COLUMNS = ['unit', 'rater', 'value'] as const;

interface Columns {
  unit: number;
  rater: number;
  value: number;
  /** Fields a row must have to reach every column. */
  needed: number;
}

export interface ReliabilityCsv {
  /** The ratings as the engine indexes them (computeReliabilityOfColumns), with no object per row. */
  columns: RatingColumns;
  /** The 1-based line of each rating, to locate what the statistics reject. */
  lineOfRating: Int32Array;
}

/** The ratings of a reliability CSV, or every error (see readReliabilityCsv). */
export function parseReliabilityCsv(file: SourceFile): ParseResult<Rating[]> {
  const read = readReliabilityCsv(file);
  if (!read.ok) return read;
  const { units, raters, values, unitOf, raterOf, valueOf } = read.value.columns;
  const ratings: Rating[] = [];
  for (let i = 0; i < unitOf.length; i++) {
    ratings.push({ unit: units[unitOf[i] as number] as string, rater: raters[raterOf[i] as number] as string, value: values[valueOf[i] as number] as string });
  }
  return { ok: true, value: ratings };
}

/**
 * Reads the ratings with their lines, or every error: a missing or doubled header column, a row
 * too short for the columns, an empty unit or rater, a rating of a unit its rater already rated
 * (naming both lines). Text without quote characters (the usual export) is split directly.
 */
export function readReliabilityCsv(file: SourceFile): ParseResult<ReliabilityCsv> {
  const fileError = checkSourceFile(file);
  if (fileError) return fail(fileError);
  const text = stripBom(file.text);
  const errors = new ErrorList(file.name);
  const collector = new RatingCollector(errors);
  const outcome = /"|\r(?!\n)/.test(text) ? readQuoted(text, collector) : readPlain(text, collector);
  if (typeof outcome === 'object') return fail({ file: file.name, path: '', ...outcome });
  if (outcome === 'empty') return fail({ file: file.name, path: '', message: `the file is empty; expected the header row ${RELIABILITY_CSV_HEADER}` });
  const columns = collector.columns();
  for (const [first, second] of collector.duplicates()) {
    const rater = columns.raters[columns.raterOf[second] as number] as string;
    const unit = columns.units[columns.unitOf[second] as number] as string;
    errors.add('', `duplicate rating: rater ${quote(rater)} already rated unit ${quote(unit)} on line ${collector.lines[first]}`, collector.lines[second]);
  }
  if (errors.count > 0) return { ok: false, errors: errors.list() };
  return { ok: true, value: { columns, lineOfRating: collector.lines } };
}

type ReadOutcome = 'read' | 'empty' | { line?: number; message: string };

/** Any CSV, through the RFC 4180 reader. */
function readQuoted(text: string, collector: RatingCollector): ReadOutcome {
  const table = readCsv(text);
  if (!table.ok) return { line: table.line, message: `invalid CSV: ${table.message}` };
  const [header, ...rows] = table.rows;
  if (header === undefined) return 'empty';
  const columns = headerColumns(header);
  if (typeof columns === 'string') return { line: table.lineOfRow[0] ?? 1, message: columns };
  rows.forEach((fields, r) => {
    const line = table.lineOfRow[r + 1] as number;
    if (fields.length >= columns.needed) {
      collector.add(fields[columns.unit] as string, fields[columns.rater] as string, fields[columns.value] as string, line);
    } else if (!fields.every((field) => field.trim() === '')) {
      collector.tooShort(columns, fields.length, line);
    }
  });
  return 'read';
}

/** Text with no quote character and LF or CRLF line ends: split on newlines and commas directly. */
function readPlain(text: string, collector: RatingCollector): ReadOutcome {
  const n = text.length;
  let columns: Columns | undefined;
  let starts = new Int32Array(0);
  let ends = new Int32Array(0);
  let line = 0;
  for (let i = 0; i < n;) {
    line++;
    let next = text.indexOf('\n', i);
    if (next < 0) next = n;
    const end = next > i && text.charCodeAt(next - 1) === 0x0d ? next - 1 : next;
    const from = i;
    i = next + 1;
    // A physical line with nothing on it holds no record.
    if (end === from) continue;
    if (columns === undefined) {
      const found = headerColumns(text.slice(from, end).split(','));
      if (typeof found === 'string') return { line, message: found };
      columns = found;
      starts = new Int32Array(columns.needed);
      ends = new Int32Array(columns.needed);
      continue;
    }
    let fields = 0;
    for (let s = from; fields < columns.needed;) {
      const comma = text.indexOf(',', s);
      const e = comma < 0 || comma > end ? end : comma;
      if (e - s > INPUT_LIMITS.maxStringChars)
        return { line, message: `invalid CSV: a field is longer than the limit of ${INPUT_LIMITS.maxStringChars} characters` };
      starts[fields] = s;
      ends[fields] = e;
      fields++;
      if (e === end) break;
      s = e + 1;
    }
    if (fields < columns.needed) {
      const row = text.slice(from, end);
      // A row of empty cells is what spreadsheets leave below the data.
      if (row.replace(/[\s,]/g, '') !== '') collector.tooShort(columns, row.split(',').length, line);
      continue;
    }
    const { unit, rater, value } = columns;
    collector.addRange(
      text,
      starts[unit] as number,
      ends[unit] as number,
      starts[rater] as number,
      ends[rater] as number,
      starts[value] as number,
      ends[value] as number,
      line,
    );
  }
  return columns === undefined ? 'empty' : 'read';
}

function headerColumns(fields: readonly string[]): Columns | string {
  const names = fields.map((name) => name.trim().toLowerCase());
  const missing: string[] = [];
  const at: number[] = [];
  for (const column of COLUMNS) {
    const index = names.indexOf(column);
    if (index < 0) missing.push(column);
    else if (names.indexOf(column, index + 1) >= 0) return `the header names the column ${column} twice`;
    at.push(index);
  }
  if (missing.length > 0) {
    return `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; expected a header row ${RELIABILITY_CSV_HEADER} (columns in any order)`;
  }
  const [unit, rater, value] = at as [number, number, number];
  return { unit, rater, value, needed: Math.max(unit, rater, value) + 1 };
}

/** Collects ratings as indices into their distinct units, raters and values, for the engine and the duplicate check. */
class RatingCollector {
  private readonly units = new KeyIndex();
  private readonly raters = new KeyIndex();
  private readonly values = new KeyIndex();
  private readonly unitOf = new IntColumn();
  private readonly raterOf = new IntColumn();
  private readonly valueOf = new IntColumn();
  private readonly lineOf = new IntColumn();

  constructor(private readonly errors: ErrorList) {}

  add(unitField: string, raterField: string, valueField: string, line: number): void {
    const unit = unitField.trim();
    const rater = raterField.trim();
    const value = valueField.trim();
    // A row without unit, rater and value carries nothing: spreadsheets leave such rows.
    if (unit === '' && rater === '' && value === '') return;
    if (unit === '') this.errors.add('unit', 'required; expected the unit id', line);
    if (rater === '') this.errors.add('rater', "required; expected the rater's id", line);
    if (unit === '' || rater === '' || value === '') return;
    this.push(this.units.indexOf(unit), this.raters.indexOf(rater), this.values.indexOf(value), line);
  }

  /** `add` for fields given as ranges of `text`: fields with nothing to trim are looked up in place. */
  addRange(text: string, unitStart: number, unitEnd: number, raterStart: number, raterEnd: number, valueStart: number, valueEnd: number, line: number): void {
    if (!(plain(text, unitStart, unitEnd) && plain(text, raterStart, raterEnd) && (valueStart === valueEnd || plain(text, valueStart, valueEnd)))) {
      this.add(text.slice(unitStart, unitEnd), text.slice(raterStart, raterEnd), text.slice(valueStart, valueEnd), line);
      return;
    }
    if (valueStart === valueEnd) return;
    this.push(
      this.units.indexOfRange(text, unitStart, unitEnd),
      this.raters.indexOfRange(text, raterStart, raterEnd),
      this.values.indexOfRange(text, valueStart, valueEnd),
      line,
    );
  }

  private push(u: number, r: number, v: number, line: number): void {
    this.unitOf.push(u);
    this.raterOf.push(r);
    this.valueOf.push(v);
    this.lineOf.push(line);
  }

  columns(): RatingColumns {
    return {
      units: this.units.keys,
      raters: this.raters.keys,
      values: this.values.keys,
      unitOf: this.unitOf.values(),
      raterOf: this.raterOf.values(),
      valueOf: this.valueOf.values(),
      inputIndex: null,
    };
  }

  get lines(): Int32Array {
    return this.lineOf.values();
  }

  tooShort(columns: Columns, found: number, line: number): void {
    this.errors.add('', `expected at least ${columns.needed} fields (${RELIABILITY_CSV_HEADER}), found ${found}`, line);
  }

  /** Pairs (first, second) of ratings by one rater of one unit: a counting sort by unit, then one stamp per rater. */
  duplicates(): Array<[number, number]> {
    const unitOf = this.unitOf.values();
    const raterOf = this.raterOf.values();
    const unitCount = this.units.keys.length;
    const perUnit = new Int32Array(unitCount + 1);
    for (let i = 0; i < unitOf.length; i++) {
      const next = (unitOf[i] as number) + 1;
      perUnit[next] = (perUnit[next] as number) + 1;
    }
    for (let u = 0; u < unitCount; u++) perUnit[u + 1] = (perUnit[u + 1] as number) + (perUnit[u] as number);
    const byUnit = new Int32Array(unitOf.length);
    const fill = perUnit.slice(0, unitCount);
    for (let i = 0; i < unitOf.length; i++) {
      const u = unitOf[i] as number;
      byUnit[fill[u] as number] = i;
      fill[u] = (fill[u] as number) + 1;
    }
    const seenInUnit = new Int32Array(this.raters.keys.length).fill(-1);
    const firstOf = new Int32Array(this.raters.keys.length);
    const found: Array<[number, number]> = [];
    for (let u = 0; u < unitCount; u++) {
      for (let j = perUnit[u] as number; j < (perUnit[u + 1] as number); j++) {
        const i = byUnit[j] as number;
        const r = raterOf[i] as number;
        if (seenInUnit[r] === u) {
          found.push([firstOf[r] as number, i]);
        } else {
          seenInUnit[r] = u;
          firstOf[r] = i;
        }
      }
    }
    return found.sort((x, y) => x[1] - y[1]);
  }
}

/** A growing column of 32-bit integers. */
class IntColumn {
  private data = new Int32Array(1024);
  private length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  values(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/** A non-empty field whose first and last characters are printable ASCII, so trimming would not change it. */
function plain(text: string, start: number, end: number): boolean {
  if (end === start) return false;
  const first = text.charCodeAt(start);
  const last = text.charCodeAt(end - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f;
}

/** A value as JSON text, cut short for a message. */
function quote(value: string): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function fail(error: FormatError): { ok: false; errors: FormatError[] } {
  return { ok: false, errors: [error] };
}
