// @vitest-environment happy-dom
// The report's Judges section over a Judges section built from the judge statistics themselves:
// per judge the confusion matrix and per-label figures as computed, the leniency bar's words, the
// Alt-Test's verdict (passed, failed, refused) with its epsilon, the corrected scores with clamped
// and undefined figures said in words, the paired comparisons with their Holm families, and the
// task and bucket switches.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JudgesSection } from '../../../../renderer/features/report/JudgesSection';
import type {
  AgreementReport,
  CorrectedScoreRow,
  JudgeAgainstPeopleRow,
  JudgesSection as Section,
  ReportBucket,
  ReportTask,
} from '../../../../shared/report/model/report-model';
import { altTest, type AltTestUnit } from '../../../../shared/stats/judge/alt-test';
import { judgeAgainstPeople } from '../../../../shared/stats/judge/against-people';
import type { LabelPair } from '../../../../shared/stats/judge/classification';
import { correctedScore } from '../../../../shared/stats/judge/corrected-score';
import { pairedJudgeComparison } from '../../../../shared/stats/judge/mcnemar';
import { sampleReport } from './report-fixtures';

afterEach(cleanup);

const repeat = (count: number, pair: LabelPair): LabelPair[] => Array.from({ length: count }, () => pair);

/** A lenient judge: 12 yes where people said no, 1 no where people said yes. */
const LENIENT: LabelPair[] = [
  ...repeat(20, { judge: 'yes', reference: 'yes' }),
  ...repeat(30, { judge: 'no', reference: 'no' }),
  ...repeat(12, { judge: 'yes', reference: 'no' }),
  ...repeat(1, { judge: 'no', reference: 'yes' }),
  ...repeat(3, { judge: 'irrelevant', reference: 'irrelevant' }),
  ...repeat(2, { judge: 'irrelevant', reference: 'no' }),
];
/** A judge erring both ways alike, and never saying unknown (nor do people), so that label's figures are undefined. */
const EVEN: LabelPair[] = [
  ...repeat(25, { judge: 'yes', reference: 'yes' }),
  ...repeat(30, { judge: 'no', reference: 'no' }),
  ...repeat(3, { judge: 'yes', reference: 'no' }),
  ...repeat(3, { judge: 'no', reference: 'yes' }),
];
const MATCH: LabelPair[] = [
  ...repeat(8, { judge: 'matched', reference: 'matched' }),
  ...repeat(10, { judge: 'unmatched', reference: 'unmatched' }),
  ...repeat(2, { judge: 'matched', reference: 'unmatched' }),
];

/** A row as a report under the exact McNemar setting has it, with a net leniency interval given by hand. */
function againstPeople(task: ReportTask, judge: string, bucket: ReportBucket, pairs: LabelPair[], holmP: number | null): JudgeAgainstPeopleRow {
  const figures = judgeAgainstPeople(task, pairs);
  const { lenient, severe, mcnemar } = figures.errors;
  return {
    task,
    judge,
    bucket,
    unitsWithoutMajority: 2,
    holmP,
    ...figures,
    netLeniency: { value: (lenient - severe) / pairs.length, ci95: [-0.01, 0.2], undefinedReplicates: 0 },
    leniencyTest:
      mcnemar.reason === undefined
        ? { method: 'exact-mcnemar', pValue: mcnemar.pValue }
        : { method: 'exact-mcnemar', pValue: null, reason: 'the judge never confused the two labels (no lenient or severe error): nothing to test' },
  };
}

/** 40 units, three annotators who mostly agree; the judge follows them (`good`) or says the opposite half the time. */
function altTestUnits(good: boolean): AltTestUnit<string>[] {
  return Array.from({ length: 40 }, (_, i) => {
    const truth = i % 3 === 0 ? 'yes' : 'no';
    const other = truth === 'yes' ? 'no' : 'yes';
    return {
      judge: good || i % 2 === 0 ? truth : other,
      humans: [
        { annotator: 'ann-1', value: truth },
        { annotator: 'ann-2', value: i % 7 === 0 ? other : truth },
        { annotator: 'ann-3', value: i % 5 === 0 ? other : truth },
      ],
    };
  });
}

const CALIBRATION = { humanMatched: 8, judgeMatchedOfHumanMatched: 8, humanUnmatched: 12, judgeUnmatchedOfHumanUnmatched: 10 };

function corrected(player: string, bucket: ReportBucket, judged: number, judgeMatched: number, calibration = CALIBRATION): CorrectedScoreRow {
  return {
    judge: 'judge-a',
    player,
    bucket,
    sessions: judged,
    sessionsWithFinal: judged,
    shareWithFinal: judged === 0 ? null : 1,
    calibrationSessions: 20,
    ...correctedScore({ judged, judgeMatched }, calibration),
  };
}

function section(epsilon = 0.2): Section {
  return {
    altTestEpsilon: epsilon,
    againstPeople: [
      againstPeople('match', 'judge-a', 'all', MATCH, null),
      againstPeople('answer', 'judge-a', 'easy', EVEN, 1),
      againstPeople('answer', 'judge-a', 'all', LENIENT, 0.006),
      againstPeople('answer', 'judge-b', 'easy', LENIENT.slice(0, 40), 1),
      againstPeople('answer', 'judge-b', 'all', EVEN, 1),
      // Never lenient nor severe: no McNemar test, so no Holm p either.
      againstPeople('answer', 'judge-c', 'all', [...repeat(5, { judge: 'yes', reference: 'yes' }), ...repeat(5, { judge: 'no', reference: 'no' })], null),
    ],
    comparisons: [
      {
        task: 'answer',
        bucket: 'all',
        a: 'judge-a',
        b: 'judge-b',
        differenceCi95: [-0.12, 0.02],
        undefinedReplicates: 0,
        test: { method: 'bootstrap-t', pValue: 0.17 },
        holmP: 0.31,
        ...pairedJudgeComparison([
          ...Array.from({ length: 50 }, () => ({ aAgrees: true, bAgrees: true })),
          ...Array.from({ length: 4 }, () => ({ aAgrees: false, bAgrees: true })),
        ]),
      },
    ],
    altTest: [
      { task: 'answer', judge: 'judge-a', ...altTest(altTestUnits(true), { epsilon }) },
      { task: 'answer', judge: 'judge-b', ...altTest(altTestUnits(false), { epsilon }) },
      { task: 'match', judge: 'judge-a', ...altTest([{ judge: 'matched', humans: [{ annotator: 'ann-1', value: 'matched' }] }], { epsilon }) },
    ],
    correctedScores: [
      corrected('orca', 'all', 10, 6),
      // Fewer matched than the judge's false-positive rate explains: the estimate falls below 0.
      corrected('puffin', 'all', 10, 1),
      corrected('orca', 'easy', 4, 2, { ...CALIBRATION, judgeMatchedOfHumanMatched: 2, judgeUnmatchedOfHumanUnmatched: 3 }),
    ],
    holmFamilies: ['R: leniency McNemar tests of 2 judges x 2 buckets', 'R: paired McNemar tests of 1 pair x 1 bucket'],
  };
}

function reportWith(judges: Section | undefined): AgreementReport {
  const report: AgreementReport = { ...sampleReport({ bootstrap: 0 }).report };
  delete report.judges;
  return judges === undefined ? report : { ...report, judges };
}

const card = (judge: string) => {
  const found = screen.getByTestId('judges').querySelector<HTMLElement>(`article[data-judge="${judge}"]`);
  if (found === null) throw new Error(`no card for ${judge}`);
  return found;
};
const figure = (root: HTMLElement, label: string, name: string) => root.querySelector(`tr[data-label="${label}"] [data-figure="${name}"]`);

describe('the Judges section', () => {
  it('shows per judge the confusion matrix and the per-label figures as computed, with the macro row', () => {
    const judges = section();
    render(<JudgesSection report={reportWith(judges)} />);
    expect(screen.getByTestId('judges').getAttribute('data-task')).toBe('answer');
    const a = card('judge-a');
    expect(a.querySelector('td[data-judge-label="yes"][data-majority-label="no"]')?.getAttribute('data-count')).toBe('12');
    expect(a.querySelector('td[data-judge-label="irrelevant"][data-majority-label="no"]')?.textContent).toBe('2');
    const computed = judges.againstPeople[2]?.classification;
    const yes = computed?.perLabel.find((score) => score.label === 'yes');
    expect(Number(figure(a, 'yes', 'precision')?.getAttribute('data-value'))).toBe(yes?.precision.value);
    expect(figure(a, 'yes', 'precision')?.textContent).toBe(`${((20 / 32) * 100).toFixed(1)}%`);
    expect(figure(a, 'yes', 'recall')?.textContent).toBe(`${((20 / 21) * 100).toFixed(1)}%`);
    expect(figure(a, 'no', 'support')?.textContent).toBe('44');
    expect(Number(figure(a, 'macro', 'f1')?.getAttribute('data-value'))).toBe(computed?.macro.f1.value);
    expect(a.textContent).toContain('2 without a strict human majority left out');
    // No rates on a four-label task.
    expect(within(a).queryByTestId('judge-rates')).toBeNull();
  });

  it('shows an undefined figure as a dash with its reason as the title', () => {
    render(<JudgesSection report={reportWith(section())} />);
    const precision = figure(card('judge-b'), 'unknown', 'precision');
    expect(precision?.textContent).toBe('–');
    expect(precision?.getAttribute('title')).toBe('the judge never said "unknown", so precision divides by 0');
  });

  it('says which way each judge errs, with counts, rates, the net leniency, the p of the test used and the Holm-adjusted p', () => {
    render(<JudgesSection report={reportWith(section())} />);
    const lenient = within(card('judge-a')).getByTestId('leniency');
    expect(lenient.getAttribute('data-skew')).toBe('lenient');
    expect(within(lenient).getByTestId('leniency-verdict').textContent).toBe(
      'net +16.2 pp [−1.0, 20.0] per unit, McNemar p 0.003, Holm-adjusted p 0.006: more lenient than people',
    );
    expect(within(lenient).getByRole('img').getAttribute('aria-label')).toBe(
      "12 lenient (yes where people said no; 27.3% of people's no), 1 severe (no where people said yes; 4.8% of people's yes); net +16.2 pp [−1.0, 20.0] per unit: McNemar p 0.003, Holm-adjusted p 0.006, more lenient than people",
    );
    expect(card('judge-a').textContent).toContain('“irrelevant” 2 times from the judge where people said yes or no');
    const even = within(card('judge-b')).getByTestId('leniency');
    expect(even.getAttribute('data-skew')).toBe('none');
    expect(within(even).getByTestId('leniency-verdict').textContent).toContain('no clear skew');
    const untested = within(card('judge-c')).getByTestId('leniency');
    expect(within(untested).getByTestId('leniency-verdict').textContent).toBe('net 0.0 pp [−1.0, 20.0] per unit, no test: no clear skew');
    expect(within(untested).getByRole('img').getAttribute('aria-label')).toMatch(
      /: no test, the judge never confused the two labels \(no lenient or severe error\): nothing to test, no clear skew$/,
    );
  });

  it("gives the Alt-Test's verdict with its epsilon: passed, failed, or refused with the reason", () => {
    render(<JudgesSection report={reportWith(section(0.15))} />);
    expect(screen.getByTestId('alt-test-epsilon').textContent).toBe('0.15');
    const passed = within(card('judge-a')).getByTestId('alt-test');
    expect(passed.getAttribute('data-verdict')).toBe('passed');
    expect(passed.textContent).toMatch(
      /Passed \(ε = 0\.15\): the judge wins against 3 of 3 annotators \(winning rate 100\.0%, advantage probability \d\.\d{3}\) on 40 units\./,
    );
    const failed = within(card('judge-b')).getByTestId('alt-test');
    expect(failed.getAttribute('data-verdict')).toBe('failed');
    expect(failed.textContent).toContain('Failed (ε = 0.15): the judge wins against 0 of 3 annotators');

    fireEvent.click(screen.getByRole('button', { name: 'M: final answers' }));
    const refused = within(card('judge-a')).getByTestId('alt-test');
    expect(refused.getAttribute('data-verdict')).toBe('refused');
    expect(refused.textContent).toMatch(/Not run \(ε = 0\.15\): .*annotator/);
  });

  it('shows the TPR and TNR on the match task, and the corrected player scores with clamped and undefined said in words', () => {
    const judges = section();
    render(<JudgesSection report={reportWith(judges)} />);
    fireEvent.click(screen.getByRole('button', { name: 'M: final answers' }));
    const a = card('judge-a');
    expect(within(a).getByTestId('judge-rates').textContent).toBe(
      `True-positive rate (matched)100.0%True-negative rate (unmatched)${((10 / 12) * 100).toFixed(1)}%`,
    );
    const scores = within(a).getByTestId('corrected-scores');
    const orca = scores.querySelector('tr[data-player="orca"][data-bucket="all"]');
    expect(Number(orca?.getAttribute('data-corrected'))).toBe(judges.correctedScores[0]?.theta);
    expect(orca?.textContent).toContain('60.0%');
    const puffin = scores.querySelector('tr[data-player="puffin"][data-bucket="all"]');
    expect(puffin?.getAttribute('data-corrected')).toBe('0');
    expect(puffin?.textContent).toMatch(/clamped to 0\.0% \(the estimate was −\d+\.\d%\)/);
    const undefinedScore = scores.querySelector('tr[data-player="orca"][data-bucket="easy"]');
    expect(undefinedScore?.textContent).toContain('undefined: ');
    expect(undefinedScore?.querySelector('td[title]')?.getAttribute('title')).toBe(judges.correctedScores[2]?.undefinedReasons.theta);
    // No comparison on the match task here.
    expect(screen.getByText('No two judges labelled the same units here.')).toBeTruthy();
  });

  it('compares the judges side by side, notes the Holm families, and follows the bucket switch', () => {
    render(<JudgesSection report={reportWith(section())} />);
    const row = screen.getByTestId('judge-comparisons').querySelector('tr[data-a="judge-a"][data-b="judge-b"]');
    expect(row?.getAttribute('data-n')).toBe('54');
    expect([...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual(['judge-b', '54', '−7.4 pp  [−12.0, 2.0]', '0.170', '0.310']);
    // The p column and the caption name the report's paired test.
    const table = screen.getByTestId('judge-comparisons');
    expect([...table.querySelectorAll('th')].map((cell) => cell.textContent)).toContain('Bootstrap-t p');
    expect(table.textContent).toContain('p: symmetric studentized bootstrap over puzzles (B = 0, seed 1) from the replicates of the interval beside it');
    expect(screen.getByTestId('holm-families').textContent).toBe(
      'p-values Holm-adjusted within R: leniency McNemar tests of 2 judges x 2 buckets; R: paired McNemar tests of 1 pair x 1 bucket.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Easy' }));
    expect(screen.getByTestId('judges').getAttribute('data-bucket')).toBe('easy');
    expect(card('judge-b').querySelector('td[data-judge-label="yes"][data-majority-label="no"]')?.getAttribute('data-count')).toBe('0');
    expect(card('judge-a').getAttribute('data-bucket')).toBe('easy');
    expect(screen.queryByTestId('judge-comparisons')).toBeNull();
    // The match task has no Easy bucket: the section falls back to All.
    fireEvent.click(screen.getByRole('button', { name: 'M: final answers' }));
    expect(screen.getByTestId('judges').getAttribute('data-bucket')).toBe('all');
  });

  it('says so when no judge labelled a unit people labelled', () => {
    render(<JudgesSection report={reportWith(undefined)} />);
    expect(screen.getByTestId('judges').textContent).toContain('No judge labelled a unit that people labelled.');
    expect(screen.queryByRole('button', { name: 'M: final answers' })).toBeNull();
  });
});
