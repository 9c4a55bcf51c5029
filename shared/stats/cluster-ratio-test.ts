// The paired tests of the report (issue 28 point 1): a ratio of per-cluster sums (two judges'
// difference in agreement, a judge's net leniency) with its symmetric studentized cluster bootstrap
// interval and the p-value of "it is 0" inverted from that same interval, so the two never disagree.

import type { Interval } from './interval';
import { groupsByNumbers, runPlan, type BootstrapOptions, type BootstrapPlan } from './bootstrap';
import {
  sortedAbsolute,
  studentizedWork,
  symmetricStudentizedInterval,
  symmetricStudentizedPValue,
  weightedRatio,
  type Estimate,
  type StudentizedJob,
  type StudentizedResult,
  type StudentizedWork,
} from './studentized';

/**
 * One statistic's sums per cluster: its numerator (sum over the cluster's units of a value from
 * -1 to 1) and denominator (its units), so the ratio lies between -1 and 1.
 */
export interface ClusterSeries {
  /** The clusters the statistic's units fall in, by the caller's cluster number, in order of first appearance. */
  clusters: number[];
  numerators: number[];
  denominators: number[];
}

/**
 * Per-cluster sums of `value` over units, each unit counting 1 in the denominator. Cluster numbers
 * are the report's (puzzle or unit numbers from 0): a plain array indexes them, where a Map cost
 * the 20x report tens of megabytes of garbage per build.
 */
export function clusterSeries(units: Iterable<{ cluster: number; value: number }>): ClusterSeries {
  const series: ClusterSeries = { clusters: [], numerators: [], denominators: [] };
  const indexOf: number[] = [];
  for (const { cluster, value } of units) {
    if (!(Number.isInteger(cluster) && cluster >= 0)) throw new RangeError(`a cluster number is a whole number from 0, not ${cluster}`);
    let c = indexOf[cluster];
    if (c === undefined) {
      c = series.clusters.length;
      indexOf[cluster] = c;
      series.clusters.push(cluster);
      series.numerators.push(0);
      series.denominators.push(0);
    }
    series.numerators[c] = (series.numerators[c] as number) + value;
    series.denominators[c] = (series.denominators[c] as number) + 1;
  }
  return series;
}

export interface ClusterRatioTest {
  /** sum(Y) / sum(X) over the clusters; null without a unit. */
  value: number | null;
  /** The symmetric studentized (bootstrap-t) 95% interval, value -/+ se * q95(|t*|); null as `reason` says. */
  ci95: Interval | null;
  /** Two-sided p of "the ratio is 0" from the same replicates: below 0.05 exactly when ci95 leaves 0 out; null as `reason` says. */
  pValue: number | null;
  /** |t| of the sample lies beyond every replicate's, so p is the smallest the replicates resolve, 1 / (B + 1): the true p is at most this. */
  pAtBound?: true;
  /**
   * Replicates without a t*, left out of interval and p: every replicate without a unit; else
   * those whose drawn clusters all show the sample's ratio (0 / 0). 0 where the sample itself
   * shows no spread, which has no interval to warn about.
   */
  undefinedReplicates: number;
  reason?: string;
}

export const CLUSTER_TEST_REASONS = {
  noUnit: 'no unit to compare',
  noReplicates: 'no bootstrap replicates (B = 0): neither an interval nor the test that agrees with it',
  noSpread:
    'every puzzle (every unit, when units are resampled) gives the same value, so the data show no spread to measure it against: neither an interval nor a test',
  noReplicate: 'the figure is undefined in every bootstrap replicate',
} as const;

/**
 * The test of every series. Series on the same clusters in the same order share one set of
 * replicates, and clusters whose sums are the same in every such series share a group, so a
 * replicate costs one pass over the distinct groups drawn. With the same seed each series gets
 * the interval and p it would get alone.
 */
export function clusterRatioTests(series: readonly ClusterSeries[], bootstrap: BootstrapOptions): ClusterRatioTest[] {
  return clusterRatioTestSets([series], bootstrap)[0] as ClusterRatioTest[];
}

/**
 * clusterRatioTests of each set, each set's tests exactly its own call's (its series grouped only
 * with each other), while sets of series on as many clusters share the generator's pass
 * (runReplicateJobs): the judges' net leniency and their comparisons on one bucket.
 */
export function clusterRatioTestSets(sets: readonly (readonly ClusterSeries[])[], bootstrap: BootstrapOptions): ClusterRatioTest[][] {
  return clusterTestsOfKinds([ratioSeriesKind(sets)], bootstrap)[0] as ClusterRatioTest[][];
}

/**
 * Sets of series of one kind on clusters: series of a set on the same clusters in the same order
 * are one studentized job (`jobOf`). A series' figure lies in [-boundOf(series), boundOf(series)],
 * where an interval made infinite by flat replicates ends.
 */
export interface SeriesKind<Series extends OnClusters = OnClusters> {
  sets: readonly (readonly Series[])[];
  // Methods, not function members: their parameters are bivariant, so kinds of different series go in one list.
  jobOf(series: readonly Series[]): StudentizedJob;
  boundOf(series: Series): number;
}

interface OnClusters {
  clusters: readonly number[];
}

/** Ratio series (clusterRatioTestSets) as a kind for clusterTestsOfKinds. */
export function ratioSeriesKind(sets: readonly (readonly ClusterSeries[])[]): SeriesKind<ClusterSeries> {
  return { sets, jobOf: ratioJob, boundOf: () => 1 };
}

/**
 * The tests of every kind's sets, per kind and set, each set's tests exactly its own call's, while
 * jobs of every kind on as many clusters share the generator's pass where it pays
 * (runReplicateJobs): the judges' net leniency, their comparisons and the bias checks.
 */
export function clusterTestsOfKinds(kinds: readonly SeriesKind[], bootstrap: BootstrapOptions): ClusterRatioTest[][][] {
  return runPlan(clusterTestsPlan(kinds, bootstrap), bootstrap);
}

/** clusterTestsOfKinds still to be bootstrapped, so that other figures on the same clusters share its passes. */
export function clusterTestsPlan(kinds: readonly SeriesKind[], bootstrap: BootstrapOptions): BootstrapPlan<ClusterRatioTest[][][]> {
  const results = kinds.map((kind) => kind.sets.map((series) => new Array<ClusterRatioTest>(series.length)));
  const resampled: { kind: number; set: number; members: number[]; work: StudentizedWork }[] = [];
  kinds.forEach(({ sets, jobOf }, kind) =>
    sets.forEach((series, set) => {
      const shared = new Map<string, number[]>();
      series.forEach((one, s) => {
        const key = one.clusters.join(' ');
        const members = shared.get(key);
        if (members) members.push(s);
        else shared.set(key, [s]);
      });
      for (const members of shared.values()) {
        const same = members.map((s) => series[s] as OnClusters);
        const early = unresampledTests(same, bootstrap, jobOf);
        const out = results[kind]?.[set] as ClusterRatioTest[];
        if (early !== undefined) members.forEach((s, m) => (out[s] = early[m] as ClusterRatioTest));
        else resampled.push({ kind, set, members, work: studentizedWork(jobOf(same), bootstrap.replicates) });
      }
    }),
  );
  return {
    jobs: resampled.map(({ work }) => work),
    result() {
      resampled.forEach(({ kind, set, members, work }) =>
        work.results().forEach((result, m) => {
          const s = members[m] as number;
          const { sets, boundOf } = kinds[kind] as SeriesKind;
          (results[kind]?.[set] as ClusterRatioTest[])[s] = symmetricTest(result, boundOf(sets[set]?.[s] as OnClusters));
        }),
      );
      return results;
    },
  };
}

/**
 * Rows still to be tested: their series, in sets each of which clusterRatioTests would test on
 * one call, and the rows once clusterRatioTestSets has tested those sets.
 */
export interface TestPlan<Row> {
  seriesSets: ClusterSeries[][];
  rows(tests: readonly (readonly ClusterRatioTest[])[]): Row[];
}

/** The tests of series on the same clusters that need no replicate: without a cluster, or with B = 0; undefined when they are resampled. */
function unresampledTests<Series extends OnClusters>(
  series: readonly Series[],
  bootstrap: BootstrapOptions,
  jobOf: (series: readonly Series[]) => StudentizedJob,
): ClusterRatioTest[] | undefined {
  if ((series[0] as Series).clusters.length === 0)
    return series.map(() => ({ value: null, ci95: null, pValue: null, undefinedReplicates: bootstrap.replicates, reason: CLUSTER_TEST_REASONS.noUnit }));
  if (bootstrap.replicates !== 0) return undefined;
  const job = jobOf(series);
  const sampleDraws = new Uint32Array(job.groupCount);
  for (const g of job.groupOfUnit) sampleDraws[g] = (sampleDraws[g] as number) + 1;
  return job.estimates(sampleDraws).map((estimate) => ({
    value: estimate?.value ?? null,
    ci95: null,
    pValue: null,
    undefinedReplicates: 0,
    reason: CLUSTER_TEST_REASONS.noReplicates,
  }));
}

/** The studentized job of series on the same clusters: their clusters grouped where every series' sums agree. */
function ratioJob(series: readonly ClusterSeries[]): StudentizedJob {
  const clusters = (series[0] as ClusterSeries).clusters.length;
  const count = series.length;
  const { groupOf: groupOfCluster, firstOf } = groupsByNumbers(clusters, 2 * count, (c, key) =>
    series.forEach((one, s) => {
      key[2 * s] = one.denominators[c] as number;
      key[2 * s + 1] = one.numerators[c] as number;
    }),
  );
  // Group-major, as weightedRatio reads them with stride `count`.
  const numerators = Float64Array.from(firstOf.flatMap((c) => series.map((one) => one.numerators[c] as number)));
  const denominators = Float64Array.from(firstOf.flatMap((c) => series.map((one) => one.denominators[c] as number)));
  const out = new Array<Estimate | null>(count);
  const estimates = (draws: Uint32Array) => {
    for (let s = 0; s < count; s++) out[s] = weightedRatio(draws, numerators, denominators, count, s);
    return out;
  };
  return { groupOfUnit: groupOfCluster, groupCount: firstOf.length, count, estimates };
}

/** One series' test from its studentized replicates, for a figure that lies in [-bound, bound]. */
function symmetricTest(result: StudentizedResult, bound: number): ClusterRatioTest {
  const { estimate, ci95, tStar, undefinedReplicates } = result;
  const value = estimate?.value ?? null;
  if (estimate === null || ci95 === null) {
    if (estimate !== null && !(estimate.se > 0)) return { value, ci95: null, pValue: null, undefinedReplicates: 0, reason: CLUSTER_TEST_REASONS.noSpread };
    const reason = estimate === null ? CLUSTER_TEST_REASONS.noUnit : CLUSTER_TEST_REASONS.noReplicate;
    return { value, ci95: null, pValue: null, undefinedReplicates, reason };
  }
  // Symmetric rather than the equal-tailed ci95 the replicates also give: see symmetricStudentizedInterval.
  const absT = sortedAbsolute(tStar);
  const symmetric = symmetricStudentizedInterval(estimate, absT);
  const pValue = symmetricStudentizedPValue(estimate, absT, 0);
  // Replicates whose drawn clusters all show one ratio (se* = 0) give infinite t*, and with
  // enough of them the interval is infinite: it ends where the figure can (a ratio at -1 and 1).
  const bounded: Interval = [Math.max(-bound, symmetric[0]), Math.min(bound, symmetric[1])];
  const beyondEvery = Math.abs(estimate.value) / estimate.se >= (absT[absT.length - 1] as number);
  return { value, ci95: bounded, pValue, ...(beyondEvery ? { pAtBound: true as const } : {}), undefinedReplicates };
}
