// A second symmetric studentized cluster bootstrap of a ratio of per-cluster sums, written plainly
// for the tests to hold the report's against: one createPrng draw per cluster, the delta-method
// standard error spelled out, R boot's norm.inter quantiles of |t*|, the p found by bisection.

import { createPrng } from '../../../shared/random/prng';
import { normalQuantile } from '../../../shared/stats/normal-quantile';

export interface PlainUnit {
  cluster: string;
  /** The unit's numerator: +1, 0 or -1 (A agrees minus B agrees; lenient minus severe). */
  value: number;
  /** Which group the unit is of, for a difference of two groups' ratios (plainDifferenceAndSe). */
  group?: 'a' | 'b';
}

/** A statistic of the drawn clusters with its standard error; null where it is undefined. */
export type PlainEstimator = (drawn: readonly (readonly PlainUnit[])[]) => { ratio: number; se: number } | null;

export interface PlainBootstrapT {
  estimate: number | null;
  se: number | null;
  ci95: [number, number] | null;
  pValue: number | null;
  /** Replicates without a t*: no unit drawn, or se* = 0 where the ratio did not move (0 / 0). */
  undefinedReplicates: number;
}

/** The ratio sum(value) / units over the drawn clusters, and sqrt(sum over drawn clusters of (Y - R X)^2) / units. */
export function ratioAndSe(drawn: readonly (readonly PlainUnit[])[]): { ratio: number; se: number } | null {
  let sum = 0;
  let units = 0;
  for (const cluster of drawn)
    for (const unit of cluster) {
      sum += unit.value;
      units += 1;
    }
  if (units === 0) return null;
  const ratio = sum / units;
  let squares = 0;
  for (const cluster of drawn) {
    let y = 0;
    for (const unit of cluster) y += unit.value;
    const residual = y - ratio * cluster.length;
    squares += residual * residual;
  }
  return { ratio, se: Math.sqrt(squares) / units };
}

/** boot::norm.inter: the alpha quantile of sorted t, interpolated on the normal scale between order statistics. */
export function plainNormInter(sorted: readonly number[], alpha: number): number {
  const count = sorted.length;
  const rank = (count + 1) * alpha;
  const k = Math.trunc(rank);
  if (k === 0) return sorted[0] as number;
  if (k >= count) return sorted[count - 1] as number;
  if (k === rank) return sorted[k - 1] as number;
  const zAlpha = normalQuantile(alpha);
  const zLow = normalQuantile(k / (count + 1));
  const zHigh = normalQuantile((k + 1) / (count + 1));
  const low = sorted[k - 1] as number;
  const high = sorted[k] as number;
  // The limit of the interpolation where a t* is infinite (se* = 0 and the ratio moved).
  if (low === -Infinity) return low;
  if (high === Infinity) return high;
  return low + ((zAlpha - zLow) / (zHigh - zLow)) * (high - low);
}

/**
 * Each replicate draws as many clusters as there are, with replacement, in the order of their first
 * unit, and keeps t* = (R* - R) / se*; with q the quantiles of |t*|, the interval is R -/+ se q(0.95)
 * and p is 1 - the level whose quantile reaches |R| / se, by bisection.
 */
export function plainClusterBootstrapT(units: readonly PlainUnit[], replicates: number, seed: number, estimator: PlainEstimator = ratioAndSe): PlainBootstrapT {
  const names: string[] = [];
  for (const unit of units) if (!names.includes(unit.cluster)) names.push(unit.cluster);
  const clusters = names.map((name) => units.filter((unit) => unit.cluster === name));
  const sample = estimator(clusters);
  if (sample === null) return { estimate: null, se: null, ci95: null, pValue: null, undefinedReplicates: replicates };
  const prng = createPrng(seed);
  const tStar: number[] = [];
  for (let b = 0; b < replicates; b++) {
    const drawn = clusters.map(() => clusters[Math.floor(prng.next() * clusters.length)] ?? []);
    const replicate = estimator(drawn);
    if (replicate === null) continue;
    const t = (replicate.ratio - sample.ratio) / replicate.se;
    if (!Number.isNaN(t)) tStar.push(t);
  }
  const undefinedReplicates = replicates - tStar.length;
  if (!(sample.se > 0) || tStar.length === 0) return { estimate: sample.ratio, se: sample.se, ci95: null, pValue: null, undefinedReplicates };
  const absolute = tStar.map(Math.abs).sort((x, y) => x - y);
  const half = sample.se * plainNormInter(absolute, 0.95);
  const ci95: [number, number] = [sample.ratio - half, sample.ratio + half];
  const t = Math.abs(sample.ratio) / sample.se;
  const lowest = 1 / (absolute.length + 1);
  let level: number;
  if (t <= plainNormInter(absolute, lowest)) level = lowest;
  else if (t >= plainNormInter(absolute, 1 - lowest)) level = 1 - lowest;
  else {
    let low = lowest;
    let high = 1 - lowest;
    for (let step = 0; step < 200; step++) {
      const middle = (low + high) / 2;
      if (plainNormInter(absolute, middle) <= t) low = middle;
      else high = middle;
    }
    level = (low + high) / 2;
  }
  return { estimate: sample.ratio, se: sample.se, ci95, pValue: 1 - level, undefinedReplicates };
}
