// The kept report (kept-reports.ts through the report worker's report-keeping.ts and study-report.ts) against
// fake-indexeddb, opened as the worker opens it: a second open with nothing changed is the kept
// report, and a label write, a gold write, a team-database change, a judge run applied, a change to
// the study or its annotators' names, another setting, or a write during the computation makes the
// next open compute afresh; deleting the study deletes its kept reports.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioDatabase } from '../../../renderer/db/database';
import { setGoldLabel } from '../../../renderer/db/gold';
import { deleteStudy } from '../../../renderer/db/import-study';
import { applyJudgeRun, createJudgeRun, judgeRunJournal } from '../../../renderer/db/judge-runs';
import { keptReportsKey } from '../../../renderer/db/kept-reports';
import { renameStudy } from '../../../renderer/db/rename-study';
import { loadReportInputs } from '../../../renderer/db/report-inputs';
import { keepStudyReport, keptOrComputed, keptStudyReport } from '../../../renderer/workers/report-keeping';
import type { ReportRequest, StudyReport } from '../../../renderer/workers/report-protocol';
import { computeStudyReport } from '../../../renderer/workers/study-report';
import { annotator, closeDatabases, databaseWith, demoStudy, label, NOW, teamDatabase } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();
const DEMO = demo.study.id;
const QUESTION = demo.turns.find((turn) => turn.type === 'question')!.id;
const FINAL = demo.turns.find((turn) => turn.type === 'final')!.id;

const REQUEST: ReportRequest = {
  bootstrap: 20,
  seed: 7,
  average: 'micro',
  includeGold: true,
  leaveOutUnsure: false,
  unparseable: 'left-out',
  altTestEpsilon: 0.15,
  selectiveAgreement: 0.9,
  selectiveRisk: 0.1,
  resample: 'puzzles',
  pairedTest: 'bootstrap-t',
  modelFamilies: {},
};

let computations = 0;

/** One open of the report as the worker's computeReport makes it: the kept report, or a fresh one kept for next time. */
async function openReport(db: StudioDatabase, request: ReportRequest = REQUEST): Promise<StudyReport> {
  return keptOrComputed(db, DEMO, request, () => {
    computations += 1;
    // Each computation its own stamp, so a kept report is told from a recomputed one by its stamp too.
    return computeStudyReport(db, DEMO, request, { app: 'agreement-studio test', now: new Date(Date.parse(NOW) + computations * 1000).toISOString() });
  });
}

/** Opens the report and says whether it was computed rather than kept. */
async function computedOnOpen(db: StudioDatabase, request?: ReportRequest): Promise<boolean> {
  const before = computations;
  await openReport(db, request);
  return computations > before;
}

describe('the kept report', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = await databaseWith([demo]);
    await db.annotators.bulkAdd([annotator(DEMO, 'ann-1'), annotator(DEMO, 'ann-2')]);
    await db.labels.bulkAdd([label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'), label(DEMO, 'ann-2', QUESTION, 'answer', 'no')]);
  });

  it('answers a second open with nothing changed, with the time it was computed', async () => {
    const first = await openReport(db);
    expect(await computedOnOpen(db)).toBe(false);
    const second = await openReport(db);
    expect(second).toEqual(first);
    expect(second.report.generatedAt).toBe(first.report.generatedAt);
  });

  it('computes afresh after a label is written, and keeps that report', async () => {
    const first = await openReport(db);
    await db.labels.put(label(DEMO, 'ann-1', FINAL, 'match', 'matched'));
    expect(await computedOnOpen(db)).toBe(true);
    const second = await openReport(db);
    expect(second.report.generatedAt).not.toBe(first.report.generatedAt);
    expect(second.report.inputs).not.toEqual(first.report.inputs);
    expect(await computedOnOpen(db)).toBe(false);
  });

  it('computes afresh after a gold label is set', async () => {
    await openReport(db);
    await setGoldLabel(db, { studyId: DEMO, task: 'answer', unitId: QUESTION, value: 'no', note: '', by: 'Lead', basis: [], now: NOW });
    expect(await computedOnOpen(db)).toBe(true);
  });

  it("computes afresh after a team database's open conflicts change", async () => {
    await openReport(db);
    await db.teamDatabases.put(teamDatabase(DEMO, 'ann-1'));
    expect(await computedOnOpen(db)).toBe(true);
  });

  it("computes afresh after a judge run's labels are applied to the transcripts", async () => {
    const endpoint = {
      ...{ id: 'ep', name: 'Local', url: 'http://127.0.0.1:11434/v1', model: 'llama3' },
      ...{ temperature: 0, maxTokens: 8, concurrency: 1, rpm: 60, timeoutSeconds: 20, hasKey: false, createdAt: NOW, updatedAt: NOW },
    };
    const run = await createJudgeRun(db, { studyId: DEMO, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples: 1 }, NOW);
    await openReport(db);
    await judgeRunJournal(db, run.id).append({ key: `${QUESTION}#0`, turnId: QUESTION, sample: 0, reply: 'Yes', tokensIn: 1, tokensOut: 1, at: NOW });
    // Writing the journal touches nothing the report reads.
    expect(await computedOnOpen(db)).toBe(false);
    const progress = {
      ...{ state: 'finished' as const, total: 1, alreadyAnswered: 0, done: 1, cutOff: 0, failed: 0 },
      ...{ inFlight: 0, retries: 0, tokensIn: 1, tokensOut: 1, elapsedMs: 5 },
    };
    await applyJudgeRun(db, run.id, { progress, failures: [], startedAt: 0, finishedAt: 5 }, NOW);
    expect(await computedOnOpen(db)).toBe(true);
  });

  it("computes afresh after the study is renamed or an annotator's name changes", async () => {
    await openReport(db);
    await renameStudy(db, DEMO, 'Renamed study', NOW);
    expect(await computedOnOpen(db)).toBe(true);
    expect(await computedOnOpen(db)).toBe(false);
    await db.annotators.put({ studyId: DEMO, id: 'ann-2', name: 'Someone else' });
    expect(await computedOnOpen(db)).toBe(true);
  });

  it('computes afresh for other settings, and keeps the last few settings side by side', async () => {
    await openReport(db);
    for (const other of [{ seed: 8 }, { includeGold: false }, { bootstrap: 30 }, { leaveOutUnsure: true }, { resample: 'units' as const }]) {
      expect(await computedOnOpen(db, { ...REQUEST, ...other })).toBe(true);
    }
    // The three newest are kept; the first settings were pushed out.
    expect(await computedOnOpen(db, { ...REQUEST, resample: 'units' })).toBe(false);
    expect(await computedOnOpen(db, { ...REQUEST, bootstrap: 30 })).toBe(false);
    expect(await computedOnOpen(db)).toBe(true);
    expect(((await db.meta.get(keptReportsKey(DEMO)))?.value as unknown[]).length).toBe(3);
  });

  it('goes with its study when the study is deleted', async () => {
    await openReport(db);
    expect(await db.meta.get(keptReportsKey(DEMO))).toBeDefined();
    await deleteStudy(db, DEMO);
    expect(await db.meta.get(keptReportsKey(DEMO))).toBeUndefined();
  });

  it('never answers with a report computed from a read that a write overtook', async () => {
    const { revision } = await loadReportInputs(db, DEMO);
    expect(revision).toBeDefined();
    const stale = (await openReport(db)).report;
    // The label lands while that report is being computed, after its read.
    await db.labels.put(label(DEMO, 'ann-2', FINAL, 'match', 'matched'));
    await keepStudyReport(db, DEMO, REQUEST, revision, { report: stale, ratingsByLevel: [] });
    expect(await keptStudyReport(db, DEMO, REQUEST)).toBeUndefined();
    expect(await computedOnOpen(db)).toBe(true);
  });
});
