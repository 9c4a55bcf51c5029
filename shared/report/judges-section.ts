// The report's "Judges" section (issue 15 points 4-7): each judge against people, judges against
// each other, the Alternative Annotator Test and the corrected player scores, with the Holm
// families their p-values were adjusted in.

import type { StudyData } from '../domain/model';
import type { BootstrapOptions } from '../stats/bootstrap';
import { altTest, DEFAULT_ALT_TEST_EPSILON } from '../stats/judge/alt-test';
import { holm } from '../stats/judge/mcnemar';
import { correctedScores } from '../stats/study/corrected-scores';
import { judgeComparisons } from '../stats/study/judge-comparisons';
import { judgesAgainstPeople } from '../stats/study/judges-against-people';
import type { StudyUnits } from '../stats/study/study-units';
import { holmFamilyText } from './holm-families';
import type { JudgeAltTestRow, JudgesSection, ReportBucket, ReportTask, Resampling } from './model/report-model';

interface JudgesSettings {
  resample: Resampling;
  altTestEpsilon?: number;
  bootstrap: BootstrapOptions;
}

/** The section, or undefined when no judge labelled a unit people labelled (nothing to compare). */
export function judgesSection(
  data: StudyData,
  units: StudyUnits,
  buckets: Record<ReportTask, readonly ReportBucket[]>,
  playerBuckets: readonly ReportBucket[],
  settings: JudgesSettings,
): JudgesSection | undefined {
  const tasks: ReportTask[] = ['answer', 'match'];
  const compared = tasks.some((task) => units.units[task].some((unit) => unit.judgements.size > 0 && unit.humans.length > 0));
  if (!compared) return undefined;
  const altTestEpsilon = settings.altTestEpsilon ?? DEFAULT_ALT_TEST_EPSILON;
  const section: JudgesSection = { altTestEpsilon, againstPeople: [], comparisons: [], altTest: [], correctedScores: [], holmFamilies: [] };
  for (const task of tasks) {
    const taskUnits = units.units[task];
    const judges = units.judges[task];
    const againstPeople = judgesAgainstPeople(task, taskUnits, judges, buckets[task]);
    const leniency = holmFamily(
      againstPeople,
      (row) => row.errors.mcnemar,
      (p, row) => (row.holmP = p),
    );
    if (leniency > 0)
      section.holmFamilies.push(
        holmFamilyText(
          task,
          'leniency',
          `${plural(judges.length, 'judge')} x ${plural(buckets[task].length, 'bucket')}${tally(leniency, againstPeople.length)}`,
        ),
      );
    const comparisons = judgeComparisons(task, taskUnits, judges, buckets[task], settings.resample, settings.bootstrap);
    const paired = holmFamily(
      comparisons,
      (row) => row.mcnemar,
      (p, row) => (row.holmP = p),
    );
    const pairs = (judges.length * (judges.length - 1)) / 2;
    if (paired > 0)
      section.holmFamilies.push(
        holmFamilyText(task, 'pairs', `${plural(pairs, 'pair')} of judges x ${plural(buckets[task].length, 'bucket')}${tally(paired, comparisons.length)}`),
      );
    section.againstPeople.push(...againstPeople);
    section.comparisons.push(...comparisons);
    section.altTest.push(
      ...judges.map((judge): JudgeAltTestRow => ({
        task,
        judge,
        ...altTest(
          taskUnits.map((unit) => ({ judge: unit.judgements.get(judge), humans: unit.humans })),
          { epsilon: altTestEpsilon, scoring: 'accuracy' },
        ),
      })),
    );
  }
  section.correctedScores = correctedScores(data, units, playerBuckets);
  return section;
}

/**
 * Holm's adjustment over the rows' tested McNemar p-values (a test without a discordant pair says
 * nothing and stays out, its holmP null); returns how many were adjusted together.
 */
function holmFamily<Row>(rows: readonly Row[], test: (row: Row) => { pValue: number; reason?: string }, set: (holmP: number, row: Row) => void): number {
  const tested = rows.filter((row) => test(row).reason === undefined);
  holm(tested.map((row) => test(row).pValue)).forEach((p, i) => set(p, tested[i] as Row));
  return tested.length;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What the family leaves out: the figures without a discordant pair, which have no test. */
const tally = (tested: number, all: number) =>
  tested === all ? '' : `; the ${all - tested} without a discordant pair are not tested, so ${tested} p-values are adjusted`;
