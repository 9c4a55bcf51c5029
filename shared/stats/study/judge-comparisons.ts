// Judges against each other on the same units (issue 15 point 5): per bucket and pair of judges,
// the difference in agreement with the human majority, its exact McNemar p, and a paired cluster
// bootstrap interval in which both judges are scored on the same draws.

import type { Interval, JudgeComparisonRow, ReportBucket, ReportTask, Resampling } from '../../report/report-model';
import { bootstrapGroupsMany, type BootstrapOptions } from '../bootstrap';
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
  const rows: JudgeComparisonRow[] = [];
  for (const bucket of buckets) {
    const inBucket = units.flatMap((unit, u) => ((bucket === 'all' || unit.bucket === bucket) && (majorities[u] ?? null) !== null ? [u] : []));
    const pairs: PairOnBucket[] = [];
    // Pairs that draw from the same clusters in the same order, by the clusters' names.
    const shared = new Map<string, number[]>();
    judges.forEach((a, i) => {
      for (const b of judges.slice(i + 1)) {
        const pairedUnits: TaskUnit[] = [];
        const paired: PairedUnit[] = [];
        for (const u of inBucket) {
          const unit = units[u] as TaskUnit;
          const labelA = unit.judgements.get(a);
          const labelB = unit.judgements.get(b);
          if (labelA === undefined || labelB === undefined) continue;
          pairedUnits.push(unit);
          paired.push({ aAgrees: labelA === majorities[u], bAgrees: labelB === majorities[u] });
        }
        const { clusterOfUnit, clusters } = resamplingClusters(pairedUnits, resample);
        const unitsPerCluster = new Int32Array(clusters);
        const differencePerCluster = new Int32Array(clusters);
        const names = new Array<string>(clusters);
        paired.forEach((unit, u) => {
          const c = clusterOfUnit[u] as number;
          unitsPerCluster[c] = (unitsPerCluster[c] as number) + 1;
          differencePerCluster[c] = (differencePerCluster[c] as number) + Number(unit.aAgrees) - Number(unit.bAgrees);
          const member = pairedUnits[u] as TaskUnit;
          names[c] = resample === 'units' ? member.id : member.puzzleId;
        });
        const key = names.join('\u0000');
        const list = shared.get(key);
        if (list) list.push(pairs.length);
        else shared.set(key, [pairs.length]);
        pairs.push({ a, b, paired, unitsPerCluster, differencePerCluster });
      }
    });
    const intervals = new Array<{ ci95: Interval | null; undefinedReplicates: number }>(pairs.length);
    for (const members of shared.values()) {
      const results = pairedDifferenceBootstrap(members.map((p) => pairs[p] as PairOnBucket), bootstrap);
      members.forEach((p, m) => (intervals[p] = results[m] as { ci95: Interval | null; undefinedReplicates: number }));
    }
    pairs.forEach((pair, p) => {
      const { ci95, undefinedReplicates } = intervals[p] as { ci95: Interval | null; undefinedReplicates: number };
      rows.push({ task, bucket, a: pair.a, b: pair.b, ...pairedJudgeComparison(pair.paired), differenceCi95: ci95, undefinedReplicates, holmP: null });
    });
  }
  return rows;
}

/**
 * The percentile interval of each pair's difference, all pairs drawing the same clusters (they
 * have the same number of them). A replicate costs one pass over the clusters drawn: the
 * per-cluster sums are precomputed, so no unit is visited.
 */
function pairedDifferenceBootstrap(pairs: readonly PairOnBucket[], bootstrap: BootstrapOptions): Array<{ ci95: Interval | null; undefinedReplicates: number }> {
  const clusters = (pairs[0] as PairOnBucket).unitsPerCluster.length;
  const count = pairs.length;
  // Cluster-major, so a replicate reads the sums of one cluster for every pair together.
  const unitsOf = new Int32Array(clusters * count);
  const differenceOf = new Int32Array(clusters * count);
  pairs.forEach((pair, p) => {
    for (let c = 0; c < clusters; c++) {
      unitsOf[c * count + p] = pair.unitsPerCluster[c] as number;
      differenceOf[c * count + p] = pair.differencePerCluster[c] as number;
    }
  });
  const drawnUnits = new Float64Array(count);
  const drawnDifference = new Float64Array(count);
  const out = new Array<number | null>(count);
  const identity = Uint32Array.from({ length: clusters }, (_, c) => c);
  const results = bootstrapGroupsMany(
    identity,
    clusters,
    count,
    (draws) => {
      drawnUnits.fill(0);
      drawnDifference.fill(0);
      for (let c = 0; c < clusters; c++) {
        const w = draws[c] as number;
        if (w === 0) continue;
        for (let p = 0, at = c * count; p < count; p++, at++) {
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
  return results.map(({ ci95, undefinedReplicates }) => ({ ci95, undefinedReplicates }));
}
