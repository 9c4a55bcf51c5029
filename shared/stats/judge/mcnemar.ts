// Exact McNemar tests for judge validation (issue 15 points 4 and 5): is the skew of a judge's
// errors, or the gap between two judges on the same units, more than chance? Also the Holm
// step-down adjustment the report applies when it prints many of these p-values at once.

/** An exact McNemar test on the discordant pairs b and c, as statsmodels' `mcnemar(table, exact=True)` computes it. */
export interface McNemar {
  b: number;
  c: number;
  /** min(b, c): the exact test's statistic, as statsmodels reports it. */
  statistic: number;
  /** Two-sided: min(1, 2 * P(X <= min(b, c))) for X ~ Binomial(b + c, 1/2). */
  pValue: number;
  /** Why the test says nothing: set when b + c = 0 (p is then 1, as statsmodels returns). */
  reason?: string;
}

export const MCNEMAR_REASONS = {
  noDiscordantPair: 'no discordant pair (b + c = 0): nothing to test, p = 1',
  noPairedUnit: 'no unit was judged by both judges and labelled by people',
} as const;

/**
 * P(X <= k) for X ~ Binomial(n, 1/2), for 0 <= k <= n / 2 (the lower tail the two-sided test
 * needs). The terms shrink going down from k, so the sum is taken relative to the largest term,
 * C(n, k) / 2^n, which is built in logs: 2^-n alone underflows beyond n = 1074.
 */
function lowerTailHalf(k: number, n: number): number {
  let logTerm = -n * Math.LN2;
  for (let i = 1; i <= k; i++) logTerm += Math.log((n - k + i) / i);
  // Sum term(j) / term(k) for j = k, k - 1, ..., 0, adding the smallest first so rounding stays small.
  const ratios: number[] = [1];
  let ratio = 1;
  for (let j = k; j > 0; j--) {
    ratio *= j / (n - j + 1);
    ratios.push(ratio);
  }
  let sum = 0;
  for (let i = ratios.length - 1; i >= 0; i--) sum += ratios[i] ?? 0;
  return Math.exp(logTerm) * sum;
}

/** The exact two-sided McNemar test of b against c (counts of the two kinds of discordant pair). */
export function mcnemarExact(b: number, c: number): McNemar {
  const statistic = Math.min(b, c);
  const n = b + c;
  if (n === 0) return { b, c, statistic, pValue: 1, reason: MCNEMAR_REASONS.noDiscordantPair };
  return { b, c, statistic, pValue: Math.min(1, 2 * lowerTailHalf(statistic, n)) };
}

/** Two judges scored on the same units: on each, whether judge A, and whether judge B, agrees with people. */
export interface PairedUnit {
  aAgrees: boolean;
  bAgrees: boolean;
}

export interface PairedComparison {
  /** Units both judges have a verdict on that people labelled. */
  n: number;
  bothAgree: number;
  /** A agrees with people where B does not: McNemar's b. */
  onlyA: number;
  /** B agrees with people where A does not: McNemar's c. */
  onlyB: number;
  neitherAgrees: number;
  /** A's agreement minus B's, (onlyA - onlyB) / n; null when n is 0. */
  difference: number | null;
  /** The exact McNemar test of onlyA against onlyB. */
  mcnemar: McNemar;
  reason?: string;
}

/** Judge A against judge B on the same units (issue 15 point 5): the paired difference in agreement with people and its exact McNemar p. */
export function pairedJudgeComparison(units: Iterable<PairedUnit>): PairedComparison {
  let bothAgree = 0;
  let onlyA = 0;
  let onlyB = 0;
  let neitherAgrees = 0;
  for (const { aAgrees, bAgrees } of units) {
    if (aAgrees && bAgrees) bothAgree++;
    else if (aAgrees) onlyA++;
    else if (bAgrees) onlyB++;
    else neitherAgrees++;
  }
  const n = bothAgree + onlyA + onlyB + neitherAgrees;
  const mcnemar = mcnemarExact(onlyA, onlyB);
  const counts = { n, bothAgree, onlyA, onlyB, neitherAgrees, mcnemar };
  if (n === 0) return { ...counts, difference: null, reason: MCNEMAR_REASONS.noPairedUnit };
  return { ...counts, difference: (onlyA - onlyB) / n };
}

/**
 * Holm's step-down adjustment, as statsmodels' `multipletests(p, method='holm')` returns it: the
 * i-th smallest p (from 0) times (m - i), made monotone by a running maximum, capped at 1.
 * Returned in the input's order; tied p-values get the same adjusted value whatever their order.
 * Takes p-values in [0, 1], as this module's tests give them; a null p (no test) is left out by the caller.
 */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted: number[] = new Array<number>(m).fill(1);
  let runningMax = 0;
  order.forEach(({ p, i }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, p * (m - rank)));
    adjusted[i] = runningMax;
  });
  return adjusted;
}
