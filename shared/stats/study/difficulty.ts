// Puzzle difficulty for the report (SPEC §4): every puzzle's mean human rating, level, bucket
// and where the bucket came from (human ratings, else the bundle's difficulty, else unrated).
// The buckets it assigns split every other figure of the report; the histogram shows the ratings.

import { levelOfMean, puzzleDifficulty, type Bucket } from '../../domain/difficulty';
import { MAX_DIFFICULTY, MIN_DIFFICULTY, type Puzzle } from '../../domain/model';
import type { PuzzleDifficultyRow } from '../../report/model/report-model';
import type { StudyLabel } from './study-units';

/** One row per puzzle, in bundle order. `ratingsByPuzzle` holds each puzzle's human ratings. */
export function puzzleDifficultyRows(puzzles: readonly Puzzle[], ratingsByPuzzle: ReadonlyMap<string, readonly number[]>): PuzzleDifficultyRow[] {
  return puzzles.map((puzzle) => {
    const difficulty = puzzleDifficulty(ratingsByPuzzle.get(puzzle.id) ?? [], puzzle.difficulty);
    return {
      puzzleId: puzzle.id,
      ...(puzzle.title !== undefined ? { title: puzzle.title } : {}),
      mean: difficulty.mean ?? null,
      level: difficulty.level ?? null,
      bucket: difficulty.bucket,
      source: difficulty.source,
      ratings: difficulty.ratings,
    };
  });
}

export function bucketsOfPuzzles(rows: readonly PuzzleDifficultyRow[]): Map<string, Bucket> {
  return new Map(rows.map((row) => [row.puzzleId, row.bucket]));
}

/**
 * Human difficulty ratings per level: `[i]` counts the ratings of level i + 1 (1..9). Ratings are
 * whole numbers (docs/formats.md#label-file); any other number in range counts at its rounded level, and what is
 * not a rating from 1 to 9 is left out, as the report leaves it out.
 */
export function difficultyHistogram(labels: readonly StudyLabel[]): number[] {
  const counts = new Array<number>(MAX_DIFFICULTY - MIN_DIFFICULTY + 1).fill(0);
  for (const { task, value } of labels) {
    if (task !== 'difficulty' || typeof value !== 'number' || !(value >= MIN_DIFFICULTY && value <= MAX_DIFFICULTY)) continue;
    const level = levelOfMean(value) - MIN_DIFFICULTY;
    counts[level] = (counts[level] ?? 0) + 1;
  }
  return counts;
}
