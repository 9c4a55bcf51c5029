// Reliability data (docs/command-line.md, `reliability`): a CSV with the header unit,rater,value (columns in any order,
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
 * (naming both lines). Text without quote characters (the usual export) is read in one pass over
 * its characters; text with one, or with a line ended by CR alone, by the RFC 4180 reader.
 */
export function readReliabilityCsv(file: SourceFile): ParseResult<ReliabilityCsv> {
  const fileError = checkSourceFile(file);
  if (fileError) return fail(fileError);
  const text = stripBom(file.text);
  let errors = new ErrorList(file.name);
  let collector = new RatingCollector(errors);
  let outcome = text.includes('"') ? 'quoted' : readPlain(text, collector);
  // readPlain gives up at a lone CR, or may stop at an error before one: the RFC 4180 reader
  // reads such text from the start, with nothing kept from readPlain.
  if (typeof outcome === 'object' && /\r(?!\n)/.test(text)) outcome = 'quoted';
  if (outcome === 'quoted') {
    errors = new ErrorList(file.name);
    collector = new RatingCollector(errors);
    outcome = readQuoted(text, collector);
  }
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

/** `quoted`: the text needs the RFC 4180 reader (readPlain met a CR not followed by LF). */
type ReadOutcome = 'read' | 'empty' | 'quoted' | { line?: number; message: string };

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

/**
 * Text with no quote character, line by line: each line's end, its CR and the commas of the
 * fields it needs are found with indexOf (the engine's native search, a few times faster than a
 * loop over the characters), and the fields are looked up in place as ranges of the text, so a
 * unit, rater or value seen before costs no new string; the rest of a line past the last field it
 * needs is not looked at. Lines end at LF or CRLF; a CR alone returns `quoted`.
 */
function readPlain(text: string, collector: RatingCollector): ReadOutcome {
  const n = text.length;
  // The first CR and the first comma at or after the place in hand (n: none), each looked up
  // again only once passed: one scan of the text for each, however the lines fall.
  let nextCr = -1;
  let nextComma = -1;
  let columns: Columns | undefined;
  // The fields a row needs: where each starts and ends.
  let starts = new Int32Array(0);
  let ends = new Int32Array(0);
  let needed = 0;
  const longest = INPUT_LIMITS.maxStringChars;
  let line = 0;
  let first = true;
  for (let from = 0; from < n;) {
    line++;
    let next = text.indexOf('\n', from);
    if (next < 0) next = n;
    if (nextCr < from) {
      nextCr = text.indexOf('\r', from);
      if (nextCr < 0) nextCr = n;
    }
    // A CR is a line's end only right before its LF.
    if (nextCr < next - 1 || (nextCr === next - 1 && next === n)) return 'quoted';
    const end = nextCr === next - 1 ? nextCr : next;
    const lineStart = from;
    from = next + 1;
    // A physical line with nothing on it holds no record.
    if (end === lineStart) continue;
    if (columns === undefined) {
      const found = headerColumns(text.slice(lineStart, end).split(','));
      if (typeof found === 'string') return { line, message: found };
      columns = found;
      needed = columns.needed;
      starts = new Int32Array(needed);
      ends = new Int32Array(needed);
      continue;
    }
    let fields = 0;
    for (let fieldStart = lineStart; ;) {
      if (nextComma < fieldStart) {
        nextComma = text.indexOf(',', fieldStart);
        if (nextComma < 0) nextComma = n;
      }
      const fieldEnd = nextComma < end ? nextComma : end;
      if (fieldEnd - fieldStart > longest) return { line, message: `invalid CSV: a field is longer than the limit of ${longest} characters` };
      starts[fields] = fieldStart;
      ends[fields] = fieldEnd;
      fields++;
      if (fields === needed || fieldEnd === end) break;
      fieldStart = fieldEnd + 1;
    }
    if (fields < needed) {
      const row = text.slice(lineStart, end);
      // A row of empty cells is what spreadsheets leave below the data.
      if (row.replace(/[\s,]/g, '') !== '') collector.tooShort(columns, fields, line);
      continue;
    }
    // The first row's length tells about how many follow: room for twice as many, as it may be
    // long (untouched room costs no memory), so that the columns hardly ever grow.
    if (first) collector.reserve(Math.ceil((2 * (n - lineStart)) / (from - lineStart)));
    first = false;
    collector.addFields(text, starts, ends, columns, line);
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
  // The ratings' columns, filled to `length`, grown by doubling.
  private unitOf = new Int32Array(1024);
  private raterOf = new Int32Array(1024);
  private valueOf = new Int32Array(1024);
  private lineOf = new Int32Array(1024);
  private length = 0;
  // The inline duplicate check of push(), while every unit's ratings are one run of rows.
  private unitsInRuns = true;
  private lastUnit = -1;
  private raterSeenIn = new Int32Array(0);
  private raterFirstAt = new Int32Array(0);
  private readonly duplicatesInRuns: Array<[number, number]> = [];

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

  /**
   * `add` for a row read by readPlain: its fields as ranges of `text`. Fields with nothing to trim
   * are looked up in place; a row with any other goes through `add`.
   */
  addFields(text: string, starts: Int32Array, ends: Int32Array, columns: Columns, line: number): void {
    const { unit, rater, value } = columns;
    const unitStart = starts[unit] as number;
    const unitEnd = ends[unit] as number;
    const raterStart = starts[rater] as number;
    const raterEnd = ends[rater] as number;
    const valueStart = starts[value] as number;
    const valueEnd = ends[value] as number;
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

  /**
   * Stores one rating. While each unit's ratings come in one run of rows (the usual export),
   * a rater seen twice in the run is a duplicate found here; once a unit comes back after
   * another, duplicates() looks for them all at the end instead.
   */
  private push(u: number, r: number, v: number, line: number): void {
    const i = this.length;
    if (i === this.unitOf.length) this.grow();
    this.unitOf[i] = u;
    this.raterOf[i] = r;
    this.valueOf[i] = v;
    this.lineOf[i] = line;
    this.length = i + 1;
    if (!this.unitsInRuns) return;
    // A unit other than the last one is new exactly when it is the last one indexed: KeyIndex adds keys only here.
    if (u !== this.lastUnit && u !== this.units.size - 1) {
      this.unitsInRuns = false;
      return;
    }
    this.lastUnit = u;
    if (r >= this.raterSeenIn.length) {
      const seenIn = new Int32Array(2 * r + 2).fill(-1);
      seenIn.set(this.raterSeenIn);
      this.raterSeenIn = seenIn;
      const firstAt = new Int32Array(2 * r + 2);
      firstAt.set(this.raterFirstAt);
      this.raterFirstAt = firstAt;
    }
    if (this.raterSeenIn[r] === u) {
      this.duplicatesInRuns.push([this.raterFirstAt[r] as number, i]);
    } else {
      this.raterSeenIn[r] = u;
      this.raterFirstAt[r] = i;
    }
  }

  /**
   * Room for about `rows` ratings, told by readPlain from the file's length over its first row's:
   * the columns are then sized once, not doubled and copied ten times on the way to 500,000.
   */
  reserve(rows: number): void {
    if (rows > this.unitOf.length) this.grow(rows);
  }

  private grow(capacity = 2 * this.unitOf.length): void {
    const grown = (column: Int32Array) => {
      const wider = new Int32Array(capacity);
      wider.set(column);
      return wider;
    };
    this.unitOf = grown(this.unitOf);
    this.raterOf = grown(this.raterOf);
    this.valueOf = grown(this.valueOf);
    this.lineOf = grown(this.lineOf);
  }

  columns(): RatingColumns {
    const { units } = this;
    return {
      // A getter: the unit ids become strings only if someone names a unit.
      get units() {
        return units.keys;
      },
      unitCount: units.size,
      raters: this.raters.keys,
      values: this.values.keys,
      unitOf: this.unitOf.subarray(0, this.length),
      raterOf: this.raterOf.subarray(0, this.length),
      valueOf: this.valueOf.subarray(0, this.length),
      inputIndex: null,
    };
  }

  get lines(): Int32Array {
    return this.lineOf.subarray(0, this.length);
  }

  tooShort(columns: Columns, found: number, line: number): void {
    this.errors.add('', `expected at least ${columns.needed} fields (${RELIABILITY_CSV_HEADER}), found ${found}`, line);
  }

  /**
   * Pairs (first, second) of ratings by one rater of one unit, in the order of the second: found
   * by push() while units came in runs, else by a counting sort by unit, then one stamp per rater.
   */
  duplicates(): Array<[number, number]> {
    if (this.unitsInRuns) return this.duplicatesInRuns;
    const unitOf = this.unitOf.subarray(0, this.length);
    const raterOf = this.raterOf.subarray(0, this.length);
    const unitCount = this.units.size;
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
    const seenInUnit = new Int32Array(this.raters.size).fill(-1);
    const firstOf = new Int32Array(this.raters.size);
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
