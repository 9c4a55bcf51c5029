// Studentized (bootstrap-t) cluster intervals and the p-values that agree with them (issue 28
// points 1 and 3). With few puzzles the percentile interval runs short; t* = (theta* - theta) / se*
// carries the extra spread of an estimated standard error. Quantiles are taken as R's boot
// package takes them (norm.inter), so an interval equals boot.ci(type = "stud") on the same replicates.

import quickselect from 'quickselect';
import type { Interval } from './interval';
import { runReplicateJobs, type BootstrapOptions, type ReplicateJob } from './bootstrap';
import { normalCdf } from './normal-cdf';
import { normalQuantile } from './normal-quantile';

/** A statistic and its standard error, both from one sample (or one replicate). */
export interface Estimate {
  value: number;
  se: number;
}

export interface StudentizedResult {
  /** The statistic on the sample and its standard error; null when the statistic is undefined there. */
  estimate: Estimate | null;
  /** [value - se * q(0.975), value - se * q(0.025)] with q the quantiles of t*; null as `reason` says. */
  ci95: Interval | null;
  /** The defined t* of the replicates, in no set order (infinite where a replicate's se* is 0 and its value moved). */
  tStar: Float64Array;
  replicates: number;
  /** Replicates whose statistic was undefined or had se* = 0 with no move: counted, left out. */
  undefinedReplicates: number;
  reason?: string;
}

export const STUDENTIZED_REASONS = {
  undefinedInSample: 'the statistic is undefined on the sample',
  noSpread: 'the standard error on the sample is 0: every cluster gives the same value, so the sample shows no spread to studentize',
  noReplicate: 'the statistic is undefined in every bootstrap replicate',
} as const;

/** A standard error at most this share of its value (or of 1) is rounding noise: clusters whose sums cancel exactly in real numbers. */
const FLAT = 1e-12;

/**
 * Studentized intervals of `count` statistics from one set of replicates. `estimates` maps
 * draws per group to each statistic's value and standard error (null when undefined); it is
 * called once with the sample itself (each unit drawn once) and once per replicate. The
 * replicates are those bootstrapGroupsMany draws with the same seed. A replicate with se* = 0
 * gives an infinite t* where its value moved, or with `flatReplicates` = `undefined` no t* at
 * all (nor one whose se* is rounding noise, at most FLAT of its value): for a proportion, a replicate that drew only all-agreeing puzzles has se* = 0, and with
 * few puzzles 3% of them would make the interval reach 0 however the rest fall.
 */
export function bootstrapStudentizedMany(
  groupOfUnit: Uint32Array,
  groupCount: number,
  count: number,
  estimates: (drawsPerGroup: Uint32Array) => readonly (Estimate | null)[],
  options: BootstrapOptions,
  flatReplicates: 'infinite' | 'undefined' = 'infinite',
): StudentizedResult[] {
  return bootstrapStudentizedJobs([{ groupOfUnit, groupCount, count, estimates, flatReplicates }], options)[0] as StudentizedResult[];
}

/** One bootstrapStudentizedMany call's arguments, for bootstrapStudentizedJobs. */
export interface StudentizedJob {
  groupOfUnit: Uint32Array;
  groupCount: number;
  count: number;
  estimates: (drawsPerGroup: Uint32Array) => readonly (Estimate | null)[];
  flatReplicates?: 'infinite' | 'undefined';
}

/**
 * bootstrapStudentizedMany of every job, each job's results exactly its own call's: jobs over the
 * same number of units share the generator's passes where it pays (runReplicateJobs).
 */
export function bootstrapStudentizedJobs(jobs: readonly StudentizedJob[], options: BootstrapOptions): StudentizedResult[][] {
  const works = jobs.map((job) => studentizedWork(job, options.replicates));
  runReplicateJobs(works, options);
  return works.map((work) => work.results());
}

/** A studentized job as a replicate job, and its results once it has run. */
export interface StudentizedWork extends ReplicateJob {
  results(): StudentizedResult[];
}

/** One job's sample estimates and the t* of its replicates, as they are drawn. */
export function studentizedWork(job: StudentizedJob, replicates: number): StudentizedWork {
  const { groupOfUnit, groupCount, count, estimates } = job;
  const flatReplicates = job.flatReplicates ?? 'infinite';
  const sampleDraws = new Uint32Array(groupCount);
  for (const g of groupOfUnit) sampleDraws[g] = (sampleDraws[g] as number) + 1;
  const sample = estimates(sampleDraws).slice(0, count);
  const tValues = Array.from({ length: count }, () => new Float64Array(replicates));
  const defined = new Uint32Array(count);
  return {
    groupOfUnit,
    groupCount,
    add(draws) {
      const out = estimates(draws);
      for (let s = 0; s < count; s++) {
        const observed = sample[s];
        const replicate = out[s];
        if (observed === null || observed === undefined || replicate === null || replicate === undefined) continue;
        if (flatReplicates === 'undefined' && !(replicate.se > FLAT * Math.max(1, Math.abs(replicate.value)))) continue;
        const t = (replicate.value - observed.value) / replicate.se;
        if (Number.isNaN(t)) continue;
        (tValues[s] as Float64Array)[(defined[s] as number)++] = t;
      }
    },
    results: () => tValues.map((all, s) => studentizedResult(sample[s] ?? null, all.subarray(0, defined[s]), replicates)),
  };
}

/** The studentized interval from replicate estimates already made (one per replicate, null where undefined). */
export function studentizedFromEstimates(sample: Estimate | null, replicateEstimates: readonly (Estimate | null)[]): StudentizedResult {
  const tStar: number[] = [];
  if (sample !== null) {
    for (const replicate of replicateEstimates) {
      if (replicate === null) continue;
      const t = (replicate.value - sample.value) / replicate.se;
      if (!Number.isNaN(t)) tStar.push(t);
    }
  }
  return studentizedResult(sample, Float64Array.from(tStar), replicateEstimates.length);
}

function studentizedResult(estimate: Estimate | null, tStar: Float64Array, replicates: number): StudentizedResult {
  const base = { tStar, replicates, undefinedReplicates: replicates - tStar.length };
  if (estimate === null || !Number.isFinite(estimate.value)) return { ...base, estimate: null, ci95: null, reason: STUDENTIZED_REASONS.undefinedInSample };
  if (!(estimate.se > 0)) return { ...base, estimate, ci95: null, reason: STUDENTIZED_REASONS.noSpread };
  if (tStar.length === 0) return { ...base, estimate, ci95: null, reason: STUDENTIZED_REASONS.noReplicate };
  return { ...base, estimate, ci95: studentizedInterval(estimate, tStar, 0.95, selectedNormInterQuantile) };
}

/**
 * The equal-tailed studentized interval at `level` from sorted t* (or from t* in any order with
 * `quantile` selectedNormInterQuantile), as boot.ci(type = "stud") computes it.
 */
export function studentizedInterval(estimate: Estimate, sortedT: Float64Array, level = 0.95, quantile = normInterQuantile): Interval {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, not ${level}`);
  const upperQuantile = quantile(sortedT, (1 + level) / 2);
  const lowerQuantile = quantile(sortedT, (1 - level) / 2);
  return [estimate.value - estimate.se * upperQuantile, estimate.value - estimate.se * lowerQuantile];
}

/**
 * The two-sided p-value of "the statistic is `nullValue`" that agrees with the studentized
 * interval: the level 1 - p at which the interval's nearer end reaches `nullValue`, so p < 0.05
 * exactly when the 95% interval leaves it out. The replicates resolve levels down to
 * 1 / (B + 1) a tail: a t beyond every replicate gives p = 2 / (B + 1), an upper bound.
 */
export function studentizedPValue(estimate: Estimate, sortedT: Float64Array, nullValue = 0): number {
  const t = (estimate.value - nullValue) / estimate.se;
  const level = normInterLevel(sortedT, t);
  return Math.min(1, 2 * Math.min(level, 1 - level));
}

/**
 * The symmetric studentized interval at `level` (Hall 1988): value -/+ se * c, c the `level`
 * quantile of |t*| (sorted). Its two-sided coverage error is of smaller order than the
 * equal-tailed interval's, which with a dozen skewed clusters rejects too often (issue 28's
 * simulation: 8% at 12 puzzles against 3% for this one).
 */
export function symmetricStudentizedInterval(estimate: Estimate, sortedAbsT: Float64Array, level = 0.95): Interval {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, not ${level}`);
  const half = estimate.se * normInterQuantile(sortedAbsT, level);
  return [estimate.value - half, estimate.value + half];
}

/**
 * The two-sided p of "the statistic is `nullValue`" that agrees with the symmetric interval: 1
 * minus the level at which the interval's half-width reaches |value - nullValue|, so p < 0.05
 * exactly when the 95% interval leaves it out. A |t| beyond every |t*| gives p = 1 / (B + 1), an upper bound.
 */
export function symmetricStudentizedPValue(estimate: Estimate, sortedAbsT: Float64Array, nullValue = 0): number {
  const t = Math.abs(estimate.value - nullValue) / estimate.se;
  return Math.min(1, 1 - normInterLevel(sortedAbsT, t));
}

/** |t*| sorted, for the symmetric interval and p. */
export function sortedAbsolute(tStar: Float64Array): Float64Array {
  return Float64Array.from(tStar, Math.abs).sort();
}

/**
 * The alpha quantile of sorted values as R's boot::norm.inter takes it: the order statistic
 * k = (B + 1) alpha where that is whole, else interpolated between the k-th and (k+1)-th on the
 * normal quantile scale; the extremes beyond them.
 */
export function normInterQuantile(sorted: Float64Array, alpha: number): number {
  return normInterQuantileOf(sorted.length, alpha, (i) => sorted[i] as number);
}

/**
 * normInterQuantile of values in any order, each order statistic it reads found by selection
 * (Floyd-Rivest, O(B)) instead of a sort (O(B log B)): a report takes about 150 intervals of
 * 1,000 t* each, and their sorts were a twentieth of its time. Reorders `values`.
 */
export function selectedNormInterQuantile(values: Float64Array, alpha: number): number {
  // quickselect is typed for arrays; it only reads, writes and swaps by index, as a Float64Array allows.
  const array = values as unknown as number[];
  return normInterQuantileOf(values.length, alpha, (i) => {
    quickselect(array, i, 0, values.length - 1, ascending);
    return values[i] as number;
  });
}

/** Ascending order for quickselect: a - b would give NaN for two equal infinite t*. */
const ascending = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);

/** normInterQuantile of `count` values whose i-th smallest (from 0) is orderStatistic(i). */
function normInterQuantileOf(count: number, alpha: number, orderStatistic: (i: number) => number): number {
  if (count === 0) throw new RangeError('no values to take a quantile of');
  const rank = (count + 1) * alpha;
  const k = Math.trunc(rank);
  if (k <= 0) return orderStatistic(0);
  if (k >= count) return orderStatistic(count - 1);
  const below = orderStatistic(k - 1);
  if (k === rank) return below;
  const above = orderStatistic(k);
  // An infinite t* (se* = 0 where the statistic moved) outweighs any interpolation weight; the
  // formula would give -Infinity + Infinity = NaN.
  if (below === -Infinity) return below;
  if (above === Infinity) return above;
  const zLow = normalQuantile(k / (count + 1));
  const zHigh = normalQuantile((k + 1) / (count + 1));
  return below + ((normalQuantile(alpha) - zLow) / (zHigh - zLow)) * (above - below);
}

/** The alpha at which normInterQuantile reaches `value`, bounded to [1 / (B + 1), B / (B + 1)], the levels the values resolve. */
function normInterLevel(sorted: Float64Array, value: number): number {
  const count = sorted.length;
  if (value <= (sorted[0] as number)) return 1 / (count + 1);
  if (value >= (sorted[count - 1] as number)) return count / (count + 1);
  // The largest k (1-based) with sorted[k - 1] <= value; value < sorted[count - 1], so k < count.
  let low = 1;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((sorted[middle - 1] as number) <= value) low = middle;
    else high = middle - 1;
  }
  const k = low;
  const below = sorted[k - 1] as number;
  const above = sorted[k] as number;
  if (value === below) return k / (count + 1);
  // Between an infinite and a finite t* the quantile stays infinite up to the finite one's level (normInterQuantile).
  if (below === -Infinity) return (k + 1) / (count + 1);
  if (above === Infinity) return k / (count + 1);
  const zLow = normalQuantile(k / (count + 1));
  const zHigh = normalQuantile((k + 1) / (count + 1));
  return normalCdf(zLow + ((value - below) / (above - below)) * (zHigh - zLow));
}

/**
 * The ratio sum(w Y) / sum(w X) of per-cluster sums under draws w, with its nonparametric
 * delta-method standard error sqrt(sum(w (Y - R X)^2)) / sum(w X) (Davison & Hinkley 1997,
 * section 2.7; boot's ratio example on the city data). Y and X are read at offset + g * stride
 * for group g. Null when nothing with X > 0 is drawn. Float64Arrays only: every replicate of
 * every ratio figure calls it, and in Chromium a mix of array kinds made its reads megamorphic
 * (a fifth of the SPLAT report's time).
 */
export function weightedRatio(draws: Uint32Array, numerators: Float64Array, denominators: Float64Array, stride = 1, offset = 0): Estimate | null {
  let sumY = 0;
  let sumX = 0;
  for (let g = 0, at = offset; g < draws.length; g++, at += stride) {
    const w = draws[g] as number;
    if (w === 0) continue;
    sumY += w * (numerators[at] as number);
    sumX += w * (denominators[at] as number);
  }
  if (!(sumX > 0)) return null;
  const value = sumY / sumX;
  // A second pass on the residuals: the one-pass sum of squares cancels to noise where every
  // cluster has the ratio, and a noise se would make t* = 0 / noise instead of undefined.
  let squares = 0;
  for (let g = 0, at = offset; g < draws.length; g++, at += stride) {
    const w = draws[g] as number;
    if (w === 0) continue;
    const residual = (numerators[at] as number) - value * (denominators[at] as number);
    squares += w * residual * residual;
  }
  return { value, se: Math.sqrt(squares) / sumX };
}
