// Krippendorff's alpha with its exact gradient in the pattern weights, for the delta-method
// standard errors of the studentized bootstrap (linearized.ts): alpha = 1 - (n - 1) O / E is a
// ratio of sums over the patterns and category margins, so the quotient rule gives it in one pass.

import { alphaEstimator } from './krippendorff-alpha';
import { patternDisagreement, type ExchangeableModel, type Tally } from './exchangeable';
import type { DifferentiableStatistic } from './linearized';
import type { MeasurementLevel } from './rating-table';

/**
 * Alpha at `level` with its gradient. The value is alphaEstimator's, to the bit (the point
 * figures and every replicate's value are the same as without the gradient); the gradient comes
 * from the same sums by the quotient rule. Only pairable patterns (m >= 2) enter n, O and the
 * margins n_k, so a pattern's derivative is over dn = m, dO = D / (m - 1) and dn_k = f_k, with
 * the margins' effect on E (and, at the ordinal level, on the midranks) through dE / dn_k.
 */
export function alphaWithGradient(model: ExchangeableModel, level: MeasurementLevel): DifferentiableStatistic {
  const estimate = alphaEstimator(model, level);
  const differentiate = alphaGradient(model, level);
  return (tally, gradient) => {
    const value = estimate(tally).value;
    if (value !== null) differentiate(tally, gradient);
    return value;
  };
}

/** Writes alpha's gradient for a tally on which alpha is defined. */
type Gradient = (tally: Tally, gradient: Float64Array) => void;

function alphaGradient(model: ExchangeableModel, level: MeasurementLevel): Gradient {
  switch (level) {
    case 'nominal':
      return nominalGradient(model);
    case 'ordinal':
      return ordinalGradient(model);
    case 'interval': {
      const x = numericValues(model);
      const disagreement = patternDisagreement(model.patterns, (c, k) => ((x[c] as number) - (x[k] as number)) ** 2);
      return fixedMetricGradient(model, disagreement, (marginals, perMargin) => squaredSpread(marginals, x, perMargin));
    }
    case 'ratio': {
      const x = numericValues(model);
      // A negative value leaves ratio alpha undefined (alphaEstimator), so no gradient is asked for.
      const distance = (c: number, k: number) => (c === k ? 0 : (((x[c] as number) - (x[k] as number)) / ((x[c] as number) + (x[k] as number))) ** 2);
      const q = model.categoryCount;
      const metric = new Float64Array(q * q);
      for (let c = 0; c < q; c++) for (let k = 0; k < q; k++) metric[c * q + k] = distance(c, k);
      const disagreement = patternDisagreement(model.patterns, distance);
      return fixedMetricGradient(model, disagreement, (marginals, perMargin) => metricSpread(marginals, metric, perMargin));
    }
  }
}

/** Sum over pairable patterns of weight x perPattern / (m - 1): O of Krippendorff, times n. */
function observedSum(model: ExchangeableModel, weights: ArrayLike<number>, perPattern: ArrayLike<number>): number {
  const { patterns } = model;
  let observed = 0;
  for (let g = 0; g < patterns.count; g++) {
    const w = weights[g] as number;
    const m = patterns.ratings[g] as number;
    if (w !== 0 && m >= 2) observed += (w * (perPattern[g] as number)) / (m - 1);
  }
  return observed;
}

/**
 * alpha = (E - (n - 1) O) / E with E(n_k) the chance sum; its derivative in pattern g's weight,
 * with dn = m, dO = D_g / (m - 1) and dE = sum_k f_gk eMargin[k], is
 * -((m O + (n - 1) dO) E - (n - 1) O dE) / E^2.
 */
function writeRatioGradient(
  model: ExchangeableModel,
  n: number,
  observed: number,
  expected: number,
  perPattern: ArrayLike<number>,
  eMargin: ArrayLike<number>,
  gradient: Float64Array,
): void {
  const { patterns } = model;
  for (let g = 0; g < patterns.count; g++) {
    const m = patterns.ratings[g] as number;
    if (m < 2) {
      gradient[g] = 0;
      continue;
    }
    let dE = 0;
    for (let j = patterns.start[g] as number; j < (patterns.start[g + 1] as number); j++)
      dE += (patterns.frequency[j] as number) * (eMargin[patterns.category[j] as number] as number);
    const dO = (perPattern[g] as number) / (m - 1);
    gradient[g] = -((m * observed + (n - 1) * dO) * expected - (n - 1) * observed * dE) / (expected * expected);
  }
}

/** Interval and ratio: each pattern's disagreement sum is fixed for the model, E a function of the margins alone. */
function fixedMetricGradient(
  model: ExchangeableModel,
  disagreement: Float64Array,
  chance: (marginals: Float64Array, perMargin: Float64Array) => number,
): Gradient {
  const perMargin = new Float64Array(model.categoryCount);
  return (tally, gradient) => {
    const observed = observedSum(model, tally.weights, disagreement);
    const expected = chance(tally.pairableMarginals, perMargin);
    writeRatioGradient(model, tally.pairableValues, observed, expected, disagreement, perMargin, gradient);
  };
}

/**
 * E = sum_ck n_c n_k (x_c - x_k)^2 = 2 n Q with Q = sum_k n_k (x_k - mean)^2, centred as spreadOf;
 * dE / dn_k = 2 sum_l n_l (x_k - x_l)^2 = 2 (n (x_k - mean)^2 + Q) into perMargin.
 */
function squaredSpread(marginals: Float64Array, x: ArrayLike<number>, perMargin: Float64Array): number {
  let n = 0;
  let sum = 0;
  for (let k = 0; k < marginals.length; k++) {
    n += marginals[k] as number;
    sum += (marginals[k] as number) * (x[k] as number);
  }
  const mean = sum / n;
  let q = 0;
  for (let k = 0; k < marginals.length; k++) q += (marginals[k] as number) * ((x[k] as number) - mean) ** 2;
  for (let k = 0; k < marginals.length; k++) perMargin[k] = 2 * (n * ((x[k] as number) - mean) ** 2 + q);
  return 2 * n * q;
}

/** E = sum_ck n_c n_k delta_ck for a metric fixed per category pair; dE / dn_k = 2 sum_l n_l delta_kl. */
function metricSpread(marginals: Float64Array, metric: Float64Array, perMargin: Float64Array): number {
  const q = marginals.length;
  let total = 0;
  for (let k = 0; k < q; k++) {
    let row = 0;
    for (let l = 0; l < q; l++) row += (marginals[l] as number) * (metric[k * q + l] as number);
    perMargin[k] = 2 * row;
    total += (marginals[k] as number) * row;
  }
  return total;
}

/**
 * Nominal alpha = ((n - 1) M - C) / (n (n - 1) - C), with M = sum_g w_g a_g / (m - 1) the matching
 * pairs and C = sum_c n_c (n_c - 1): dM = a_g / (m - 1), dC = sum_k f_gk (2 n_k - 1).
 */
function nominalGradient(model: ExchangeableModel): Gradient {
  const { patterns } = model;
  return (tally, gradient) => {
    const n = tally.pairableValues;
    const marginals = tally.pairableMarginals;
    const matching = observedSum(model, tally.weights, model.agreeing);
    let chance = 0;
    for (let k = 0; k < marginals.length; k++) chance += (marginals[k] as number) * ((marginals[k] as number) - 1);
    const numerator = (n - 1) * matching - chance;
    const denominator = n * (n - 1) - chance;
    for (let g = 0; g < patterns.count; g++) {
      const m = patterns.ratings[g] as number;
      if (m < 2) {
        gradient[g] = 0;
        continue;
      }
      let dChance = 0;
      for (let j = patterns.start[g] as number; j < (patterns.start[g + 1] as number); j++)
        dChance += (patterns.frequency[j] as number) * (2 * (marginals[patterns.category[j] as number] as number) - 1);
      const dNumerator = m * matching + ((n - 1) * (model.agreeing[g] as number)) / (m - 1) - dChance;
      const dDenominator = (2 * n - 1) * m - dChance;
      gradient[g] = (dNumerator * denominator - numerator * dDenominator) / (denominator * denominator);
    }
  };
}

/**
 * Ordinal alpha is interval alpha on the midranks M_k = n_1 + ... + n_{k-1} + n_k / 2 of the
 * pairable values, which move with the margins: O = sum_ck o_ck (M_c - M_k)^2 over the
 * coincidences o, so dO / dM_c = 4 sum_k o_ck (M_c - M_k), and E = 2 n Q(M) has
 * dE / dM_c = 4 n n_c (M_c - mean). Since dM_k / dn_j is 1 for j < k and 1/2 for j = k, a margin's
 * total effect is its direct one plus half its own midrank's and all of the higher midranks'.
 */
function ordinalGradient(model: ExchangeableModel): Gradient {
  const { patterns, categoryCount: q } = model;
  const midrank = new Float64Array(q);
  const disagreement = new Float64Array(patterns.count);
  // coincidence[c * q + k], c < k: sum over patterns of w f_c f_k / (m - 1), half of o_ck + o_kc.
  const coincidence = new Float64Array(q * q);
  const eMargin = new Float64Array(q);
  const oMargin = new Float64Array(q);
  return (tally, gradient) => {
    const marginals = tally.pairableMarginals;
    const weights = tally.weights;
    const n = tally.pairableValues;
    let below = 0;
    for (let k = 0; k < q; k++) {
      midrank[k] = below + (marginals[k] as number) / 2;
      below += marginals[k] as number;
    }
    coincidence.fill(0);
    for (let g = 0; g < patterns.count; g++) {
      const m = patterns.ratings[g] as number;
      if (m < 2) continue;
      const w = weights[g] as number;
      const end = patterns.start[g + 1] as number;
      let d = 0;
      for (let j = patterns.start[g] as number; j < end; j++) {
        const c = patterns.category[j] as number;
        const fc = patterns.frequency[j] as number;
        for (let i = j + 1; i < end; i++) {
          const k = patterns.category[i] as number;
          const product = fc * (patterns.frequency[i] as number);
          d += product * ((midrank[c] as number) - (midrank[k] as number)) ** 2;
          if (w !== 0) coincidence[c * q + k] = (coincidence[c * q + k] as number) + (w * product) / (m - 1);
        }
      }
      disagreement[g] = 2 * d;
    }
    const observed = observedSum(model, weights, disagreement);
    const expected = squaredSpread(marginals, midrank, eMargin);
    let weightedRanks = 0;
    for (let k = 0; k < q; k++) weightedRanks += (marginals[k] as number) * (midrank[k] as number);
    const mean = weightedRanks / n;
    // Per midrank: dO / dM_k and dE / dM_k, then carried to the margins (suffix sums).
    let oHigher = 0;
    let eHigher = 0;
    for (let k = q - 1; k >= 0; k--) {
      let oSlope = 0;
      for (let l = 0; l < q; l++) {
        const o = (coincidence[k * q + l] as number) + (coincidence[l * q + k] as number);
        if (o !== 0) oSlope += 4 * o * ((midrank[k] as number) - (midrank[l] as number));
      }
      const eSlope = 4 * n * (marginals[k] as number) * ((midrank[k] as number) - mean);
      oMargin[k] = oHigher + oSlope / 2;
      eMargin[k] = (eMargin[k] as number) + eHigher + eSlope / 2;
      oHigher += oSlope;
      eHigher += eSlope;
    }
    for (let g = 0; g < patterns.count; g++) {
      const m = patterns.ratings[g] as number;
      if (m < 2) {
        gradient[g] = 0;
        continue;
      }
      let dO = (disagreement[g] as number) / (m - 1);
      let dE = 0;
      for (let j = patterns.start[g] as number; j < (patterns.start[g + 1] as number); j++) {
        const k = patterns.category[j] as number;
        const f = patterns.frequency[j] as number;
        dO += f * (oMargin[k] as number);
        dE += f * (eMargin[k] as number);
      }
      gradient[g] = -((m * observed + (n - 1) * dO) * expected - (n - 1) * observed * dE) / (expected * expected);
    }
  };
}

function numericValues(model: ExchangeableModel): Float64Array {
  if (model.values === null) throw new RangeError('the interval and ratio levels need numeric categories');
  return model.values;
}
