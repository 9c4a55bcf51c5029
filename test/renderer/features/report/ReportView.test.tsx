// @vitest-environment happy-dom
// The report page over a mocked report worker fed a real report of the demo study: progress
// while computing, the M and R tables with micro and macro, recomputing on new settings while
// the last report stays, the chance-corrected panel, the heatmap's drill-down to adjudication,
// outliers, difficulty, exports with provenance, failures, nothing at all for annotators, and the
// warning above a table whose buckets have too few puzzles for its intervals.

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportView } from '../../../../renderer/features/report/ReportView';
import { buildEstimatedTruth, buildReport } from '../../../../shared/report/build-report';
import type { AgreementReport } from '../../../../shared/report/model/report-model';
import { oneSessionStudy, workedExampleB } from '../../../shared/stats/study/study-fixtures';
import { StudyOverview } from '../../../../renderer/features/study/StudyOverview';
import type { DisagreementQuery, ReportRequest, StudyReport } from '../../../../renderer/workers/report-protocol';
import { demo } from '../team/team-fixtures';
import { closeDatabases, renderWithServices, sampleDisagreements, sampleLabels, sampleReport, studyId, teamSetup, workers } from './report-fixtures';

const SAMPLE = sampleReport();

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(workers.report.computeReport).mockResolvedValue(SAMPLE);
  vi.mocked(workers.report.listDisagreements).mockImplementation(async (_db, _study, query: DisagreementQuery) => sampleDisagreements(query));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function renderReport(mode: 'lead' | 'annotator' = 'lead') {
  const setup = await teamSetup(mode);
  const view = renderWithServices(<ReportView studyId={studyId} />, setup.services);
  return { ...setup, ...view };
}

async function readyReport() {
  const setup = await renderReport();
  await waitFor(() => expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('ready'));
  // The heatmap is drawn in a commit of its own, after the rest of the report.
  await waitFor(() => expect(screen.getByTestId('heatmap').getAttribute('data-drawn')).toBe('true'));
  return setup;
}

/** The request the page sends with the default settings; tests name only what they change. */
const DEFAULT_REQUEST: ReportRequest = {
  bootstrap: 1000,
  seed: 1,
  includeGold: false,
  leaveOutUnsure: false,
  unparseable: 'left-out',
  resample: 'puzzles',
  pairedTest: 'bootstrap-t',
  modelFamilies: {},
  altTestEpsilon: 0.2,
  average: 'micro',
  selectiveAgreement: 0.9,
  selectiveRisk: 0.1,
};

/** Waits until the page's last request to the worker is exactly `request`. */
function waitForLastRequest(dbName: string, request: ReportRequest) {
  return waitFor(() => expect(workers.report.computeReport).toHaveBeenLastCalledWith(dbName, studyId, request, expect.any(Function)));
}

const row = (task: string, a: string, b: string) => document.querySelector(`table[data-report-table="${task}"] tr[data-group-a="${a}"][data-group-b="${b}"]`);
const cell = (task: string, a: string, b: string, bucket: string) => row(task, a, b)?.querySelector(`td[data-bucket="${bucket}"]`);

function reportRow(report: StudyReport, task: 'answer' | 'match', a: string, b: string, bucket: string) {
  const found = report.report.tables[task].find((r) => r.a === a && r.b === b && r.bucket === bucket);
  if (!found) throw new Error(`no ${task} row ${a} vs ${b} ${bucket}`);
  return found;
}

describe('computing', () => {
  it('asks the worker with the default settings and shows its progress, then the report', async () => {
    let finish: (report: StudyReport) => void = () => {};
    vi.mocked(workers.report.computeReport).mockImplementation((_db, _study, _request, onProgress) => {
      onProgress({ label: 'Bootstrap: question agreement', done: 3, total: 10 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { db } = await renderReport();
    const progress = await screen.findByTestId('report-progress');
    expect(progress.getAttribute('role')).toBe('progressbar');
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('3'));
    expect(progress.getAttribute('aria-valuemax')).toBe('10');
    expect(screen.getByText('Bootstrap: question agreement…')).toBeTruthy();
    expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('computing');
    expect(workers.report.computeReport).toHaveBeenCalledExactlyOnceWith(db.name, studyId, DEFAULT_REQUEST, expect.any(Function));

    await act(async () => finish(SAMPLE));
    await waitFor(() => expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByTestId('report-progress')).toBeNull();
    expect((screen.getByTestId('report-bootstrap') as HTMLInputElement).value).toBe('1000');
    expect((screen.getByTestId('report-seed') as HTMLInputElement).value).toBe('1');
    expect((screen.getByTestId('include-gold') as HTMLInputElement).checked).toBe(false);
  });

  it('shows a failure, and keeps nothing it does not have', async () => {
    vi.mocked(workers.report.computeReport).mockRejectedValue(new Error('The study "demo-study" is not in the library.'));
    await renderReport();
    await waitFor(() => expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('report-error').textContent).toContain('The study "demo-study" is not in the library.');
    expect(document.querySelector('table[data-report-table]')).toBeNull();
  });

  it('recomputes on new settings, keeping the last report on the page meanwhile', async () => {
    const { db } = await readyReport();
    let finish: (report: StudyReport) => void = () => {};
    vi.mocked(workers.report.computeReport).mockImplementation(() => new Promise((resolve) => (finish = resolve)));

    fireEvent.change(screen.getByTestId('report-bootstrap'), { target: { value: '200' } });
    // Typed but not yet sent: the figures are out of date already.
    expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('computing');
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, bootstrap: 200 });
    expect(cell('match', 'judge:arbiter-large', 'human', 'all')).toBeTruthy();
    expect(screen.getByTestId('report-progress')).toBeTruthy();

    const next = sampleReport({ bootstrap: 200 });
    await act(async () => finish(next));
    await waitFor(() => expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('report-provenance').textContent).toContain('bootstrap 200 resamples');

    fireEvent.click(screen.getByTestId('include-gold'));
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, bootstrap: 200, includeGold: true });

    // Resampling units instead of puzzles is one more request of its own.
    expect((screen.getByTestId('report-resample') as HTMLSelectElement).value).toBe('puzzles');
    fireEvent.change(screen.getByTestId('report-resample'), { target: { value: 'units' } });
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, bootstrap: 200, includeGold: true, resample: 'units' });

    // So is the exact McNemar test in place of the bootstrap-t.
    expect((screen.getByTestId('report-paired-test') as HTMLSelectElement).value).toBe('bootstrap-t');
    fireEvent.change(screen.getByTestId('report-paired-test'), { target: { value: 'exact-mcnemar' } });
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, bootstrap: 200, includeGold: true, resample: 'units', pairedTest: 'exact-mcnemar' });

    // And selective evaluation's target: 95% agreement with risk 5%.
    expect((screen.getByTestId('report-selective-agreement') as HTMLSelectElement).value).toBe('0.9');
    expect((screen.getByTestId('report-selective-risk') as HTMLSelectElement).value).toBe('0.1');
    fireEvent.change(screen.getByTestId('report-selective-agreement'), { target: { value: '0.95' } });
    fireEvent.change(screen.getByTestId('report-selective-risk'), { target: { value: '0.05' } });
    await waitForLastRequest(db.name, {
      ...DEFAULT_REQUEST,
      bootstrap: 200,
      includeGold: true,
      resample: 'units',
      pairedTest: 'exact-mcnemar',
      selectiveAgreement: 0.95,
      selectiveRisk: 0.05,
    });
  });

  it('never says the report is ready while it is computing: not on the last phase, not on settings it had before', async () => {
    const phases: string[] = [];
    const example = workedExampleB();
    buildReport({
      ...example,
      settings: { bootstrap: 0, seed: 1, average: 'micro' },
      inputs: [],
      app: 'test',
      now: '2026-11-22T10:00:00.000Z',
      onProgress: (label) => phases.push(label),
    });
    const { db } = await readyReport();
    vi.mocked(workers.report.computeReport).mockImplementation((_db, _study, _request, onProgress) => {
      onProgress({ label: phases.at(-1) ?? '', done: 15, total: 15 });
      return new Promise(() => {});
    });
    fireEvent.change(screen.getByTestId('report-bootstrap'), { target: { value: '200' } });
    await waitFor(() =>
      expect(workers.report.computeReport).toHaveBeenLastCalledWith(db.name, studyId, expect.objectContaining({ bootstrap: 200 }), expect.any(Function)),
    );
    await waitFor(() => expect(screen.getByTestId('report-progress').getAttribute('aria-valuenow')).toBe('15'));
    expect(screen.getByTestId('report-progress').parentElement?.textContent).not.toMatch(/ready/i);

    // Back to the settings of the report on the page: it is computed again, and until then not ready.
    fireEvent.change(screen.getByTestId('report-bootstrap'), { target: { value: '1000' } });
    fireEvent.keyDown(screen.getByTestId('report-bootstrap'), { key: 'Enter' });
    await waitFor(() =>
      expect(workers.report.computeReport).toHaveBeenLastCalledWith(db.name, studyId, expect.objectContaining({ bootstrap: 1000 }), expect.any(Function)),
    );
    expect(workers.report.computeReport).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('computing');
    expect(screen.getByTestId('report-progress').parentElement?.textContent).not.toMatch(/ready/i);
  });

  it('leaves unsure labels out when asked, and says which was used', async () => {
    const { db } = await readyReport();
    expect(screen.getByTestId('unsure-setting').textContent).toBe('unsure labels counted');
    const leftOut = sampleReport({ leaveOutUnsure: true });
    vi.mocked(workers.report.computeReport).mockResolvedValue(leftOut);
    fireEvent.click(screen.getByTestId('leave-out-unsure'));
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, leaveOutUnsure: true });
    await waitFor(() =>
      expect(screen.getByTestId('unsure-setting').textContent).toBe(`unsure labels left out (${leftOut.report.settings.unsureLabelsLeftOut})`),
    );
  });

  it('refuses a bootstrap out of range without asking the worker', async () => {
    await readyReport();
    fireEvent.change(screen.getByTestId('report-bootstrap'), { target: { value: '-5' } });
    expect(screen.getByRole('alert').textContent).toContain('Bootstrap resamples: enter a whole number from 0 to 100,000.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(workers.report.computeReport).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('ready');
  });
});

describe('agreement tables', () => {
  it('shows M and R with a row per pair of rater groups and a cell per bucket, micro by default', async () => {
    await readyReport();
    const expected = reportRow(SAMPLE, 'match', 'judge:arbiter-large', 'human', 'all');
    const all = cell('match', 'judge:arbiter-large', 'human', 'all');
    expect(all?.getAttribute('data-agreement')).toBe(String(expected.agreement));
    expect(all?.getAttribute('data-n')).toBe('172');
    expect(all?.textContent).toBe('89.5%  n=172  [85.9, 93.8]');
    // People read the model's name and "Humans"; the ids stay in the data attributes.
    expect(row('match', 'judge:arbiter-large', 'human')?.querySelector('th')?.textContent).toBe('arbiter-large vs Humans');
    const buckets = [...(row('answer', 'human', 'human')?.querySelectorAll('td[data-bucket]') ?? [])].map((td) => td.getAttribute('data-bucket'));
    expect(buckets).toEqual(['easy', 'medium', 'hard', 'all']);
    expect(row('answer', 'judge:arbiter-large', 'judge:arbiter-mini')).toBeTruthy();
    const headers = [...(document.querySelector('table[data-report-table="match"] thead tr')?.children ?? [])].map((th) => th.textContent);
    expect(headers).toEqual(['Raters', 'Easy', 'Medium', 'Hard', 'All']);
  });

  it('warns above the tables of a task whose buckets have fewer puzzles than the intervals were checked at', async () => {
    const few: StudyReport = structuredClone(SAMPLE);
    few.report.fewClusters = { threshold: 12, buckets: [{ task: 'match', bucket: 'hard', clusters: 5 }] };
    vi.mocked(workers.report.computeReport).mockResolvedValue(few);
    await readyReport();
    const text = 'M: Hard (5) has fewer than 12 puzzles. The intervals were checked by simulation with 12 puzzles and more';
    for (const table of ['agreement-match', 'chance-match']) {
      const warning = document.querySelector(`[data-table-warning="${table}"]`);
      expect(warning?.getAttribute('role')).toBe('note');
      expect(warning?.textContent).toContain(text);
    }
    expect(document.querySelector('[data-table-warning="agreement-answer"]')).toBeNull();
  });

  it('shows no such warning where every bucket has enough puzzles', async () => {
    const enough: StudyReport = structuredClone(SAMPLE);
    enough.report.fewClusters = { threshold: 12, buckets: [] };
    vi.mocked(workers.report.computeReport).mockResolvedValue(enough);
    await readyReport();
    expect(document.querySelector('[data-table-warning]')).toBeNull();
  });

  it('switches to macro and back without recomputing', async () => {
    await readyReport();
    const micro = screen.getByRole('button', { name: 'Micro' });
    const macro = screen.getByRole('button', { name: 'Macro' });
    expect(micro.getAttribute('data-average')).toBe('micro');
    expect(micro.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(macro);
    expect(macro.getAttribute('aria-pressed')).toBe('true');
    expect(micro.getAttribute('aria-pressed')).toBe('false');
    const expected = reportRow(SAMPLE, 'answer', 'human', 'human', 'easy');
    const easy = cell('answer', 'human', 'human', 'easy');
    expect(easy?.getAttribute('data-agreement')).toBe(String(expected.macro));
    expect(easy?.textContent).toContain(`units=${expected.units}`);
    expect(document.querySelector('table[data-report-table="answer"]')?.getAttribute('data-average')).toBe('macro');
    fireEvent.click(micro);
    expect(cell('answer', 'human', 'human', 'easy')?.getAttribute('data-agreement')).toBe(String(expected.agreement));
    expect(workers.report.computeReport).toHaveBeenCalledTimes(1);
  });

  it('explains raw agreement beside the chance-corrected statistics', async () => {
    await readyReport();
    const panel = screen.getByTestId('chance-corrected');
    const all = panel.querySelector('tr[data-stat-task="answer"][data-stat-bucket="all"]');
    const stats = SAMPLE.report.statistics.answer.all;
    expect(all?.getAttribute('data-alpha')).toBe(String(stats?.krippendorffAlpha));
    expect(all?.textContent).toContain('0.515');
    expect(all?.querySelector('[data-category="no"]')?.textContent).toBe('no 43.6%');
    expect(panel.querySelectorAll('tr[data-stat-task="match"]')).toHaveLength(4);
  });

  it('shows no prevalence for a bucket without ratings', async () => {
    const hard = SAMPLE.report.statistics.answer.all;
    if (hard === undefined) throw new Error('the sample has no statistics');
    const empty = { ...hard, units: 0, pairableValues: 0, prevalence: Object.fromEntries(Object.keys(hard.prevalence).map((category) => [category, 0])) };
    const report = { ...SAMPLE.report, statistics: { ...SAMPLE.report.statistics, answer: { ...SAMPLE.report.statistics.answer, hard: empty } } };
    vi.mocked(workers.report.computeReport).mockResolvedValue({ ...SAMPLE, report });
    await readyReport();
    const row = screen.getByTestId('chance-corrected').querySelector('tr[data-stat-task="answer"][data-stat-bucket="hard"]');
    expect(row?.lastElementChild?.textContent).toBe('–');
  });
});

/** A report of a study whose judge j2 wrote two replies nobody could read, as the worker would compute it under each setting. */
function unparseableReport(unparseable: 'left-out' | 'disagreement', annotators: readonly string[] = ['a', 'b']): StudyReport {
  const humans = (value: string) => Object.fromEntries(annotators.map((annotator) => [annotator, value]));
  const data = oneSessionStudy([
    { id: 't1', judges: { j1: 'yes', j2: 'unparseable' }, humans: humans('yes') },
    { id: 't2', judges: { j1: 'no', j2: 'no' }, humans: humans('no') },
    { id: 't3', judges: { j1: 'no', j2: 'unparseable' }, humans: humans('irrelevant') },
  ]);
  const report = buildReport({
    ...data,
    settings: { bootstrap: 0, seed: 1, average: 'micro', unparseable },
    inputs: [],
    app: 'test',
    now: '2026-11-22T10:00:00.000Z',
  });
  // The page shows a report only for its own study.
  return { report: { ...report, study: { ...report.study, id: studyId } }, ratingsByLevel: [0, 0, 0, 0, 0, 0, 0, 0, 0] };
}

describe('unparseable judge replies', () => {
  it("are the study's setting, changed beside the report's others: stored on the study, and the R table follows it", async () => {
    vi.mocked(workers.report.computeReport).mockImplementation(async (_db, _study, request) => unparseableReport(request.unparseable));
    const { db } = await readyReport();
    const select = screen.getByTestId('unparseable-replies') as HTMLSelectElement;
    expect(select.value).toBe('left-out');
    // Left out, j2 is compared on t2 alone, with both humans.
    expect(cell('answer', 'judge:j2', 'human', 'all')?.getAttribute('data-n')).toBe('2');
    expect(screen.getByTestId('unparseable-setting').textContent).toBe('unparseable judge replies left out (2)');
    expect(screen.getByText('2 replies of judge j2 could not be read and are left out.')).toBeTruthy();

    fireEvent.change(select, { target: { value: 'disagreement' } });
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, unparseable: 'disagreement' });
    await waitFor(() => expect(cell('answer', 'judge:j2', 'human', 'all')?.getAttribute('data-n')).toBe('6'));
    expect(cell('answer', 'judge:j2', 'human', 'all')?.getAttribute('data-agreement')).toBe(String(2 / 6));
    expect(screen.getByTestId('unparseable-setting').textContent).toBe('unparseable judge replies counted as disagreements (2)');
    expect((await db.studies.get(studyId))?.unparseableReplies).toBe('disagreement');
    expect((screen.getByTestId('unparseable-replies') as HTMLSelectElement).value).toBe('disagreement');

    fireEvent.change(screen.getByTestId('unparseable-replies'), { target: { value: 'left-out' } });
    await waitFor(() => expect(cell('answer', 'judge:j2', 'human', 'all')?.getAttribute('data-n')).toBe('2'));
    expect(await db.studies.get(studyId)).not.toHaveProperty('unparseableReplies');
  });

  it('scores the judges the TurtleBench way under the R table when the study has one human rater', async () => {
    vi.mocked(workers.report.computeReport).mockResolvedValue(unparseableReport('left-out', ['a']));
    await readyReport();
    const table = screen.getByTestId('turtlebench-table');
    expect(within(table).getByRole('heading').textContent).toBe('R: judges scored the TurtleBench way');
    // j1: yes/yes right, no/no right, no for irrelevant right the TurtleBench way but not the same label.
    const j1 = table.querySelector('tr[data-judge="j1"]');
    expect([...(j1?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual(['100.0 (3/3)', '66.7 (2/3)']);
    expect(table.querySelector('tr[data-judge="j2"]')?.getAttribute('data-n')).toBe('3');
  });

  it('shows no TurtleBench table for a study with several annotators', async () => {
    vi.mocked(workers.report.computeReport).mockResolvedValue(unparseableReport('left-out'));
    await readyReport();
    expect(screen.queryByTestId('turtlebench-table')).toBeNull();
  });
});

describe("the annotators' expertise", () => {
  it("is the study's setting: stored on the study, and the report is computed again with its Alt-Test epsilon", async () => {
    const { db } = await readyReport();
    const select = screen.getByTestId('annotator-expertise') as HTMLSelectElement;
    expect(select.value).toBe('expert');
    expect([...select.options].map((option) => option.textContent)).toEqual(['expert (0.2)', 'skilled (0.15)', 'crowd (0.1)']);

    fireEvent.change(select, { target: { value: 'crowd' } });
    await waitForLastRequest(db.name, { ...DEFAULT_REQUEST, altTestEpsilon: 0.1 });
    expect((await db.studies.get(studyId))?.annotatorExpertise).toBe('crowd');
    await waitFor(() => expect((screen.getByTestId('annotator-expertise') as HTMLSelectElement).value).toBe('crowd'));

    fireEvent.change(screen.getByTestId('annotator-expertise'), { target: { value: 'expert' } });
    await waitFor(() =>
      expect(workers.report.computeReport).toHaveBeenLastCalledWith(db.name, studyId, expect.objectContaining({ altTestEpsilon: 0.2 }), expect.any(Function)),
    );
    expect(await db.studies.get(studyId)).not.toHaveProperty('annotatorExpertise');
  });
});

describe('heatmap', () => {
  it('draws a focusable cell per pair with its counts, and lists the disagreements of a clicked cell', async () => {
    const { db } = await readyReport();
    const heatmap = screen.getByTestId('heatmap');
    expect(heatmap.getAttribute('data-task')).toBe('answer');
    expect(heatmap.querySelectorAll('svg')).toHaveLength(1);
    const target = heatmap.querySelector('[data-heatmap-cell="human:ann-1|human:ann-4"]') as SVGElement;
    expect(target.getAttribute('role')).toBe('button');
    expect(target.getAttribute('data-used')).toBe('280');
    expect(target.getAttribute('data-total')).toBe('280');
    expect(target.getAttribute('aria-label')).toBe('Ada vs Dee: 24% (used 280 / total 280)');
    expect(heatmap.querySelector('[data-heatmap-cell="human:ann-4|human:ann-1"]')).toBeTruthy();
    expect(heatmap.querySelector('[data-heatmap-cell="judge:arbiter-large|human-majority"]')?.getAttribute('data-used')).toBe('256');

    fireEvent.click(target);
    const list = await screen.findByTestId('cell-disagreements');
    expect(workers.report.listDisagreements).toHaveBeenCalledWith(db.name, studyId, { task: 'answer', a: 'human:ann-1', b: 'human:ann-4', limit: 200 });
    const expected = sampleDisagreements({ task: 'answer', a: 'human:ann-1', b: 'human:ann-4', limit: 200 });
    await waitFor(() => expect(list.querySelectorAll('[data-disagreement-unit]')).toHaveLength(expected.length));
    const first = expected[0];
    if (!first) throw new Error('the sample has no disagreement');
    const item = list.querySelector(`[data-disagreement-unit="${first.unitId}"]`) as HTMLElement;
    expect(item.textContent).toContain(first.text);
    const link = within(item).getByRole('link', { name: 'Adjudicate' });
    expect(link.getAttribute('href')).toBe(`#/study/${studyId}/adjudicate/answer/${encodeURIComponent(first.unitId)}`);
  });

  it('works from the keyboard: one tab stop, arrows move, Enter lists', async () => {
    await readyReport();
    const heatmap = screen.getByTestId('heatmap');
    const stops = heatmap.querySelectorAll('[data-heatmap-cell][tabindex="0"]');
    expect(stops).toHaveLength(1);
    const start = stops[0] as SVGElement;
    act(() => start.focus());
    fireEvent.focus(start);
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    const moved = document.activeElement as Element;
    expect(moved.getAttribute('data-heatmap-cell')).not.toBe(start.getAttribute('data-heatmap-cell'));
    expect(moved.getAttribute('data-row')).toBe(start.getAttribute('data-row'));
    fireEvent.keyDown(moved, { key: 'Enter' });
    const list = await screen.findByTestId('cell-disagreements');
    const [a, b] = (moved.getAttribute('data-heatmap-cell') ?? '').split('|');
    expect(list.getAttribute('data-a')).toBe(a);
    expect(list.getAttribute('data-b')).toBe(b);
  });

  it('switches task and offers the pairs as a table', async () => {
    await readyReport();
    const heatmap = screen.getByTestId('heatmap');
    fireEvent.click(within(heatmap).getByRole('button', { name: 'M: final answers' }));
    await waitFor(() => expect(heatmap.getAttribute('data-task')).toBe('match'));
    fireEvent.click(within(heatmap).getByRole('button', { name: 'Show as table' }));
    expect(heatmap.querySelector('svg')).toBeNull();
    const pairRow = heatmap.querySelector('tr[data-pair="human:ann-1|human:ann-2"]') as HTMLElement;
    expect(pairRow.textContent).toContain('43 / 43');
    fireEvent.click(within(pairRow).getByRole('button', { name: 'Disagreements' }));
    await screen.findByTestId('cell-disagreements');
    expect(workers.report.listDisagreements).toHaveBeenLastCalledWith(expect.any(String), studyId, {
      task: 'match',
      a: 'human:ann-1',
      b: 'human:ann-2',
      limit: 200,
    });
  });
});

describe('other sections', () => {
  it('marks the careless annotator as an outlier and says why', async () => {
    await readyReport();
    const section = screen.getByTestId('annotator-reliability');
    expect(section.querySelector('tr[data-annotator="ann-4"]')?.getAttribute('data-outlier')).toBe('true');
    expect(section.querySelector('tr[data-annotator="ann-1"]')?.getAttribute('data-outlier')).toBe('false');
    expect(section.querySelector('tr[data-annotator="ann-4"] td[data-task="answer"]')?.textContent).toBe('23.6%  n=280 ▼ outlier');
    expect(section.textContent).toContain('standard deviations');
    // The sample's overlaps of two leave ties among the others: counted as shares, and said.
    const tied = SAMPLE.report.annotators.filter((row) => (row.ties ?? 0) > 0);
    expect(tied.length).toBeGreaterThan(0);
    expect(section.querySelector('[data-testid="annotator-ties"]')?.textContent).toMatch(/^Units of n where the other annotators tied: .+ \d+\.$/);
  });

  it('shows confusion matrices, difficulty with its histogram and table, and player outcomes', async () => {
    await readyReport();
    expect(screen.getByTestId('confusion').querySelectorAll('[data-confusion-judge]')).toHaveLength(SAMPLE.report.confusion.length);
    const difficulty = screen.getByTestId('difficulty-section');
    const histogram = within(difficulty).getByTestId('difficulty-histogram');
    expect(histogram.getAttribute('data-ratings')).toBe(SAMPLE.ratingsByLevel.join(','));
    expect(histogram.querySelectorAll('rect[data-level]')).toHaveLength(9);
    fireEvent.click(within(histogram).getByRole('button', { name: 'Show as table' }));
    expect(histogram.querySelectorAll('tr[data-level]')).toHaveLength(9);
    expect(difficulty.querySelectorAll('tr[data-puzzle]')).toHaveLength(15);
    expect(difficulty.querySelector('[data-ordinal-alpha]')?.getAttribute('data-ordinal-alpha')).toBe(
      String(SAMPLE.report.statistics.difficulty?.ordinalAlpha),
    );
    const players = screen.getByTestId('player-outcomes');
    // A row per player and bucket (the demo has no unrated puzzle): easy, medium, hard, all.
    expect(players.querySelectorAll('tr[data-player]')).toHaveLength(2 * 4);
    expect(within(players).getByTestId('ranking').getAttribute('data-kendall-tau-b')).toBe('1');
    // Every cell has its sessions: a bucket's Acc, Rnd and O/A are followed by their n.
    const header = [...players.querySelectorAll('thead tr:last-child th')].map((th) => th.textContent);
    expect(header.slice(2)).toEqual(['Acc', 'Rnd', 'O/A', 'n', 'Acc', 'Rnd', 'O/A', 'n']);
    const judge = SAMPLE.report.players.outcomes.find((o) => o.verdicts === 'judge' && o.bucket === 'all');
    const human = SAMPLE.report.players.outcomes.find((o) => o.verdicts === 'human' && o.player === judge?.player && o.bucket === 'all');
    const cells = [...(players.querySelector(`tr[data-player="${judge?.player}"][data-bucket="all"]`)?.querySelectorAll('td.num') ?? [])].map(
      (td) => td.textContent,
    );
    expect([cells[3], cells[7]]).toEqual([String(judge?.sessions), String(human?.sessions)]);
    expect(within(players).getByTestId('ranking-basis').textContent).toMatch(/^Both rankings are computed on the same sessions/);
    expect(within(players).getByTestId('ranking-caveat').textContent).toContain("With only 2 players, Kendall's tau-b can only be ±1");
  });

  it('shows the Judges section after the confusion matrices, one card per judge, reached from the section links', async () => {
    await readyReport();
    const judges = screen.getByTestId('judges');
    const rows = SAMPLE.report.judges?.againstPeople.filter((row) => row.task === 'answer' && row.bucket === 'all') ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect([...judges.querySelectorAll('article[data-judge]')].map((card) => card.getAttribute('data-judge'))).toEqual(rows.map((row) => row.judge));
    expect(screen.getByTestId('confusion').compareDocumentPosition(judges) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Report sections' })).getByRole('button', { name: 'Judges' })).toBeTruthy();
  });

  it('shows where the figures come from', async () => {
    await readyReport();
    const provenance = screen.getByTestId('report-provenance');
    expect(provenance.textContent).toContain('agreement-studio test');
    expect(provenance.textContent).toContain(`sha256 ${'a'.repeat(64)}`);
    expect(provenance.textContent).toContain('bootstrap 20 resamples, seed 1, micro average');
    expect(screen.getByTestId('paired-test-setting').textContent).toBe(', paired tests bootstrap-t');
  });
});

describe('exports', () => {
  it('saves each report format of the report as shown', async () => {
    const { platform } = await readyReport();
    fireEvent.click(document.querySelector('[data-export="report-json"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe('Saved demo-study.report.json.'));
    const json = platform.saveFile.mock.calls[0]?.[0];
    expect(json?.suggestedName).toBe('demo-study.report.json');
    expect(JSON.parse(json?.text ?? '{}')).toEqual(JSON.parse(JSON.stringify(SAMPLE.report)));

    fireEvent.click(screen.getByRole('button', { name: 'Macro' }));
    for (const [format, name] of [
      ['report-md', 'demo-study.report.md'],
      ['report-csv', 'demo-study.report.csv'],
      ['report-latex', 'demo-study.report.tex'],
    ] as const) {
      fireEvent.click(document.querySelector(`[data-export="${format}"]`) as HTMLElement);
      await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe(`Saved ${name}.`));
      const saved = platform.saveFile.mock.lastCall?.[0];
      expect(saved?.text).toContain(`sha256 ${'b'.repeat(64)}`);
      expect(saved?.text).toContain('average macro');
    }
  });

  it('computes the estimated truth in the plan worker when asked, with progress, shows it and exports it with the report', async () => {
    const section = buildEstimatedTruth(
      { study: demo, labels: sampleLabels(), settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: '', now: '' },
      'people-and-judges',
    );
    let finish: (value: typeof section) => void = () => undefined;
    vi.mocked(workers.plan.estimateTruth).mockImplementation((_db, _study, _request, _raters, onProgress) => {
      onProgress({ label: 'Estimated truth: M (final answers)', done: 1, total: 4 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { db, platform } = await readyReport();
    const panel = screen.getByTestId('estimated-truth');
    expect(panel.getAttribute('data-state')).toBe('idle');
    fireEvent.click(within(panel).getByRole('button', { name: 'People and judges' }));
    fireEvent.click(within(panel).getByTestId('estimate-truth'));
    await waitFor(() => expect(within(panel).getByTestId('truth-progress').getAttribute('aria-valuenow')).toBe('1'));
    expect(workers.plan.estimateTruth).toHaveBeenCalledExactlyOnceWith(db.name, studyId, DEFAULT_REQUEST, 'people-and-judges', expect.any(Function));
    await act(async () => finish(section));
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('ready'));
    expect(within(panel).getByTestId('truth-judges-match')).toBeTruthy();
    expect(within(panel).queryByTestId('truth-progress')).toBeNull();

    fireEvent.click(document.querySelector('[data-export="report-json"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe('Saved demo-study.report.json.'));
    expect((JSON.parse(platform.saveFile.mock.lastCall?.[0]?.text ?? '{}') as AgreementReport).estimatedTruth).toEqual(JSON.parse(JSON.stringify(section)));
    fireEvent.click(document.querySelector('[data-export="report-md"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe('Saved demo-study.report.md.'));
    expect(platform.saveFile.mock.lastCall?.[0]?.text).toContain('## Estimated truth');
  });

  it('writes the labelled dataset in the worker with judge labels, then saves it', async () => {
    vi.mocked(workers.report.exportDataset).mockImplementation(async (_db, _study, request, onProgress) => {
      onProgress({ label: 'Writing the dataset', done: 1, total: 2 });
      return { name: `demo-study.dataset.${request.format}`, text: 'unit,task\n', mimeType: 'text/csv' };
    });
    const { db, platform } = await readyReport();
    fireEvent.click(document.querySelector('[data-export="dataset-csv"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe('Saved demo-study.dataset.csv.'));
    expect(workers.report.exportDataset).toHaveBeenCalledWith(db.name, studyId, { format: 'csv', includeJudges: true }, expect.any(Function));
    expect(platform.saveFile).toHaveBeenCalledWith({ suggestedName: 'demo-study.dataset.csv', text: 'unit,task\n', mimeType: 'text/csv' });

    vi.mocked(workers.report.exportDataset).mockRejectedValueOnce(new Error('disk full'));
    fireEvent.click(document.querySelector('[data-export="dataset-jsonl"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe('The labelled dataset (JSONL) was not exported: disk full'));
  });
});

describe('lead only', () => {
  it('shows annotators a short note, and no agreement figure, without computing anything', async () => {
    const { container } = await renderReport('annotator');
    const note = await screen.findByTestId('report-lead-only');
    expect(note.textContent).toContain('only in lead mode');
    expect(screen.queryByTestId('report-view')).toBeNull();
    expect(container.textContent).not.toMatch(/\d%/);
    expect(workers.report.computeReport).not.toHaveBeenCalled();
  });

  it('shows a pack study the same note, even in lead mode', async () => {
    const setup = await teamSetup('lead', { pack: true });
    renderWithServices(<ReportView studyId={studyId} />, setup.services);
    expect((await screen.findByTestId('report-lead-only')).textContent).toContain('opened from a pack');
    expect(workers.report.computeReport).not.toHaveBeenCalled();
  });

  it('offers the report and adjudication on the study page in lead mode only', async () => {
    const lead = await teamSetup('lead');
    const { unmount } = renderWithServices(<StudyOverview studyId={studyId} />, lead.services);
    fireEvent.click(await screen.findByTestId('report-entry'));
    expect(lead.services.store.getState().route).toEqual({ view: 'report', studyId });
    fireEvent.click(screen.getByTestId('adjudicate-entry'));
    expect(lead.services.store.getState().route).toEqual({ view: 'adjudicate', studyId });
    unmount();

    for (const setup of [await teamSetup('annotator'), await teamSetup('lead', { pack: true })]) {
      const view = renderWithServices(<StudyOverview studyId={studyId} />, setup.services);
      await screen.findByText('Puzzles');
      expect(screen.queryByTestId('report-entry')).toBeNull();
      expect(screen.queryByTestId('adjudicate-entry')).toBeNull();
      view.unmount();
    }
  });
});
