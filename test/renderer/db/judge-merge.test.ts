// Merging one judge into another in the database (issue 28 point 5), against fake-indexeddb: two
// runs of one model and prompt with another k are llama3@studio-1 and llama3@studio-1~2; the
// preview counts what the lead sees before anything changes; the merge moves the labels (the
// overlaps as chosen), keeps the merged judge's run as the target's saying the name it ran as,
// writes an audit entry (who, what into what, counts, rule), and the report built as the report
// worker builds it then has one judge where it had two. A merge of the study's own session judge
// renames the sessions it judged. Refused, writing nothing: a run of either judge not yet applied,
// a judge into itself, a missing study. A later run never takes the merged judge's name.

import { afterEach, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/domain/model';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { sha256Hex } from '../../../shared/formats/sha256';
import type { JudgeAnswer, RunProgress, RunSummary } from '../../../shared/judge-run/runner';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import { buildReport } from '../../../shared/report/build-report';
import type { StudioDatabase } from '../../../renderer/db/database';
import { judgeMergePreview, mergeJudge, studyJudges } from '../../../renderer/db/judge-merge';
import { applyJudgeRun, createJudgeRun, judgeRunJournal } from '../../../renderer/db/judge-runs';
import { loadReportInputs } from '../../../renderer/db/report-inputs';
import { loadStudyData } from '../../../renderer/db/study-data';
import { closeDatabases, databaseWith, demoStudy, dumpTables, label, NOW } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();
const STUDY = demo.study.id;
const [q1, q2, q3] = demo.turns.filter((turn) => turn.type === 'question');
const final = demo.turns.find((turn) => turn.type === 'final')!;
const BASE = 'llama3@studio-1';
const SECOND = 'llama3@studio-1~2';

const endpoint: JudgeEndpoint = {
  id: 'ep',
  name: 'Local',
  url: 'http://127.0.0.1:11434/v1',
  model: 'llama3',
  temperature: 0,
  maxTokens: 64,
  concurrency: 1,
  rpm: null,
  timeoutSeconds: 20,
  hasKey: false,
  createdAt: NOW,
  updatedAt: NOW,
};

function summary(done: number): RunSummary {
  const progress: RunProgress = {
    state: 'finished',
    total: done,
    alreadyAnswered: 0,
    done,
    cutOff: 0,
    failed: 0,
    inFlight: 0,
    retries: 0,
    tokensIn: done,
    tokensOut: done,
    elapsedMs: 1,
  };
  return { progress, failures: [], startedAt: 0, finishedAt: 1 };
}

/** A run with `samples` samples whose every sample of each turn replies as given, applied to the study. */
async function appliedRun(db: StudioDatabase, samples: number, replies: ReadonlyArray<[string, string]>) {
  const run = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples });
  const journal = judgeRunJournal(db, run.id);
  for (const [turnId, reply] of replies) {
    for (let sample = 0; sample < samples; sample++) {
      const answer: JudgeAnswer = { key: `${turnId}#${sample}`, turnId, sample, reply, tokensIn: 1, tokensOut: 1, at: NOW };
      await journal.append(answer);
    }
  }
  await applyJudgeRun(db, run.id, summary(replies.length * samples), NOW);
  return run;
}

/**
 * The demo study with two people's labels on four turns, and two runs of llama3 with studio-1:
 * k = 1 on q1, q2 and the final; k = 3 (so `~2`) on q2, q3 and the final, differing on q2 and the final.
 */
async function studyWithTwoRuns() {
  const db = await databaseWith([demo]);
  const people: Label[] = ['ann-1', 'ann-2'].flatMap((annotator) => [
    label(STUDY, annotator, q1!.id, 'answer', 'yes'),
    label(STUDY, annotator, q2!.id, 'answer', 'no'),
    label(STUDY, annotator, q3!.id, 'answer', 'no'),
    label(STUDY, annotator, final.id, 'match', 'matched'),
  ]);
  await db.labels.bulkPut(people);
  const first = await appliedRun(db, 1, [
    [q1!.id, 'Yes'],
    [q2!.id, 'No'],
    [final.id, 'Matched'],
  ]);
  const second = await appliedRun(db, 3, [
    [q2!.id, 'Yes.'],
    [q3!.id, 'No.'],
    [final.id, 'Unmatched.'],
  ]);
  expect([first.judge, second.judge]).toEqual([BASE, SECOND]);
  return { db, first, second };
}

/** The judges the report built as the report worker builds it names, against people and in its tables. */
async function reportJudges(db: StudioDatabase): Promise<string[]> {
  const { study, labels, gold, annotatorNames, inputs } = await loadReportInputs(db, STUDY);
  const report = buildReport({
    study,
    labels,
    gold,
    annotatorNames,
    settings: { bootstrap: 50, seed: 1, average: 'micro', unsure: 'counted' },
    inputs,
    app: 'agreement-studio test',
    now: NOW,
  });
  const inTables = Object.values(report.tables)
    .flat()
    .flatMap((row) => [row.a, row.b])
    .filter((group) => group.startsWith('judge:'))
    .map((group) => group.slice('judge:'.length));
  const againstPeople = (report.judges?.againstPeople ?? []).map((row) => row.judge);
  expect(new Set(againstPeople)).toEqual(new Set(inTables));
  return [...new Set(inTables)].sort();
}

async function turnOf(db: StudioDatabase, id: string) {
  return (await db.turns.get([STUDY, id]))!;
}

describe('merging judges', () => {
  it('lists the study’s judges with their runs and the judges each may go into, and previews a merge’s counts', async () => {
    const { db, first, second } = await studyWithTwoRuns();
    const judges = await studyJudges(db, STUDY);
    expect(judges.map((judge) => judge.judge)).toEqual(['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini', BASE, SECOND]);
    const entry = judges.find((judge) => judge.judge === SECOND)!;
    expect(entry).toMatchObject({ units: 3, tasks: ['answer', 'match'], targets: ['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini', BASE] });
    expect(entry.runs.map((run) => run.id)).toEqual([second.id]);
    expect(judges.find((judge) => judge.judge === 'arbiter-large')?.runs).toEqual([]);
    expect(judges.find((judge) => judge.judge === BASE)?.runs.map((run) => run.id)).toEqual([first.id]);

    const before = await dumpTables(db);
    expect(await judgeMergePreview(db, STUDY, SECOND, BASE)).toEqual({ merged: 3, target: 3, both: 2, differ: 2 });
    await expect(judgeMergePreview(db, STUDY, SECOND, SECOND)).rejects.toThrow('A judge cannot be merged into itself');
    expect(await dumpTables(db)).toEqual(before);
  });

  it('moves the labels under the target, which keeps its own where both labelled, keeps the run, audits, and the report has one judge where it had two', async () => {
    const { db, first, second } = await studyWithTwoRuns();
    expect(await reportJudges(db)).toEqual(['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini', BASE, SECOND]);
    const checksumBefore = (await loadReportInputs(db, STUDY)).inputs[0]!.sha256;

    const counts = await mergeJudge(db, {
      studyId: STUDY,
      merged: SECOND,
      target: BASE,
      rule: 'target-keeps',
      by: 'Lead Lou',
      now: '2026-11-23T09:00:00.000Z',
    });
    expect(counts).toEqual({ merged: 3, target: 3, both: 2, differ: 2 });

    expect((await turnOf(db, q1!.id)).judgements[BASE]).toBe('yes');
    expect((await turnOf(db, q2!.id)).judgements[BASE]).toBe('no');
    expect((await turnOf(db, q2!.id)).judgeReplies?.[BASE]).toBe('No');
    expect((await turnOf(db, q3!.id)).judgements[BASE]).toBe('no');
    expect((await turnOf(db, q3!.id)).judgeReplies?.[BASE]).toBe('No.');
    expect((await turnOf(db, final.id)).judgements[BASE]).toBe('matched');
    const { turns } = await loadStudyData(db, STUDY);
    expect(turns.some((turn) => SECOND in turn.judgements || SECOND in (turn.judgeReplies ?? {}))).toBe(false);

    // Both runs are the target's now; the merged one says the name it ran as.
    expect(await db.judgeRuns.get(first.id)).toMatchObject({ judge: BASE, state: 'finished' });
    expect((await db.judgeRuns.get(first.id))?.ranAs).toBeUndefined();
    expect(await db.judgeRuns.get(second.id)).toMatchObject({ judge: BASE, ranAs: SECOND, parameters: { samples: 3 }, record: { judge: SECOND } });
    const judges = await studyJudges(db, STUDY);
    expect(judges.map((judge) => judge.judge)).toEqual(['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini', BASE]);
    expect(judges.find((judge) => judge.judge === BASE)?.runs.map((run) => run.parameters.samples)).toEqual([3, 1]);

    const audit = (await db.audit.where('studyId').equals(STUDY).toArray()).at(-1)!;
    expect(audit).toMatchObject({ kind: 'judge:merge', at: '2026-11-23T09:00:00.000Z' });
    expect(JSON.parse(audit.detail)).toEqual({
      merged: SECOND,
      into: BASE,
      by: 'Lead Lou',
      overlap: 'target-keeps',
      counts: { merged: 3, target: 3, both: 2, differ: 2 },
      runs: 1,
      sessions: 0,
    });

    expect(await reportJudges(db)).toEqual(['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini', BASE]);
    // The report's provenance names the turns as they are now, not its cached checksum of before.
    const checksum = (await loadReportInputs(db, STUDY)).inputs[0]!.sha256;
    expect(checksum).not.toBe(checksumBefore);
    const data = await loadStudyData(db, STUDY);
    expect(checksum).toBe(sha256Hex(canonicalJson({ puzzles: data.puzzles, sessions: data.sessions, turns: data.turns })));
  });

  it("gives the merged judge's labels and replies where both labelled, when the lead chose so", async () => {
    const { db } = await studyWithTwoRuns();
    await mergeJudge(db, { studyId: STUDY, merged: SECOND, target: BASE, rule: 'merged-wins', by: 'Lead Lou' });
    expect((await turnOf(db, q1!.id)).judgements[BASE]).toBe('yes');
    expect((await turnOf(db, q2!.id)).judgements[BASE]).toBe('yes');
    expect((await turnOf(db, q2!.id)).judgeReplies?.[BASE]).toBe('Yes.');
    expect((await turnOf(db, final.id)).judgements[BASE]).toBe('unmatched');
    expect(JSON.parse((await db.audit.toArray()).at(-1)!.detail)).toMatchObject({ overlap: 'merged-wins' });
  });

  it("renames the sessions a merged session judge judged, so the players' outcomes follow its labels", async () => {
    const { db } = await studyWithTwoRuns();
    const judged = demo.sessions.filter((session) => session.judge === 'arbiter-large').length;
    expect(judged).toBeGreaterThan(0);
    await mergeJudge(db, { studyId: STUDY, merged: 'arbiter-large', target: BASE, rule: 'target-keeps', by: 'Lead Lou' });
    const { sessions } = await loadStudyData(db, STUDY);
    expect(sessions.filter((session) => session.judge === BASE)).toHaveLength(judged);
    expect(sessions.some((session) => session.judge === 'arbiter-large')).toBe(false);
    expect(JSON.parse((await db.audit.toArray()).at(-1)!.detail)).toMatchObject({ sessions: judged, runs: 0 });
    expect(await reportJudges(db)).toEqual(['arbiter-large (order swapped)', 'arbiter-mini', BASE, SECOND]);
  });

  it('refuses, writing nothing, while a run of either judge is not applied, a judge into itself, and a missing study', async () => {
    const { db } = await studyWithTwoRuns();
    const merge = { studyId: STUDY, merged: SECOND, target: BASE, rule: 'target-keeps' as const, by: 'Lead Lou' };
    const refused = async (call: () => Promise<unknown>) => {
      const before = await dumpTables(db);
      const error = await call().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(await dumpTables(db)).toEqual(before);
      return error instanceof Error ? error.message : String(error);
    };
    expect(await refused(() => mergeJudge(db, { ...merge, target: SECOND }))).toBe(`A judge cannot be merged into itself (${SECOND}).`);
    expect(await refused(() => mergeJudge(db, { ...merge, studyId: 'gone' }))).toBe('The study "gone" is not in the library.');
    expect(await refused(() => mergeJudge(db, { ...merge, merged: 'gpt@strict' }))).toBe('The study has no labels of the judge gpt@strict.');
    // The same settings again: a re-run of the target, left running.
    const running = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples: 1 });
    expect(running.judge).toBe(BASE);
    expect(await refused(() => mergeJudge(db, merge))).toBe(
      `A run of ${BASE} is not finished (it is running or was interrupted): let it finish or cancel it, then merge.`,
    );
  });

  it("names a later run apart from the merged judge's name, and a run like the merged one runs as the target", async () => {
    const { db } = await studyWithTwoRuns();
    await mergeJudge(db, { studyId: STUDY, merged: SECOND, target: BASE, rule: 'target-keeps', by: 'Lead Lou' });
    const other = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples: 5 });
    expect(other.judge).toBe('llama3@studio-1~3');
    const again = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples: 3 });
    expect(again.judge).toBe(BASE);
  });
});
