// Per-annotator reliability (SPEC §4): how often each annotator agrees with the majority of the
// OTHER annotators on the same units, with n, so a careless or confused annotator stands out.
// Every unit someone else also labelled counts, ties among the others included (as a share of
// the tied labels). For difficulty the comparison is with the level of the others' mean rating.

import { levelOfMean } from '../../domain/difficulty';
import type { AnnotatorReliability, ReportTask } from '../../report/model/report-model';
import { humanLabelCounts, topLabelsOfCounts } from './majority';
import type { DifficultyRating, TaskUnit } from './study-units';

// A tie is among at most four labels (yes, no, irrelevant, unknown): shares of 1/k are counted in
// twelfths, whole numbers, so the agreement is a ratio of integer sums divided once.
const SHARES = 12;

interface Tally {
  /** Agreement in twelfths: 12 for an agreement, 12/k for a label among k tied ones. */
  agreements: number;
  n: number;
  ties: number;
}

/**
 * One row per annotator who labelled a unit of the task, by annotator id. Every unit that another
 * annotator labelled too counts (n). Where the others tie between k labels, the annotator's label
 * earns 1/k when it is one of them, as each tied label is the others' majority with chance 1/k;
 * dropping those units instead would score annotators on different units and hide the ties.
 */
export function annotatorReliability(task: ReportTask, units: readonly TaskUnit[]): AnnotatorReliability[] {
  const tallies = new Map<string, Tally>();
  for (const unit of units) {
    const counts = humanLabelCounts(unit);
    for (const { annotator, value } of unit.humans) {
      const tally = tallyOf(tallies, annotator);
      // The others' counts are the unit's counts less this annotator's own label.
      const top = topLabelsOfCounts(counts, value);
      if (top.length === 0) continue;
      tally.n++;
      if (top.length > 1) tally.ties++;
      if (top.includes(value)) tally.agreements += SHARES / top.length;
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
      if (levelOfMean(rating.value) === levelOfMean((sum - rating.value) / others)) tally.agreements += SHARES;
    }
  }
  return rows('difficulty', tallies);
}

function tallyOf(tallies: Map<string, Tally>, annotator: string): Tally {
  let tally = tallies.get(annotator);
  if (tally === undefined) {
    tally = { agreements: 0, n: 0, ties: 0 };
    tallies.set(annotator, tally);
  }
  return tally;
}

function rows(task: AnnotatorReliability['task'], tallies: ReadonlyMap<string, Tally>): AnnotatorReliability[] {
  return [...tallies.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((annotator) => {
      const { agreements, n, ties } = tallies.get(annotator) as Tally;
      return { task, annotator, agreement: n > 0 ? agreements / (SHARES * n) : null, n, ...(task === 'difficulty' ? {} : { ties }) };
    });
}
