// Is a judge's agreement with people within the spread of people's agreement with each other?
// (issue 31 point 4; the human-likeness test of Han et al. 2025, "Judge's Verdict: A
// Comprehensive Analysis of LLM Judge Capability Through Human Agreement", arXiv:2510.09738.)
// z = (judge's kappa with people - mean person-person kappa) / sd of the person-person kappas:
// |z| < 1 human-like, z >= 1 more consistent than people (the paper's "super-consistent"),
// z <= -1 less consistent than people (a judge the paper leaves out of its first tier).

import type { HumanLikenessRow, PairKappa, ReportTask } from '../../report/model/report-model';
import { judgeGroup } from './agreement';

/** Fewest people whose pairs make a spread: 3 give 3 pairs; 2 give one pair, whose sd is undefined. */
export const HUMAN_LIKENESS_PEOPLE = 3;

const HUMAN = 'human:';

/**
 * Per judge of the task, from the task's pairwise kappas (pairwiseKappas): the judge's Cohen's
 * kappa with each annotator on the units both labelled, their mean; the person-person kappas'
 * mean and sample sd (n - 1); z and its words. Pairs with an undefined kappa (no unit in common,
 * or no variation) are left out of the means and counted.
 */
export function humanLikeness(task: ReportTask, judges: readonly string[], pairwise: readonly PairKappa[]): HumanLikenessRow[] {
  const peoplePairs = pairwise.filter((pair) => pair.a.startsWith(HUMAN) && pair.b.startsWith(HUMAN));
  const people = new Set(peoplePairs.flatMap((pair) => [pair.a, pair.b]));
  const peopleKappas = peoplePairs.flatMap((pair) => (pair.cohenKappa === null ? [] : [pair.cohenKappa]));
  const peopleMean = mean(peopleKappas);
  const peopleSd = sampleSd(peopleKappas);
  return judges.map((judge) => {
    const group = judgeGroup(judge);
    const withPeople = pairwise.flatMap((pair) => {
      const other = pair.a === group ? pair.b : pair.b === group ? pair.a : undefined;
      return other?.startsWith(HUMAN) ? [{ annotator: other.slice(HUMAN.length), n: pair.n, kappa: pair.cohenKappa }] : [];
    });
    const judgeKappa = mean(withPeople.flatMap((pair) => (pair.kappa === null ? [] : [pair.kappa])));
    const base = { task, judge, withPeople, judgeKappa, peoplePairs: peopleKappas.length, peopleMean, peopleSd };
    const reason = missingReason(people.size, peopleKappas.length, peopleSd, judgeKappa);
    if (reason !== undefined) return { ...base, z: null, verdict: null, reason };
    const z = ((judgeKappa as number) - (peopleMean as number)) / (peopleSd as number);
    return { ...base, z, verdict: z >= 1 ? 'more consistent than people' : z <= -1 ? 'less consistent than people' : 'human-like' };
  });
}

function missingReason(people: number, pairs: number, sd: number | null, judgeKappa: number | null): string | undefined {
  if (people < HUMAN_LIKENESS_PEOPLE)
    return `${people} ${people === 1 ? 'person' : 'people'} labelled the units in pairs; the spread of people's agreement needs at least ${HUMAN_LIKENESS_PEOPLE}`;
  if (pairs < HUMAN_LIKENESS_PEOPLE || sd === null) return `${pairs} pairs of people have a kappa; the spread needs at least ${HUMAN_LIKENESS_PEOPLE}`;
  if (!(sd > 0)) return 'every pair of people agrees exactly as much as the others: no spread to measure the judge against';
  if (judgeKappa === null) return 'the judge has no kappa with any person (no unit in common, or no variation)';
  return undefined;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The sample standard deviation (n - 1); null under two values. */
function sampleSd(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
}
