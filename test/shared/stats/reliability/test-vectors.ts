// Test helper: the published reference vectors of test/fixtures/test-vectors (see SOURCES.md),
// their CSV inputs read with the app's parser, and the printed precision of each published value.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseReliabilityCsv } from '../../../../shared/formats/reliability-csv';
import type { Rating } from '../../../../shared/stats/reliability';

export const VECTOR_DIR = fileURLToPath(new URL('../../../fixtures/test-vectors/', import.meta.url));

export interface ExactValue {
  value: number;
  exact: string;
}

export interface Vector {
  id: string;
  source: string;
  input: {
    csv?: string;
    ordinal_order?: string[];
    counts?: number[][];
    counts_subject_by_category?: number[][];
    coders_by_row?: string[];
    matrix?: Array<Array<string | number | null>>;
    units_by_row?: Array<Array<number | null>>;
  };
  published: Record<string, number | null>;
  expected: Record<string, ExactValue | null>;
  notes: string;
}

const rawText = readFileSync(`${VECTOR_DIR}agreement.json`, 'utf8');
export const VECTORS = (JSON.parse(rawText) as { vectors: Vector[] }).vectors;

export function csvPath(vector: Vector): string | undefined {
  return vector.input.csv === undefined ? undefined : `${VECTOR_DIR}${vector.input.csv}`;
}

export function readVectorCsv(vector: Vector): Rating[] {
  const path = csvPath(vector);
  if (path === undefined) throw new Error(`${vector.id} has no CSV`);
  const parsed = parseReliabilityCsv({ name: path, text: readFileSync(path, 'utf8') });
  if (!parsed.ok) throw new Error(`${vector.id}: ${parsed.errors.map((e) => e.message).join('; ')}`);
  return parsed.value;
}

/** Units x categories counts as ratings: category k is labelled k + 1, raters are positions r1, r2, ... */
export function ratingsFromCounts(counts: readonly (readonly number[])[]): Rating[] {
  const ratings: Rating[] = [];
  counts.forEach((row, u) => {
    let rater = 0;
    row.forEach((count, k) => {
      for (let i = 0; i < count; i++) ratings.push({ unit: `u${u + 1}`, rater: `r${++rater}`, value: String(k + 1) });
    });
  });
  return ratings;
}

/**
 * Decimal places the source printed for a published value, read from the JSON text itself
 * (JSON.parse turns "1.0" into 1 and would lose them).
 */
export function printedDecimals(vectorId: string, key: string): number {
  const from = rawText.indexOf(`"id": "${vectorId}"`);
  const block = rawText.slice(rawText.indexOf('"published": {', from), rawText.indexOf('}', rawText.indexOf('"published": {', from)));
  const match = new RegExp(`"${key.replace(/[|]/g, '\\|')}": (-?[\\d.]+)`).exec(block);
  if (match === null) throw new Error(`no printed value for ${vectorId} ${key}`);
  const literal = match[1] as string;
  const dot = literal.indexOf('.');
  return dot < 0 ? 0 : literal.length - dot - 1;
}

/** p/q in lowest terms. */
export function parseRational(text: string): [number, number] {
  const [p, q] = text.split('/').map(Number) as [number, number];
  const d = gcd(Math.abs(p), q);
  return [p / d, q / d];
}

/**
 * The fraction with denominator at most maxDenominator that the continued fraction of x reaches
 * last. By Legendre's theorem, if |x - p/q| < 1/(2q^2) then p/q is a convergent, so for small q
 * this recovers the exact rational from a double that is within rounding of it.
 */
export function rationalOf(x: number, maxDenominator: number): [number, number] {
  const sign = x < 0 ? -1 : 1;
  let rest = Math.abs(x);
  let [p0, q0, p1, q1] = [0, 1, 1, 0];
  for (let step = 0; step < 64; step++) {
    const a = Math.floor(rest);
    const [p2, q2] = [a * p1 + p0, a * q1 + q0];
    if (q2 > maxDenominator) break;
    [p0, q0, p1, q1] = [p1, q1, p2, q2];
    const fraction = rest - a;
    if (fraction < 1e-9) break;
    rest = 1 / fraction;
  }
  return [sign * p1, q1];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
