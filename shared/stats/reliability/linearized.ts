// Standard errors of the rater-exchangeable coefficients over clusters, for the studentized
// interval (issue 28 point 3): every coefficient is a smooth function of pattern weights, so its
// nonparametric delta-method variance (Davison & Hinkley 1997, section 2.7) needs only its gradient.

import type { Estimate } from '../studentized';
import { shiftedTally, tally, tallyBuffers, type ExchangeableModel, type Tally } from './exchangeable';

/**
 * The gradient is a forward difference at a step of STEP of each weight: the statistics are ratios
 * of polynomials in the weights, so it errs by about STEP relative, and rounding adds about
 * 1e-16 / STEP. One tally per pattern, not two: the difficulty ratings have up to 165 patterns.
 */
const STEP = 1e-7;

/** A standard error below this share of the value is the gradient's rounding noise, the clusters' true spread 0 (every puzzle agreeing throughout, say). */
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
 * A function of the clusters drawn (`drawn[g]` of group g) giving each statistic's value and
 * delta-method standard error: with h the gradient of the statistic in the pattern weights and
 * a_g = sum over g's patterns of count x h, a cluster's empirical influence is W (a_g - mean a),
 * so se^2 = sum_g drawn_g (a_g - mean a)^2 over the W drawn clusters (for a ratio of sums this is
 * weightedRatio's se), the gradient a forward difference (STEP). Null where a statistic is
 * undefined on the drawn clusters. `count` statistics; the buffers are made once, since a
 * bootstrap calls this once per replicate.
 */
export function linearizedEstimates(
  model: ExchangeableModel,
  clusters: ClusterPatterns,
  count: number,
  statistics: (tally: Tally) => readonly (number | null)[],
): (drawn: Uint32Array) => (Estimate | null)[] {
  const patternCount = model.patterns.count;
  const weights = new Float64Array(patternCount);
  const base = tallyBuffers(model);
  const buffers = tallyBuffers(model);
  // gradient[p * count + s]: d statistic s / d weight of pattern p, for the patterns drawn.
  const gradient = new Float64Array(patternCount * count);
  const influence = new Float64Array(count);
  const means = new Float64Array(count);
  const squares = new Float64Array(count);
  const defined: boolean[] = new Array<boolean>(count);
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
    const values = statistics(tally(model, weights, base));
    for (let s = 0; s < count; s++) {
      const value = values[s];
      defined[s] = value !== null && value !== undefined && Number.isFinite(value);
    }
    for (let p = 0; p < patternCount; p++) {
      const weight = weights[p] as number;
      if (weight === 0) continue;
      const step = weight * STEP;
      weights[p] = weight + step;
      const moved = statistics(shiftedTally(model, weights, base, p, step, buffers));
      weights[p] = weight;
      for (let s = 0; s < count; s++) {
        const to = moved[s];
        const from = values[s];
        if (to === null || to === undefined || from === null || from === undefined) defined[s] = false;
        else gradient[p * count + s] = (to - from) / step;
      }
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
      if (!defined[s] || value === null) return null;
      const se = Math.sqrt(squares[s] as number);
      return { value, se: se > ROUNDING * Math.max(1, Math.abs(value)) ? se : 0 };
    });
  };
}
