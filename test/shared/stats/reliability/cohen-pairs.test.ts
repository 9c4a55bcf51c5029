// Proves cohenPairs (the report's pairwise kappas without the statistics of all raters) gives
// every pair of raters exactly computeReliability's n, percent agreement and Cohen's kappa, in
// its order, on random ratings with missing ones and raters who share no unit.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { cohenPairs, computeReliability, type Rating } from '../../../../shared/stats/reliability';

function randomRatings(seed: number): Rating[] {
  const prng = createPrng(seed);
  const values = ['yes', 'no', 'irrelevant'];
  const ratings: Rating[] = [];
  for (let u = 0; u < 120; u++) {
    const truth = prng.pick(values);
    // Raters r0-r3 share the first half of the units, r4-r5 the second: some pairs share none.
    const raters = u < 60 ? ['r0', 'r1', 'r2', 'r3'] : ['r4', 'r5', 'r0'];
    for (const rater of raters) {
      if (prng.chance(0.2)) continue;
      ratings.push({ unit: `u${u}`, rater, value: prng.chance(0.7) ? truth : prng.pick(values) });
    }
  }
  return ratings;
}

describe('cohenPairs', () => {
  it("gives computeReliability's pairs, figure for figure", () => {
    for (const seed of [1, 2, 3, 4]) {
      const ratings = randomRatings(seed);
      const expected = computeReliability(ratings).pairs.map(({ a, b, n, percentAgreement, cohenKappa }) => ({ a, b, n, percentAgreement, cohenKappa }));
      expect(expected.some((pair) => pair.n === 0)).toBe(true);
      expect(cohenPairs(ratings)).toEqual(expected);
    }
  });

  it('refuses a rater rating a unit twice, as computeReliability does', () => {
    const twice: Rating[] = [
      { unit: 'u1', rater: 'r1', value: 'yes' },
      { unit: 'u1', rater: 'r1', value: 'no' },
    ];
    expect(() => computeReliability(twice)).toThrow();
    expect(() => cohenPairs(twice)).toThrow();
  });
});
