// The plan worker's api as the window calls it through Comlink (captured from Comlink.expose), on
// a fake-indexeddb database by name: the plan the pure planner gives on the stored study's labels
// counted as the report counts them, with the report's progress shape, and a refusal in words.

import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countedLabels } from '../../../shared/report/unsure-labels';
import { planStudy } from '../../../shared/stats/planner/plan';
import { estimateStudy } from '../../../shared/stats/planner/study-estimates';
import { inLabelOrder, inStudyOrder } from '../../../shared/stats/study/study-order';
import { indexStudy } from '../../../shared/stats/study/study-units';
import { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { loadReportData } from '../../../renderer/db/report-inputs';
import type { PlanProgress, PlanRequest } from '../../../renderer/workers/plan-protocol';
import type { PlanWorkerApi } from '../../../renderer/workers/plan.worker';
import { annotator, demoStudy, label } from '../db/db-fixtures';

const exposed = vi.hoisted(() => ({ api: undefined as unknown }));
vi.mock('comlink', () => ({
  expose: (api: unknown) => {
    exposed.api = api;
  },
}));

const NAME = 'plan-worker-test';
const DEMO = 'demo-study';
const JUDGE = 'arbiter-large';

let db: StudioDatabase;
let api: PlanWorkerApi;

beforeAll(async () => {
  db = new StudioDatabase(NAME);
  const study = demoStudy();
  await importStudies(db, [study]);
  await db.annotators.bulkAdd(['ann-1', 'ann-2', 'ann-3'].map((id) => annotator(DEMO, id)));
  // Three people on every final answer: two give the judge's verdict, the third gives it on every other unit, so people and judge both err.
  const finals = study.turns.filter((turn) => turn.type === 'final');
  await db.labels.bulkAdd(
    finals.flatMap((turn, i) => {
      const judged = turn.judgements[JUDGE] === 'unmatched' ? 'unmatched' : 'matched';
      const other = judged === 'matched' ? 'unmatched' : 'matched';
      return [
        label(DEMO, 'ann-1', turn.id, 'match', judged),
        label(DEMO, 'ann-2', turn.id, 'match', i % 5 === 0 ? other : judged),
        { ...label(DEMO, 'ann-3', turn.id, 'match', i % 2 === 0 ? judged : other), unsure: i % 3 === 0 },
      ];
    }),
  );
  await import('../../../renderer/workers/plan.worker');
  api = exposed.api as PlanWorkerApi;
});
afterAll(() => db.close());

const REQUEST: PlanRequest = {
  task: 'match',
  bucket: 'all',
  target: { kind: 'width', width: 0.3, judge: JUDGE },
  vary: 'puzzles',
  leaveOutUnsure: false,
  unparseable: 'left-out',
};

async function pureFor(request: PlanRequest) {
  const { study, labels } = await loadReportData(db, DEMO, { gold: false });
  const units = indexStudy(inStudyOrder(study), countedLabels(inLabelOrder(labels), request.leaveOutUnsure ? 'left-out' : 'counted'), [], request.unparseable);
  return planStudy(estimateStudy(units, request.task, request.bucket), request.target, { vary: request.vary });
}

describe('plan worker', () => {
  it('plans as the pure planner does on the stored study, with the reading and then the simulation as progress', async () => {
    const progress: PlanProgress[] = [];
    const plan = await api.planStudy(NAME, DEMO, REQUEST, (p) => progress.push(p));
    expect(plan).toEqual(await pureFor(REQUEST));
    expect(plan.recommended).not.toBeNull();
    expect(progress[0]).toEqual({ label: 'Reading the study', done: 0, total: 1 });
    const last = progress.at(-1);
    expect(last?.label).toBe('Simulating studies');
    expect(last?.done).toBe(last?.total);
  });

  it("counts labels as the report's settings say: unsure labels left out change the plan's people", async () => {
    const request = { ...REQUEST, leaveOutUnsure: true };
    const plan = await api.planStudy(NAME, DEMO, request, () => undefined);
    expect(plan).toEqual(await pureFor(request));
    expect(plan.assumptions).not.toEqual((await pureFor(REQUEST)).assumptions);
  });

  it("refuses a judge that did not label the task with the planner's words", async () => {
    await expect(api.planStudy(NAME, DEMO, { ...REQUEST, target: { kind: 'width', width: 0.3, judge: 'nobody' } }, () => undefined)).rejects.toThrow(
      /^the judge must be one that labelled the match task \(.*\), not "nobody"$/,
    );
  });
});
