// The shares of K answer labels (yes / no / irrelevant) corrected for the judge's errors through
// its whole K x K confusion matrix (issue 32 point 2), with a 95% interval that counts both the
// calibration sample's and the judged sample's uncertainty. Pure: counts in, figures out.
//
// The method is the confusion-matrix ("matrix method") correction, as in Lipton, Wang and Smola
// 2018's black-box shift estimation: C[i][j] = P(judge says j | true label i) from the calibration
// counts (people's majority label i, judge's label j), each row divided by its total; p = the
// judge's label shares on the judged sample. If the judge errs alike in both samples,
// p = C^T pi, so the true shares are pi = B p with B = (C^T)^-1. At K = 2 this is Rogan-Gladen.
// It assumes the calibration units of each true label are a random sample of that label's units,
// the judged units are a random sample of their own population, and the judge's error rates per
// true label are the same in both (the true shares may differ): label shift, not concept shift.
//
// The interval (delta method). Perturbing p by dp and each row c_i of C by dc_i, from C^T pi = p:
//   d pi = B (dp - sum_i pi_i dc_i),
// since (dC^T pi)_j = sum_i pi_i dC[i][j]. p is multinomial over the n judged units and each row
// c_i multinomial over its m_i calibration units, all independent given the row totals, so
//   Var(pi) = B [ (diag(p) - p p^T) / n + sum_i pi_i^2 (diag(c_i) - c_i c_i^T) / m_i ] B^T,
// evaluated at the estimates. A combination w^T pi has variance w^T Var(pi) w; its interval is the
// estimate -/+ z(0.975) se. At K = 2 the variance is Lee et al. 2025's (corrected-score.ts) before
// their smoothing, which is not applied here.

import type { Interval } from '../interval';
import { normalQuantile } from '../normal-quantile';

/** One true label's corrected share. */
export interface CorrectedLabelShare {
  /**
   * pi_k from the shares as a whole made a distribution again when they left it: the nearest
   * shares (least squares) that are none negative and sum to one. Equal to unclampedShare when
   * no share was negative; at K = 2 the same as clamping theta to [0, 1].
   */
  share: number;
  /** pi_k as the inversion gives it; below 0 (or above 1) when the judge's shares are out of its reach. */
  unclampedShare: number;
  /** The delta method's standard error of pi_k, counting both samples. */
  se: number;
  /** The 95% interval, both ends clamped to [0, 1]. */
  ci95: Interval;
  /** unclampedShare -/+ z(0.975) se. */
  unclampedCi95: Interval;
}

export interface ConfusionCorrectedShares {
  /** C[i][j]: of the calibration units people gave label i, the share the judge gave label j. */
  judgeConfusion: number[][];
  /** p[j]: the share of judged units the judge gave label j, the figure before correction. */
  judgedShares: number[];
  /** One per label, in label order; null when the judge's errors cannot be undone (see undefinedReason). */
  corrected: CorrectedLabelShare[] | null;
  /** True when some unclamped share was negative, so `share` is not `unclampedShare`: a report says so. */
  clamped: boolean;
  /** Var(pi) by the delta method, K x K; null with `corrected`. */
  covariance: number[][] | null;
  /** Why `corrected` is null. */
  undefinedReason?: string;
}

/** A linear combination w^T pi of the corrected shares, such as "share labelled yes" (w = [1, 0, 0]). */
export interface CorrectedCombination {
  /** w^T of the clamped shares: within [min w, max w], as any combination of true shares is. */
  estimate: number;
  unclampedEstimate: number;
  se: number;
  /** The unclamped interval with both ends clamped to [min w, max w]. */
  ci95: Interval;
  unclampedCi95: Interval;
}

// The two-sided 95% interval, as corrected-score.ts.
const Z95 = normalQuantile(0.975);

// C is row-stochastic, so ||C^T||_1 = 1 and the 1-norm condition number of C^T is ||B||_1: the
// most an error in the judge's shares can be magnified in the corrected ones. Past this the
// correction magnifies even double precision's rounding (1e-16) into visible digits, and the
// judge's label mix barely changes with the truth: no figure rather than noise.
const MAX_MAGNIFICATION = 1e8;
// A pivot this small, on entries no larger than 1, is a singular matrix rounded.
const SINGULAR_PIVOT = 1e-12;

/**
 * The judge's label shares on `judged` corrected through its confusion on `calibration`.
 * `calibration[i][j]` counts units people labelled i and the judge labelled j (rows the true
 * label), `judged[j]` the judged units the judge labelled j; labels are 0..K-1, K >= 2. Counts
 * that no study produces (negative or fractional, a table not K x K, a true label without
 * calibration units, no judged unit) throw a RangeError: a caller's bug, not data. The corrected
 * shares are null, with a reason, when the judge's confusion matrix has no usable inverse.
 */
export function confusionCorrectedShares(calibration: readonly (readonly number[])[], judged: readonly number[]): ConfusionCorrectedShares {
  const K = checkCounts(calibration, judged);
  const rowTotals = calibration.map((row) => sum(row));
  const n = sum(judged);
  const judgeConfusion = calibration.map((row, i) => row.map((count) => count / (rowTotals[i] as number)));
  const judgedShares = judged.map((count) => count / n);
  const uncorrected = (undefinedReason: string): ConfusionCorrectedShares => ({
    judgeConfusion,
    judgedShares,
    corrected: null,
    clamped: false,
    covariance: null,
    undefinedReason,
  });

  const B = inverse(transpose(judgeConfusion));
  if (B === null) {
    return uncorrected(
      "the judge's labels cannot be corrected: it labels some true labels alike (its mix of labels on one true label is the same as, or a blend of, its mix on others), so its label shares cannot tell how many units of each there are",
    );
  }
  const magnification = Math.max(...range(K).map((j) => sum(range(K).map((i) => Math.abs(B[i]![j]!)))));
  if (!(magnification <= MAX_MAGNIFICATION)) {
    return uncorrected(
      `the judge's labels cannot be corrected: its mix of labels hardly changes with the true label, so the correction would magnify any error in its label shares ${magnification.toExponential(1)} times`,
    );
  }

  const pi = multiply(B, judgedShares);
  // The middle of the sandwich: the judged sample's multinomial covariance plus each calibration row's, weighted by pi_i^2.
  const middle = multinomialCovariance(judgedShares, n);
  for (let i = 0; i < K; i++) {
    const rowCovariance = multinomialCovariance(judgeConfusion[i]!, rowTotals[i]!);
    const weight = pi[i]! ** 2;
    for (let a = 0; a < K; a++) for (let b = 0; b < K; b++) middle[a]![b]! += weight * rowCovariance[a]![b]!;
  }
  const covariance = range(K).map((a) => range(K).map((b) => sum(range(K).map((r) => B[a]![r]! * sum(range(K).map((s) => middle[r]![s]! * B[b]![s]!))))));

  const clamped = pi.some((share) => share < 0);
  const shares = clamped ? projectOntoSimplex(pi) : pi;
  const corrected = pi.map((unclampedShare, k): CorrectedLabelShare => {
    const se = Math.sqrt(Math.max(0, covariance[k]![k]!));
    const unclampedCi95: Interval = [unclampedShare - Z95 * se, unclampedShare + Z95 * se];
    return { share: shares[k]!, unclampedShare, se, ci95: clampInterval(unclampedCi95, 0, 1), unclampedCi95 };
  });
  return { judgeConfusion, judgedShares, corrected, clamped, covariance };
}

/**
 * w^T pi with its standard error and interval, for a combination the caller names (weights one
 * per label); null when the shares could not be corrected.
 */
export function correctedCombination(shares: ConfusionCorrectedShares, weights: readonly number[]): CorrectedCombination | null {
  const K = shares.judgedShares.length;
  if (weights.length !== K) throw new RangeError(`a combination needs one weight per label (${K}), not ${weights.length}`);
  if (!weights.every(Number.isFinite)) throw new RangeError(`combination weights must be finite numbers, not [${weights.join(', ')}]`);
  if (shares.corrected === null || shares.covariance === null) return null;
  const { corrected, covariance } = shares;
  const estimate = sum(weights.map((w, k) => w * corrected[k]!.share));
  const unclampedEstimate = sum(weights.map((w, k) => w * corrected[k]!.unclampedShare));
  const variance = sum(range(K).map((a) => sum(range(K).map((b) => weights[a]! * covariance[a]![b]! * weights[b]!))));
  const se = Math.sqrt(Math.max(0, variance));
  const unclampedCi95: Interval = [unclampedEstimate - Z95 * se, unclampedEstimate + Z95 * se];
  return { estimate, unclampedEstimate, se, ci95: clampInterval(unclampedCi95, Math.min(...weights), Math.max(...weights)), unclampedCi95 };
}

/** K, after checking the counts are a K x K table of whole numbers with no empty row and K judged counts, not all 0. */
function checkCounts(calibration: readonly (readonly number[])[], judged: readonly number[]): number {
  const K = calibration.length;
  if (K < 2) throw new RangeError(`the calibration counts need a row per label, at least 2 labels, not ${K}`);
  calibration.forEach((row, i) => {
    if (row.length !== K) throw new RangeError(`calibration row ${i} needs a count per judge label (${K}, the number of rows), not ${row.length}`);
    row.forEach((count, j) => checkCount(`calibration count [${i}][${j}]`, count));
    if (sum(row) === 0) {
      throw new RangeError(
        `calibration row ${i} is empty: the judge's errors on units people labelled ${i} need at least one such unit (leave label ${i} out, or merge it into another)`,
      );
    }
  });
  if (judged.length !== K) throw new RangeError(`the judged counts need a count per label (${K}, as the calibration counts), not ${judged.length}`);
  judged.forEach((count, j) => checkCount(`judged count [${j}]`, count));
  if (sum(judged) === 0) throw new RangeError('the judged counts are all 0: there is no judged unit to correct');
  return K;
}

function checkCount(name: string, count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`${name} must be a whole number of 0 or more, not ${count}`);
}

/** The inverse by Gauss-Jordan elimination with partial pivoting; null when a pivot vanishes. */
function inverse(matrix: readonly (readonly number[])[]): number[][] | null {
  const K = matrix.length;
  const work = matrix.map((row, i) => [...row, ...range(K).map((j) => (i === j ? 1 : 0))]);
  for (let column = 0; column < K; column++) {
    let pivotRow = column;
    for (let r = column + 1; r < K; r++) if (Math.abs(work[r]![column]!) > Math.abs(work[pivotRow]![column]!)) pivotRow = r;
    if (!(Math.abs(work[pivotRow]![column]!) > SINGULAR_PIVOT)) return null;
    [work[column], work[pivotRow]] = [work[pivotRow]!, work[column]!];
    const pivot = work[column]!;
    const scale = pivot[column]!;
    for (let c = 0; c < 2 * K; c++) pivot[c]! /= scale;
    for (let r = 0; r < K; r++) {
      if (r === column) continue;
      const row = work[r]!;
      const factor = row[column]!;
      if (factor !== 0) for (let c = 0; c < 2 * K; c++) row[c]! -= factor * pivot[c]!;
    }
  }
  return work.map((row) => row.slice(K));
}

/** (diag(shares) - shares shares^T) / count: the covariance of a multinomial's shares. */
function multinomialCovariance(shares: readonly number[], count: number): number[][] {
  return shares.map((a, i) => shares.map((b, j) => ((i === j ? a : 0) - a * b) / count));
}

/**
 * The nearest point (least squares) with no negative share that sums to one: every share less one
 * common amount tau, floored at 0 (Held, Wolfe and Crowder 1974; Duchi et al. 2008's sort).
 */
function projectOntoSimplex(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => b - a);
  let running = 0;
  let tau = 0;
  sorted.forEach((value, index) => {
    running += value;
    const candidate = (running - 1) / (index + 1);
    if (value - candidate > 0) tau = candidate;
  });
  return values.map((value) => Math.max(0, value - tau));
}

function clampInterval([low, high]: Interval, min: number, max: number): Interval {
  const clamp = (x: number): number => Math.min(max, Math.max(min, x));
  return [clamp(low), clamp(high)];
}

function transpose(matrix: readonly (readonly number[])[]): number[][] {
  return matrix.map((_, j) => matrix.map((row) => row[j]!));
}

function multiply(matrix: readonly (readonly number[])[], vector: readonly number[]): number[] {
  return matrix.map((row) => sum(row.map((value, j) => value * vector[j]!)));
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
