// Which way a judge errs: lenient against severe on the two poles of a task, the answer task's
// irrelevant and unknown counted apart, and the exact McNemar p of the skew as statsmodels gives it.

import { describe, expect, it } from 'vitest';
import { classify, type LabelPair } from '../../../../shared/stats/judge/classification';
import { errorDirection, JUDGE_POLES, NON_POLAR_LABELS } from '../../../../shared/stats/judge/error-direction';
import { MCNEMAR_REASONS } from '../../../../shared/stats/judge/mcnemar';
import { close, REFERENCE } from './reference';

function repeat(judge: string, reference: string, times: number): LabelPair[] {
  return Array.from({ length: times }, () => ({ judge, reference }));
}

describe('errorDirection', () => {
  it('on the match task: lenient is matched-for-unmatched, severe the reverse, tested with statsmodels on [[40, 25], [60, 30]]', () => {
    const pairs = [
      ...repeat('matched', 'matched', 40),
      ...repeat('matched', 'unmatched', 25),
      ...repeat('unmatched', 'matched', 60),
      ...repeat('unmatched', 'unmatched', 30),
    ];
    const result = errorDirection(pairs, JUDGE_POLES.match, NON_POLAR_LABELS.match);
    expect(result).toMatchObject({
      positive: 'matched',
      negative: 'unmatched',
      lenient: 25,
      severe: 60,
      peopleNegative: 55,
      peoplePositive: 100,
      nonPolar: [],
    });
    expect(result.leniencyRate.value).toBeCloseTo(25 / 55, 14);
    expect(result.severityRate.value).toBeCloseTo(60 / 100, 14);
    expect(result.lenientShare.value).toBeCloseTo(25 / 85, 14);
    const reference = REFERENCE.mcnemar.find((t) => t.b === 25 && t.c === 60);
    expect(result.mcnemar.statistic).toBe(reference?.statistic);
    expect(close(result.mcnemar.pValue, reference?.pvalue ?? -1)).toBe(true);
    // The same counts as the confusion matrix's off-diagonal cells.
    const { counts } = classify(pairs, ['matched', 'unmatched']);
    expect([counts[0]?.[1], counts[1]?.[0]]).toEqual([result.lenient, result.severe]);
  });

  it('on the answer task: only yes-for-no and no-for-yes are lenient or severe; irrelevant and unknown are counted apart', () => {
    const pairs = [
      ...repeat('yes', 'no', 3), // lenient
      ...repeat('no', 'yes', 1), // severe
      ...repeat('irrelevant', 'yes', 2), // the judge declines where people answered
      ...repeat('irrelevant', 'no', 1),
      ...repeat('no', 'irrelevant', 4), // the judge answers where people said irrelevant
      ...repeat('unknown', 'no', 1),
      ...repeat('irrelevant', 'unknown', 5), // neither pole: counted nowhere
      ...repeat('unparseable', 'yes', 2), // not a label: counted nowhere but in the denominators
      ...repeat('yes', 'yes', 6),
      ...repeat('no', 'no', 7),
    ];
    const result = errorDirection(pairs, JUDGE_POLES.answer, NON_POLAR_LABELS.answer);
    expect(result).toMatchObject({ lenient: 3, severe: 1, peopleNegative: 3 + 1 + 1 + 7, peoplePositive: 1 + 2 + 2 + 6 });
    expect(result.nonPolar).toEqual([
      { label: 'irrelevant', judgeOnly: 3, peopleOnly: 4 },
      { label: 'unknown', judgeOnly: 1, peopleOnly: 0 },
    ]);
    expect(result.leniencyRate.value).toBeCloseTo(3 / 12, 14);
    expect(result.severityRate.value).toBeCloseTo(1 / 11, 14);
    // Exact two-sided binomial on 3 against 1: 2 * (1 + 4) / 16.
    expect(result.mcnemar.pValue).toBeCloseTo(10 / 16, 14);
  });

  it('says why the rates are undefined and gives p = 1 with a reason when the judge never confuses the poles', () => {
    const result = errorDirection([...repeat('yes', 'yes', 4), ...repeat('irrelevant', 'yes', 1)], JUDGE_POLES.answer, NON_POLAR_LABELS.answer);
    expect(result.leniencyRate).toEqual({ value: null, reason: 'people never said "no"' });
    expect(result.severityRate.value).toBe(0);
    expect(result.lenientShare).toEqual({ value: null, reason: 'the judge never confused "yes" and "no"' });
    expect(result.mcnemar).toMatchObject({ pValue: 1, reason: MCNEMAR_REASONS.noDiscordantPair });
    const empty = errorDirection([], JUDGE_POLES.match);
    expect(empty.severityRate.reason).toBe('people never said "matched"');
    expect(JSON.stringify(empty)).not.toContain('NaN');
  });
});
