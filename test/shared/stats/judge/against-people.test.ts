// The per-task entry the report calls: the task's labels and poles are the right ones, so a label
// no one used drops out of the macro average and only the match task gets TPR and TNR.

import { describe, expect, it } from 'vitest';
import { judgeAgainstPeople } from '../../../../shared/stats/judge/against-people';

describe('judgeAgainstPeople', () => {
  it('scores the answer task over yes, no, irrelevant and unknown, the unused unknown left out of the macro average', () => {
    const result = judgeAgainstPeople('answer', [
      { judge: 'yes', reference: 'yes' },
      { judge: 'yes', reference: 'no' },
      { judge: 'irrelevant', reference: 'irrelevant' },
      { judge: 'unparseable', reference: 'no' },
    ]);
    const { classification, errors } = result;
    expect(classification.labels).toEqual(['yes', 'no', 'irrelevant', 'unknown']);
    expect(classification.perLabel.map((s) => s.support)).toEqual([1, 2, 1, 0]);
    expect(classification.macro.f1.over).toEqual(['yes', 'no', 'irrelevant']);
    // F1: yes 2/3, no 0, irrelevant 1.
    expect(classification.macro.f1.value).toBeCloseTo((2 / 3 + 0 + 1) / 3, 14);
    expect(classification.accuracy.value).toBe(0.5);
    expect(classification.rates).toBeUndefined();
    expect(errors).toMatchObject({ positive: 'yes', negative: 'no', lenient: 1, severe: 0 });
    expect(errors.nonPolar.map((e) => e.label)).toEqual(['irrelevant', 'unknown']);
  });

  it('gives the match task its true-positive and true-negative rates with matched as the positive label', () => {
    const { classification, errors } = judgeAgainstPeople('match', [
      { judge: 'matched', reference: 'matched' },
      { judge: 'unmatched', reference: 'matched' },
      { judge: 'unmatched', reference: 'unmatched' },
    ]);
    expect(classification.rates).toEqual({ positive: 'matched', negative: 'unmatched', truePositiveRate: { value: 0.5 }, trueNegativeRate: { value: 1 } });
    expect(errors).toMatchObject({ lenient: 0, severe: 1, nonPolar: [] });
  });
});
