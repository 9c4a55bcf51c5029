// Puzzle difficulty as SPEC §4 defines it: the Easy/Medium/Hard buckets of levels 1-9, the mean
// rounded half up and clamped, and human ratings preferred, then the bundle's level, then unrated.

import { describe, expect, it } from 'vitest';
import { bucketOfLevel, levelOfMean, puzzleDifficulty } from '../../../shared/domain/difficulty';

describe('puzzle difficulty (SPEC §4)', () => {
  it('buckets levels Easy 1-3, Medium 4-6, Hard 7-9', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(bucketOfLevel)).toEqual(['easy', 'easy', 'easy', 'medium', 'medium', 'medium', 'hard', 'hard', 'hard']);
  });

  it('rounds the mean half up and clamps to 1..9', () => {
    expect(levelOfMean(3.5)).toBe(4);
    expect(levelOfMean(3.4999)).toBe(3);
    expect(levelOfMean(6.5)).toBe(7);
    expect(levelOfMean(0.2)).toBe(1);
    expect(levelOfMean(9.7)).toBe(9);
  });

  it('prefers human ratings, then the bundle, then reports unrated', () => {
    expect(puzzleDifficulty([3, 4], 9)).toEqual({ mean: 3.5, level: 4, bucket: 'medium', source: 'human', ratings: 2 });
    expect(puzzleDifficulty([], 7)).toEqual({ mean: 7, level: 7, bucket: 'hard', source: 'bundle', ratings: 0 });
    expect(puzzleDifficulty([])).toEqual({ bucket: 'unrated', source: 'none', ratings: 0 });
  });
});
