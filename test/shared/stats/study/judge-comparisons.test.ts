// Judges against each other (judgeComparisons): a difference that every puzzle shows alike, 0 or
// not, has no interval and no bootstrap-t test, with a reason that is true of it, directly and in
// the report; a difference that varies between puzzles has both.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import { renderMarkdown } from '../../../../shared/report/render-markdown';
import { CLUSTER_TEST_REASONS } from '../../../../shared/stats/cluster-ratio-test';
import { judgeComparisons } from '../../../../shared/stats/study/judge-comparisons';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { handStudy, NOW, type TurnSpec } from './study-fixtures';

/** Four puzzles of three questions; people say yes to each, j1 says `j1` and j2 says `j2`. */
function twoJudgeStudy(j1: (unit: number) => string, j2: (unit: number) => string) {
  const puzzles = ['p1', 'p2', 'p3', 'p4'].map((id) => ({ id, difficulty: 2 }));
  return handStudy(
    puzzles,
    puzzles.map((puzzle, p) => ({
      id: `s${p}`,
      puzzleId: puzzle.id,
      player: 'P',
      judge: 'j1',
      turns: [0, 1, 2].map((k): TurnSpec => {
        const unit = 3 * p + k;
        return { id: `q${unit}`, judges: { j1: j1(unit), j2: j2(unit) }, humans: { a: 'yes', b: 'yes' } };
      }),
    })),
  );
}

describe('a difference the same in every replicate', () => {
  it('j1 right and j2 wrong on every unit: +100 pp, no interval, and the reason does not say they agree on the same units', () => {
    const data = twoJudgeStudy(
      () => 'yes',
      () => 'no',
    );
    const units = indexStudy(data.study, data.labels);
    const rows = judgeComparisons('answer', units.units.answer, units.judges.answer, ['easy', 'all'], 'puzzles', { replicates: 200, seed: 4 });
    for (const row of rows) {
      expect(row).toMatchObject({ n: 12, difference: 1, onlyA: 12, onlyB: 0, differenceCi95: null, differenceCi95Reason: CLUSTER_TEST_REASONS.noSpread });
      expect(row.test).toEqual({ method: 'bootstrap-t', pValue: null, reason: CLUSTER_TEST_REASONS.noSpread });
    }
    expect(CLUSTER_TEST_REASONS.noSpread).not.toMatch(/same units/);
    expect(CLUSTER_TEST_REASONS.noSpread).toMatch(/every puzzle .* gives the same value/);
  });

  it('in the report: the row keeps its difference, and the note gives the true reason', () => {
    const data = twoJudgeStudy(
      () => 'yes',
      () => 'no',
    );
    const built = buildReport({
      study: data.study,
      labels: data.labels,
      settings: { bootstrap: 200, seed: 4, average: 'micro' },
      inputs: [],
      app: 'test',
      now: NOW,
    });
    const row = built.judges?.comparisons.find((r) => r.task === 'answer' && r.bucket === 'all');
    expect(row).toMatchObject({ difference: 1, differenceCi95: null, differenceCi95Reason: CLUSTER_TEST_REASONS.noSpread });
    const markdown = renderMarkdown(built);
    expect(markdown).toContain(`No interval for j1 − j2, Easy; j1 − j2, All: ${CLUSTER_TEST_REASONS.noSpread}.`);
    expect(markdown).not.toMatch(/agree with people on the same units/);
  });

  it('a difference that varies between puzzles has an interval and a test that agrees with it', () => {
    // j2 is wrong on the first question of p1 and p2 only.
    const data = twoJudgeStudy(
      () => 'yes',
      (unit) => (unit === 0 || unit === 3 ? 'no' : 'yes'),
    );
    const units = indexStudy(data.study, data.labels);
    const [row] = judgeComparisons('answer', units.units.answer, units.judges.answer, ['all'], 'puzzles', { replicates: 200, seed: 4 });
    expect(row?.difference).toBeCloseTo(2 / 12, 12);
    expect(row?.differenceCi95).not.toBeNull();
    expect(row?.differenceCi95Reason).toBeUndefined();
    // Two puzzles of four: the interval reaches 0, so p is at least 0.05.
    expect(row?.differenceCi95?.[0]).toBeLessThanOrEqual(0);
    expect(row?.test.method).toBe('bootstrap-t');
    expect(row?.test.pValue).toBeGreaterThanOrEqual(0.05);
  });
});
