// Agreement of two rankings (SPEC §4, "does the judge rank the players the way humans would?"):
// Kendall's tau-b with ties, extrapolated rank-biased overlap, and a seeded permutation test
// of tau-b. Pure functions over small lists (one entry per player model).

import { createPrng } from '../../random/prng';
import { normalCdf } from '../normal-cdf';

/**
 * Kendall's tau-b of paired scores (Kendall 1945): (concordant - discordant) /
 * sqrt((n0 - tiedX) (n0 - tiedY)) over all n0 = n(n-1)/2 pairs, which corrects for ties on
 * either side. Null with fewer than 2 pairs, or when one side is all ties (no ordering to compare).
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`kendallTauB needs paired scores; got ${x.length} and ${y.length}`);
  const n = x.length;
  if (n < 2) return null;
  let score = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign((x[i] as number) - (x[j] as number));
      const dy = Math.sign((y[i] as number) - (y[j] as number));
      if (dx === 0) tiedX++;
      if (dy === 0) tiedY++;
      score += dx * dy;
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiedX) * (pairs - tiedY));
  return denominator > 0 ? score / denominator : null;
}

/**
 * The two-sided p-value of Kendall's tau (the same for tau-b and tau-c: it depends only on
 * concordant minus discordant pairs, S), as scipy.stats.kendalltau computes it with method
 * 'auto' (scipy 1.10-1.16, _stats_py.py and _mstats_basic._kendall_p_exact): exact when neither
 * side has a tie and n <= 33 or at most one pair is discordant (or concordant), from the
 * distribution of inversions of a random permutation; else the normal approximation of S with
 * Kendall's (1970) variance with ties, no continuity correction. Null where kendallTauB is null.
 * It assumes the pairs are exchangeable under the null of no association (no clustering).
 */
export function kendallTauP(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`kendallTauP needs paired scores; got ${x.length} and ${y.length}`);
  const n = x.length;
  if (n < 2) return null;
  let discordant = 0;
  let score = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const product = Math.sign((x[i] as number) - (x[j] as number)) * Math.sign((y[i] as number) - (y[j] as number));
      score += product;
      if (product < 0) discordant++;
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const tiesX = tieSums(x);
  const tiesY = tieSums(y);
  if (tiesX.pairs === pairs || tiesY.pairs === pairs) return null;
  if (tiesX.pairs === 0 && tiesY.pairs === 0 && (n <= 33 || Math.min(discordant, pairs - discordant) <= 1)) {
    return exactKendallP(n, pairs - discordant);
  }
  const m = n * (n - 1);
  const variance =
    (m * (2 * n + 5) - tiesX.cubic - tiesY.cubic) / 18 + (2 * tiesX.pairs * tiesY.pairs) / m + (tiesX.triples * tiesY.triples) / (9 * m * (n - 2));
  return Math.min(1, 2 * normalCdf(-Math.abs(score) / Math.sqrt(variance)));
}

/** Over the groups of equal values, of sizes t: the tied pairs t(t-1)/2, t(t-1)(t-2) and t(t-1)(2t+5). */
function tieSums(values: readonly number[]): { pairs: number; triples: number; cubic: number } {
  const sizes = new Map<number, number>();
  for (const value of values) sizes.set(value, (sizes.get(value) ?? 0) + 1);
  let pairs = 0;
  let triples = 0;
  let cubic = 0;
  for (const t of sizes.values()) {
    pairs += (t * (t - 1)) / 2;
    triples += t * (t - 1) * (t - 2);
    cubic += t * (t - 1) * (2 * t + 5);
  }
  return { pairs, triples, cubic };
}

/**
 * The exact two-sided p of `concordant` pairs among n untied pairs (scipy's _kendall_p_exact):
 * twice the probability that a random permutation has at most min(c, pairs - c) inversions,
 * counted by the recursion over permutation lengths; the counts are scaled by 1/j as they grow
 * so that they stay finite at any n (scipy scales only past n = 170, to the same value).
 */
function exactKendallP(n: number, concordant: number): number {
  const pairs = (n * (n - 1)) / 2;
  const c = Math.min(concordant, pairs - concordant);
  if (n <= 2 || 4 * c === n * (n - 1)) return 1;
  // counts[k]: permutations of j elements with k inversions (k <= c), divided by j!.
  let counts = new Float64Array(c + 1);
  counts[0] = 1 / 2;
  if (c >= 1) counts[1] = 1 / 2;
  for (let j = 3; j <= n; j++) {
    const next = new Float64Array(c + 1);
    let running = 0;
    for (let k = 0; k <= c; k++) {
      running += counts[k] as number;
      if (k >= j) running -= counts[k - j] as number;
      next[k] = running / j;
    }
    counts = next;
  }
  let sum = 0;
  for (let k = 0; k <= c; k++) sum += counts[k] as number;
  return Math.min(1, Math.max(0, 2 * sum));
}

/**
 * Rank-biased overlap of two rankings, best first (Webber, Moffat & Zobel 2010, "A similarity
 * measure for indefinite rankings", ACM TOIS 28(4)). This is the extrapolated RBO_ext of their
 * eq. 32 for finite lists of possibly different lengths, which assumes the agreement seen at the
 * deepest depth continues: identical lists score exactly 1, disjoint lists 0. (The lower bound
 * RBO_min would score identical short lists below 1.) Items are distinct within a list; ties
 * must be broken before calling. Null when either list is empty.
 */
export function rankBiasedOverlap(first: readonly string[], second: readonly string[], p = 0.9): number | null {
  if (!(p > 0 && p < 1)) throw new RangeError(`rank-biased overlap needs 0 < p < 1, not ${p}`);
  const [short, long] = first.length <= second.length ? [first, second] : [second, first];
  const s = short.length;
  const l = long.length;
  if (s === 0) return null;
  const seenShort = new Set<string>();
  const seenLong = new Set<string>();
  let overlap = 0;
  let overlapAtS = 0;
  let sum = 0;
  let weight = 1;
  for (let d = 1; d <= l; d++) {
    weight *= p;
    if (d <= s) {
      const item = short[d - 1] as string;
      if (seenLong.has(item)) overlap++;
      seenShort.add(item);
    }
    const item = long[d - 1] as string;
    if (seenShort.has(item)) overlap++;
    seenLong.add(item);
    if (d === s) overlapAtS = overlap;
    sum += (overlap / d) * weight;
    // Beyond the short list's end, eq. 32 extrapolates its overlap at depth s.
    if (d > s) sum += ((overlapAtS * (d - s)) / (s * d)) * weight;
  }
  return ((1 - p) / p) * sum + ((overlap - overlapAtS) / l + overlapAtS / s) * weight;
}

export interface PermutationOptions {
  /** Random permutations to draw when there are more orderings than this (10,000 by default). */
  permutations?: number;
  seed: number;
}

const TAU_TOLERANCE = 1e-12;

/**
 * Two-sided permutation p-value of Kendall's tau-b: how often shuffling `y` against `x` gives
 * |tau-b| at least as large as observed. Exact (count / n!) over every ordering when n! is no
 * more than the permutation budget; otherwise from seeded random shuffles, as
 * (count + 1) / (permutations + 1) so that p is never 0 (Phipson & Smyth 2010). Shuffling keeps
 * the ties of each side, so every permuted tau-b is defined when the observed one is.
 */
export function kendallPermutationP(x: readonly number[], y: readonly number[], options: PermutationOptions): number | null {
  const observed = kendallTauB(x, y);
  if (observed === null) return null;
  const threshold = Math.abs(observed) - TAU_TOLERANCE;
  const budget = options.permutations ?? 10_000;
  const n = y.length;
  const shuffled = [...y];
  const extreme = (): number => (Math.abs(kendallTauB(x, shuffled) ?? 0) >= threshold ? 1 : 0);

  let orderings = 1;
  for (let i = 2; i <= n && orderings <= budget; i++) orderings *= i;
  if (orderings <= budget) {
    // Heap's algorithm visits every ordering of `shuffled` once.
    let count = extreme();
    const c = new Array<number>(n).fill(0);
    let i = 1;
    while (i < n) {
      const ci = c[i] as number;
      if (ci < i) {
        const j = i % 2 === 0 ? 0 : ci;
        [shuffled[j], shuffled[i]] = [shuffled[i] as number, shuffled[j] as number];
        count += extreme();
        c[i] = ci + 1;
        i = 1;
      } else {
        c[i] = 0;
        i++;
      }
    }
    return count / orderings;
  }

  const rng = createPrng(options.seed);
  let count = 0;
  for (let r = 0; r < budget; r++) {
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [shuffled[j], shuffled[i]] = [shuffled[i] as number, shuffled[j] as number];
    }
    count += extreme();
  }
  return (count + 1) / (budget + 1);
}
