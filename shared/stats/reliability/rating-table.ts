// Turns (unit, rater, value) ratings into the integer-coded units x raters table every
// reliability statistic reads: category codes in scale order, -1 where a rating is missing.
// Owns the category order (numeric, declared, or natural for nominal labels) and rater order.

import { KeyIndex } from './key-index';

export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

export const MEASUREMENT_LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

export interface Rating {
  unit: string;
  rater: string;
  /** The category; the empty string is a missing rating and is skipped. */
  value: string;
}

export interface RatingTable {
  /** Units that have at least one rating, in first-seen order (read only where a unit must be named). */
  units: readonly string[];
  /** units.length, without reading units. */
  unitCount: number;
  /** Raters in natural order ("r2" before "r10"). */
  raters: readonly string[];
  /** The scale's categories in order; codes index this list. */
  categories: readonly string[];
  /** Each category's number when every category is numeric, else null. */
  values: Float64Array | null;
  /** True when the categories have an order: numeric values, or a declared order. */
  ordered: boolean;
  /** `codes[unit * raters.length + rater]` is the category code, or -1 for a missing rating. */
  codes: Int32Array;
  ratingCount: number;
}

/** Invalid ratings or options (a duplicate rating, a value outside the declared order, ...). */
export class ReliabilityInputError extends Error {
  constructor(
    message: string,
    /** Indices in the input of the ratings at fault (a duplicate names both), so a reader can locate them. */
    readonly ratings: readonly number[] = [],
  ) {
    super(message);
    this.name = 'ReliabilityInputError';
  }
}

// A dense table of 32-bit codes: 2^25 cells is 128 MB, far beyond any study in SPEC §1 at 20x.
const MAX_TABLE_CELLS = 2 ** 25;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a value spells in plain decimal or exponent notation, else null ("0x1", "" and "Infinity" are not numbers). */
export function parseNumericValue(text: string): number | null {
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Total order for labels and rater ids that reads digit runs as numbers, so "r2" < "r10" and
 * "level 9" < "level 10"; ties such as "01" and "1" fall back to code-unit order.
 */
function compareNatural(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let ia = i;
      while (ia < a.length && a.charCodeAt(ia) === 0x30) ia++;
      let jb = j;
      while (jb < b.length && b.charCodeAt(jb) === 0x30) jb++;
      let ea = ia;
      while (ea < a.length && isDigit(a.charCodeAt(ea))) ea++;
      let eb = jb;
      while (eb < b.length && isDigit(b.charCodeAt(eb))) eb++;
      if (ea - ia !== eb - jb) return ea - ia - (eb - jb);
      for (let k = 0; k < ea - ia; k++) {
        const d = a.charCodeAt(ia + k) - b.charCodeAt(jb + k);
        if (d !== 0) return d;
      }
      i = ea;
      j = eb;
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  if (a.length - i !== b.length - j) return a.length - i - (b.length - j);
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Ratings as columns of indices into their distinct units, raters and values: what the table is
 * built from, and what a reader that indexes as it goes (the CSV reader) hands over directly.
 */
export interface RatingColumns {
  /** Read only where a unit must be named: a reader may make these strings only when asked (KeyIndex). */
  units: readonly string[];
  /** units.length, without reading units. */
  unitCount: number;
  raters: readonly string[];
  values: readonly string[];
  unitOf: Int32Array;
  raterOf: Int32Array;
  valueOf: Int32Array;
  /** The caller's index of each rating, when it differs (missing ratings were skipped); null when it is the row. */
  inputIndex: Int32Array | null;
}

/** One pass over the ratings; a rating with an empty value is missing and skipped. */
export function ratingColumns(ratings: readonly Rating[]): RatingColumns {
  const units = new KeyIndex();
  const raters = new KeyIndex();
  const values = new KeyIndex();
  const unitOf = new Int32Array(ratings.length);
  const raterOf = new Int32Array(ratings.length);
  const valueOf = new Int32Array(ratings.length);
  const inputIndex = new Int32Array(ratings.length);
  let rows = 0;
  ratings.forEach((rating, i) => {
    if (rating.value === '') return;
    unitOf[rows] = units.indexOf(rating.unit);
    raterOf[rows] = raters.indexOf(rating.rater);
    valueOf[rows] = values.indexOf(rating.value);
    inputIndex[rows] = i;
    rows++;
  });
  return {
    units: units.keys,
    unitCount: units.size,
    raters: raters.keys,
    values: values.keys,
    unitOf: unitOf.subarray(0, rows),
    raterOf: raterOf.subarray(0, rows),
    valueOf: valueOf.subarray(0, rows),
    inputIndex: rows === ratings.length ? null : inputIndex.subarray(0, rows),
  };
}

/**
 * ratingColumns made a unit at a time with no Rating object per rating: `unit(id)` opens the next
 * unit (its ratings follow; a unit opened twice is two units) and `rate` adds one of its ratings.
 * The same columns as ratingColumns of the same ratings in the same order, where each unit's
 * ratings come together: units, raters and values indexed in first-seen order, an empty value a
 * missing rating left out.
 */
export function ratingColumnsBuilder(): { unit(id: string): void; rate(rater: string, value: string): void; columns(): RatingColumns } {
  const units: string[] = [];
  const raters = new KeyIndex();
  const values = new KeyIndex();
  // Per rating its unit, rater, value and place among the ratings given: grown by doubling.
  let rows = new Int32Array(4 * 1024);
  let count = 0;
  let given = 0;
  let openUnit: string | undefined;
  let unitIndex = -1;
  return {
    unit(id) {
      openUnit = id;
      unitIndex = -1;
    },
    rate(rater, value) {
      const input = given++;
      if (value === '') return;
      if (unitIndex < 0) unitIndex = units.push(openUnit as string) - 1;
      if (4 * count + 4 > rows.length) {
        const grown = new Int32Array(rows.length * 2);
        grown.set(rows);
        rows = grown;
      }
      rows[4 * count] = unitIndex;
      rows[4 * count + 1] = raters.indexOf(rater);
      rows[4 * count + 2] = values.indexOf(value);
      rows[4 * count + 3] = input;
      count++;
    },
    columns() {
      const column = (k: number) => Int32Array.from({ length: count }, (_, r) => rows[4 * r + k] as number);
      return {
        units,
        unitCount: units.length,
        raters: raters.keys,
        values: values.keys,
        unitOf: column(0),
        raterOf: column(1),
        valueOf: column(2),
        inputIndex: count === given ? null : column(3),
      };
    },
  };
}

/** The caller's index of row i of the columns. */
export function inputIndexOf(columns: RatingColumns, row: number): number {
  return columns.inputIndex === null ? row : (columns.inputIndex[row] as number);
}

/**
 * Builds the table. Categories: the declared `order` when given (every value must be in it;
 * unused categories stay on the scale), else ascending numbers when every value is numeric
 * ("1" and "1.0" are one category, labelled "1"), else natural order. Throws
 * ReliabilityInputError on a duplicate (unit, rater) or a value outside the order.
 */
export function buildRatingTable(columns: RatingColumns, order?: readonly string[]): RatingTable {
  const { unitOf, raterOf, valueOf } = columns;
  const rows = unitOf.length;
  const scale = categoryScale(columns, order);
  const raterOrder = columns.raters.map((_, r) => r).sort((x, y) => compareNatural(columns.raters[x] as string, columns.raters[y] as string));
  const raterRank = new Int32Array(raterOrder.length);
  raterOrder.forEach((r, rank) => (raterRank[r] = rank));
  const raters = raterOrder.map((r) => columns.raters[r] as string);

  const raterCount = raters.length;
  const unitCount = columns.unitCount;
  if (unitCount * raterCount > MAX_TABLE_CELLS) {
    throw new ReliabilityInputError(
      `${unitCount} units x ${raterCount} raters is more than the ${MAX_TABLE_CELLS.toLocaleString('en')} cells one reliability table may hold`,
    );
  }
  const codes = new Int32Array(unitCount * raterCount).fill(-1);
  for (let i = 0; i < rows; i++) {
    const cell = (unitOf[i] as number) * raterCount + (raterRank[raterOf[i] as number] as number);
    if (codes[cell] !== -1) throw duplicateError(columns, i);
    codes[cell] = scale.codeOfRaw[valueOf[i] as number] as number;
  }
  return {
    // Read when asked: the CSV reader's unit ids become strings only then.
    get units() {
      return columns.units;
    },
    unitCount,
    raters,
    categories: scale.categories,
    values: scale.values,
    ordered: scale.ordered,
    codes,
    ratingCount: rows,
  };
}

interface CategoryScale {
  categories: string[];
  values: Float64Array | null;
  ordered: boolean;
  codeOfRaw: Int32Array;
}

function categoryScale(columns: RatingColumns, order: readonly string[] | undefined): CategoryScale {
  const rawValues = columns.values;
  const codeOfRaw = new Int32Array(rawValues.length);
  if (order !== undefined) {
    const position = new Map<string, number>();
    order.forEach((category, k) => {
      if (position.has(category)) throw new ReliabilityInputError(`the declared order names the category ${JSON.stringify(category)} twice`);
      position.set(category, k);
    });
    rawValues.forEach((raw, v) => {
      const k = position.get(raw);
      if (k === undefined) {
        const row = columns.valueOf.indexOf(v);
        throw new ReliabilityInputError(`the value ${JSON.stringify(raw)} is not one of the declared categories ${order.join(', ')}`, [
          inputIndexOf(columns, row),
        ]);
      }
      codeOfRaw[v] = k;
    });
    const numbers = order.map(parseNumericValue);
    const values = numbers.every((x) => x !== null) ? Float64Array.from(numbers as number[]) : null;
    return { categories: [...order], values, ordered: true, codeOfRaw };
  }
  const numbers = rawValues.map(parseNumericValue);
  if (rawValues.length > 0 && numbers.every((x) => x !== null)) {
    // Merge spellings of one number ("1", "1.0", "1e0") into one category.
    const distinct = [...new Set(numbers as number[])].sort((a, b) => a - b);
    const codeOfNumber = new Map(distinct.map((x, k) => [x, k]));
    numbers.forEach((x, v) => (codeOfRaw[v] = codeOfNumber.get(x as number) as number));
    // String(-0) is "0": the label of the number, not of one spelling.
    return { categories: distinct.map((x) => String(x)), values: Float64Array.from(distinct), ordered: true, codeOfRaw };
  }
  const sorted = rawValues.map((_, v) => v).sort((x, y) => compareNatural(rawValues[x] as string, rawValues[y] as string));
  sorted.forEach((v, k) => (codeOfRaw[v] = k));
  return { categories: sorted.map((v) => rawValues[v] as string), values: null, ordered: false, codeOfRaw };
}

function duplicateError(columns: RatingColumns, second: number): ReliabilityInputError {
  const { unitOf, raterOf } = columns;
  let first = 0;
  while (!(unitOf[first] === unitOf[second] && raterOf[first] === raterOf[second])) first++;
  const rater = columns.raters[raterOf[second] as number] as string;
  const unit = columns.units[unitOf[second] as number] as string;
  return new ReliabilityInputError(`rater ${JSON.stringify(rater)} rated unit ${JSON.stringify(unit)} twice`, [
    inputIndexOf(columns, first),
    inputIndexOf(columns, second),
  ]);
}
