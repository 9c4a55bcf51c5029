// The study setting for unparseable judge replies (issue 14 point 3): left out of every figure,
// or counted as a disagreement with every human label, the category `unparseable` that no human
// gives. Every figure below is worked out by hand beside the turns.

import { describe, expect, it } from 'vitest';
import { buildReport, type ReportInput } from '../../../shared/report/build-report';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { listDisagreements } from '../../../shared/stats/study/disagreements';
import { NOW, oneSessionStudy } from '../stats/study/study-fixtures';

// Two judges, two annotators a and b.
const study = oneSessionStudy([
  { id: 't1', judges: { j1: 'yes', j2: 'unparseable' }, humans: { a: 'yes', b: 'yes' } },
  { id: 't2', judges: { j1: 'no', j2: 'no' }, humans: { a: 'no', b: 'yes' } },
  { id: 't3', judges: { j1: 'unparseable', j2: 'unparseable' }, humans: { a: 'irrelevant', b: 'irrelevant' } },
  { id: 'f1', final: true, judges: { j1: 'unparseable' }, humans: { a: 'matched', b: 'matched' } },
]);

function report(unparseable?: ReportInput['settings']['unparseable']): AgreementReport {
  return buildReport({
    ...study,
    settings: { bootstrap: 0, seed: 1, average: 'micro', ...(unparseable === undefined ? {} : { unparseable }) },
    inputs: [],
    app: 'agreement-studio test',
    now: NOW,
  });
}

function all(built: AgreementReport, task: 'answer' | 'match', a: string, b: string) {
  const row = built.tables[task].find((entry) => entry.bucket === 'all' && entry.a === a && entry.b === b);
  return row && { agreement: row.agreement, n: row.n };
}

describe('unparseable judge replies in the report', () => {
  it('are left out of every figure by default, and the report says so', () => {
    const built = report();
    expect(built.settings.unparseable).toBe('left-out');
    // j1: t1 2/2, t2 1/2 (t3 left out); j2: t2 1/2 only.
    expect(all(built, 'answer', 'judge:j1', 'human')).toEqual({ agreement: 3 / 4, n: 4 });
    expect(all(built, 'answer', 'judge:j2', 'human')).toEqual({ agreement: 1 / 2, n: 2 });
    expect(all(built, 'answer', 'judge:j1', 'judge:j2')).toEqual({ agreement: 1, n: 1 });
    expect(all(built, 'match', 'judge:j1', 'human')).toBeUndefined();
    expect(built.unparseableJudgeReplies).toEqual([
      { task: 'answer', judge: 'j2', count: 2 },
      { task: 'answer', judge: 'j1', count: 1 },
      { task: 'match', judge: 'j1', count: 1 },
    ]);
    expect(renderMarkdown(built)).toContain('2 replies of judge j2 could not be read and are left out.');
    expect(renderMarkdown(built)).toContain('unsure labels counted, unparseable judge replies left out (4)');
  });

  it("counted as a disagreement, disagree with every human label and agree with another judge's unparseable reply", () => {
    const built = report('disagreement');
    expect(built.settings.unparseable).toBe('disagreement');
    // j1: t1 2/2, t2 1/2, t3 0/2; j2: t1 0/2, t2 1/2, t3 0/2.
    expect(all(built, 'answer', 'judge:j1', 'human')).toEqual({ agreement: 3 / 6, n: 6 });
    expect(all(built, 'answer', 'judge:j2', 'human')).toEqual({ agreement: 1 / 6, n: 6 });
    // t1 yes vs unparseable 0, t2 1, t3 both unparseable 1.
    expect(all(built, 'answer', 'judge:j1', 'judge:j2')).toEqual({ agreement: 2 / 3, n: 3 });
    // The final j1 could not read disagrees with both humans' matched.
    expect(all(built, 'match', 'judge:j1', 'human')).toEqual({ agreement: 0, n: 2 });
    // Human vs human is the humans' own: t1 1, t2 0, t3 1 of one pair each.
    expect(all(built, 'answer', 'human', 'human')).toEqual(all(report(), 'answer', 'human', 'human'));
  });

  it("give Cohen's kappa a category only the judge uses, and a row of the confusion matrix", () => {
    const built = report('disagreement');
    // j2 vs a on t1 (unparseable, yes), t2 (no, no), t3 (unparseable, irrelevant): observed 1/3;
    // chance from the marginals, j2 {unparseable 2, no 1} and a {yes, no, irrelevant 1 each}: only
    // `no` is shared, 1 x 1 / 9. kappa = (3 x 1 - 1) / (9 - 1) = 0.25.
    const pair = built.pairwise.answer.find((entry) => [entry.a, entry.b].includes('judge:j2') && [entry.a, entry.b].includes('human:a'));
    expect(pair).toMatchObject({ n: 3, percentAgreement: 1 / 3, cohenKappa: 0.25 });
    // Left out, the pair shares t2 only: no variation, no kappa.
    const leftOut = report().pairwise.answer.find((entry) => [entry.a, entry.b].includes('judge:j2') && [entry.a, entry.b].includes('human:a'));
    expect(leftOut).toMatchObject({ n: 1, cohenKappa: null });

    const confusion = built.confusion.find((matrix) => matrix.task === 'answer' && matrix.judge === 'j2');
    // Human majority: t1 yes, t2 a tie, t3 irrelevant.
    expect(confusion?.categories).toEqual(['yes', 'no', 'irrelevant', 'unparseable']);
    expect(confusion?.counts).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [1, 0, 1, 0],
    ]);
    expect(confusion?.unitsWithoutMajority).toBe(1);
    expect(report().confusion.find((matrix) => matrix.task === 'answer' && matrix.judge === 'j2')?.categories).toEqual(['yes', 'no', 'irrelevant']);
  });

  it("leave the humans' chance-corrected statistics and the player outcomes as they are", () => {
    const built = report('disagreement');
    const plain = report();
    expect(built.statistics).toEqual(plain.statistics);
    // An unreadable final is no verdict either way: the session's judge result stays unknown.
    expect(built.players).toEqual(plain.players);
    expect(built.players.outcomes.find((row) => row.verdicts === 'judge' && row.bucket === 'all')).toMatchObject({ sessions: 0, sessionsWithoutVerdict: 1 });
  });

  it('state the choice and the count under the tables and with the settings, in Markdown and LaTeX', () => {
    const built = report('disagreement');
    const markdown = renderMarkdown(built);
    expect(markdown).toContain(
      '2 replies of judge j2 could not be read and count as a disagreement with every human label (the category unparseable, which no human gives).',
    );
    expect(markdown).toContain('1 reply of judge j1 could not be read and counts as a disagreement');
    expect(markdown).toContain('unparseable judge replies counted as disagreements (4)');
    expect(renderLatex(built)).toContain(
      '% settings: bootstrap 0, seed 1, average micro, unsure labels counted, unparseable judge replies counted as disagreements (4)',
    );
  });

  it('are not mentioned with the settings of a study that has none, unless counted', () => {
    const clean = oneSessionStudy([{ id: 't1', judges: { j1: 'yes' }, humans: { a: 'yes' } }]);
    const build = (unparseable: 'left-out' | 'disagreement') =>
      buildReport({ ...clean, settings: { bootstrap: 0, seed: 1, average: 'micro', unparseable }, inputs: [], app: 'test', now: NOW });
    expect(renderMarkdown(build('left-out'))).not.toContain('unparseable judge replies');
    expect(renderMarkdown(build('disagreement'))).toContain('unparseable judge replies counted as disagreements (0)');
  });

  it("follow the study's setting in the heatmap's drill-down and the adjudication queue", () => {
    const cellUnits = (unparseableReplies?: 'disagreement') => {
      const data = { ...study.study, study: { ...study.study.study, ...(unparseableReplies ? { unparseableReplies } : {}) } };
      return listDisagreements({ study: data, labels: study.labels }, { task: 'answer', a: 'judge:j2', b: 'human:a' }).map((unit) => unit.unitId);
    };
    // Left out, j2 and a share t2 only, where they agree.
    expect(cellUnits()).toEqual([]);
    // Lowest agreement first: on t3 both judges' unreadable replies disagree with both humans.
    expect(cellUnits('disagreement')).toEqual(['t3', 't1']);
  });
});
