// Judges against each other on the same units (issue 15 point 5, issue 28 point 1): per bucket and
// pair of judges, the difference in agreement with the human majority, its studentized cluster
// bootstrap interval with both judges scored on the same draws, and the paired test the report uses.

import type { JudgeComparisonRow, PairedTest, PairedTestResult, ReportBucket, ReportTask, Resampling } from '../../report/model/report-model';
import type { BootstrapOptions } from '../bootstrap';
import { CLUSTER_TEST_REASONS, clusterRatioTestSets, clusterSeries, type ClusterRatioTest, type ClusterSeries, type TestPlan } from '../cluster-ratio-test';
import { pairedJudgeComparison, type McNemar, type PairedUnit } from '../judge/mcnemar';
import { majorityColumns } from './majority';
import { resamplingClusters } from './resampling';
import type { TaskUnit } from './study-units';

/**
 * One row per bucket and pair of judges (bucket order, then pairs in judge order); `holmP` is left
 * null for the caller. A unit is paired when both judges labelled it and people have a strict
 * majority on it. The difference is a ratio of per-cluster sums (A agrees minus B agrees, over the
 * cluster's paired units), so each replicate draws as many clusters as the pair's units fall in
 * (their puzzles, or the units themselves, as `resample` says), with replacement, and both judges
 * are scored on the same drawn units. Pairs whose clusters are the same share one resampling.
 */
export function judgeComparisons(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  resample: Resampling,
  bootstrap: BootstrapOptions,
  pairedTest: PairedTest = 'bootstrap-t',
): JudgeComparisonRow[] {
  const planned = judgeComparisonsPlan(task, units, judges, buckets, resample, pairedTest);
  return planned.rows(clusterRatioTestSets(planned.seriesSets, bootstrap));
}

/**
 * judgeComparisons up to its tests, so a caller can test its series on one call with others
 * (the judges section with the judges' net leniency, whose clusters are as many: they share draws).
 */
export function judgeComparisonsPlan(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  resample: Resampling,
  pairedTest: PairedTest = 'bootstrap-t',
): TestPlan<JudgeComparisonRow> {
  // One pass over the units for their majority, bucket and puzzle; the buckets below read these.
  const { majorities, bucketOf, puzzleOf } = majorityColumns(units);
  // Per judge and unit: 1 when its label is the majority, 0 when it is another, -1 without a label or majority.
  const agrees = judges.map((judge) =>
    Int8Array.from(units, (unit, u) => {
      const label = unit.judgements.get(judge);
      const majority = majorities[u] ?? null;
      return label === undefined || majority === null ? -1 : Number(label === majority);
    }),
  );
  // Per bucket its pairs, tested as one set (on one call before the plan).
  const perBucket = buckets.map((bucket) => {
    const pairs: { a: string; b: string; paired: PairedUnit[]; series: ClusterSeries }[] = [];
    const inBucket = bucketOf.flatMap((unitBucket, u) => ((bucket === 'all' || unitBucket === bucket) && (majorities[u] ?? null) !== null ? [u] : []));
    const { clusterOfUnit } = resamplingClusters(
      inBucket.map((u) => puzzleOf[u] as { puzzleId: string }),
      resample,
    );
    judges.forEach((a, i) => {
      judges.forEach((b, j) => {
        if (j <= i) return;
        const agreesA = agrees[i] as Int8Array;
        const agreesB = agrees[j] as Int8Array;
        const paired: PairedUnit[] = [];
        const differences: { cluster: number; value: number }[] = [];
        inBucket.forEach((u, k) => {
          const aAgrees = agreesA[u] as number;
          const bAgrees = agreesB[u] as number;
          if (aAgrees < 0 || bAgrees < 0) return;
          paired.push({ aAgrees: aAgrees === 1, bAgrees: bAgrees === 1 });
          differences.push({ cluster: clusterOfUnit[k] as number, value: aAgrees - bAgrees });
        });
        pairs.push({ a, b, paired, series: clusterSeries(differences) });
      });
    });
    return { bucket, pairs };
  });
  const rows = (tests: readonly (readonly ClusterRatioTest[])[]) =>
    perBucket.flatMap(({ bucket, pairs }, b) =>
      pairs.map((pair, p): JudgeComparisonRow => {
        const cluster = (tests[b] as readonly ClusterRatioTest[])[p] as ClusterRatioTest;
        const comparison = pairedJudgeComparison(pair.paired);
        return {
          task,
          bucket,
          a: pair.a,
          b: pair.b,
          ...comparison,
          differenceCi95: cluster.ci95,
          // Without a paired unit the difference is null and says why itself; with B = 0 no interval was asked for.
          ...(cluster.reason === CLUSTER_TEST_REASONS.noSpread ? { differenceCi95Reason: cluster.reason } : {}),
          undefinedReplicates: cluster.undefinedReplicates,
          test: pairedTestResult(pairedTest, cluster, comparison.mcnemar, NO_DISCORDANT_UNIT),
          holmP: null,
        };
      }),
    );
  return { seriesSets: perBucket.map(({ pairs }) => pairs.map((pair) => pair.series)), rows };
}

export const NO_DISCORDANT_UNIT = 'no unit where only one of the two judges agrees with people: nothing to test';

/**
 * The p the report uses: the bootstrap-t p of the cluster test, or the exact McNemar p. Without a
 * discordant unit neither tests anything (every cluster gives 0, so the bootstrap has no spread
 * either), and `noDiscordant` says so in the comparison's words.
 */
export function pairedTestResult(method: PairedTest, cluster: ClusterRatioTest, mcnemar: McNemar, noDiscordant: string): PairedTestResult {
  if (mcnemar.b + mcnemar.c === 0) return { method, pValue: null, reason: noDiscordant };
  if (method === 'exact-mcnemar') return { method, pValue: mcnemar.pValue };
  if (cluster.pValue === null) return { method, pValue: null, ...(cluster.reason === undefined ? {} : { reason: cluster.reason }) };
  return { method, pValue: cluster.pValue, ...(cluster.pAtBound ? { pAtBound: true as const } : {}) };
}
