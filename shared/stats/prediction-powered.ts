// Prediction-powered inference of a mean (Angelopoulos, Bates, Fannjiang, Jordan and Zrnic,
// Science 2023) with PPI++'s power tuning (Angelopoulos, Duchi and Zrnic 2023), issue 32: a
// judge's labels on many items and people's on a few give an unbiased estimate of the people's
// mean whose interval is about as narrow as the judge is good, and with the tuning about no wider
// than the people's alone. Computed as ppi_py's ppi_mean_pointestimate and ppi_mean_ci compute it
// in one dimension without weights (aangelopoulos/ppi_py@bd90caa, checked against it in the tests):
//   lambda = cov(Y, Yhat) / ((1 + n / N) var(Yhat and Yhat_unlabelled together)), clipped to [0, 1],
//   the covariance over n, the variance over n + N - 1;
//   estimate = lambda mean(Yhat_unlabelled) + mean(Y - lambda Yhat);
//   se^2 = var(lambda Yhat_unlabelled) / N + var(Y - lambda Yhat) / n, both variances over their count;
//   the interval estimate -/+ z(0.975) se, the central limit theorem's.
// It assumes the labelled items are a uniform random sample of all of them, independent items.

import type { Interval } from './interval';
import { normalQuantile } from './normal-quantile';

export interface PredictionPoweredMean {
  estimate: number;
  /** The tuning weight used: 0 gives the mean of the people's labels alone, 1 plain PPI. */
  lambda: number;
  se: number;
  ci95: Interval;
  /**
   * How many labels people alone would need for the same standard error: n times the ratio of the
   * variances, var(Y) / se^2 (n itself at lambda 0). Above n, the judge's labels saved the rest.
   */
  effectiveLabels: number;
}

/**
 * The PPI++ mean of `labelled` (people's values, n of them) with `predicted` (the judge's on the
 * same items, in the same order) and `unlabelledPredicted` (the judge's on the N items people did
 * not label). `lambda` fixes the weight instead of tuning it. Where the judge's values never vary
 * there is nothing to tune on (ppi_py gives NaN): lambda is 0, the people's mean.
 */
export function predictionPoweredMean(
  labelled: readonly number[],
  predicted: readonly number[],
  unlabelledPredicted: readonly number[],
  lambda?: number,
): PredictionPoweredMean {
  const n = labelled.length;
  const N = unlabelledPredicted.length;
  if (predicted.length !== n) throw new RangeError(`a prediction per labelled item is needed: ${n} labels and ${predicted.length} predictions`);
  if (n === 0 || N === 0) throw new RangeError(`prediction-powered inference needs labelled and unlabelled items: ${n} labelled, ${N} unlabelled`);
  if (lambda !== undefined && !(lambda >= 0 && lambda <= 1)) throw new RangeError(`lambda must be from 0 to 1, not ${lambda}`);
  const weight = lambda ?? tunedLambda(labelled, predicted, unlabelledPredicted);
  const rectifier = labelled.map((y, i) => y - weight * (predicted[i] as number));
  const imputed = unlabelledPredicted.map((value) => weight * value);
  const estimate = mean(imputed) + mean(rectifier);
  const se = Math.sqrt(populationVariance(imputed) / N + populationVariance(rectifier) / n);
  const half = normalQuantile(0.975) * se;
  const effectiveLabels = se > 0 ? populationVariance(labelled) / se ** 2 : n;
  return { estimate, lambda: weight, se, ci95: [estimate - half, estimate + half], effectiveLabels };
}

/**
 * The sums a prediction-powered mean is computed from: for the n labelled items the people's
 * values y and the judge's f, for the N unlabelled the judge's u. A cluster bootstrap adds them
 * up per drawn cluster instead of keeping every item (the report's scores, issue 32).
 */
export interface PredictionPoweredSums {
  n: number;
  y: number;
  yy: number;
  f: number;
  ff: number;
  yf: number;
  N: number;
  u: number;
  uu: number;
}

/**
 * predictionPoweredMean from the sums, the same formulas written with them (equal to it to
 * rounding; the tests hold them to 1e-12): the tuned weight, the estimate, its standard error,
 * interval and effective labels. Null where it is undefined: fewer than 2 labelled or no
 * unlabelled items.
 */
export function predictionPoweredMeanOfSums(sums: PredictionPoweredSums, lambda?: number): PredictionPoweredMean | null {
  const { n, N } = sums;
  if (n < 2 || N < 1) return null;
  if (lambda !== undefined && !(lambda >= 0 && lambda <= 1)) throw new RangeError(`lambda must be from 0 to 1, not ${lambda}`);
  const weight = lambda ?? tunedLambdaOfSums(sums);
  const rectifierMean = (sums.y - weight * sums.f) / n;
  const rectifierVariance = nonNegative((sums.yy - 2 * weight * sums.yf + weight * weight * sums.ff) / n - rectifierMean * rectifierMean);
  const unlabelledMean = sums.u / N;
  const imputedVariance = nonNegative(weight * weight * (sums.uu / N - unlabelledMean * unlabelledMean));
  const estimate = weight * unlabelledMean + rectifierMean;
  const se = Math.sqrt(imputedVariance / N + rectifierVariance / n);
  const half = normalQuantile(0.975) * se;
  const labelledMean = sums.y / n;
  const effectiveLabels = se > 0 ? nonNegative(sums.yy / n - labelledMean * labelledMean) / se ** 2 : n;
  return { estimate, lambda: weight, se, ci95: [estimate - half, estimate + half], effectiveLabels };
}

function tunedLambdaOfSums({ n, y, f, ff, yf, N, u, uu }: PredictionPoweredSums): number {
  const covariance = yf / n - (y / n) * (f / n);
  const all = n + N;
  const allMean = (f + u) / all;
  const variance = (nonNegative((ff + uu) / all - allMean * allMean) * all) / (all - 1);
  if (!(variance > 0)) return 0;
  return Math.min(1, Math.max(0, covariance / ((1 + n / N) * variance)));
}

/** A variance from sums can come out a rounding error below 0. */
function nonNegative(value: number): number {
  return value > 0 ? value : 0;
}

/** PPI++'s weight minimising the estimate's variance (ppi_py's _calc_lam_glm for a mean), clipped to [0, 1]. */
function tunedLambda(labelled: readonly number[], predicted: readonly number[], unlabelledPredicted: readonly number[]): number {
  const n = labelled.length;
  const N = unlabelledPredicted.length;
  const labelledMean = mean(labelled);
  const predictedMean = mean(predicted);
  let covariance = 0;
  for (let i = 0; i < n; i++) covariance += ((labelled[i] as number) - labelledMean) * ((predicted[i] as number) - predictedMean);
  covariance /= n;
  const all = [...predicted, ...unlabelledPredicted];
  const variance = (populationVariance(all) * all.length) / (all.length - 1);
  if (!(variance > 0)) return 0;
  return Math.min(1, Math.max(0, covariance / ((1 + n / N) * variance)));
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

function populationVariance(values: readonly number[]): number {
  const center = mean(values);
  let sum = 0;
  for (const value of values) sum += (value - center) ** 2;
  return sum / values.length;
}
