// Puzzle difficulty per SPEC §4: mean of human ratings, level rounded half up and clamped to
// 1..9, bucket Easy 1-3 / Medium 4-6 / Hard 7-9; the bundle's own difficulty where no human rated.

import { MAX_DIFFICULTY, MIN_DIFFICULTY } from './model';

export const BUCKETS = ['easy', 'medium', 'hard'] as const;
export type Bucket = (typeof BUCKETS)[number] | 'unrated';

export type DifficultySource = 'human' | 'bundle' | 'none';

export interface PuzzleDifficulty {
  mean?: number;
  level?: number;
  bucket: Bucket;
  source: DifficultySource;
  ratings: number;
}

export function bucketOfLevel(level: number): Bucket {
  if (level <= 3) return 'easy';
  if (level <= 6) return 'medium';
  return 'hard';
}

export function levelOfMean(mean: number): number {
  return Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, Math.floor(mean + 0.5)));
}

export function puzzleDifficulty(humanRatings: readonly number[], bundleDifficulty?: number): PuzzleDifficulty {
  if (humanRatings.length > 0) {
    let sum = 0;
    for (const rating of humanRatings) sum += rating;
    const mean = sum / humanRatings.length;
    const level = levelOfMean(mean);
    return { mean, level, bucket: bucketOfLevel(level), source: 'human', ratings: humanRatings.length };
  }
  if (bundleDifficulty !== undefined) {
    const level = levelOfMean(bundleDifficulty);
    return { mean: bundleDifficulty, level, bucket: bucketOfLevel(level), source: 'bundle', ratings: 0 };
  }
  return { bucket: 'unrated', source: 'none', ratings: 0 };
}
