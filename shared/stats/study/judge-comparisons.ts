// Judges against each other on the same units (issue 15 point 5): per bucket and pair of judges,
// the difference in agreement with the human majority, its exact McNemar p, and a paired cluster
// bootstrap interval in which both judges are scored on the same draws.

import type { Interval, JudgeComparisonRow, ReportBucket, ReportTask, Resampling } from '../../report/model/report-model';
import { bootstrapGroupsMany, groupsByKey, type BootstrapOptions } from '../bootstrap';
import { pairedJudgeComparison, type PairedUnit } from '../judge/mcnemar';
import { humanMajority } from './majority';
import { resamplingClusters } from './resampling';
import type { TaskUnit } from './study-units';

/** One pair of judges on one bucket: its paired units and the clusters a replicate draws from. */
interface PairOnBucket {
  a: string;
  b: string;
  paired: PairedUnit[];
  /** Units per cluster and, per cluster, the units where A agrees minus those where B agrees. */
  unitsPerCluster: Int32Array;
  differencePerCluster: Int32Array;
}

/**
 * One row per bucket and pair of judges (bucket order, then pairs in judge order); `holmP` is left
 * null for the caller. A unit is paired when both judges labelled it and people have a strict
 * majority on it. Each replicate draws as many clusters as the pair's units fall in (their
 * puzzles, or the units themselves, as `resample` says), with replacement, and both judges are
 * scored on the same drawn units. Pairs whose clusters are the same, in the same order, share
 * one resampling: with the same seed each gets the interval it would get alone.
 */
export function judgeComparisons(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  resample: Resampling,
  bootstrap: BootstrapOptions,
): JudgeComparisonRow[] {
  const majorities = units.map(humanMajority);
  // Per judge and unit: 1 when its label is the majority, 0 when it is another, -1 without a label or majority.
  const agrees = judges.map((judge) =>
    Int8Array.from(units, (unit, u) => {
      const label = unit.judgements.get(judge);
      const majority = majorities[u] ?? null;
      return label === undefined || majority === null ? -1 : Number(label === majority);
    }),
  );
  const rows: JudgeComparisonRow[] = [];
  for (const bucket of buckets) {
    const inBucket = units.flatMap((unit, u) => ((bucket === 'all' || unit.bucket === bucket) && (majorities[u] ?? null) !== null ? [u] : []));
    // The bucket's clusters once; a pair's clusters are those its units fall in, renumbered in
    // order of first appearance, which is what resamplingClusters gives on the pair's units alone.
    const bucketClusters = resamplingClusters(
      inBucket.map((u) => units[u] as TaskUnit),
      resample,
    );
    const clusterOfPair = new Int32Array(bucketClusters.clusters);
    const pairs: PairOnBucket[] = [];
    // Pairs that draw from the same clusters in the same order.
    const shared = new Map<string, number[]>();
    judges.forEach((a, i) => {
      judges.forEach((b, j) => {
        if (j <= i) return;
        const agreesA = agrees[i] as Int8Array;
        const agreesB = agrees[j] as Int8Array;
        const paired: PairedUnit[] = [];
        const order: number[] = [];
        const unitsPerCluster: number[] = [];
        const differencePerCluster: number[] = [];
        clusterOfPair.fill(-1);
        inBucket.forEach((u, k) => {
          const aAgrees = agreesA[u] as number;
          const bAgrees = agreesB[u] as number;
          if (aAgrees < 0 || bAgrees < 0) return;
          paired.push({ aAgrees: aAgrees === 1, bAgrees: bAgrees === 1 });
          const cluster = bucketClusters.clusterOfUnit[k] as number;
          let c = clusterOfPair[cluster] as number;
          if (c < 0) {
            c = order.length;
            clusterOfPair[cluster] = c;
            order.push(cluster);
            unitsPerCluster.push(0);
            differencePerCluster.push(0);
          }
          unitsPerCluster[c] = (unitsPerCluster[c] as number) + 1;
          differencePerCluster[c] = (differencePerCluster[c] as number) + aAgrees - bAgrees;
        });
        const key = order.join(' ');
        const list = shared.get(key);
        if (list) list.push(pairs.length);
        else shared.set(key, [pairs.length]);
        pairs.push({ a, b, paired, unitsPerCluster: Int32Array.from(unitsPerCluster), differencePerCluster: Int32Array.from(differencePerCluster) });
      });
    });
    const intervals = new Array<PairedInterval>(pairs.length);
    for (const members of shared.values()) {
      const results = pairedDifferenceBootstrap(
        members.map((p) => pairs[p] as PairOnBucket),
        bootstrap,
      );
      members.forEach((p, m) => (intervals[p] = results[m] as PairedInterval));
    }
    pairs.forEach((pair, p) => {
      const { ci95, undefinedReplicates, reason } = intervals[p] as PairedInterval;
      rows.push({
        task,
        bucket,
        a: pair.a,
        b: pair.b,
        ...pairedJudgeComparison(pair.paired),
        differenceCi95: ci95,
        ...(reason === undefined ? {} : { differenceCi95Reason: reason }),
        undefinedReplicates,
        holmP: null,
      });
    });
  }
  return rows;
}

/**
 * The percentile interval of each pair's difference, all pairs drawing the same clusters (they
 * have the same number of them). Clusters whose sums are the same for every pair share a group,
 * so a replicate costs one pass over the distinct groups drawn: most clusters of a large study
 * repeat a few patterns (so many units, no difference), and no unit is visited.
 */
function pairedDifferenceBootstrap(pairs: readonly PairOnBucket[], bootstrap: BootstrapOptions): PairedInterval[] {
  const clusters = (pairs[0] as PairOnBucket).unitsPerCluster.length;
  const count = pairs.length;
  const { groupOf: groupOfCluster, firstOf } = groupsByKey(clusters, (c) =>
    pairs.map((pair) => `${pair.unitsPerCluster[c] as number}/${pair.differencePerCluster[c] as number}`).join(';'),
  );
  const groups = firstOf.length;
  // Group-major, so a replicate reads the sums of one group for every pair together.
  const unitsOf = firstOf.flatMap((c) => pairs.map((pair) => pair.unitsPerCluster[c] as number));
  const differenceOf = firstOf.flatMap((c) => pairs.map((pair) => pair.differencePerCluster[c] as number));
  const drawnUnits = new Float64Array(count);
  const drawnDifference = new Float64Array(count);
  const out = new Array<number | null>(count);
  const results = bootstrapGroupsMany(
    groupOfCluster,
    groups,
    count,
    (draws) => {
      drawnUnits.fill(0);
      drawnDifference.fill(0);
      for (let g = 0; g < groups; g++) {
        const w = draws[g] as number;
        if (w === 0) continue;
        for (let p = 0, at = g * count; p < count; p++, at++) {
          drawnUnits[p] = (drawnUnits[p] as number) + w * (unitsOf[at] as number);
          drawnDifference[p] = (drawnDifference[p] as number) + w * (differenceOf[at] as number);
        }
      }
      for (let p = 0; p < count; p++) {
        const n = drawnUnits[p] as number;
        out[p] = n > 0 ? (drawnDifference[p] as number) / n : null;
      }
      return out;
    },
    bootstrap,
  );
  // Every replicate giving one difference is no interval: the resampling shows no spread, which
  // the sample cannot show of units beyond it. The difference need not be 0 (A right on every
  // unit where B is wrong gives +100 pp in every replicate), so the reason says no more than that.
  return results.map(({ ci95, undefinedReplicates, constant }) =>
    constant ? { ci95: null, undefinedReplicates, reason: CONSTANT_DIFFERENCE } : { ci95, undefinedReplicates },
  );
}

interface PairedInterval {
  ci95: Interval | null;
  undefinedReplicates: number;
  reason?: string;
}

export const CONSTANT_DIFFERENCE =
  'the difference is the same in every bootstrap replicate: the resampling shows no spread, and the sample cannot show that units beyond it would have none';
