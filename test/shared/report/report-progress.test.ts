// buildReport's progress callback on the bucket study and worked example B: each phase once, in
// order, with a fixed total, the bootstrap's steps following its draws, and the same report with
// or without it.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { bucketStudy, workedExampleB } from '../stats/study/study-fixtures';

function progressOf(data: ReturnType<typeof bucketStudy>, bootstrap = 20): Array<[string, number, number]> {
  const calls: Array<[string, number, number]> = [];
  buildReport({
    ...data,
    settings: { bootstrap, seed: 1, average: 'micro' },
    inputs: [],
    app: 'agreement-studio test',
    now: '2026-11-22T10:00:00.000Z',
    onProgress: (label, done, total) => calls.push([label, done, total]),
  });
  return calls;
}

describe('buildReport progress', () => {
  it('reports each phase once, in order, with a fixed total, and finishes at total', () => {
    // Per task its tables and statistics, then its pairwise figures; four more; the bootstrap in ten steps; its figures.
    const steps = Array.from({ length: 10 }, (_, k): [string, number, number] => [`Bootstrap intervals (${k + 1} of 10)`, 8 + k, 19]);
    expect(progressOf(workedExampleB())).toEqual([
      ['R (questions): agreement tables and chance-corrected agreement', 0, 19],
      ["R (questions): Cohen's kappa and confusion matrices", 1, 19],
      ['M (final answers): agreement tables and chance-corrected agreement', 2, 19],
      ["M (final answers): Cohen's kappa and confusion matrices", 3, 19],
      ['Difficulty: chance-corrected agreement', 4, 19],
      ['Per-annotator reliability', 5, 19],
      ['Player outcomes', 6, 19],
      ['Judges', 7, 19],
      ...steps,
      ['Intervals, tests and fitness cards', 18, 19],
      ['Laying out the report', 19, 19],
    ]);
  });

  it('reports the same phases whatever the buckets and with no bootstrap, every step once', () => {
    const labels = (calls: Array<[string, number, number]>) => calls.map(([label]) => label);
    const withUnrated = progressOf(bucketStudy());
    expect(labels(withUnrated)).toEqual(labels(progressOf(workedExampleB())));
    expect(withUnrated.map(([, done]) => done)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(withUnrated.map(([, , total]) => total))).toEqual(new Set([19]));
    expect(progressOf(bucketStudy(), 0)).toEqual(withUnrated);
  });

  it('gives the same report with or without a progress callback', () => {
    const input = { ...bucketStudy(), settings: { bootstrap: 20, seed: 1, average: 'micro' as const }, inputs: [], app: 'a', now: 'n' };
    expect(buildReport({ ...input, onProgress: () => undefined })).toEqual(buildReport(input));
  });
});
