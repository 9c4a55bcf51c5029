// The outlier rule of per-annotator reliability: flagged when well below the others of the same
// task (2 SD and 10 points), never on few units, never without two others to compare with.

import { describe, expect, it } from 'vitest';
import type { AnnotatorReliability } from '../../../../shared/report/model/report-model';
import { findOutliers, outlierKey } from '../../../../renderer/features/report/outliers';

const row = (annotator: string, agreement: number | null, n = 100, task: AnnotatorReliability['task'] = 'answer'): AnnotatorReliability => ({
  task,
  annotator,
  agreement,
  n,
});

describe('findOutliers', () => {
  it('flags a careless annotator among three careful ones, and only them', () => {
    const flagged = findOutliers([row('a', 0.9), row('b', 0.88), row('c', 0.86), row('d', 0.4)]);
    expect([...flagged]).toEqual([outlierKey('answer', 'd')]);
  });

  it('works with three annotators, where nobody is 2 SD below a mean of all', () => {
    expect([...findOutliers([row('a', 0.9), row('b', 0.88), row('c', 0.5)])]).toEqual([outlierKey('answer', 'c')]);
  });

  it('needs a gap of 10 points however alike the others are', () => {
    expect(findOutliers([row('a', 0.9), row('b', 0.9), row('c', 0.85)]).size).toBe(0);
  });

  it('ignores few units, undefined agreement, and a task with only two annotators', () => {
    expect(findOutliers([row('a', 0.9), row('b', 0.88), row('c', 0.2, 19)]).size).toBe(0);
    expect(findOutliers([row('a', 0.9), row('b', 0.88), row('c', null)]).size).toBe(0);
    expect(findOutliers([row('a', 0.9), row('b', 0.2)]).size).toBe(0);
  });

  it('judges each task on its own', () => {
    const rows = [row('a', 0.9), row('b', 0.88), row('c', 0.3), row('a', 0.3, 100, 'match'), row('b', 0.9, 100, 'match'), row('c', 0.88, 100, 'match')];
    expect([...findOutliers(rows)].sort()).toEqual([outlierKey('answer', 'c'), outlierKey('match', 'a')].sort());
  });
});
