// Cohen's kappa for every pair of raters of a task (SPEC §4): annotators and judges on the units
// both labelled, and each judge against the human majority label on the units that have one.
// The kappas come from the reliability core; this module only decides who is paired on what.

import type { PairKappa } from '../../report/report-model';
import { computeReliability, type Rating } from '../reliability';
import { judgeGroup } from './agreement';
import { humanMajority } from './majority';
import type { TaskUnit } from './study-units';

/** The rater name of the human majority label in pairwise rows. */
export const HUMAN_MAJORITY = 'human-majority';

/** Annotators appear as `human:<id>` beside `judge:<model>`, so no annotator id can pass for a judge or the majority. */
function annotatorRater(annotator: string): string {
  return `human:${annotator}`;
}

/** Every pair of raters who share a unit, as the reliability core orders them, then each judge vs the human majority. */
export function pairwiseKappas(units: readonly TaskUnit[], judges: readonly string[]): PairKappa[] {
  const ratings: Rating[] = [];
  for (const unit of units) {
    for (const { annotator, value } of unit.humans) ratings.push({ unit: unit.id, rater: annotatorRater(annotator), value });
    for (const [model, value] of unit.judgements) ratings.push({ unit: unit.id, rater: judgeGroup(model), value });
  }
  // Pairs with no unit in common (most of them, when packs split a large team) say nothing.
  const raterPairs = computeReliability(ratings)
    .pairs.filter((pair) => pair.n > 0)
    .map(pairKappa);
  return [...raterPairs, ...judges.map((judge) => judgeMajorityKappa(units, judge))];
}

/** A judge against the strict human majority, on the units the judge labelled that have one (see majority.ts). */
function judgeMajorityKappa(units: readonly TaskUnit[], judge: string): PairKappa {
  const rater = judgeGroup(judge);
  const ratings: Rating[] = [];
  for (const unit of units) {
    const label = unit.judgements.get(judge);
    const majority = label === undefined ? null : humanMajority(unit);
    if (label === undefined || majority === null) continue;
    ratings.push({ unit: unit.id, rater, value: label }, { unit: unit.id, rater: HUMAN_MAJORITY, value: majority });
  }
  const pair = computeReliability(ratings).pairs.find((entry) => entry.a === rater || entry.b === rater);
  return pair ? { ...pairKappa(pair), a: rater, b: HUMAN_MAJORITY } : { a: rater, b: HUMAN_MAJORITY, n: 0, percentAgreement: null, cohenKappa: null };
}

function pairKappa(pair: PairKappa): PairKappa {
  return { a: pair.a, b: pair.b, n: pair.n, percentAgreement: pair.percentAgreement, cohenKappa: pair.cohenKappa };
}
