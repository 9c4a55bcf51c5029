// Proves computeAlphaLevels (the report's difficulty alphas, every level from one resampling)
// gives each level exactly what computeChanceCorrected gives at that level alone on random
// ordered ratings: alpha, its studentized interval, undefined replicates and reasons, to the bit.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { computeAlphaLevels, computeChanceCorrected, type MeasurementLevel, type Rating, type ReliabilityOptions } from '../../../../shared/stats/reliability';

/** Ratings 1-9 of `units` units by up to three raters, near each unit's own level, some missing; units in clusters of `perCluster`. */
function randomRatings(units: number, seed: number, spread: number): Rating[] {
  const prng = createPrng(seed);
  const ratings: Rating[] = [];
  for (let u = 0; u < units; u++) {
    const level = 1 + Math.floor(prng.next() * 9);
    for (let r = 0; r < 3; r++) {
      if (prng.chance(0.15)) continue;
      const value = Math.min(9, Math.max(1, level + Math.round((prng.next() - 0.5) * spread)));
      ratings.push({ unit: `p${Math.floor(u / 3)}/u${u}`, rater: `r${r}`, value: String(value) });
    }
  }
  return ratings;
}

const LEVELS: readonly MeasurementLevel[] = ['ordinal', 'interval'];

function expectSameAsAlone(ratings: readonly Rating[], options: ReliabilityOptions): void {
  const together = computeAlphaLevels(ratings, LEVELS, options);
  expect(together.map((result) => result.level)).toEqual(LEVELS);
  LEVELS.forEach((level, i) => {
    const alone = computeChanceCorrected(ratings, { ...options, level });
    const result = together[i];
    expect(result?.alpha).toBe(alone.alpha[level]);
    expect(result?.ci95).toEqual(alone.ci95?.alpha);
    expect(result?.bootstrap?.undefinedReplicates).toBe(alone.bootstrap?.undefinedReplicates.alpha);
    const reasons = Object.fromEntries(Object.entries(alone.undefinedReasons).filter(([path]) => path === `alpha.${level}` || path === 'ci95.alpha'));
    expect(result?.undefinedReasons).toEqual(reasons);
  });
}

describe('computeAlphaLevels', () => {
  it('gives every level the figures it gets alone, unit by unit and by cluster', () => {
    for (const seed of [1, 2, 3]) {
      const ratings = randomRatings(60 + seed * 25, seed, 3);
      expectSameAsAlone(ratings, {});
      expectSameAsAlone(ratings, { bootstrap: { replicates: 199, seed } });
      expectSameAsAlone(ratings, { bootstrap: { replicates: 199, seed }, clusterOf: (unit) => unit.split('/')[0] as string });
    }
  });

  it('gives the same reasons when the ratings show no spread or no pairable unit', () => {
    const flat: Rating[] = ['a', 'b', 'c', 'd'].flatMap((unit) => ['r1', 'r2'].map((rater) => ({ unit, rater, value: '4' })));
    expectSameAsAlone(flat, { bootstrap: { replicates: 99, seed: 5 } });
    expect(computeAlphaLevels(flat, LEVELS)[0]?.undefinedReasons['alpha.ordinal']).toBeDefined();
    const single: Rating[] = ['a', 'b', 'c'].map((unit, i) => ({ unit, rater: 'r1', value: String(i + 1) }));
    expectSameAsAlone(single, { bootstrap: { replicates: 99, seed: 5 } });
  });

  it('refuses a level the ratings do not allow, as computeChanceCorrected does', () => {
    const words: Rating[] = [
      { unit: 'a', rater: 'r1', value: 'low' },
      { unit: 'a', rater: 'r2', value: 'high' },
    ];
    expect(() => computeAlphaLevels(words, LEVELS)).toThrow(/the ordinal level needs numeric values or a declared order/);
    expect(() => computeAlphaLevels(words, ['nominal', 'interval'])).toThrow(/the interval level needs numeric values/);
  });
});
