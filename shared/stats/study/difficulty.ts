// Puzzle difficulty for the report (SPEC §4): every puzzle's mean human rating, level, bucket
// and where the bucket came from (human ratings, else the bundle's difficulty, else unrated).
// The buckets it assigns split every other figure of the report.

import { puzzleDifficulty, type Bucket } from '../../domain/difficulty';
import type { Puzzle } from '../../domain/model';
import type { PuzzleDifficultyRow } from '../../report/report-model';

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
