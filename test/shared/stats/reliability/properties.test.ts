// Properties the statistics must have whatever the data: agreement with the literal definitions
// on random data, invariance under permuting units and raters and relabelling nominal
// categories, never NaN, every null with a reason, and the conventions for edge cases.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { computeChanceCorrected, computeReliability, ReliabilityInputError, type Rating, type ReliabilityResult } from '../../../../shared/stats/reliability';
import { reference } from './reference';
import { shuffled } from '../shuffled';

interface RandomSpec {
  units: number;
  raters: number;
  values: readonly string[];
  missing: number;
  seed: number;
}

/** Raters who agree with a unit's true value more often than chance, with missing ratings. */
function randomRatings({ units, raters, values, missing, seed }: RandomSpec): Rating[] {
  const prng = createPrng(seed);
  const ratings: Rating[] = [];
  for (let u = 0; u < units; u++) {
    const truth = prng.pick(values);
    for (let r = 0; r < raters; r++) {
      if (prng.chance(missing)) continue;
      ratings.push({ unit: `u${u}`, rater: `r${r}`, value: prng.chance(0.6) ? truth : prng.pick(values) });
    }
  }
  return ratings;
}

/** Deep equality with numbers compared to 1e-12 (sums in another order round differently). */
function expectClose(actual: unknown, expected: unknown, path = 'result'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
  } else if (expected !== null && typeof expected === 'object') {
    expect(typeof actual, path).toBe('object');
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

/** Every number finite, every null statistic explained in undefinedReasons. */
function expectWellFormed(result: ReliabilityResult): void {
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'number') expect(Number.isFinite(value), `${path} = ${value}`).toBe(true);
    else if (value !== null && typeof value === 'object' && path !== 'undefinedReasons')
      for (const [key, inner] of Object.entries(value)) visit(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
  };
  visit(result, '');
  const statistics = ['percentAgreement', 'gwetAC1', 'fleissKappa', 'fleissKappaCompleteCases', 'brennanPrediger', 'congerKappa'] as const;
  for (const key of statistics) if (result[key] === null) expect(result.undefinedReasons[key], key).toMatch(/\w/);
  for (const [level, value] of Object.entries(result.alpha)) if (value === null) expect(result.undefinedReasons[`alpha.${level}`], level).toMatch(/\w/);
  result.pairs.forEach((pair, i) => {
    for (const key of ['percentAgreement', 'cohenKappa', 'cohenKappaLinear', 'cohenKappaQuadratic', 'scottPi'] as const) {
      if (pair[key] === null) expect(result.undefinedReasons[`pairs[${i}].${key}`], `pairs[${i}].${key}`).toMatch(/\w/);
    }
  });
}

const close = (actual: number | null | undefined, expected: number | null) => {
  if (expected === null) expect(actual).toBeNull();
  else expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-12);
};

describe('agreement with the literal definitions on random data', () => {
  const specs: RandomSpec[] = [];
  for (let seed = 1; seed <= 40; seed++) {
    const prng = createPrng(seed * 7919);
    const scale = [
      ['1', '2', '3'],
      ['0', '1'],
      ['1', '2', '5', '10'],
      ['2', '3', '4', '5', '6', '7'],
      ['0', '3', '4'],
    ][seed % 5] as string[];
    specs.push({ units: prng.int(1, 40), raters: prng.int(1, 5), values: scale, missing: [0, 0.2, 0.5][seed % 3] as number, seed });
  }
  it.each(specs.map((spec) => [spec.seed, spec] as const))('data set %i', (_, spec) => {
    const ratings = randomRatings(spec);
    const result = computeReliability(ratings);
    const expected = reference(ratings);
    expectWellFormed(result);
    close(result.alpha.nominal, expected.alpha.nominal);
    close(result.alpha.ordinal, expected.alpha.ordinal);
    close(result.alpha.interval, expected.alpha.interval);
    close(result.alpha.ratio, expected.alpha.ratio);
    close(result.percentAgreement, expected.percentAgreement);
    close(result.gwetAC1, expected.gwetAC1);
    close(result.fleissKappa, expected.fleissKappa);
    close(result.brennanPrediger, expected.brennanPrediger);
    close(result.congerKappa, expected.congerKappa);
    close(result.fleissKappaCompleteCases, expected.fleissKappaCompleteCases);
    for (const pair of result.pairs) {
      const ref = expected.cohen.get(`${pair.a}|${pair.b}`);
      expect(ref, `${pair.a}|${pair.b}`).toBeDefined();
      close(pair.cohenKappa, ref?.kappa ?? null);
      close(pair.cohenKappaLinear, ref?.linear ?? null);
      close(pair.cohenKappaQuadratic, ref?.quadratic ?? null);
      close(pair.scottPi, ref?.scott ?? null);
    }
  });
});

describe('weighted Cohen kappa: distance on the scale', () => {
  // Values 1, 2 and 5: 2 is nearer 1 than 5. scikit-learn 1.2.1 by value (its labels are the
  // weights' positions, so labels=range(1, 6) spaces them by value), in Python:
  //   a = [1,1,2,2,5,5,1,2,5,2]; b = [1,2,2,5,5,1,1,2,2,2]
  //   cohen_kappa_score(a, b, weights='linear', labels=list(range(1, 6)))    -> 0.29487179487179493 (23/78)
  //   cohen_kappa_score(a, b, weights='quadratic', labels=list(range(1, 6))) -> 0.2616033755274263 (62/237)
  // By position (labels left to scikit-learn, R irr's kappa2) they would be 0.375 and 0.36363636363636365.
  const a = [1, 1, 2, 2, 5, 5, 1, 2, 5, 2];
  const b = [1, 2, 2, 5, 5, 1, 1, 2, 2, 2];
  const pair = (label: (x: number) => string, order?: string[]) =>
    computeReliability(
      a.flatMap((x, u) => [
        { unit: `u${u}`, rater: 'A', value: label(x) },
        { unit: `u${u}`, rater: 'B', value: label(b[u] as number) },
      ]),
      order === undefined ? {} : { order },
    );

  it('weights numbers by their values, as scikit-learn does given every value between', () => {
    const result = pair(String);
    expect(result.pairs[0]?.cohenKappaLinear).toBeCloseTo(23 / 78, 12);
    expect(result.pairs[0]?.cohenKappaQuadratic).toBeCloseTo(62 / 237, 12);
  });

  it('weights labels in a declared order by position, and nominal labels not at all', () => {
    const name = (x: number) => ({ 1: 'low', 2: 'mid', 5: 'high' })[x] as string;
    const ordered = pair(name, ['low', 'mid', 'high']);
    expect(ordered.pairs[0]?.cohenKappaLinear).toBeCloseTo(0.375, 12);
    expect(ordered.pairs[0]?.cohenKappaQuadratic).toBeCloseTo(0.36363636363636365, 12);
    const nominal = pair(name);
    expect(nominal.pairs[0]).toMatchObject({ cohenKappaLinear: null, cohenKappaQuadratic: null });
    expect(nominal.pairs[0]?.cohenKappa).toBe(ordered.pairs[0]?.cohenKappa);
    expect(nominal.undefinedReasons['pairs[0].cohenKappaLinear']).toMatch(/nominal/);
    expect(nominal.undefinedReasons['pairs[0].cohenKappaQuadratic']).toMatch(/nominal/);
  });
});

describe('invariances', () => {
  const ratings = randomRatings({ units: 60, raters: 4, values: ['1', '2', '3', '4'], missing: 0.25, seed: 5 });
  const result = computeReliability(ratings);

  it('permuting the rows and renaming the units changes nothing', () => {
    const names = new Map(shuffled([...new Set(ratings.map((r) => r.unit))], 1).map((unit, i) => [unit, `renamed-${i}`]));
    const permuted = shuffled(ratings, 2).map((r) => ({ ...r, unit: names.get(r.unit) as string }));
    expectClose(computeReliability(permuted), result);
  });

  it('permuting the raters changes nothing but the names on the pairs', () => {
    const raters = [...new Set(ratings.map((r) => r.rater))];
    const sigma = new Map(raters.map((rater, i) => [rater, raters[(i + 1) % raters.length] as string]));
    const permuted = computeReliability(shuffled(ratings, 3).map((r) => ({ ...r, rater: sigma.get(r.rater) as string })));
    // Pair names and the reasons keyed by pair index move with the permutation; the rest may not.
    expectClose({ ...permuted, pairs: [], undefinedReasons: {} }, { ...result, pairs: [], undefinedReasons: {} });
    const permutedPairs = permuted.pairs;
    for (const pair of result.pairs) {
      const [a, b] = [sigma.get(pair.a), sigma.get(pair.b)];
      const match = permutedPairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
      expectClose({ ...match, a: '', b: '' }, { ...pair, a: '', b: '' });
    }
  });

  it('relabelling nominal categories changes no nominal statistic', () => {
    const nominal = randomRatings({ units: 80, raters: 3, values: ['yes', 'no', 'irrelevant'], missing: 0.2, seed: 9 });
    const label = new Map([
      ['yes', 'Z'],
      ['no', 'A'],
      ['irrelevant', 'M'],
    ]);
    const before = computeReliability(nominal);
    const after = computeReliability(nominal.map((r) => ({ ...r, value: label.get(r.value) as string })));
    for (const key of [
      'percentAgreement',
      'gwetAC1',
      'fleissKappa',
      'fleissKappaCompleteCases',
      'brennanPrediger',
      'congerKappa',
      'observedAgreement',
    ] as const) {
      close(after[key], before[key]);
    }
    close(after.alpha.nominal, before.alpha.nominal);
    after.pairs.forEach((pair, i) => {
      for (const key of ['percentAgreement', 'cohenKappa', 'scottPi'] as const) close(pair[key], before.pairs[i]?.[key] ?? null);
    });
  });

  it('adding a rater identical to another keeps perfect percent agreement at 1', () => {
    const perfect = randomRatings({ units: 50, raters: 3, values: ['a', 'b', 'c'], missing: 0.3, seed: 11 }).map((r) => ({
      ...r,
      value: `v${r.unit.length % 3}${r.unit}`,
    }));
    expect(computeReliability(perfect).percentAgreement).toBe(1);
    const copy = perfect.filter((r) => r.rater === 'r0').map((r) => ({ ...r, rater: 'copy-of-r0' }));
    const result = computeReliability([...perfect, ...copy]);
    expect(result.percentAgreement).toBe(1);
    expect(result.raters).toBe(4);
  });

  it('computeChanceCorrected gives the same values as computeReliability', () => {
    const chance = computeChanceCorrected(ratings, { level: 'interval' });
    expect(chance.alpha).toEqual({ nominal: result.alpha.nominal, interval: result.alpha.interval });
    for (const key of [
      'units',
      'pairableUnits',
      'pairableValues',
      'percentAgreement',
      'gwetAC1',
      'fleissKappa',
      'brennanPrediger',
      'observedAgreement',
      'gwetPi',
      'categories',
    ] as const) {
      expect(chance[key], key).toEqual(result[key]);
    }
    expect(chance.expectedAgreement).toEqual({
      alpha: result.expectedAgreement.alpha,
      fleissKappa: result.expectedAgreement.fleissKappa,
      gwetAC1: result.expectedAgreement.gwetAC1,
      brennanPrediger: result.expectedAgreement.brennanPrediger,
    });
  });
});

describe('undefined statistics and edge cases', () => {
  it('no ratings at all: counts are 0 and every statistic is null with a reason', () => {
    const result = computeReliability([]);
    expect(result).toMatchObject({ units: 0, raters: 0, pairableValues: 0, categories: [], pairs: [] });
    expect(result.alpha.nominal).toBeNull();
    expectWellFormed(result);
  });

  it('units with one rating each: "no unit has two ratings", while chance terms still exist', () => {
    const result = computeReliability([
      { unit: 'u1', rater: 'a', value: 'x' },
      { unit: 'u2', rater: 'b', value: 'y' },
    ]);
    expect(result.alpha.nominal).toBeNull();
    expect(result.undefinedReasons['alpha.nominal']).toBe('no unit has two ratings');
    expect(result.percentAgreement).toBeNull();
    expect(result.undefinedReasons.percentAgreement).toBe('no unit has two ratings');
    expect(result.pairs).toEqual([expect.objectContaining({ a: 'a', b: 'b', n: 0, cohenKappa: null })]);
    expect(result.undefinedReasons['pairs[0].cohenKappa']).toBe('the two raters rated no unit in common');
    expectWellFormed(result);
  });

  it('one rater: no pairs, Conger and Fleiss 1971 undefined', () => {
    const result = computeReliability([
      { unit: 'u1', rater: 'a', value: 'x' },
      { unit: 'u2', rater: 'a', value: 'y' },
    ]);
    expect(result.pairs).toEqual([]);
    expect(result.undefinedReasons.congerKappa).toMatch(/one rater/);
    expect(result.undefinedReasons.fleissKappaCompleteCases).toMatch(/one rater/);
    expectWellFormed(result);
  });

  it('pairable values all alike but a single rating differs: alpha undefined, Fleiss defined', () => {
    const result = computeReliability([
      { unit: 'u1', rater: 'a', value: 'x' },
      { unit: 'u1', rater: 'b', value: 'x' },
      { unit: 'u2', rater: 'a', value: 'y' },
    ]);
    expect(result.alpha.nominal).toBeNull();
    expect(result.undefinedReasons['alpha.nominal']).toMatch(/pairable value/);
    expect(result.fleissKappa).not.toBeNull();
  });

  it('a declared order keeps unused categories on the scale: q changes AC1 and Brennan-Prediger, not alpha or Fleiss', () => {
    const ratings = randomRatings({ units: 30, raters: 3, values: ['low', 'high'], missing: 0, seed: 4 });
    const observed = computeReliability(ratings, { order: ['low', 'high'] });
    const declared = computeReliability(ratings, { order: ['low', 'mid', 'high'] });
    expect(declared.categories).toEqual(['low', 'mid', 'high']);
    close(declared.alpha.nominal, observed.alpha.nominal);
    close(declared.alpha.ordinal, observed.alpha.ordinal ?? null);
    close(declared.fleissKappa, observed.fleissKappa);
    expect(declared.brennanPrediger).not.toBeCloseTo(observed.brennanPrediger as number, 6);
    expect(declared.expectedAgreement.brennanPrediger).toBeCloseTo(1 / 3, 15);
    expect(declared.gwetAC1).not.toBeCloseTo(observed.gwetAC1 as number, 6);
  });

  it('orders numbers numerically and merges spellings of one number', () => {
    const result = computeReliability([
      { unit: 'u1', rater: 'a', value: '10' },
      { unit: 'u1', rater: 'b', value: '10.0' },
      { unit: 'u2', rater: 'a', value: '9' },
      { unit: 'u2', rater: 'b', value: '1e1' },
    ]);
    expect(result.categories).toEqual(['9', '10']);
    expect(result.percentAgreement).toBe(0.5);
    expect(Object.keys(result.alpha)).toEqual(['nominal', 'ordinal', 'interval', 'ratio']);
  });

  it('orders labels and raters naturally, and treats an empty value as a missing rating', () => {
    const result = computeReliability([
      { unit: 'u1', rater: 'r10', value: 'level 10' },
      { unit: 'u1', rater: 'r2', value: 'level 9' },
      { unit: 'u1', rater: 'r1', value: '' },
    ]);
    expect(result.categories).toEqual(['level 9', 'level 10']);
    expect(result.raters).toBe(2);
    expect(result.pairs.map((p) => `${p.a}|${p.b}`)).toEqual(['r2|r10']);
    expect(Object.keys(result.alpha)).toEqual(['nominal']);
  });

  it('rejects a duplicate (unit, rater), naming both ratings', () => {
    const ratings = [
      { unit: 'u1', rater: 'a', value: 'x' },
      { unit: 'u1', rater: 'b', value: 'x' },
      { unit: 'u1', rater: 'a', value: 'y' },
    ];
    expect(() => computeReliability(ratings)).toThrow(ReliabilityInputError);
    expect(() => computeReliability(ratings)).toThrow('rater "a" rated unit "u1" twice');
    try {
      computeReliability(ratings);
    } catch (error) {
      expect((error as ReliabilityInputError).ratings).toEqual([0, 2]);
    }
  });

  it('rejects a value outside the declared order and a level the values do not allow', () => {
    const ratings = [
      { unit: 'u1', rater: 'a', value: 'low' },
      { unit: 'u1', rater: 'b', value: 'high' },
    ];
    expect(() => computeReliability(ratings, { order: ['low', 'mid'] })).toThrow('the value "high" is not one of the declared categories low, mid');
    expect(() => computeReliability(ratings, { level: 'ordinal' })).toThrow(
      'the ordinal level needs numeric values or a declared order of the categories, and "low" is not a number',
    );
    expect(() => computeReliability(ratings, { level: 'interval', order: ['low', 'high'] })).toThrow('the declared categories are not all numbers');
    expect(computeReliability(ratings, { level: 'ordinal', order: ['low', 'high'] }).level).toBe('ordinal');
  });

  it('reports the ratio level as undefined for negative values', () => {
    const result = computeReliability([
      { unit: 'u1', rater: 'a', value: '-1' },
      { unit: 'u1', rater: 'b', value: '2' },
      { unit: 'u2', rater: 'a', value: '2' },
      { unit: 'u2', rater: 'b', value: '2' },
    ]);
    expect(result.alpha.ratio).toBeNull();
    expect(result.undefinedReasons['alpha.ratio']).toMatch(/zero or more/);
    expect(result.alpha.interval).not.toBeNull();
  });

  it('stays finite on many small degenerate data sets', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const prng = createPrng(seed);
      const values = [['1'], ['1', '2'], ['a', 'b', 'c'], ['0', '5']][seed % 4] as string[];
      expectWellFormed(computeReliability(randomRatings({ units: prng.int(1, 4), raters: prng.int(1, 3), values, missing: 0.4, seed })));
    }
  });
});
