// Krippendorff's alpha at the nominal, ordinal, interval and ratio levels, from the coincidences
// of pairable values (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability"):
// alpha = 1 - Do / De = 1 - (n - 1) sum_ck o_ck delta_ck / sum_ck n_c n_k delta_ck.

import { REASONS } from './coefficient';
import { patternDisagreement, spreadOf, type ExchangeableModel, type Tally } from './exchangeable';
import type { MeasurementLevel } from './rating-table';

export interface AlphaEstimate {
  value: number | null;
  /** Do and De of Krippendorff (2011): mean disagreement within units and by chance. */
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
  reason?: string;
}

export type AlphaEstimator = (tally: Tally) => AlphaEstimate;

/**
 * Prepares alpha at one level for a model: what depends only on the patterns (their
 * disagreement sums for interval and ratio) is computed here once, so a bootstrap replicate
 * only re-weights. The caller checks that the level suits the data (ordered, numeric).
 */
export function alphaEstimator(model: ExchangeableModel, level: MeasurementLevel): AlphaEstimator {
  switch (level) {
    case 'nominal':
      return (tally) => nominalAlpha(model, tally);
    case 'ordinal':
      return ordinalAlpha(model);
    case 'interval': {
      const x = numericValues(model);
      const disagreement = patternDisagreement(model.patterns, (c, k) => squared((x[c] as number) - (x[k] as number)));
      return alphaOfPatterns(model, disagreement, (tally) => spreadOf(tally.pairableMarginals, x));
    }
    case 'ratio': {
      const x = numericValues(model);
      if (x.some((value) => value < 0)) return () => ({ value: null, observedDisagreement: null, expectedDisagreement: null, reason: REASONS.negativeRatio });
      const distance = (c: number, k: number) => ratioDistance(x[c] as number, x[k] as number);
      const disagreement = patternDisagreement(model.patterns, distance);
      return alphaOfPatterns(model, disagreement, (tally) => pairSum(tally.pairableMarginals, distance));
    }
  }
}

/** Nominal alpha in integer counts: ((n - 1) sum_c o_cc - sum_c n_c (n_c - 1)) / (n (n - 1) - sum_c n_c (n_c - 1)). */
function nominalAlpha(model: ExchangeableModel, tally: Tally): AlphaEstimate {
  const undefinedReason = checkDefined(tally);
  if (undefinedReason !== undefined) return undefinedAlpha(undefinedReason);
  const n = tally.pairableValues;
  let matching = 0;
  for (let m = 2; m <= model.maxRatings; m++) {
    const agreeing = tally.agreeingByRatings[m] as number;
    if (agreeing !== 0) matching += agreeing / (m - 1);
  }
  let chanceMatching = 0;
  for (const nc of tally.pairableMarginals) chanceMatching += nc * (nc - 1);
  const pairs = n * (n - 1);
  return {
    value: ((n - 1) * matching - chanceMatching) / (pairs - chanceMatching),
    observedDisagreement: 1 - matching / n,
    expectedDisagreement: 1 - chanceMatching / pairs,
  };
}

/**
 * The ordinal metric delta_ck = (sum_{g=c..k} n_g - (n_c + n_k) / 2)^2 equals (M_k - M_c)^2 for the
 * midranks M_k = n_1 + ... + n_{k-1} + n_k / 2 of the pairable values, so ordinal alpha is interval
 * alpha on midranks. They depend on the marginals, so each tally recomputes every pattern's
 * disagreement: from its category pairs and their frequency products, listed once per model
 * (a bootstrap tallies once per replicate), with disagreementOf's arithmetic.
 */
function ordinalAlpha(model: ExchangeableModel): AlphaEstimator {
  const { patterns, maxRatings } = model;
  const pairStart = new Uint32Array(patterns.count + 1);
  const low: number[] = [];
  const high: number[] = [];
  const product: number[] = [];
  for (let g = 0; g < patterns.count; g++) {
    const end = patterns.start[g + 1] as number;
    for (let j = patterns.start[g] as number; j < end; j++) {
      for (let i = j + 1; i < end; i++) {
        low.push(patterns.category[j] as number);
        high.push(patterns.category[i] as number);
        product.push((patterns.frequency[j] as number) * (patterns.frequency[i] as number));
      }
    }
    pairStart[g + 1] = product.length;
  }
  const pairLow = Uint32Array.from(low);
  const pairHigh = Uint32Array.from(high);
  const pairProduct = Float64Array.from(product);
  const midrank = new Float64Array(model.categoryCount);
  const disagreement = new Float64Array(patterns.count);
  const byRatings = new Float64Array(maxRatings + 1);
  return (tally) => {
    const marginals = tally.pairableMarginals;
    let below = 0;
    for (let k = 0; k < marginals.length; k++) {
      const nk = marginals[k] as number;
      midrank[k] = below + nk / 2;
      below += nk;
    }
    const undefinedReason = checkDefined(tally);
    if (undefinedReason !== undefined) return undefinedAlpha(undefinedReason);
    const n = tally.pairableValues;
    // Only the patterns observedOfPatterns reads: drawn, with a pair.
    for (let g = 0; g < patterns.count; g++) {
      if (tally.weights[g] === 0 || (patterns.ratings[g] as number) < 2) continue;
      let d = 0;
      for (let p = pairStart[g] as number; p < (pairStart[g + 1] as number); p++) {
        const x = (midrank[pairLow[p] as number] as number) - (midrank[pairHigh[p] as number] as number);
        d += (pairProduct[p] as number) * (x * x);
      }
      disagreement[g] = 2 * d;
    }
    return alphaOfSums(observedOfPatterns(model, tally.weights, disagreement, byRatings), spreadOf(marginals, midrank), n);
  };
}

/**
 * Alpha from each pattern's disagreement sum, fixed for the model (interval and ratio), and the
 * chance sum of a tally, with one buffer kept for the model, since a bootstrap calls this once per replicate.
 */
function alphaOfPatterns(model: ExchangeableModel, disagreement: Float64Array, chanceSum: (tally: Tally) => number): AlphaEstimator {
  const byRatings = new Float64Array(model.maxRatings + 1);
  return (tally) => {
    const undefinedReason = checkDefined(tally);
    if (undefinedReason !== undefined) return undefinedAlpha(undefinedReason);
    return alphaOfSums(observedOfPatterns(model, tally.weights, disagreement, byRatings), chanceSum(tally), tally.pairableValues);
  };
}

/**
 * sum_ck o_ck delta_ck of the weighted patterns from each one's disagreement sum, as sumByRatings
 * forms it: added per m in `byRatings` (a buffer), each part divided by m - 1, then added.
 */
function observedOfPatterns(model: ExchangeableModel, weights: ArrayLike<number>, disagreement: Float64Array, byRatings: Float64Array): number {
  const { patterns, maxRatings } = model;
  byRatings.fill(0);
  for (let g = 0; g < patterns.count; g++) {
    const w = weights[g] as number;
    const m = patterns.ratings[g] as number;
    if (w === 0 || m < 2) continue;
    byRatings[m] = (byRatings[m] as number) + w * (disagreement[g] as number);
  }
  let observed = 0;
  for (let m = 2; m <= maxRatings; m++) if (byRatings[m] !== 0) observed += (byRatings[m] as number) / (m - 1);
  return observed;
}

/** Alpha and its disagreements from the observed and chance sums over n pairable values. */
function alphaOfSums(observed: number, expected: number, n: number): AlphaEstimate {
  return {
    value: (expected - (n - 1) * observed) / expected,
    observedDisagreement: observed / n,
    expectedDisagreement: expected / (n * (n - 1)),
  };
}

function checkDefined(tally: Tally): string | undefined {
  if (tally.pairableUnits === 0) return REASONS.noPairableUnit;
  // With one category among the pairable values De = 0 at every level.
  if (tally.pairableCategories < 2) return REASONS.noPairableVariation;
  return undefined;
}

function undefinedAlpha(reason: string): AlphaEstimate {
  return { value: null, observedDisagreement: null, expectedDisagreement: null, reason };
}

function numericValues(model: ExchangeableModel): Float64Array {
  if (model.values === null) throw new RangeError('the interval and ratio levels need numeric categories');
  return model.values;
}

/** Krippendorff's ratio metric ((c - k) / (c + k))^2; 0 when both are 0. */
function ratioDistance(c: number, k: number): number {
  return c === k ? 0 : squared((c - k) / (c + k));
}

/** sum_{c != k} n_c n_k delta_ck over the categories with pairable values. */
function pairSum(marginals: Float64Array, distance: (c: number, k: number) => number): number {
  const present: number[] = [];
  marginals.forEach((nc, c) => {
    if (nc > 0) present.push(c);
  });
  let sum = 0;
  for (let i = 0; i < present.length; i++) {
    const c = present[i] as number;
    for (let j = i + 1; j < present.length; j++) {
      const k = present[j] as number;
      sum += (marginals[c] as number) * (marginals[k] as number) * distance(c, k);
    }
  }
  return 2 * sum;
}

function squared(x: number): number {
  return x * x;
}
