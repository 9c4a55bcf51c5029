// Cohen's kappa for every pair of raters of a task (SPEC §4): annotators, judges and gold on the
// units both labelled, and each judge (and gold) against the human majority where there is one.
// The kappas come from the reliability core; this module only decides who is paired on what.

import type { PairKappa } from '../../report/model/report-model';
import { cohenPairsOfColumns, ratingColumnsBuilder } from '../reliability';
import { fixedRaters, type FixedRater } from './agreement';
import { humanMajority } from './majority';
import type { TaskUnit } from './study-units';

/** The rater name of the human majority label in pairwise rows. */
export const HUMAN_MAJORITY = 'human-majority';

/** Annotators appear as `human:<id>` beside `judge:<model>` and `gold`, so no annotator id can pass for a judge, gold or the majority. */
export function annotatorRater(annotator: string): string {
  return `human:${annotator}`;
}

/**
 * Every pair of raters who share a unit, as the reliability core orders them, then each judge
 * (then gold, with `gold`) vs the human majority. `units` of a pair counts the units either
 * rater labelled, so a reader sees how much of the task the `n` shared units are.
 */
export function pairwiseKappas(units: readonly TaskUnit[], judges: readonly string[], gold = false): PairKappa[] {
  const raters = fixedRaters(judges, gold);
  // The ratings straight into the engine's columns, a unit at a time: a task has hundreds of
  // thousands of them, and a Rating object each cost more than the kappas.
  const builder = ratingColumnsBuilder();
  const labelled = new Map<string, number>();
  const add = (rater: string, value: string) => {
    builder.rate(rater, value);
    labelled.set(rater, (labelled.get(rater) ?? 0) + 1);
  };
  for (const unit of units) {
    builder.unit(unit.id);
    for (const { annotator, value } of unit.humans) add(annotatorRater(annotator), value);
    for (const rater of raters) {
      const value = rater.labelOf(unit);
      if (value !== undefined) add(rater.group, value);
    }
  }
  // Pairs with no unit in common (most of them, when packs split a large team) say nothing.
  const raterPairs = cohenPairsOfColumns(builder.columns())
    .filter((pair) => pair.n > 0)
    .map((pair) => pairKappa(pair, (labelled.get(pair.a) ?? 0) + (labelled.get(pair.b) ?? 0) - pair.n));
  const majorities = units.map(humanMajority);
  return [...raterPairs, ...raters.map((rater) => majorityKappa(units, majorities, rater))];
}

/** A judge (or gold) against the strict human majority, on the units the rater labelled that have one (see majority.ts). */
function majorityKappa(units: readonly TaskUnit[], majorities: ReadonlyArray<string | null>, rater: FixedRater): PairKappa {
  const builder = ratingColumnsBuilder();
  let either = 0;
  units.forEach((unit, u) => {
    const label = rater.labelOf(unit);
    const majority = majorities[u] ?? null;
    if (label !== undefined || majority !== null) either++;
    if (label === undefined || majority === null) return;
    builder.unit(unit.id);
    builder.rate(rater.group, label);
    builder.rate(HUMAN_MAJORITY, majority);
  });
  const pair = cohenPairsOfColumns(builder.columns()).find((entry) => entry.a === rater.group || entry.b === rater.group);
  return pair
    ? { ...pairKappa(pair, either), a: rater.group, b: HUMAN_MAJORITY }
    : { a: rater.group, b: HUMAN_MAJORITY, n: 0, units: either, percentAgreement: null, cohenKappa: null };
}

function pairKappa(pair: Omit<PairKappa, 'units'>, units: number): PairKappa {
  return { a: pair.a, b: pair.b, n: pair.n, units, percentAgreement: pair.percentAgreement, cohenKappa: pair.cohenKappa };
}
