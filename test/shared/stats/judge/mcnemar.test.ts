// Exact McNemar tests and Holm's adjustment: statsmodels' values on the committed tables and
// p-value lists, every small table against a plainly written binomial sum in exact integers,
// and the paired judge-against-judge counts.

import { describe, expect, it } from 'vitest';
import { holm, MCNEMAR_REASONS, mcnemarExact, pairedJudgeComparison, type PairedUnit } from '../../../../shared/stats/judge/mcnemar';
import { close, REFERENCE } from './reference';

/** min(1, 2 * sum_{k <= min(b, c)} C(b + c, k) / 2^(b + c)), the sum in exact integers. */
function plainExactP(b: number, c: number): number {
  const n = BigInt(b + c);
  let coefficient = 1n;
  let tail = 0n;
  for (let k = 0n; k <= BigInt(Math.min(b, c)); k++) {
    if (k > 0n) coefficient = (coefficient * (n - k + 1n)) / k;
    tail += coefficient;
  }
  // 2 * tail / 2^n, keeping tail's top 64 bits so that neither part overflows a double.
  const shift = Math.max(0, tail.toString(2).length - 64);
  return Math.min(1, 2 * Number(tail >> BigInt(shift)) * 2 ** (shift - Number(n)));
}

describe('mcnemarExact', () => {
  for (const t of REFERENCE.mcnemar) {
    it(`matches statsmodels on b = ${t.b}, c = ${t.c}`, () => {
      const result = mcnemarExact(t.b, t.c);
      expect(result.statistic).toBe(t.statistic);
      expect(close(result.pValue, t.pvalue), `${result.pValue} vs ${t.pvalue}`).toBe(true);
    });
  }

  it('matches the plain binomial sum on every table with b + c up to 60', () => {
    for (let n = 1; n <= 60; n++) {
      for (let b = 0; b <= n; b++) {
        const p = mcnemarExact(b, n - b).pValue;
        expect(close(p, plainExactP(b, n - b)), `b = ${b}, c = ${n - b}: ${p}`).toBe(true);
      }
    }
  });

  it('stays finite and accurate where 2^-(b + c) underflows', () => {
    // n = 3000 > 1074: 2^-n alone is 0 in a double, yet p is about 3e-4.
    const p = mcnemarExact(1400, 1600).pValue;
    expect(Math.abs(p - plainExactP(1400, 1600))).toBeLessThan(1e-11 * p);
    expect(p).toBeGreaterThan(1e-4);
    expect(mcnemarExact(0, 5000).pValue).toBe(0);
  });

  it('gives p = 1 with a reason when no pair is discordant', () => {
    expect(mcnemarExact(0, 0)).toEqual({ b: 0, c: 0, statistic: 0, pValue: 1, reason: MCNEMAR_REASONS.noDiscordantPair });
    expect(mcnemarExact(4, 4).pValue).toBe(1);
    expect(mcnemarExact(4, 4).reason).toBeUndefined();
  });
});

describe('pairedJudgeComparison', () => {
  const units = (bothAgree: number, onlyA: number, onlyB: number, neither: number): PairedUnit[] => [
    ...Array.from({ length: bothAgree }, () => ({ aAgrees: true, bAgrees: true })),
    ...Array.from({ length: onlyA }, () => ({ aAgrees: true, bAgrees: false })),
    ...Array.from({ length: onlyB }, () => ({ aAgrees: false, bAgrees: true })),
    ...Array.from({ length: neither }, () => ({ aAgrees: false, bAgrees: false })),
  ];

  it('counts the four kinds of unit and tests onlyA against onlyB', () => {
    // statsmodels' table [[10, 3], [9, 4]]: both agree 10, only A 3, only B 9, neither 4.
    const result = pairedJudgeComparison(units(10, 3, 9, 4));
    expect(result).toMatchObject({ n: 26, bothAgree: 10, onlyA: 3, onlyB: 9, neitherAgrees: 4 });
    expect(result.difference).toBeCloseTo((13 - 19) / 26, 14);
    const reference = REFERENCE.mcnemar.find((t) => t.b === 3 && t.c === 9);
    expect(close(result.mcnemar.pValue, reference?.pvalue ?? -1)).toBe(true);
  });

  it('has no difference, with a reason, when there is no unit', () => {
    const result = pairedJudgeComparison([]);
    expect(result.difference).toBeNull();
    expect(result.reason).toBe(MCNEMAR_REASONS.noPairedUnit);
    expect(result.mcnemar.pValue).toBe(1);
  });
});

describe('holm', () => {
  for (const h of REFERENCE.holm) {
    it(`matches statsmodels' multipletests on ${h.pvalues.length} p-values`, () => {
      const adjusted = holm(h.pvalues);
      h.adjusted.forEach((expected, i) => expect(close(adjusted[i] ?? null, expected), `${i}: ${adjusted[i]} vs ${expected}`).toBe(true));
    });
  }

  it('is monotone in the raw p-values, never below them, and capped at 1', () => {
    const raw = [0.003, 0.2, 0.04, 0.5, 0.01, 0.04, 0.9];
    const adjusted = holm(raw);
    raw.forEach((p, i) => {
      expect(adjusted[i]).toBeGreaterThanOrEqual(p);
      expect(adjusted[i]).toBeLessThanOrEqual(1);
      raw.forEach((q, j) => {
        if (p < q) expect(adjusted[i]).toBeLessThanOrEqual(adjusted[j] ?? 0);
      });
    });
  });

  it('gives tied p-values one adjusted value whatever their order, and nothing for no p-value', () => {
    expect(holm([0.04, 0.01, 0.04])).toEqual([0.08, 0.03, 0.08]);
    expect(holm([0.01, 0.04, 0.04])).toEqual([0.03, 0.08, 0.08]);
    expect(holm([])).toEqual([]);
  });
});
