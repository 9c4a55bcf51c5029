// Per-annotator reliability (SPEC §4): how often each annotator agrees with the majority of the
// OTHER annotators on the same units, with n, so a careless or confused annotator stands out.
// For difficulty the comparison is with the level of the others' mean rating.

import { levelOfMean } from '../../domain/difficulty';
import type { AnnotatorReliability, ReportTask } from '../../report/report-model';
import { humanLabelCounts, strictMajorityOfCounts } from './majority';
import type { DifficultyRating, TaskUnit } from './study-units';

interface Tally {
  agreements: number;
  n: number;
}

/**
 * One row per annotator who labelled a unit of the task, by annotator id. A unit counts for an
 * annotator when the others have a strict majority on it (see majority.ts); n = such units.
 */
export function annotatorReliability(task: ReportTask, units: readonly TaskUnit[]): AnnotatorReliability[] {
  const tallies = new Map<string, Tally>();
  for (const unit of units) {
    const counts = humanLabelCounts(unit);
    for (const { annotator, value } of unit.humans) {
      const tally = tallyOf(tallies, annotator);
      // The others' counts are the unit's counts less this annotator's own label.
      const majority = strictMajorityOfCounts(counts, value);
      if (majority === null) continue;
      tally.n++;
      if (majority === value) tally.agreements++;
    }
  }
  return rows(task, tallies);
}

/** Difficulty: exact agreement of an annotator's level with the rounded mean of the others' ratings on the puzzle. */
export function difficultyAnnotatorReliability(ratings: readonly DifficultyRating[]): AnnotatorReliability[] {
  const byPuzzle = new Map<string, DifficultyRating[]>();
  for (const rating of ratings) {
    const list = byPuzzle.get(rating.puzzleId);
    if (list) list.push(rating);
    else byPuzzle.set(rating.puzzleId, [rating]);
  }
  const tallies = new Map<string, Tally>();
  for (const puzzleRatings of byPuzzle.values()) {
    let sum = 0;
    for (const rating of puzzleRatings) sum += rating.value;
    const others = puzzleRatings.length - 1;
    for (const rating of puzzleRatings) {
      const tally = tallyOf(tallies, rating.annotator);
      if (others === 0) continue;
      tally.n++;
      if (levelOfMean(rating.value) === levelOfMean((sum - rating.value) / others)) tally.agreements++;
    }
  }
  return rows('difficulty', tallies);
}

function tallyOf(tallies: Map<string, Tally>, annotator: string): Tally {
  let tally = tallies.get(annotator);
  if (tally === undefined) {
    tally = { agreements: 0, n: 0 };
    tallies.set(annotator, tally);
  }
  return tally;
}

function rows(task: AnnotatorReliability['task'], tallies: ReadonlyMap<string, Tally>): AnnotatorReliability[] {
  return [...tallies.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((annotator) => {
      const { agreements, n } = tallies.get(annotator) as Tally;
      return { task, annotator, agreement: n > 0 ? agreements / n : null, n };
    });
}
