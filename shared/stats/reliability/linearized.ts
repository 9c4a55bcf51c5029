// Standard errors of the rater-exchangeable coefficients over clusters, for the studentized
// interval (issue 28 point 3): every coefficient is a smooth function of pattern weights, so its
// nonparametric delta-method variance (Davison & Hinkley 1997, section 2.7) needs only its gradient.

import type { Estimate } from '../studentized';
import { tally, tallyBuffers, type ExchangeableModel, type Tally } from './exchangeable';

/** A standard error below this share of the value is rounding noise, the clusters' true spread 0 (every puzzle agreeing throughout, say). */
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

/**
 * A function of the clusters drawn (`drawn[g]` of group g) giving each statistic's value and
 * delta-method standard error: with h the gradient of the statistic in the pattern weights and
 * a_g = sum over g's patterns of count x h, a cluster's empirical influence is W (a_g - mean a),
 * so se^2 = sum_g drawn_g (a_g - mean a)^2 over the W drawn clusters (for a ratio of sums this is
 * weightedRatio's se). Each statistic gives its own exact gradient, so a replicate is one tally
 * and one pass of each statistic, O(patterns x categories); a forward difference, one tally per
 * pattern drawn, cost O(patterns^2). Null where a statistic is undefined on the drawn clusters.
 * The buffers are made once, since a bootstrap calls this once per replicate.
 */
export function linearizedEstimates(
  model: ExchangeableModel,
  clusters: ClusterPatterns,
  statistics: readonly DifferentiableStatistic[],
): (drawn: Uint32Array) => (Estimate | null)[] {
  const patternCount = model.patterns.count;
  const count = statistics.length;
  const weights = new Float64Array(patternCount);
  const buffers = tallyBuffers(model);
  // gradient[p * count + s]: d statistic s / d weight of pattern p.
  const gradient = new Float64Array(patternCount * count);
  const one = new Float64Array(patternCount);
  const values: (number | null)[] = new Array<number | null>(count);
  const influence = new Float64Array(count);
  const means = new Float64Array(count);
  const squares = new Float64Array(count);
  return (drawn) => {
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
    const drawnTally = tally(model, weights, buffers);
    for (let s = 0; s < count; s++) {
      const value = (statistics[s] as DifferentiableStatistic)(drawnTally, one);
      values[s] = value !== null && Number.isFinite(value) ? value : null;
      if (values[s] !== null) for (let p = 0; p < patternCount; p++) gradient[p * count + s] = one[p] as number;
    }
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
      if (value === null) return null;
      const se = Math.sqrt(squares[s] as number);
      return { value, se: se > ROUNDING * Math.max(1, Math.abs(value)) ? se : 0 };
    });
  };
}
