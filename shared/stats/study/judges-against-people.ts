// Each judge of a task against the human majority, per bucket (issue 15 point 4, issue 28 point 1):
// the pairs (judge label, strict human majority) the classifier scores and the error direction
// reads, and the net leniency with its cluster interval and the paired test the report uses.

import type { JudgeAgainstPeopleRow, PairedTest, ReportBucket, ReportTask, Resampling } from '../../report/model/report-model';
import type { BootstrapOptions } from '../bootstrap';
import { CLUSTER_TEST_REASONS, clusterRatioTestSets, clusterSeries, type ClusterRatioTest, type TestPlan } from '../cluster-ratio-test';
import { judgeAgainstPeople } from '../judge/against-people';
import type { LabelPair } from '../judge/classification';
import { JUDGE_POLES } from '../judge/error-direction';
import { pairedTestResult } from './judge-comparisons';
import { majorityColumns } from './majority';
import { resamplingClusters } from './resampling';
import type { TaskUnit } from './study-units';

export const NO_LENIENT_OR_SEVERE_ERROR = 'the judge never confused the two labels (no lenient or severe error): nothing to test';

export interface LeniencySettings {
  resample: Resampling;
  bootstrap: BootstrapOptions;
  pairedTest: PairedTest;
}

/**
 * One row per judge and bucket, judge order then bucket order; `holmP` is left null for the
 * caller, who knows the family. `categories` are the study's labels of the task (its scheme's). A unit counts where the judge labelled it and people labelled it;
 * where people tie it is counted in `unitsWithoutMajority` only. The judge's label is whatever
 * indexStudy kept: `unparseable` under the `disagreement` setting (a miss of the people's label),
 * nothing under `left-out`. The net leniency, (lenient - severe) / n, is a ratio of per-cluster
 * sums over the same units, resampled as `settings.resample` says.
 */
export function judgesAgainstPeople(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  categories: readonly string[],
  settings: LeniencySettings,
): JudgeAgainstPeopleRow[] {
  const planned = judgesAgainstPeoplePlan(task, units, judges, buckets, categories, settings);
  return planned.rows(clusterRatioTestSets(planned.seriesSets, settings.bootstrap));
}

/** What the figures against the human majority read of a task's units, taken in one pass over them. */
export interface TaskColumns {
  /** The strict human majority of each unit; null where people tie or none labelled it. */
  majorities: (string | null)[];
  /** Per bucket (in the order given), the cluster of each of its units; -1 for a unit of another bucket. */
  clusterIn: Int32Array[];
  /** Each unit's puzzle, read in the same pass. */
  puzzleIds: string[];
}

/** The task's columns: one pass over the units for their majority, bucket and puzzle, which the buckets then read. */
export function taskColumns(units: readonly TaskUnit[], buckets: readonly ReportBucket[], resample: Resampling): TaskColumns {
  const { majorities, bucketOf, puzzleOf } = majorityColumns(units);
  const clusterIn = buckets.map((bucket) => {
    const inBucket = bucketOf.flatMap((unitBucket, u) => (bucket === 'all' || unitBucket === bucket ? [u] : []));
    const { clusterOfUnit } = resamplingClusters(
      inBucket.map((u) => puzzleOf[u] as { puzzleId: string }),
      resample,
    );
    const clusters = new Int32Array(units.length).fill(-1);
    inBucket.forEach((u, k) => (clusters[u] = clusterOfUnit[k] as number));
    return clusters;
  });
  return { majorities, clusterIn, puzzleIds: puzzleOf.map((unit) => unit.puzzleId) };
}

/**
 * judgesAgainstPeople up to its tests, so a caller can test its series on one call with others
 * (the judges section with the judges' comparisons, whose clusters are as many: they share draws).
 * `columns`: taskColumns of the same units, buckets and resampling, when the caller has them.
 */
export function judgesAgainstPeoplePlan(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  categories: readonly string[],
  settings: LeniencySettings,
  columns?: TaskColumns,
): TestPlan<JudgeAgainstPeopleRow> {
  const { majorities, clusterIn } = columns ?? taskColumns(units, buckets, settings.resample);
  const column = new Map(buckets.map((bucket, b) => [bucket, b]));
  const all = column.get('all');
  const { positive, negative } = JUDGE_POLES[task];
  const perJudge = judges.map((judge) => {
    // One pass over the units per judge, each unit going to its bucket and to all.
    const pairs = buckets.map((): LabelPair[] => []);
    const skews = buckets.map((): { cluster: number; value: number }[] => []);
    const unitsWithoutMajority = buckets.map(() => 0);
    units.forEach((unit, u) => {
      const label = unit.judgements.get(judge);
      if (label === undefined || unit.humans.length === 0) return;
      const majority = majorities[u] ?? null;
      const skew = majority === null ? 0 : Number(label === positive && majority === negative) - Number(label === negative && majority === positive);
      for (const b of [column.get(unit.bucket), all]) {
        if (b === undefined) continue;
        if (majority === null) unitsWithoutMajority[b] = (unitsWithoutMajority[b] as number) + 1;
        else {
          pairs[b]?.push({ judge: label, reference: majority });
          skews[b]?.push({ cluster: (clusterIn[b] as Int32Array)[u] as number, value: skew });
        }
      }
    });
    return { judge, pairs, skews, unitsWithoutMajority };
  });
  // Every judge and bucket tested on one call, so judges on the same clusters share their replicates.
  const series = perJudge.flatMap(({ skews }) => skews.map(clusterSeries));
  const rows = ([tests = []]: readonly (readonly ClusterRatioTest[])[]) =>
    perJudge.flatMap(({ judge, pairs, unitsWithoutMajority }, j) =>
      buckets.map((bucket, b): JudgeAgainstPeopleRow => {
        const cluster = tests[j * buckets.length + b] as ClusterRatioTest;
        const againstPeople = judgeAgainstPeople(task, pairs[b] as LabelPair[], categories);
        return {
          task,
          judge,
          bucket,
          ...againstPeople,
          unitsWithoutMajority: unitsWithoutMajority[b] as number,
          netLeniency: {
            value: cluster.value,
            ci95: cluster.ci95,
            ...(cluster.reason === CLUSTER_TEST_REASONS.noSpread ? { ci95Reason: cluster.reason } : {}),
            undefinedReplicates: cluster.undefinedReplicates,
          },
          leniencyTest: pairedTestResult(settings.pairedTest, cluster, againstPeople.errors.mcnemar, NO_LENIENT_OR_SEVERE_ERROR),
          holmP: null,
        };
      }),
    );
  return { seriesSets: [series], rows };
}
