// countedLabels and the unsure setting: unsure labels count by default; left out, they take the
// earlier labels they supersede with them, and stay in when a later sure label supersedes them.

import { describe, expect, it } from 'vitest';
import { countedLabels } from '../../../shared/report/unsure-labels';
import type { StudyLabel } from '../../../shared/stats/study/study-units';

const label = (annotatorId: string, unitId: string, value: string, unsure: boolean): StudyLabel => ({
  annotatorId,
  unitId,
  task: 'answer',
  value: value as StudyLabel['value'],
  unsure,
});

describe('labels marked unsure', () => {
  const labels = [label('a', 'u1', 'yes', true), label('a', 'u2', 'no', false), label('b', 'u1', 'no', false), label('b', 'u1', 'yes', true)];

  it('count like any other by default', () => {
    expect(countedLabels(labels, 'counted')).toBe(labels);
  });

  it('are left out with every earlier label of the same annotator and unit, which they supersede', () => {
    expect(countedLabels(labels, 'left-out')).toEqual([label('a', 'u2', 'no', false)]);
  });

  it('leave an unsure label in when a later, sure one supersedes it', () => {
    const later = [label('a', 'u1', 'yes', true), label('a', 'u1', 'no', false)];
    expect(countedLabels(later, 'left-out')).toEqual(later);
  });
});
