// Every published reference vector (test/fixtures/test-vectors/agreement.json): every expected
// key to 1e-12 and, for denominators up to 10^6, to the exact rational; every published value at
// the precision the source printed; every undefined value null with a reason.

import { describe, expect, it } from 'vitest';
import { computeReliability, type Rating, type ReliabilityOptions, type ReliabilityPair, type ReliabilityResult } from '../../../../shared/stats/reliability';
import { parseRational, printedDecimals, ratingsFromCounts, rationalOf, readVectorCsv, VECTORS, type Vector } from './test-vectors';

/** Vector key -> path of the value in ReliabilityResult (the same path names its undefinedReasons entry). */
const RESULT_PATH: Record<string, string> = {
  alpha_nominal: 'alpha.nominal',
  alpha_ordinal: 'alpha.ordinal',
  alpha_ordinal_with_order: 'alpha.ordinal',
  alpha_interval: 'alpha.interval',
  alpha_ratio: 'alpha.ratio',
  // Alpha with irrCAC's quadratic weights on numeric categories (by value) is interval alpha.
  alpha_quadratic_weights: 'alpha.interval',
  percent_agreement: 'percentAgreement',
  gwet_ac1: 'gwetAC1',
  fleiss_kappa_generalized: 'fleissKappa',
  fleiss_kappa: 'fleissKappa',
  fleiss_kappa_complete_cases: 'fleissKappaCompleteCases',
  brennan_prediger: 'brennanPrediger',
  // Randolph's free-marginal kappa is Brennan-Prediger with q = the declared categories.
  randolph_free_marginal_kappa: 'brennanPrediger',
  conger_kappa: 'congerKappa',
  percent_agreement_quadratic: 'percentAgreementQuadratic',
  gwet_ac2_quadratic: 'gwetAC2Quadratic',
  fleiss_kappa_quadratic: 'fleissKappaQuadratic',
  brennan_prediger_quadratic: 'brennanPredigerQuadratic',
  // Only given for two raters with no missing rating, where Fleiss' kappa is Scott's pi.
  scott_pi_quadratic: 'fleissKappaQuadratic',
};

/** Pairwise keys ("cohen_kappa r1|r2", or plain "cohen_kappa" when there are two raters) -> ReliabilityPair field. */
const PAIR_FIELD: Record<string, keyof ReliabilityPair> = {
  cohen_kappa: 'cohenKappa',
  cohen_kappa_linear: 'cohenKappaLinear',
  cohen_kappa_quadratic: 'cohenKappaQuadratic',
  scott_pi: 'scottPi',
};

/** Keys that depend on which rater gave which rating: not meaningful when a vector is given as counts. */
const RATER_SPECIFIC = new Set(['conger_kappa', ...Object.keys(PAIR_FIELD)]);

const isCounts = (vector: Vector) => vector.input.counts !== undefined || vector.input.counts_subject_by_category !== undefined;

function inputOf(vector: Vector): { ratings: Rating[]; options: ReliabilityOptions } {
  const byCategory = vector.input.counts_subject_by_category;
  if (byCategory !== undefined) {
    // The table's columns are the declared categories, used or not (Randolph's q).
    const order = (byCategory[0] ?? []).map((_, k) => String(k + 1));
    return { ratings: ratingsFromCounts(byCategory), options: { order } };
  }
  const order = vector.input.ordinal_order;
  return { ratings: readVectorCsv(vector), options: order === undefined ? {} : { order } };
}

function locate(result: ReliabilityResult, key: string): { path: string; value: unknown } {
  const [name = '', pair] = key.split(' ');
  const field = PAIR_FIELD[name];
  if (field !== undefined) {
    let index = 0;
    if (pair === undefined) {
      expect(result.pairs).toHaveLength(1);
    } else {
      const [a, b] = pair.split('|');
      index = result.pairs.findIndex((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
      expect(index, `pair ${pair}`).toBeGreaterThanOrEqual(0);
    }
    return { path: `pairs[${index}].${field}`, value: result.pairs[index]?.[field] };
  }
  const path = RESULT_PATH[name];
  if (path === undefined) throw new Error(`no mapping for the vector key ${name}`);
  const value = path.split('.').reduce<unknown>((object, part) => (object as Record<string, unknown> | undefined)?.[part], result);
  return { path, value };
}

const WEIGHTED_KAPPA = new Set(['cohen_kappa_linear', 'cohen_kappa_quadratic']);

/**
 * The vectors' weighted kappas are R irr's kappa2: weights by position among the categories the
 * pair used, in the table's order, whatever the labels are. The studio weights numbers by their
 * values and nominal labels not at all (issue 15 point 9; see the test below), so a vector's
 * weighted kappa is checked on the pair's ratings relabelled by those positions and declared in
 * that order: a scale with positions only, which is what kappa2 computes on.
 */
function asKappa2(ratings: readonly Rating[], options: ReliabilityOptions, pair: string | undefined): ReliabilityResult {
  const table = computeReliability(ratings, options);
  const [a, b] = pair?.split('|') ?? [table.pairs[0]?.a, table.pairs[0]?.b];
  const category = (value: string) => table.categories.indexOf(table.categories.includes(value) ? value : String(Number(value)));
  const byUnit = new Map<string, Map<string, number>>();
  for (const rating of ratings) {
    if (rating.rater !== a && rating.rater !== b) continue;
    const unit = byUnit.get(rating.unit) ?? new Map<string, number>();
    unit.set(rating.rater, category(rating.value));
    byUnit.set(rating.unit, unit);
  }
  const both = [...byUnit].filter(([, unit]) => unit.size === 2);
  const used = [...new Set(both.flatMap(([, unit]) => [...unit.values()]))].sort((x, y) => x - y);
  const label = (k: number) => `position ${used.indexOf(k)}`;
  const relabelled = both.flatMap(([unit, raters]) => [...raters].map(([rater, k]) => ({ unit, rater, value: label(k) })));
  return computeReliability(relabelled, { order: used.map(label) });
}

describe.each(VECTORS.map((vector) => [vector.id, vector] as const))('%s', (_, vector) => {
  const { ratings, options } = inputOf(vector);
  const result = computeReliability(ratings, options);
  const meaningful = (key: string) => !(isCounts(vector) && RATER_SPECIFIC.has(key.split(' ')[0] ?? ''));
  const resultFor = (key: string) => {
    const [name = '', pair] = key.split(' ');
    return WEIGHTED_KAPPA.has(name) ? asKappa2(ratings, options, pair) : result;
  };
  const locateIn = (key: string) => {
    const [name = '', pair] = key.split(' ');
    // The relabelled pair is the only pair of its result.
    return WEIGHTED_KAPPA.has(name) ? locate(resultFor(key), name) : locate(result, pair === undefined ? name : key);
  };

  const expectedKeys = Object.keys(vector.expected).filter(meaningful);
  it.each(expectedKeys)('expected %s', (key) => {
    const expected = vector.expected[key];
    const { path, value } = locateIn(key);
    const reasons = resultFor(key).undefinedReasons;
    if (expected === null || expected === undefined) {
      expect(value, path).toBeNull();
      expect(reasons[path], `reason for ${path}`).toMatch(/\w/);
      return;
    }
    expect(typeof value, path).toBe('number');
    const actual = value as number;
    expect(Math.abs(actual - expected.value), `${path} = ${actual}, expected ${expected.exact}`).toBeLessThanOrEqual(1e-12);
    const [p, q] = parseRational(expected.exact);
    if (q <= 1e6) expect(rationalOf(actual, q), `${path} as a fraction`).toEqual([p, q]);
    expect(reasons[path]).toBeUndefined();
  });

  const publishedKeys = Object.keys(vector.published).filter(meaningful);
  it.each(publishedKeys)('published %s', (key) => {
    const published = vector.published[key];
    const { path, value } = locateIn(key);
    if (published === null || published === undefined) {
      expect(value, path).toBeNull();
      return;
    }
    const decimals = printedDecimals(vector.id, key);
    expect(Math.abs((value as number) - published), `${path} = ${String(value)}, printed ${published} to ${decimals} places`).toBeLessThanOrEqual(
      0.5 * 10 ** -decimals + 1e-12,
    );
  });
});

describe("the studio's own weighted kappas on the vectors' data (issue 15 point 9)", () => {
  const byId = (id: string) => {
    const vector = VECTORS.find((v) => v.id === id);
    if (vector === undefined) throw new Error(`no vector ${id}`);
    const { ratings, options } = inputOf(vector);
    return computeReliability(ratings, options);
  };
  const pairOf = (result: ReliabilityResult, a: string, b: string) => result.pairs.find((p) => p.a === a && p.b === b);

  it('weights unevenly spaced numbers by value: irr_anxiety r2|r3 uses 1, 2, 3, 4 and 6 (the vector notes the by-value figures)', () => {
    const pair = pairOf(byId('irr_anxiety'), 'r2', 'r3');
    expect(rationalOf(pair?.cohenKappaLinear as number, 103)).toEqual([13, 103]);
    expect(rationalOf(pair?.cohenKappaQuadratic as number, 396)).toEqual([91, 396]);
  });

  it('gives no weighted kappa for nominal labels, with the reason', () => {
    const result = byId('artstein_poesio');
    expect(result.pairs[0]).toMatchObject({ cohenKappaLinear: null, cohenKappaQuadratic: null });
    expect(result.pairs[0]?.cohenKappa).not.toBeNull();
    expect(result.undefinedReasons['pairs[0].cohenKappaLinear']).toMatch(/nominal/);
  });
});

describe('the vector inputs', () => {
  it('maps every key of every vector', () => {
    for (const vector of VECTORS) {
      for (const key of [...Object.keys(vector.expected), ...Object.keys(vector.published)]) {
        const name = key.split(' ')[0] ?? '';
        expect(RESULT_PATH[name] ?? PAIR_FIELD[name], `${vector.id} ${key}`).toBeDefined();
      }
    }
  });

  it.each(VECTORS.filter((v) => v.input.counts !== undefined).map((v) => [v.id, v] as const))('%s: the CSV holds the published counts', (_, vector) => {
    const fromCounts = computeReliability(ratingsFromCounts(vector.input.counts ?? []));
    const fromCsv = computeReliability(readVectorCsv(vector));
    for (const key of ['alpha', 'percentAgreement', 'gwetAC1', 'fleissKappa', 'fleissKappaCompleteCases', 'brennanPrediger', 'gwetAC2Quadratic'] as const) {
      expect(fromCsv[key], key).toEqual(fromCounts[key]);
    }
  });

  it.each(VECTORS.filter((v) => v.input.matrix !== undefined || v.input.units_by_row !== undefined).map((v) => [v.id, v] as const))(
    '%s: the CSV holds the published matrix',
    (_, vector) => {
      const ratings: Rating[] = [];
      const { matrix, coders_by_row: coders, units_by_row: rows } = vector.input;
      matrix?.forEach((row, c) =>
        row.forEach((value, u) => value !== null && ratings.push({ unit: `u${u}`, rater: coders?.[c] ?? `c${c}`, value: String(value) })),
      );
      rows?.forEach((row, u) => row.forEach((value, r) => value !== null && ratings.push({ unit: `u${u}`, rater: `r${r + 1}`, value: String(value) })));
      const fromMatrix = computeReliability(ratings);
      const fromCsv = computeReliability(readVectorCsv(vector));
      expect({ ...fromCsv, undefinedReasons: undefined }).toEqual({ ...fromMatrix, undefinedReasons: undefined });
    },
  );
});
