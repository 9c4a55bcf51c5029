// Each judge of a task against the human majority, per bucket (issue 15 point 4): the pairs
// (judge label, strict human majority) the classifier scores and the leniency/severity test read.

import type { JudgeAgainstPeopleRow, ReportBucket, ReportTask } from '../../report/model/report-model';
import { judgeAgainstPeople } from '../judge/against-people';
import type { LabelPair } from '../judge/classification';
import { humanMajority } from './majority';
import type { TaskUnit } from './study-units';

/**
 * One row per judge and bucket, judge order then bucket order; `holmP` is left null for the
 * caller, who knows the family. `categories` are the study's labels of the task (its scheme's). A unit counts where the judge labelled it and people labelled it;
 * where people tie it is counted in `unitsWithoutMajority` only. The judge's label is whatever
 * indexStudy kept: `unparseable` under the `disagreement` setting (a miss of the people's label),
 * nothing under `left-out`.
 */
export function judgesAgainstPeople(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  categories: readonly string[],
): JudgeAgainstPeopleRow[] {
  const majorities = units.map(humanMajority);
  const column = new Map(buckets.map((bucket, b) => [bucket, b]));
  const all = column.get('all');
  return judges.flatMap((judge) => {
    // One pass over the units per judge, each unit going to its bucket and to all.
    const pairs = buckets.map((): LabelPair[] => []);
    const unitsWithoutMajority = buckets.map(() => 0);
    units.forEach((unit, u) => {
      const label = unit.judgements.get(judge);
      if (label === undefined || unit.humans.length === 0) return;
      const majority = majorities[u] ?? null;
      for (const b of [column.get(unit.bucket), all]) {
        if (b === undefined) continue;
        if (majority === null) unitsWithoutMajority[b] = (unitsWithoutMajority[b] as number) + 1;
        else pairs[b]?.push({ judge: label, reference: majority });
      }
    });
    return buckets.map((bucket, b): JudgeAgainstPeopleRow => ({
      task,
      judge,
      bucket,
      ...judgeAgainstPeople(task, pairs[b] as LabelPair[], categories),
      unitsWithoutMajority: unitsWithoutMajority[b] as number,
      holmP: null,
    }));
  });
}
