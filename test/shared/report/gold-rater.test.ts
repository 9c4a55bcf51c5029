// Gold labels in buildReport, on worked example B and the bucket study: gold is compared like one
// more judge (agreement, pairwise kappas, bootstrap intervals) on the units with a gold label only,
// and every other figure, and a report without gold, stays as it was.

import { describe, expect, it } from 'vitest';
import { buildReport, type ReportInput } from '../../../shared/report/build-report';
import type { AgreementReport, AgreementRow, ReportTask } from '../../../shared/report/model/report-model';
import type { StudyGoldLabel } from '../../../shared/stats/study/study-units';
import { bucketStudy, workedExampleB } from '../stats/study/study-fixtures';

const NOW = '2026-11-22T10:00:00.000Z';

function report(data: Pick<ReportInput, 'study' | 'labels'>, gold?: StudyGoldLabel[], bootstrap = 0): AgreementReport {
  return buildReport({
    ...data,
    ...(gold !== undefined ? { gold } : {}),
    settings: { bootstrap, seed: 3, average: 'micro' },
    inputs: [],
    app: 'agreement-studio test',
    now: NOW,
  });
}

function row(built: AgreementReport, task: ReportTask, a: string, b: string, bucket: AgreementRow['bucket'] = 'all'): AgreementRow | undefined {
  return built.tables[task].find((r) => r.bucket === bucket && r.a === a && r.b === b);
}

function comparisons(built: AgreementReport, task: ReportTask): string[] {
  return [...new Set(built.tables[task].map((r) => `${r.a} vs ${r.b}`))];
}

/** Worked example B with the judge's own labels as gold: unit 1 yes, unit 2 no. */
const GOLD_AS_JUDGE: StudyGoldLabel[] = [
  { task: 'answer', unitId: 'u1', value: 'yes' },
  { task: 'answer', unitId: 'u2', value: 'no' },
];

describe('gold labels as one more rater group', () => {
  it('compares gold like a judge: equal to the judge gives judge vs gold 1 over the 2 units', () => {
    const built = report(workedExampleB(), GOLD_AS_JUDGE);
    expect(comparisons(built, 'answer')).toEqual(['judge:j vs human', 'gold vs human', 'human vs human', 'judge:j vs gold']);
    expect(row(built, 'answer', 'judge:j', 'gold')).toMatchObject({ agreement: 1, n: 2, macro: 1, units: 2 });
    // Gold vs human is then exactly the judge's HJ: (2 + 0) / (3 + 2) = 0.4.
    const judge = row(built, 'answer', 'judge:j', 'human');
    expect(row(built, 'answer', 'gold', 'human')).toEqual({ ...judge, a: 'gold' });
    expect(judge).toMatchObject({ agreement: 0.4, n: 5 });
  });

  it('adds gold to the pairwise kappas: with each annotator, each judge and the human majority', () => {
    const pairs = report(workedExampleB(), GOLD_AS_JUDGE).pairwise.answer;
    expect(pairs.find((p) => p.a === 'gold' && p.b === 'judge:j')).toEqual({ a: 'gold', b: 'judge:j', n: 2, units: 2, percentAgreement: 1, cohenKappa: 1 });
    // c labelled unit 1 only (no); gold says yes there.
    expect(pairs.find((p) => p.a === 'gold' && p.b === 'human:c')).toMatchObject({ n: 1, units: 2, percentAgreement: 0 });
    // Majorities: unit 1 yes, unit 2 irrelevant; gold yes, no.
    expect(pairs.find((p) => p.a === 'gold' && p.b === 'human-majority')).toMatchObject({ n: 2, units: 2, percentAgreement: 0.5 });
    expect(pairs.map((p) => `${p.a}/${p.b}`).filter((name) => name.includes('gold'))).toEqual([
      'gold/human:a',
      'gold/human:b',
      'gold/human:c',
      'gold/judge:j',
      'gold/human-majority',
    ]);
  });

  it('uses only the units with a gold label: gold no on unit 1 alone', () => {
    const built = report(workedExampleB(), [{ task: 'answer', unitId: 'u1', value: 'no' }]);
    // Humans yes, yes, no: 1 of 3. The judge said yes: 0 of 1.
    expect(row(built, 'answer', 'gold', 'human')).toMatchObject({ agreement: 1 / 3, n: 3, units: 1 });
    expect(row(built, 'answer', 'judge:j', 'gold')).toMatchObject({ agreement: 0, n: 1 });
  });

  it('leaves every other figure as it is, and the statistics, annotators and players to humans and judges', () => {
    const data = bucketStudy();
    const gold: StudyGoldLabel[] = [
      { task: 'answer', unitId: 'm1', value: 'no' },
      { task: 'match', unitId: 'm2', value: 'matched' },
      { task: 'difficulty', unitId: 'pM', value: 9 },
    ];
    const without = report(data);
    const withGold = report(data, gold);
    for (const task of ['answer', 'match'] as const) {
      expect(withGold.tables[task].filter((r) => r.a !== 'gold' && r.b !== 'gold')).toEqual(without.tables[task]);
      expect(withGold.pairwise[task].filter((p) => p.a !== 'gold' && p.b !== 'gold')).toEqual(without.pairwise[task]);
    }
    // A difficulty gold label is not a rating: buckets, statistics and everything else stay;
    // the settings record the two gold labels the tables count.
    expect(withGold.settings).toEqual({ ...without.settings, goldLabels: 2 });
    // The fitness cards say the reference is now adjudicated, and nothing else changes on them.
    const cards = withGold.judges?.fitness?.map((card) => ({
      ...card,
      tasks: card.tasks.map((task) => ({ ...task, reference: { ...task.reference, adjudicated: false } })),
    }));
    expect(withGold.judges?.fitness?.every((card) => card.tasks.every((task) => task.reference.adjudicated))).toBe(true);
    expect({
      ...withGold,
      tables: without.tables,
      pairwise: without.pairwise,
      settings: without.settings,
      ...(withGold.judges === undefined ? {} : { judges: { ...withGold.judges, fitness: cards } }),
    }).toEqual(without);
  });

  it('adds gold to a task only where the lead adjudicated one of its units', () => {
    // u1 is a question: a match gold label on it fits no match unit and is left out.
    const built = report(workedExampleB(), [{ task: 'match', unitId: 'u1', value: 'matched' }, ...GOLD_AS_JUDGE.slice(0, 1)]);
    expect(comparisons(built, 'answer')).toContain('gold vs human');
    expect(comparisons(built, 'match')).toEqual(['human vs human']);
  });

  it('leaves no trace without gold labels: absent and empty give the same report', () => {
    const data = bucketStudy();
    const without = report(data, undefined, 50);
    expect(report(data, [], 50)).toEqual(without);
    expect(JSON.stringify(without)).not.toContain('gold');
    // Only difficulty gold: still nothing to compare.
    expect(report(data, [{ task: 'difficulty', unitId: 'pE', value: 1 }], 50)).toEqual(without);
  });

  it('gives gold rows bootstrap intervals like a judge', () => {
    const built = report(workedExampleB(), GOLD_AS_JUDGE, 200);
    expect(row(built, 'answer', 'gold', 'human')?.ci95).toEqual(row(built, 'answer', 'judge:j', 'human')?.ci95);
    // The judge agrees with gold on both units of the one puzzle: every replicate gives 1, so the
    // interval is the Wilson interval at 1 puzzle (statsmodels' proportion_confint(1, 1, method='wilson')), not [1, 1].
    const judgeGold = row(built, 'answer', 'judge:j', 'gold');
    expect(judgeGold?.ci95Method).toBe('studentized+wilson');
    expect(judgeGold?.ci95?.[0]).toBeCloseTo(0.2065493143772374, 12);
    expect(judgeGold?.ci95?.[1]).toBe(1);
  });
});
