// buildReport's progress callback on the bucket study and worked example B: each phase once, in
// order, with a fixed total that counts the unrated bucket, and the same report with or without it.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { bucketStudy, workedExampleB } from '../stats/study/study-fixtures';

function progressOf(data: ReturnType<typeof bucketStudy>): Array<[string, number, number]> {
  const calls: Array<[string, number, number]> = [];
  buildReport({
    ...data,
    settings: { bootstrap: 20, seed: 1, average: 'micro' },
    inputs: [],
    app: 'agreement-studio test',
    now: '2026-11-22T10:00:00.000Z',
    onProgress: (label, done, total) => calls.push([label, done, total]),
  });
  return calls;
}

describe('buildReport progress', () => {
  it('reports each phase once, in order, with a fixed total, and finishes at total', () => {
    // Four buckets per task (no unrated unit): per task the table and statistics, the intervals of 4 buckets, the pairwise figures; then 4 more.
    expect(progressOf(workedExampleB())).toEqual([
      ['R (questions): agreement tables and chance-corrected agreement', 0, 16],
      ['R (questions): intervals, easy', 1, 16],
      ['R (questions): intervals, medium', 2, 16],
      ['R (questions): intervals, hard', 3, 16],
      ['R (questions): intervals, all buckets', 4, 16],
      ["R (questions): Cohen's kappa and confusion matrices", 5, 16],
      ['M (final answers): agreement tables and chance-corrected agreement', 6, 16],
      ['M (final answers): intervals, easy', 7, 16],
      ['M (final answers): intervals, medium', 8, 16],
      ['M (final answers): intervals, hard', 9, 16],
      ['M (final answers): intervals, all buckets', 10, 16],
      ["M (final answers): Cohen's kappa and confusion matrices", 11, 16],
      ['Difficulty: chance-corrected agreement', 12, 16],
      ['Per-annotator reliability', 13, 16],
      ['Player outcomes', 14, 16],
      ['Judges', 15, 16],
      ['Laying out the report', 16, 16],
    ]);
  });

  it('counts the unrated bucket when a unit is unrated', () => {
    const calls = progressOf(bucketStudy());
    expect(calls.map(([, done]) => done)).toEqual(Array.from({ length: 19 }, (_, i) => i));
    expect(new Set(calls.map(([, , total]) => total))).toEqual(new Set([18]));
    expect(calls.filter(([label]) => label.endsWith('unrated'))).toHaveLength(2);
  });

  it('gives the same report with or without a progress callback', () => {
    const input = { ...bucketStudy(), settings: { bootstrap: 20, seed: 1, average: 'micro' as const }, inputs: [], app: 'a', now: 'n' };
    expect(buildReport({ ...input, onProgress: () => undefined })).toEqual(buildReport(input));
  });
});
