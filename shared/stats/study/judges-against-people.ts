// Each judge of a task against the human majority, per bucket (issue 15 point 4): the pairs
// (judge label, strict human majority) the classifier scores and the leniency/severity test read.

import type { JudgeAgainstPeopleRow, ReportBucket, ReportTask } from '../../report/report-model';
import { judgeAgainstPeople } from '../judge/against-people';
import type { LabelPair } from '../judge/classification';
import { humanMajority } from './majority';
import type { TaskUnit } from './study-units';

/**
 * One row per judge and bucket, judge order then bucket order; `holmP` is left null for the
 * caller, who knows the family. A unit counts where the judge labelled it and people labelled it;
 * where people tie it is counted in `unitsWithoutMajority` only. The judge's label is whatever
 * indexStudy kept: `unparseable` under the `disagreement` setting (a miss of the people's label),
 * nothing under `left-out`.
 */
export function judgesAgainstPeople(task: ReportTask, units: readonly TaskUnit[], judges: readonly string[], buckets: readonly ReportBucket[]): JudgeAgainstPeopleRow[] {
  const majorities = units.map(humanMajority);
  return judges.flatMap((judge) =>
    buckets.map((bucket): JudgeAgainstPeopleRow => {
      const pairs: LabelPair[] = [];
      let unitsWithoutMajority = 0;
      units.forEach((unit, u) => {
        const label = unit.judgements.get(judge);
        if (label === undefined || unit.humans.length === 0 || (bucket !== 'all' && unit.bucket !== bucket)) return;
        const majority = majorities[u] ?? null;
        if (majority === null) unitsWithoutMajority++;
        else pairs.push({ judge: label, reference: majority });
      });
      return { task, judge, bucket, ...judgeAgainstPeople(task, pairs), unitsWithoutMajority, holmP: null };
    }),
  );
}
