// Standard errors of the rater-exchangeable coefficients over clusters, for the studentized
// interval (issue 28 point 3): every coefficient is a smooth function of pattern weights, so its
// nonparametric delta-method variance (Davison & Hinkley 1997, section 2.7) needs only its gradient.

import type { Estimate } from '../studentized';
import { shiftedTally, tally, tallyBuffers, type ExchangeableModel, type Tally } from './exchangeable';

/**
 * Where no exact gradient is given, it is a forward difference at a step of STEP of each weight:
 * the statistics are ratios of polynomials in the weights, so it errs by about STEP relative, and
 * rounding adds about 1e-16 / STEP.
 */
const STEP = 1e-7;

/** A standard error below this share of the value is the gradient's rounding noise (kept for the exact gradient too, so a spread of 0 reads the same on both paths), the clusters' true spread 0 (every puzzle agreeing throughout, say). */
const ROUNDING = 1e-6;

/**
 * The clusters a replicate draws, as groups of clusters with the same patterns: group g's units
 * fall in patterns `pattern[start[g] .. start[g + 1])`, `count` units in each.
 */
export interface ClusterPatterns {
  groups: number;
  start: Uint32Array;
  pattern: Uint32Array;
  count: Uint32Array;
}

/**
 * A statistic of a tally that also writes d statistic / d weight of pattern p into gradient[p]
 * for every pattern p. Null, the gradient then unspecified, where the statistic is undefined.
 */
export type DifferentiableStatistic = (tally: Tally, gradient: Float64Array) => number | null;

/** Statistics with no exact gradient yet (the Gwet family), differentiated by forward differences. */
export interface ApproximatedStatistics {
  count: number;
  values: (tally: Tally) => readonly (number | null)[];
}

const NONE: ApproximatedStatistics = { count: 0, values: () => [] };

/**
 * A function of the clusters drawn (`drawn[g]` of group g) giving each statistic's value and
 * delta-method standard error: with h the gradient of the statistic in the pattern weights and
 * a_g = sum over g's patterns of count x h, a cluster's empirical influence is W (a_g - mean a),
 * so se^2 = sum_g drawn_g (a_g - mean a)^2 over the W drawn clusters (for a ratio of sums this is
 * weightedRatio's se). The `exact` statistics give their own gradient: one tally and pass of each
 * per replicate, O(patterns x categories). The `approximated` ones (after them, in that order)
 * get a forward difference (STEP): one tally and pass per pattern drawn, O(patterns^2). Null
 * where a statistic is undefined on the drawn clusters. The buffers are made once, since a
 * bootstrap calls this once per replicate.
 */
export function linearizedEstimates(
  model: ExchangeableModel,
  clusters: ClusterPatterns,
  exact: readonly DifferentiableStatistic[],
  approximated: ApproximatedStatistics = NONE,
): (drawn: Uint32Array) => (Estimate | null)[] {
  const patternCount = model.patterns.count;
  const first = exact.length;
  const count = first + approximated.count;
  const replicate = replicateWeights(model, clusters, count);
  const { weights, gradient, defined } = replicate;
  const base = tallyBuffers(model);
  const buffers = tallyBuffers(model);
  const one = new Float64Array(patternCount);
  const values: (number | null)[] = new Array<number | null>(count);
  return (drawn) => {
    const clustersDrawn = replicate.weigh(drawn);
    const drawnTally = tally(model, weights, base);
    for (let s = 0; s < first; s++) {
      const value = (exact[s] as DifferentiableStatistic)(drawnTally, one);
      values[s] = value;
      defined[s] = value !== null && Number.isFinite(value);
      if (defined[s]) for (let p = 0; p < patternCount; p++) gradient[p * count + s] = one[p] as number;
    }
    if (approximated.count > 0) {
      const approximate = approximated.values(drawnTally);
      for (let s = first; s < count; s++) {
        const value = approximate[s - first];
        values[s] = value ?? null;
        defined[s] = value !== null && value !== undefined && Number.isFinite(value);
      }
      for (let p = 0; p < patternCount; p++) {
        const weight = weights[p] as number;
        if (weight === 0) continue;
        const step = weight * STEP;
        weights[p] = weight + step;
        const moved = approximated.values(shiftedTally(model, weights, base, p, step, buffers));
        weights[p] = weight;
        for (let s = first; s < count; s++) {
          const to = moved[s - first];
          const from = values[s];
          if (to === null || to === undefined || from === null || from === undefined) defined[s] = false;
          else gradient[p * count + s] = (to - from) / step;
        }
      }
    }
    return replicate.estimates(drawn, clustersDrawn, values);
  };
}

/** The per-replicate buffers both paths share: the drawn pattern weights, the gradient, and the standard errors from it. */
function replicateWeights(model: ExchangeableModel, clusters: ClusterPatterns, count: number) {
  const patternCount = model.patterns.count;
  const weights = new Float64Array(patternCount);
  // gradient[p * count + s]: d statistic s / d weight of pattern p, for the patterns drawn.
  const gradient = new Float64Array(patternCount * count);
  const defined: boolean[] = new Array<boolean>(count);
  const influence = new Float64Array(count);
  const means = new Float64Array(count);
  const squares = new Float64Array(count);
  /** Fills `weights` from the clusters drawn; returns how many were drawn (W). */
  const weigh = (drawn: Uint32Array): number => {
    weights.fill(0);
    let clustersDrawn = 0;
    for (let g = 0; g < clusters.groups; g++) {
      const d = drawn[g] as number;
      if (d === 0) continue;
      clustersDrawn += d;
      for (let j = clusters.start[g] as number; j < (clusters.start[g + 1] as number); j++) {
        const p = clusters.pattern[j] as number;
        weights[p] = (weights[p] as number) + d * (clusters.count[j] as number);
      }
    }
    return clustersDrawn;
  };
  /** Each defined statistic's value with its se from `gradient`. */
  const estimates = (drawn: Uint32Array, clustersDrawn: number, values: readonly (number | null)[]): (Estimate | null)[] => {
    // The mean of a_g over the drawn clusters is h . weights / W, so one centred pass gives the
    // variance (a one-pass sum of squares would leave noise where every cluster has the same a).
    means.fill(0);
    for (let p = 0; p < patternCount; p++) {
      const weight = weights[p] as number;
      if (weight === 0) continue;
      for (let s = 0; s < count; s++) means[s] = (means[s] as number) + (weight * (gradient[p * count + s] as number)) / clustersDrawn;
    }
    squares.fill(0);
    for (let g = 0; g < clusters.groups; g++) {
      const d = drawn[g] as number;
      if (d === 0) continue;
      influence.fill(0);
      for (let j = clusters.start[g] as number; j < (clusters.start[g + 1] as number); j++) {
        const row = (clusters.pattern[j] as number) * count;
        const units = clusters.count[j] as number;
        for (let s = 0; s < count; s++) influence[s] = (influence[s] as number) + units * (gradient[row + s] as number);
      }
      for (let s = 0; s < count; s++) {
        const centred = (influence[s] as number) - (means[s] as number);
        squares[s] = (squares[s] as number) + d * centred * centred;
      }
    }
    return values.map((value, s) => {
      if (!defined[s] || value === null) return null;
      const se = Math.sqrt(squares[s] as number);
      return { value, se: se > ROUNDING * Math.max(1, Math.abs(value)) ? se : 0 };
    });
  };
  return { weights, gradient, defined, weigh, estimates };
}
