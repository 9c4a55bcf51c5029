// The rater-exchangeable core: sums over weighted unit patterns (weights = units per pattern for
// the estimate, draws per pattern for a bootstrap replicate) from which alpha and the Gwet-family
// statistics are formed. Sums of integers are kept by number of ratings m and divided once.

import type { RatingTable } from './rating-table';
import type { UnitPatterns } from './unit-patterns';

export interface ExchangeableModel {
  patterns: UnitPatterns;
  /** Categories on the scale (q), used or not. */
  categoryCount: number;
  /** Most ratings a unit can have: the number of raters. */
  maxRatings: number;
  /** Numeric value per category, or null. */
  values: Float64Array | null;
  /** Per pattern, agreeing ordered pairs of ratings: sum over categories of f (f - 1). */
  agreeing: Float64Array;
  /** Distinct numbers of ratings among patterns, and the slot of each m (or -1). */
  slotRatings: Int32Array;
  slotOfRatings: Int32Array;
}

export interface Tally {
  weights: ArrayLike<number>;
  /** Units with at least one rating. */
  units: number;
  /** Units with two or more ratings. */
  pairableUnits: number;
  /** Ratings of units with two or more ratings (Krippendorff's n). */
  pairableValues: number;
  /** Per m: weighted units, and weighted agreeing ordered pairs. */
  unitsByRatings: Float64Array;
  agreeingByRatings: Float64Array;
  /** Per category: pairable values (Krippendorff's n_c). */
  pairableMarginals: Float64Array;
  /** Per category: Gwet's pi_k, the category's share of a unit's ratings averaged over every rated unit. */
  prevalence: Float64Array;
  /** Categories with at least one rating, and with at least one pairable value. */
  ratedCategories: number;
  pairableCategories: number;
}

export function exchangeableModel(table: RatingTable, patterns: UnitPatterns): ExchangeableModel {
  const maxRatings = table.raters.length;
  const agreeing = new Float64Array(patterns.count);
  const slotOfRatings = new Int32Array(maxRatings + 1).fill(-1);
  const slots: number[] = [];
  for (let g = 0; g < patterns.count; g++) {
    let a = 0;
    for (let j = patterns.start[g] as number; j < (patterns.start[g + 1] as number); j++) {
      const f = patterns.frequency[j] as number;
      a += f * (f - 1);
    }
    agreeing[g] = a;
    const m = patterns.ratings[g] as number;
    if (slotOfRatings[m] === -1) {
      slotOfRatings[m] = slots.length;
      slots.push(m);
    }
  }
  return {
    patterns,
    categoryCount: table.categories.length,
    maxRatings,
    values: table.values,
    agreeing,
    slotRatings: Int32Array.from(slots),
    slotOfRatings,
  };
}

/** The arrays a tally fills: a caller that tallies many times (a bootstrap) reuses one set. */
export interface TallyBuffers {
  unitsByRatings: Float64Array;
  agreeingByRatings: Float64Array;
  pairableMarginals: Float64Array;
  prevalence: Float64Array;
  countsBySlot: Float64Array;
}

export function tallyBuffers(model: ExchangeableModel): TallyBuffers {
  const q = model.categoryCount;
  return {
    unitsByRatings: new Float64Array(model.maxRatings + 1),
    agreeingByRatings: new Float64Array(model.maxRatings + 1),
    pairableMarginals: new Float64Array(q),
    prevalence: new Float64Array(q),
    countsBySlot: new Float64Array(model.slotRatings.length * q),
  };
}

/** The sums of the units weighted by `weights` (per pattern), in `buffers` (fresh ones by default; a tally in reused buffers lives until the next). */
export function tally(model: ExchangeableModel, weights: ArrayLike<number>, buffers: TallyBuffers = tallyBuffers(model)): Tally {
  buffers.unitsByRatings.fill(0);
  buffers.agreeingByRatings.fill(0);
  buffers.pairableMarginals.fill(0);
  buffers.countsBySlot.fill(0);
  for (let g = 0; g < model.patterns.count; g++) {
    const w = weights[g] as number;
    if (w !== 0) addPattern(model, buffers, g, w);
  }
  return finishTally(model, weights, buffers);
}

/** Adds `w` units of pattern g to the sums: per m its units and agreeing pairs, per category its counts (kept by m, so pi_k = (1/n) sum_m count(m, k) / m divides once per m). */
function addPattern(model: ExchangeableModel, buffers: TallyBuffers, g: number, w: number): void {
  const { patterns, categoryCount: q, slotOfRatings } = model;
  const { unitsByRatings, agreeingByRatings, pairableMarginals, countsBySlot } = buffers;
  const m = patterns.ratings[g] as number;
  unitsByRatings[m] = (unitsByRatings[m] as number) + w;
  agreeingByRatings[m] = (agreeingByRatings[m] as number) + w * (model.agreeing[g] as number);
  const row = (slotOfRatings[m] as number) * q;
  const end = patterns.start[g + 1] as number;
  for (let j = patterns.start[g] as number; j < end; j++) {
    const k = patterns.category[j] as number;
    const wf = w * (patterns.frequency[j] as number);
    countsBySlot[row + k] = (countsBySlot[row + k] as number) + wf;
    if (m >= 2) pairableMarginals[k] = (pairableMarginals[k] as number) + wf;
  }
}

/** The totals and pi_k from the sums in `buffers`. */
function finishTally(model: ExchangeableModel, weights: ArrayLike<number>, buffers: TallyBuffers): Tally {
  const { categoryCount: q, maxRatings, slotRatings } = model;
  const { unitsByRatings, agreeingByRatings, pairableMarginals, prevalence, countsBySlot } = buffers;
  let units = 0;
  let pairableUnits = 0;
  let pairableValues = 0;
  for (let m = 1; m <= maxRatings; m++) {
    const n = unitsByRatings[m] as number;
    units += n;
    if (m >= 2) {
      pairableUnits += n;
      pairableValues += n * m;
    }
  }
  let ratedCategories = 0;
  let pairableCategories = 0;
  for (let k = 0; k < q; k++) {
    let share = 0;
    let rated = 0;
    for (let s = 0; s < slotRatings.length; s++) {
      const count = countsBySlot[s * q + k] as number;
      rated += count;
      share += count / (slotRatings[s] as number);
    }
    prevalence[k] = units > 0 ? share / units : 0;
    if (rated > 0) ratedCategories++;
    if ((pairableMarginals[k] as number) > 0) pairableCategories++;
  }
  return {
    weights,
    units,
    pairableUnits,
    pairableValues,
    unitsByRatings,
    agreeingByRatings,
    pairableMarginals,
    prevalence,
    ratedCategories,
    pairableCategories,
  };
}

/**
 * Per pattern, the disagreement sum D_g = sum over ordered pairs of its ratings of
 * (x_c - x_k)^2 for coordinates x (category values, positions or midranks), or of `distance`.
 */
export function patternDisagreement(patterns: UnitPatterns, distance: (c: number, k: number) => number): Float64Array {
  const out = new Float64Array(patterns.count);
  for (let g = 0; g < patterns.count; g++) out[g] = disagreementOf(patterns, g, distance);
  return out;
}

function disagreementOf(patterns: UnitPatterns, g: number, distance: (c: number, k: number) => number): number {
  const from = patterns.start[g] as number;
  const end = patterns.start[g + 1] as number;
  let d = 0;
  for (let j = from; j < end; j++) {
    const c = patterns.category[j] as number;
    const fc = patterns.frequency[j] as number;
    for (let i = j + 1; i < end; i++) d += fc * (patterns.frequency[i] as number) * distance(c, patterns.category[i] as number);
  }
  return 2 * d;
}

/** Sum over pairable patterns of weight x D_g / divisor(m), with the per-m sums formed first. */
export function sumByRatings(
  model: ExchangeableModel,
  weights: ArrayLike<number>,
  disagreement: (g: number) => number,
  divisor: (m: number) => number,
): number {
  const byRatings = new Float64Array(model.maxRatings + 1);
  const { patterns } = model;
  for (let g = 0; g < patterns.count; g++) {
    const w = weights[g] as number;
    const m = patterns.ratings[g] as number;
    if (w === 0 || m < 2) continue;
    byRatings[m] = (byRatings[m] as number) + w * disagreement(g);
  }
  let total = 0;
  for (let m = 2; m <= model.maxRatings; m++) if (byRatings[m] !== 0) total += (byRatings[m] as number) / divisor(m);
  return total;
}

/** sum over categories k, l of n_k n_l (x_k - x_l)^2 = 2 n sum_k n_k (x_k - mean)^2, centred so nothing cancels. */
export function spreadOf(marginals: Float64Array, x: ArrayLike<number>): number {
  let n = 0;
  let sum = 0;
  for (let k = 0; k < marginals.length; k++) {
    const nk = marginals[k] as number;
    if (nk === 0) continue;
    n += nk;
    sum += nk * (x[k] as number);
  }
  if (n === 0) return 0;
  const mean = sum / n;
  let squares = 0;
  for (let k = 0; k < marginals.length; k++) {
    const nk = marginals[k] as number;
    if (nk === 0) continue;
    const t = (x[k] as number) - mean;
    squares += nk * t * t;
  }
  return 2 * n * squares;
}
