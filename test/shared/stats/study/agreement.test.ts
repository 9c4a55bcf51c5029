// Raw agreement as SPEC §4 defines it: worked examples A and B reproduced, rows in order, HH, HJ
// and JJ counted over the right units per bucket, and bootstrap intervals that contain the estimate,
// repeat for a seed, and are the same for a pair computed alone or with the others.

import { describe, expect, it } from 'vitest';
import type { AgreementRow } from '../../../../shared/report/model/report-model';
import { agreementFigures, agreementRows } from '../../../../shared/stats/study/agreement';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { bucketStudy, workedExampleB } from './study-fixtures';

const NO_BOOTSTRAP = { replicates: 0, seed: 1 };
const BUCKETS = ['easy', 'medium', 'hard', 'unrated', 'all'] as const;

function rows(task: 'answer' | 'match', replicates = 0) {
  const { study, labels } = bucketStudy();
  const units = indexStudy(study, labels);
  return agreementRows(units.units[task], units.judges[task], BUCKETS, { replicates, seed: 7 });
}

/** [bucket, agreement, n, macro, units] of the rows of one rater pair. */
function figures(table: readonly AgreementRow[], a: string, b: string) {
  return table.filter((row) => row.a === a && row.b === b).map((row) => [row.bucket, row.agreement, row.n, row.macro, row.units]);
}

describe('raw agreement (SPEC §4)', () => {
  it('reproduces worked example B: micro HH 0.5, HJ 0.4, macro HH 2/3, HJ 1/3', () => {
    // Unit 1: humans yes, yes, no, judge yes -> HH 1 of 3 pairs, HJ 2 of 3.
    // Unit 2: humans irrelevant, irrelevant, judge no -> HH 1 of 1 pair, HJ 0 of 2.
    const { study, labels } = workedExampleB();
    const units = indexStudy(study, labels);
    const table = agreementRows(units.units.answer, units.judges.answer, ['all'], NO_BOOTSTRAP);
    const hj = table.find((row) => row.a === 'judge:j' && row.b === 'human');
    const hh = table.find((row) => row.a === 'human' && row.b === 'human');
    expect(hh).toMatchObject({ agreement: 0.5, n: 4, units: 2, ci95: null });
    expect(hh?.macro).toBeCloseTo(0.6667, 4);
    expect(hh?.macro).toBeCloseTo(2 / 3, 12);
    expect(hj).toMatchObject({ agreement: 0.4, n: 5, units: 2, ci95: null });
    expect(hj?.macro).toBeCloseTo(0.3333, 4);
    expect(hj?.macro).toBeCloseTo(1 / 3, 12);
  });

  it('reproduces worked example A: HH 1/3 over 3 pairs, HJ 2/3 over 3 comparisons', () => {
    // matched, matched, unmatched: pairs mm (agree), mu, mu. The judge's matched agrees with 2 of 3.
    const [hh, hj] = agreementFigures([[{ agreements: 1, comparisons: 3 }], [{ agreements: 2, comparisons: 3 }]], NO_BOOTSTRAP);
    expect(hh).toMatchObject({ agreement: 1 / 3, n: 3, units: 1 });
    expect(hj).toMatchObject({ agreement: 2 / 3, n: 3, units: 1 });
    expect(rows('match').find((row) => row.bucket === 'easy' && row.a === 'human')).toMatchObject({ agreement: 1 / 3, n: 3 });
    expect(rows('match').find((row) => row.bucket === 'easy' && row.a === 'judge:j1')).toMatchObject({ agreement: 2 / 3, n: 3 });
  });

  it('orders rows judge vs human, human vs human, judge vs judge, each over the buckets', () => {
    expect(rows('answer').map((row) => `${row.a}|${row.b}|${row.bucket}`)).toEqual(
      ['judge:j1|human', 'judge:j2|human', 'human|human', 'judge:j1|judge:j2'].flatMap((pair) => BUCKETS.map((bucket) => `${pair}|${bucket}`)),
    );
  });

  it('splits HJ by bucket, leaving out units without human labels', () => {
    const table = rows('answer');
    // j1: easy e1 2/3 + e2 2/2 = 4/5, macro (2/3 + 1)/2; medium m1 1/3; hard h1 0/1; unrated u1
    // has no human label; all (2 + 2 + 1 + 0)/(3 + 2 + 3 + 1) = 5/9, macro (2/3 + 1 + 1/3 + 0)/4.
    expect(figures(table, 'judge:j1', 'human')).toEqual([
      ['easy', 4 / 5, 5, (2 / 3 + 1) / 2, 2],
      ['medium', 1 / 3, 3, 1 / 3, 1],
      ['hard', 0, 1, 0, 1],
      ['unrated', null, 0, null, 0],
      ['all', 5 / 9, 9, (2 / 3 + 1 + 1 / 3 + 0) / 4, 4],
    ]);
    // j2: easy e1 2/3 + e2 0/2 = 2/5; medium 1/3; hard h1 1/1; all 4/9, macro (2/3 + 0 + 1/3 + 1)/4 = 0.5.
    expect(figures(table, 'judge:j2', 'human')).toEqual([
      ['easy', 2 / 5, 5, 1 / 3, 2],
      ['medium', 1 / 3, 3, 1 / 3, 1],
      ['hard', 1, 1, 1, 1],
      ['unrated', null, 0, null, 0],
      ['all', 4 / 9, 9, 0.5, 4],
    ]);
  });

  it('counts HH over pairs, leaving out units with fewer than 2 humans', () => {
    // easy: e1 1/3 pairs + e2 1/1 = 2/4 (worked example B again); medium m1 0/3; hard h1 has one
    // human; all 2/7, macro (1/3 + 1 + 0)/3.
    const hh = figures(rows('answer'), 'human', 'human');
    expect(hh.slice(0, 4)).toEqual([
      ['easy', 0.5, 4, 2 / 3, 2],
      ['medium', 0, 3, 0, 1],
      ['hard', null, 0, null, 0],
      ['unrated', null, 0, null, 0],
    ]);
    expect(hh[4]?.[1]).toBeCloseTo(2 / 7, 12);
    expect(hh[4]?.[3]).toBeCloseTo(4 / 9, 12);
  });

  it('counts JJ over every unit both judges labelled, with or without humans', () => {
    // e1 agree, e2 differ, m1 agree, h1 differ, u1 agree: macro equals micro for 0/1 units.
    expect(figures(rows('answer'), 'judge:j1', 'judge:j2')).toEqual([
      ['easy', 0.5, 2, 0.5, 2],
      ['medium', 1, 1, 1, 1],
      ['hard', 0, 1, 0, 1],
      ['unrated', 1, 1, 1, 1],
      ['all', 0.6, 5, 0.6, 5],
    ]);
    // Match: e3 agree, m2 differ, h2 agree, h3 agree, u2 differ.
    expect(figures(rows('match'), 'judge:j1', 'judge:j2').at(-1)).toEqual(['all', 0.6, 5, 0.6, 5]);
  });

  it('gives bootstrap intervals that contain the estimate, the same for the same seed', () => {
    const table = rows('answer', 200);
    for (const row of table) {
      if (row.agreement === null) {
        expect(row.ci95).toBeNull();
        continue;
      }
      const [low, high] = row.ci95 ?? [NaN, NaN];
      expect(low).toBeLessThanOrEqual(row.agreement);
      expect(high).toBeGreaterThanOrEqual(row.agreement);
      expect(row.macroCi95?.[0]).toBeLessThanOrEqual(row.macro ?? NaN);
      expect(row.macroCi95?.[1]).toBeGreaterThanOrEqual(row.macro ?? NaN);
    }
    expect(rows('answer', 200)).toEqual(table);
    // With units that differ, the interval has width.
    const all = table.find((row) => row.a === 'judge:j1' && row.bucket === 'all');
    expect((all?.ci95?.[1] ?? 0) - (all?.ci95?.[0] ?? 0)).toBeGreaterThan(0);
  });
});

describe('shared bootstrap replicates', () => {
  it('give each pair the interval it gets alone', () => {
    // Three units, two pairs; with the same seed the shared run draws the same units for both.
    const first = [
      { agreements: 1, comparisons: 3 },
      { agreements: 3, comparisons: 3 },
      { agreements: 0, comparisons: 1 },
    ];
    const second = [
      { agreements: 2, comparisons: 3 },
      { agreements: 0, comparisons: 2 },
      { agreements: 1, comparisons: 1 },
    ];
    const options = { replicates: 300, seed: 21 };
    const [sharedFirst, sharedSecond] = agreementFigures([first, second], options);
    expect(sharedFirst).toEqual(agreementFigures([first], options)[0]);
    expect(sharedSecond).toEqual(agreementFigures([second], options)[0]);
    expect(sharedFirst?.ci95).not.toEqual(sharedSecond?.ci95);
  });
});
