// kendallTauP, the p-value of Kendall's tau as scipy.stats.kendalltau gives it (method 'auto'):
// against SciPy 1.10.1 on its own examples and cases for every branch (test/fixtures/kendall-tau),
// and the exact branch against a plain count over every permutation.

import { describe, expect, it } from 'vitest';
import reference from '../../../fixtures/kendall-tau/reference.json';
import { kendallTauB, kendallTauP } from '../../../../shared/stats/study/rank-correlation';

interface Case {
  name: string;
  x: number[];
  y: number[];
  tau_b: number | null;
  p_auto: number | null;
}

/** Relative closeness, for p-values that span 1e-47 to 1. */
function expectClose(actual: number | null, expected: number | null) {
  if (expected === null) return expect(actual).toBeNull();
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9 * Math.abs(expected) + 1e-15);
}

/** Every ordering of 0..n-1. */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((shorter) => Array.from({ length: n }, (_, at) => [...shorter.slice(0, at), n - 1, ...shorter.slice(at)]));
}

describe('kendallTauP', () => {
  it.each(reference.cases as Case[])('equals scipy.stats.kendalltau on $name', ({ x, y, tau_b, p_auto }) => {
    expectClose(kendallTauB(x, y), tau_b);
    expectClose(kendallTauP(x, y), p_auto);
  });

  it('is, without ties, twice the share of all n! orderings with at most as many discordant pairs (n = 3 to 7)', () => {
    const discordant = (order: readonly number[]) => {
      let count = 0;
      for (let i = 0; i < order.length; i++) for (let j = i + 1; j < order.length; j++) if ((order[i] as number) > (order[j] as number)) count++;
      return count;
    };
    for (let n = 3; n <= 7; n++) {
      const all = permutations(n);
      const counts = all.map(discordant);
      const pairs = (n * (n - 1)) / 2;
      for (const order of all.slice(0, 40)) {
        const d = discordant(order);
        const tail = Math.min(d, pairs - d);
        const share = counts.filter((count) => Math.min(count, pairs - count) <= tail).length / all.length;
        // Both tails: orderings as far from the middle as this one, on either side (a tie at the middle is p = 1).
        const plain = 4 * tail === n * (n - 1) ? 1 : Math.min(1, share);
        expectClose(
          kendallTauP(
            Array.from({ length: n }, (_, i) => i),
            order,
          ),
          plain,
        );
      }
    }
  });

  it('refuses unpaired scores and is null with fewer than two pairs', () => {
    expect(() => kendallTauP([1, 2], [1])).toThrow(RangeError);
    expect(kendallTauP([1], [1])).toBeNull();
  });
});
