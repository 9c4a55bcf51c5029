// The report worker's api as the window calls it through Comlink (captured from Comlink.expose),
// on a fake-indexeddb database by name: the report with progress and optional gold, the
// disagreement list, the dataset export, and readable errors.

import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { StudioDatabase } from '../../../renderer/db/database';
import { setGoldLabel } from '../../../renderer/db/gold';
import { importStudies } from '../../../renderer/db/import-study';
import { loadReportInputs } from '../../../renderer/db/report-inputs';
import type { ReportProgress } from '../../../renderer/workers/report-protocol';
import type { ReportWorkerApi } from '../../../renderer/workers/report.worker';
import { annotator, demoStudy, label, NOW } from '../db/db-fixtures';

const exposed = vi.hoisted(() => ({ api: undefined as unknown }));
vi.mock('comlink', () => ({
  expose: (api: unknown) => {
    exposed.api = api;
  },
}));

const NAME = 'report-worker-test';
const DEMO = 'demo-study';
const QUESTION = 's-coffee-orca/1';

let db: StudioDatabase;
let api: ReportWorkerApi;

beforeAll(async () => {
  db = new StudioDatabase(NAME);
  await importStudies(db, [demoStudy()]);
  await db.annotators.bulkAdd([annotator(DEMO, 'ann-1'), annotator(DEMO, 'ann-2')]);
  await db.labels.bulkAdd([
    label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'),
    label(DEMO, 'ann-2', QUESTION, 'answer', 'no'),
    label(DEMO, 'ann-1', 'p-cold-coffee', 'difficulty', 2),
    label(DEMO, 'ann-2', 'p-cold-coffee', 'difficulty', 3),
  ]);
  await setGoldLabel(db, { studyId: DEMO, task: 'answer', unitId: QUESTION, value: 'no', note: 'checked', by: 'Lead', basis: [], now: NOW });
  await import('../../../renderer/workers/report.worker');
  api = exposed.api as ReportWorkerApi;
});
afterAll(() => db.close());

const REQUEST = {
  bootstrap: 50,
  seed: 4,
  average: 'micro' as const,
  includeGold: false,
  leaveOutUnsure: false,
  unparseable: 'left-out' as const,
  resample: 'puzzles' as const,
  pairedTest: 'bootstrap-t' as const,
  modelFamilies: {},
  altTestEpsilon: 0.2,
  selectiveAgreement: 0.9,
  selectiveRisk: 0.1,
};

describe('report worker', () => {
  it('computes the report buildReport gives on the stored study, with progress and the difficulty histogram', async () => {
    const progress: ReportProgress[] = [];
    const { report, ratingsByLevel } = await api.computeReport(NAME, DEMO, REQUEST, (p) => progress.push(p));
    const { study, labels, annotatorNames, inputs } = await loadReportInputs(db, DEMO, { gold: false });
    const expected = buildReport({
      study,
      labels,
      annotatorNames,
      settings: { bootstrap: 50, seed: 4, average: 'micro' },
      inputs,
      app: 'agreement-studio test',
      now: report.generatedAt,
    });
    expect(report).toEqual(expected);
    expect(JSON.stringify(report)).not.toContain('gold');
    expect(ratingsByLevel).toEqual([0, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(progress[0]).toEqual({ label: 'Reading the study', done: 0, total: 1 });
    expect(progress.at(-1)).toEqual({ label: 'Laying out the report', done: 19, total: 19 });
  });

  it("runs the Alt-Test with the request's epsilon (the study's annotator expertise)", async () => {
    const { report } = await api.computeReport(NAME, DEMO, { ...REQUEST, altTestEpsilon: 0.1 }, () => undefined);
    expect(report.judges?.altTestEpsilon).toBe(0.1);
    expect(report.judges?.altTest.map((row) => row.epsilon)).toEqual(report.judges?.altTest.map(() => 0.1));
    expect(report.judges?.altTest.length).toBeGreaterThan(0);
  });

  it('adds the gold rater group and its provenance only with includeGold', async () => {
    const { report } = await api.computeReport(NAME, DEMO, { ...REQUEST, includeGold: true }, () => undefined);
    expect(report.tables.answer.some((row) => row.a === 'gold' && row.b === 'human')).toBe(true);
    expect(report.inputs.map((input) => input.file)).toEqual(['transcripts: demo-study.json', 'labels: 4 labels by 2 annotators', 'gold: 1 gold label']);
  });

  it('lists disagreements with the gold label', async () => {
    const units = await api.listDisagreements(NAME, DEMO, { task: 'answer', a: 'human:ann-1', b: 'human:ann-2' });
    expect(units.map((unit) => [unit.unitId, unit.gold?.value])).toEqual([[QUESTION, 'no']]);
    expect(await api.listDisagreements(NAME, DEMO, { task: 'answer', a: 'human:ann-1', b: 'human:ann-2', openOnly: true })).toEqual([]);
  });

  it('exports the labelled dataset with the stored provenance', async () => {
    const progress: ReportProgress[] = [];
    const file = await api.exportDataset(NAME, DEMO, { format: 'jsonl', includeJudges: true }, (p) => progress.push(p));
    expect(file.name).toBe(`${DEMO}.dataset.jsonl`);
    const header = JSON.parse(file.text.split('\n')[0] ?? '') as { inputs: Array<{ file: string }> };
    expect(header.inputs.map((input) => input.file)).toEqual(['transcripts: demo-study.json', 'labels: 4 labels by 2 annotators', 'gold: 1 gold label']);
    expect(progress[0]?.label).toBe('Reading the study');
  });

  it('rejects with a readable Error for a study that is not there', async () => {
    await expect(api.computeReport(NAME, 'missing', REQUEST, () => undefined)).rejects.toThrow('The study "missing" is not in the library.');
    await expect(api.listDisagreements(NAME, 'missing', { task: 'match' })).rejects.toThrow('is not in the library');
  });
});
