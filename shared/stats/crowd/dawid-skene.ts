// The estimated true label of each item from many raters' categorical labels: Dawid and Skene's
// (1979) EM with a full K x K confusion matrix per rater, computed step for step as Toloka's
// crowd-kit computes its DawidSkene (Toloka/crowd-kit@35f0661, checked against it in the tests).
// Owns nothing: it reads the ratings and returns typed arrays it allocated once per fit.
//
// As crowd-kit does it:
//   start: each item's posterior is its majority-vote shares (a tie is split evenly), the priors
//     their mean over the rated items, and the confusion matrices one M-step from there;
//   M-step: per rater, observed label and true label, the sum of the posteriors of the items the
//     rater gave that label, clipped at 1e-10 and divided by its sum over the labels the rater used;
//   E-step: log posterior = log prior (clipped at 1e-10) + the sum over the item's ratings of log
//     confusion, normalised after shifting by its maximum;
//   each iteration is E-step, priors = mean posterior, M-step, then crowd-kit's bound per rating:
//     (sum over ratings and true labels c of posterior_c (log confusion + log prior_c), plus the
//     entropy of the posteriors clipped at 1e-10) / ratings. Its prior term is counted once per
//     rating, not once per item, so it is crowd-kit's bound, not the textbook one; the stopping rule
//     is stated on it, so it is kept. EM stops when the bound gains less than the tolerance (a fall
//     stops it too) or after maxIterations, and returns that iteration's estimates.

import type { CrowdRatings } from './crowd-ratings';

export interface DawidSkeneOptions {
  /** The most EM iterations to run, at least 1; crowd-kit's n_iter, 100 by default. */
  maxIterations?: number;
  /** Stop once the bound per rating gains less than this; crowd-kit's tol, 1e-5 by default. */
  tolerance?: number;
  /**
   * How many times each item counts, as if its ratings were given that many times over by as
   * many copies of it (a bootstrap replicate's draws): 0 leaves the item out. 1 for every item
   * by default, where the fit is crowd-kit's.
   */
  itemWeights?: ArrayLike<number>;
}

const DEFAULT_MAX_ITERATIONS = 100;
const DEFAULT_TOLERANCE = 1e-5;

export interface DawidSkeneFit {
  itemCount: number;
  raterCount: number;
  categoryCount: number;
  /**
   * Item i's probability of true label c at [i * K + c]. An item no one rated has the priors: the
   * ratings say nothing about it. A label no one gave has probability 0 everywhere (crowd-kit never
   * sees such a label). crowd-kit's own probas_ are clipped at 1e-10 as a side effect of computing
   * its bound; these are not, so each row sums to 1.
   */
  posteriors: Float64Array;
  /** The share of each true label: the mean posterior over the rated items. */
  priors: Float64Array;
  /**
   * Rater r's probability of giving label k when the true label is c at [(r * K + c) * K + k]: row
   * the true label, column the observed one, so each row sums to 1 (crowd-kit's errors_ is the
   * transpose, indexed [worker, observed][true]). A label the rater never gave has 0, as crowd-kit
   * normalises over the labels each rater used; a row whose true label no one gave is NaN, and so
   * is every entry of a rater with no ratings.
   */
  confusion: Float64Array;
  /** The EM iterations run, crowd-kit's len(loss_history_). */
  iterations: number;
  /** Whether the bound's gain fell below the tolerance before maxIterations ran out. */
  converged: boolean;
  /** crowd-kit's bound per rating at the last iteration (its loss_history_[-1]); see the top. */
  elbo: number;
}

// crowd-kit's _EPS: the floor on confusion counts, priors and (in the bound) posteriors.
const EPS = 1e-10;

function checkCount(name: string, value: number): void {
  if (!(Number.isInteger(value) && value >= 1)) throw new RangeError(`the number of ${name} must be a whole number of at least 1, not ${value}`);
}

function checkIndex(name: string, value: number | undefined, count: number, rating: number): number {
  if (!(value !== undefined && Number.isInteger(value) && value >= 0 && value < count)) {
    throw new RangeError(`rating ${rating}: the ${name} must be a whole number from 0 to ${count - 1}, not ${value}`);
  }
  return value;
}

export function dawidSkene(ratings: CrowdRatings, options: DawidSkeneOptions = {}): DawidSkeneFit {
  const { itemCount, raterCount, categoryCount: K } = ratings;
  checkCount('items', itemCount);
  checkCount('raters', raterCount);
  checkCount('categories', K);
  const N = ratings.item.length;
  if (ratings.rater.length !== N || ratings.label.length !== N) {
    throw new RangeError(`the item, rater and label columns must have one entry per rating, not ${N}, ${ratings.rater.length} and ${ratings.label.length}`);
  }
  if (N === 0) throw new RangeError('Dawid-Skene needs at least one rating');
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  if (!(Number.isInteger(maxIterations) && maxIterations >= 1))
    throw new RangeError(`maxIterations must be a whole number of at least 1, not ${maxIterations}`);
  if (!(Number.isFinite(tolerance) && tolerance >= 0)) throw new RangeError(`the tolerance must be a finite number of at least 0, not ${tolerance}`);
  const itemWeight = new Float64Array(itemCount).fill(1);
  if (options.itemWeights !== undefined) {
    if (options.itemWeights.length !== itemCount)
      throw new RangeError(`the item weights must have one entry per item (${itemCount}), not ${options.itemWeights.length}`);
    for (let i = 0; i < itemCount; i++) {
      const weight = options.itemWeights[i] as number;
      if (!(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`item ${i}: a weight must be a finite number of at least 0, not ${weight}`);
      itemWeight[i] = weight;
    }
  }

  // EM runs on the labels someone gave (A of them), as crowd-kit knows no others: a label nobody
  // gave would otherwise keep a clipped prior of 1e-10 and move the other posteriors. A rating of
  // an item of weight 0 is no rating at all.
  const labelUsed = new Uint8Array(K);
  let weightedRatings = 0;
  for (let n = 0; n < N; n++) {
    const weight = itemWeight[checkIndex('item', ratings.item[n], itemCount, n)] as number;
    checkIndex('rater', ratings.rater[n], raterCount, n);
    const label = checkIndex('label', ratings.label[n], K, n);
    if (weight === 0) continue;
    labelUsed[label] = 1;
    weightedRatings += weight;
  }
  if (weightedRatings === 0) throw new RangeError('Dawid-Skene needs at least one rating of an item of weight above 0');
  const activeOf = new Int32Array(K).fill(-1);
  const labelOf: number[] = [];
  for (let k = 0; k < K; k++) if (labelUsed[k]) activeOf[k] = labelOf.push(k) - 1;
  const A = labelOf.length;

  // Per rating, its item's row and its (rater, observed label) cell in the A x A blocks below.
  const itemRow = new Int32Array(N);
  const cellRow = new Int32Array(N);
  const ratingsPerItem = new Int32Array(itemCount);
  const ratingsPerRater = new Int32Array(raterCount);
  const cellUsed = new Uint8Array(raterCount * A);
  const ratingWeight = new Float64Array(N);
  for (let n = 0; n < N; n++) {
    const i = ratings.item[n] as number;
    if (itemWeight[i] === 0) continue;
    ratingWeight[n] = itemWeight[i] as number;
    const r = ratings.rater[n] as number;
    const cell = r * A + (activeOf[ratings.label[n] as number] as number);
    itemRow[n] = i * A;
    cellRow[n] = cell * A;
    ratingsPerItem[i] = (ratingsPerItem[i] as number) + 1;
    ratingsPerRater[r] = (ratingsPerRater[r] as number) + 1;
    cellUsed[cell] = 1;
  }
  let ratedItems = 0;
  for (let i = 0; i < itemCount; i++) if (ratingsPerItem[i]) ratedItems += itemWeight[i] as number;

  // posterior[i * A + c]; counts, confusion and log2 confusion at [(r * A + observed) * A + true],
  // crowd-kit's orientation, so a rating reads its A-vector over true labels in one run.
  const posterior = new Float64Array(itemCount * A);
  const counts = new Float64Array(raterCount * A * A);
  const errors = new Float64Array(raterCount * A * A);
  const logErrors = new Float64Array(raterCount * A * A);
  const priors = new Float64Array(A);
  const logPriors = new Float64Array(A);
  const mass = new Float64Array(A);
  const columnSums = new Float64Array(A);

  const updatePriors = (): void => {
    priors.fill(0);
    for (let i = 0; i < itemCount; i++) {
      if (!ratingsPerItem[i]) continue;
      const weight = itemWeight[i] as number;
      for (let c = 0; c < A; c++) priors[c] = (priors[c] as number) + weight * (posterior[i * A + c] as number);
    }
    for (let c = 0; c < A; c++) priors[c] = (priors[c] as number) / ratedItems;
  };

  const mStep = (): void => {
    counts.fill(0);
    for (let n = 0; n < N; n++) {
      const weight = ratingWeight[n] as number;
      if (weight === 0) continue;
      const cell = cellRow[n] as number;
      const row = itemRow[n] as number;
      for (let c = 0; c < A; c++) counts[cell + c] = (counts[cell + c] as number) + weight * (posterior[row + c] as number);
    }
    for (let r = 0; r < raterCount; r++) {
      if (!ratingsPerRater[r]) continue;
      columnSums.fill(0);
      for (let k = 0; k < A; k++) {
        if (!cellUsed[r * A + k]) continue;
        const cell = (r * A + k) * A;
        for (let c = 0; c < A; c++) columnSums[c] = (columnSums[c] as number) + Math.max(counts[cell + c] as number, EPS);
      }
      for (let k = 0; k < A; k++) {
        if (!cellUsed[r * A + k]) continue;
        const cell = (r * A + k) * A;
        for (let c = 0; c < A; c++) {
          const error = Math.max(counts[cell + c] as number, EPS) / (columnSums[c] as number);
          errors[cell + c] = error;
          logErrors[cell + c] = Math.log2(error);
        }
      }
    }
  };

  // crowd-kit works in base 2 here (log2, exp2); the posteriors are the same in any base up to rounding.
  const eStep = (): void => {
    for (let c = 0; c < A; c++) logPriors[c] = Math.log2(Math.max(priors[c] as number, EPS));
    for (let i = 0; i < itemCount; i++) {
      if (ratingsPerItem[i]) posterior.set(logPriors, i * A);
    }
    for (let n = 0; n < N; n++) {
      if (ratingWeight[n] === 0) continue;
      const cell = cellRow[n] as number;
      const row = itemRow[n] as number;
      for (let c = 0; c < A; c++) posterior[row + c] = (posterior[row + c] as number) + (logErrors[cell + c] as number);
    }
    for (let i = 0; i < itemCount; i++) {
      if (!ratingsPerItem[i]) continue;
      const row = i * A;
      let top = -Infinity;
      for (let c = 0; c < A; c++) top = Math.max(top, posterior[row + c] as number);
      let total = 0;
      for (let c = 0; c < A; c++) {
        const scaled = Math.pow(2, (posterior[row + c] as number) - top);
        posterior[row + c] = scaled;
        total += scaled;
      }
      for (let c = 0; c < A; c++) posterior[row + c] = (posterior[row + c] as number) / total;
    }
  };

  // The bound from the M-step's sums: a rating's term posterior_c log confusion, summed over the
  // ratings in one (rater, observed label) cell, is that cell's count times the log.
  const evidenceLowerBound = (): number => {
    let joint = 0;
    mass.fill(0);
    for (let cell = 0; cell < raterCount * A; cell++) {
      if (!cellUsed[cell]) continue;
      for (let c = 0; c < A; c++) {
        const count = counts[cell * A + c] as number;
        joint += count * Math.log(errors[cell * A + c] as number);
        mass[c] = (mass[c] as number) + count;
      }
    }
    for (let c = 0; c < A; c++) joint += (mass[c] as number) * Math.log(Math.max(priors[c] as number, EPS));
    let entropy = 0;
    for (let i = 0; i < itemCount; i++) {
      if (!ratingsPerItem[i]) continue;
      const weight = itemWeight[i] as number;
      for (let c = 0; c < A; c++) {
        const p = Math.max(posterior[i * A + c] as number, EPS);
        entropy -= weight * p * Math.log(p);
      }
    }
    return (joint + entropy) / weightedRatings;
  };

  // The start: each item's majority-vote shares, from one vote per rating.
  for (let n = 0; n < N; n++) {
    if (ratingWeight[n] === 0) continue;
    const vote = (itemRow[n] as number) + (activeOf[ratings.label[n] as number] as number);
    posterior[vote] = (posterior[vote] as number) + 1;
  }
  for (let i = 0; i < itemCount; i++) {
    const rated = ratingsPerItem[i] as number;
    if (!rated) continue;
    for (let c = 0; c < A; c++) posterior[i * A + c] = (posterior[i * A + c] as number) / rated;
  }
  updatePriors();
  mStep();

  let elbo = -Infinity;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    eStep();
    updatePriors();
    mStep();
    const bound = evidenceLowerBound();
    converged = bound - elbo < tolerance;
    elbo = bound;
    if (converged) break;
  }

  return {
    itemCount,
    raterCount,
    categoryCount: K,
    posteriors: expandPosteriors(posterior, priors, ratingsPerItem, labelOf, K),
    priors: expandVector(priors, labelOf, K),
    confusion: expandConfusion(errors, ratingsPerRater, labelOf, K),
    iterations,
    converged,
    elbo,
  };
}

function expandVector(active: Float64Array, labelOf: readonly number[], K: number): Float64Array {
  const full = new Float64Array(K);
  for (const [c, label] of labelOf.entries()) full[label] = active[c] as number;
  return full;
}

function expandPosteriors(posterior: Float64Array, priors: Float64Array, ratingsPerItem: Int32Array, labelOf: readonly number[], K: number): Float64Array {
  const A = labelOf.length;
  const full = new Float64Array(ratingsPerItem.length * K);
  for (let i = 0; i < ratingsPerItem.length; i++) {
    const source = ratingsPerItem[i] ? posterior.subarray(i * A, (i + 1) * A) : priors;
    for (const [c, label] of labelOf.entries()) full[i * K + label] = source[c] as number;
  }
  return full;
}

/** From crowd-kit's [rater][observed][true] over the given labels to [rater][true][observed] over all K. */
function expandConfusion(errors: Float64Array, ratingsPerRater: Int32Array, labelOf: readonly number[], K: number): Float64Array {
  const A = labelOf.length;
  const full = new Float64Array(ratingsPerRater.length * K * K).fill(NaN);
  for (let r = 0; r < ratingsPerRater.length; r++) {
    if (!ratingsPerRater[r]) continue;
    for (const [c, trueLabel] of labelOf.entries()) {
      const row = (r * K + trueLabel) * K;
      full.fill(0, row, row + K);
      for (const [k, observed] of labelOf.entries()) full[row + observed] = errors[(r * A + k) * A + c] as number;
    }
  }
  return full;
}

/**
 * Each rater's chance of giving the true label: sum over true labels c of prior_c times the
 * confusion's diagonal entry c. NaN for a rater with no ratings.
 */
export function raterAccuracies(fit: DawidSkeneFit): Float64Array {
  const K = fit.categoryCount;
  const accuracies = new Float64Array(fit.raterCount);
  for (let r = 0; r < fit.raterCount; r++) {
    let accuracy = 0;
    for (let c = 0; c < K; c++) {
      const prior = fit.priors[c] as number;
      // A label no one gave has prior 0 and a NaN row: it weighs nothing.
      if (prior > 0) accuracy += prior * (fit.confusion[(r * K + c) * K + c] as number);
    }
    accuracies[r] = accuracy;
  }
  return accuracies;
}
