// Kendall's tau-b, rank-biased overlap and tau-b's permutation p-value: their limits, ties, a hand
// computation of Webber et al. eq. 32, full enumeration for small n and seeded shuffles beyond.

import { describe, expect, it } from 'vitest';
import { kendallPermutationP, kendallTauB, rankBiasedOverlap } from '../../../../shared/stats/study/rank-correlation';

describe("Kendall's tau-b", () => {
  it('is 1 for identical rankings and -1 for reversed ones', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [40, 30, 20, 10])).toBe(-1);
  });

  it('corrects for ties on either side', () => {
    // x = 1,2,2,3 and y = 1,2,3,3: of the 6 pairs, (2,3) is tied in x and (3,4) in y, the other
    // 4 are concordant. tau-b = 4 / sqrt((6 - 1)(6 - 1)) = 0.8 (tau-a would be 4/6).
    expect(kendallTauB([1, 2, 2, 3], [1, 2, 3, 3])).toBeCloseTo(0.8, 12);
    // x = 12,2,1,12,2 and y = 1,4,7,1,0 (the scipy.stats.kendalltau example): concordant 2,
    // discordant 6, tied in x 2 pairs, in y 1 pair: -4 / sqrt(8 * 9) = -0.47140452079103173.
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-4 / Math.sqrt(72), 12);
  });

  it('is null with fewer than 2 players or when one side is all ties', () => {
    expect(kendallTauB([1], [1])).toBeNull();
    expect(kendallTauB([], [])).toBeNull();
    expect(kendallTauB([5, 5, 5], [1, 2, 3])).toBeNull();
    expect(() => kendallTauB([1, 2], [1])).toThrow(RangeError);
  });
});

describe('rank-biased overlap (extrapolated, p = 0.9)', () => {
  it('is 1 for identical lists and 0 for disjoint ones', () => {
    expect(rankBiasedOverlap(['a', 'b', 'c'], ['a', 'b', 'c'])).toBeCloseTo(1, 12);
    expect(rankBiasedOverlap(['a'], ['a'])).toBeCloseTo(1, 12);
    expect(rankBiasedOverlap(['a', 'b'], ['c', 'd'])).toBe(0);
  });

  it('matches a hand computation of Webber et al. eq. 32', () => {
    // S = a,b,c and L = a,c,b: overlaps X1 = 1, X2 = 1, X3 = 3.
    // RBO_ext = (0.1/0.9)(1*0.9 + (1/2)*0.81 + (3/3)*0.729) + (3/3)*0.729 = 2.034/9 + 0.729 = 0.955.
    expect(rankBiasedOverlap(['a', 'b', 'c'], ['a', 'c', 'b'])).toBeCloseTo(0.955, 12);
    // The order of the arguments does not matter.
    expect(rankBiasedOverlap(['a', 'c', 'b'], ['a', 'b', 'c'])).toBeCloseTo(0.955, 12);
  });

  it('extrapolates a shorter list that is a prefix of the longer one to full agreement', () => {
    // S = a, L = a,b: sum = 1*0.9 + (1/2)*0.81 + (1*1/(1*2))*0.81 = 1.71; 1.71/9 + (0/2 + 1/1)*0.81 = 1.
    expect(rankBiasedOverlap(['a'], ['a', 'b'])).toBeCloseTo(1, 12);
    // S = b, L = a,b: X1 = Xs = 0, X2 = 1, so nothing to extrapolate from depth 1:
    // (0*0.9 + (1/2)*0.81 + 0)/9 + ((1 - 0)/2 + 0/1)*0.81 = 0.045 + 0.405 = 0.45.
    expect(rankBiasedOverlap(['b'], ['a', 'b'])).toBeCloseTo(0.45, 12);
  });

  it('is null for an empty list and refuses p outside (0, 1)', () => {
    expect(rankBiasedOverlap([], ['a'])).toBeNull();
    expect(() => rankBiasedOverlap(['a'], ['a'], 1)).toThrow(RangeError);
  });
});

describe('permutation p-value of tau-b', () => {
  it('enumerates every ordering when n! is small', () => {
    // n = 3: of the 6 orderings of y only the identity and the reversal reach |tau-b| = 1.
    expect(kendallPermutationP([1, 2, 3], [1, 2, 3], { seed: 1 })).toBeCloseTo(2 / 6, 12);
    // n = 4: 2 of 24.
    expect(kendallPermutationP([1, 2, 3, 4], [4, 3, 2, 1], { seed: 1 })).toBeCloseTo(2 / 24, 12);
    // tau-b = 0 is reached or beaten by every ordering.
    expect(kendallTauB([1, 2, 3, 4], [2, 4, 1, 3])).toBe(0);
    expect(kendallPermutationP([1, 2, 3, 4], [2, 4, 1, 3], { seed: 1 })).toBe(1);
  });

  it('samples seeded shuffles when n! exceeds the budget, and never returns 0', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8];
    const p = kendallPermutationP(x, x, { seed: 9, permutations: 500 });
    // Only 2 of 40,320 orderings reach |tau| = 1, so almost surely none of 500 shuffles does.
    expect(p).toBeCloseTo(1 / 501, 12);
    expect(kendallPermutationP(x, [3, 1, 2, 5, 4, 8, 6, 7], { seed: 9, permutations: 500 })).toBe(
      kendallPermutationP(x, [3, 1, 2, 5, 4, 8, 6, 7], { seed: 9, permutations: 500 }),
    );
  });

  it('is null when tau-b is', () => {
    expect(kendallPermutationP([1], [1], { seed: 1 })).toBeNull();
    expect(kendallPermutationP([1, 1, 1], [1, 2, 3], { seed: 1 })).toBeNull();
  });
});
