// difficultyHistogram against counts written out by hand: difficulty ratings are counted per level
// 1..9, while levels outside 1..9, text values and other tasks' labels are not.

import { describe, expect, it } from 'vitest';
import { difficultyHistogram } from '../../../../shared/stats/study/difficulty';

describe('difficultyHistogram', () => {
  it('counts the difficulty ratings per level 1..9 and nothing else', () => {
    const rating = (annotatorId: string, value: number | string, task: 'difficulty' | 'answer' = 'difficulty') => ({
      annotatorId,
      unitId: 'p',
      task,
      value: value as never,
    });
    expect(
      difficultyHistogram([
        rating('a', 1),
        rating('b', 9),
        rating('c', 9),
        rating('d', 4),
        rating('e', 0),
        rating('f', 10),
        rating('g', 'yes', 'answer'),
        rating('h', 'x'),
      ]),
    ).toEqual([1, 0, 0, 1, 0, 0, 0, 0, 2]);
    expect(difficultyHistogram([])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
