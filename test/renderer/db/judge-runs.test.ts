// Judge runs in the database against fake-indexeddb: a new run's row (judge name, prompt hash,
// recorded URL, parameters) and the study's runs newest first; the journal's answered keys are the
// run's own; applying a run labels the turns with verdicts as `<model>@<prompt>` with replies,
// drops this judge's labels from turns without one, writes only changed turns, stores the record,
// state and an audit entry, and drops the report's cached transcripts checksum; the labelled selection is the answer and match units people labelled;
// deleting the study removes its runs and their answers; a judge name the study's labels carry with
// no run behind them is not taken by a new run (issue 28); a prompt version with another study's
// few-shot examples is refused (issue 34 point 2); a run on a part of the judge split is counted on
// the study (a version tried on development, a look at the test split) and replaces its judge's
// labels on its part's turns only.

import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerJournal, JudgeAnswer, RunProgress, RunSummary } from '../../../shared/judge-run/runner';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import { builtInPrompt, promptHash } from '../../../shared/judge-run/prompts';
import type { StudioDatabase } from '../../../renderer/db/database';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { sha256Hex } from '../../../shared/formats/sha256';
import { deleteStudy } from '../../../renderer/db/import-study';
import { loadReportInputs } from '../../../renderer/db/report-inputs';
import { loadStudyData } from '../../../renderer/db/study-data';
import { savePromptVersion } from '../../../renderer/db/prompt-versions';
import { setJudgeSplit } from '../../../renderer/db/study-settings';
import { puzzleSplit } from '../../../shared/study/judge-splits';
import { applyJudgeRun, createJudgeRun, judgeRunJournal, labelledUnitIds, listJudgeRuns, recordJudgeRunProgress } from '../../../renderer/db/judge-runs';
import { closeDatabases, databaseWith, demoStudy, label, NOW, refusedUnchanged } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();
const STUDY = demo.study.id;
const [q1, q2, q3] = demo.turns.filter((turn) => turn.type === 'question');
const final = demo.turns.find((turn) => turn.type === 'final')!;
const SPLIT = { seed: 3, shares: { examples: 0.1, development: 0.45, test: 0.45 } };

const endpoint: JudgeEndpoint = {
  id: 'ep',
  name: 'Local',
  url: 'http://127.0.0.1:11434/v1?api-key=hidden',
  model: 'llama3',
  temperature: 0.2,
  maxTokens: 8,
  concurrency: 3,
  rpm: 120,
  timeoutSeconds: 20,
  hasKey: true,
  createdAt: NOW,
  updatedAt: NOW,
};

function answer(turnId: string, sample: number, reply: string): JudgeAnswer {
  return { key: `${turnId}#${sample}`, turnId, sample, reply, tokensIn: 10, tokensOut: 1, at: NOW };
}

async function journaledKeys(journal: AnswerJournal): Promise<string[]> {
  const keys: string[] = [];
  await journal.readEarlier((answer) => keys.push(answer.key));
  return keys;
}

function summary(state: 'finished' | 'cancelled', done: number): RunSummary {
  const progress: RunProgress = {
    state,
    total: done,
    alreadyAnswered: 0,
    done,
    cutOff: 0,
    failed: 0,
    inFlight: 0,
    retries: 0,
    tokensIn: 10 * done,
    tokensOut: done,
    elapsedMs: 5,
  };
  return { progress, failures: [], startedAt: 0, finishedAt: 5 };
}

async function newRun(db: StudioDatabase, promptName = 'studio-1', now = NOW) {
  return createJudgeRun(db, { studyId: STUDY, endpoint, promptName, selection: { kind: 'labelled' }, samples: 3 }, now);
}

describe('judge runs', () => {
  it('names a run apart from a judge whose labels the study already carries from elsewhere (a bundle or a backup), since their settings are unknown', async () => {
    const imported = {
      ...demo,
      turns: demo.turns.map((turn) => (turn.id === q1!.id ? { ...turn, judgements: { ...turn.judgements, 'llama3@studio-1': 'yes' as const } } : turn)),
    };
    const db = await databaseWith([imported]);
    const first = await newRun(db);
    expect(first.judge).toBe('llama3@studio-1~2');
    expect((await newRun(db)).judge).toBe('llama3@studio-1~2');
  });

  it('creates a running run with its judge, prompt hash, recorded URL and parameters, and lists the newest first', async () => {
    const db = await databaseWith([demo]);
    const first = await newRun(db, 'studio-1', '2026-11-22T10:00:00.000Z');
    const second = await newRun(db, 'turtlebench', '2026-11-22T11:00:00.000Z');
    expect(first).toMatchObject({
      studyId: STUDY,
      endpointId: 'ep',
      judge: 'llama3@studio-1',
      model: 'llama3',
      prompt: { name: 'studio-1', hash: promptHash(builtInPrompt('studio-1')!) },
      endpoint: 'http://127.0.0.1:11434/v1',
      parameters: { temperature: 0.2, maxTokens: 8, samples: 3, concurrency: 3, rpm: 120, timeoutSeconds: 20 },
      selection: { kind: 'labelled' },
      state: 'running',
      progress: { state: 'starting', total: 0 },
    });
    expect((await listJudgeRuns(db, STUDY)).map((run) => run.id)).toEqual([second.id, first.id]);
    expect(await listJudgeRuns(db, 'other')).toEqual([]);
  });

  it('refuses a missing study or prompt version, and a model that makes no judge name', async () => {
    const db = await databaseWith([demo]);
    await expect(createJudgeRun(db, { studyId: 'gone', endpoint, promptName: 'studio-1', selection: { kind: 'all' }, samples: 1 })).rejects.toThrow(
      /not in the library/,
    );
    await expect(newRun(db, 'no-such-version')).rejects.toThrow(/no prompt version named "no-such-version"/);
    await expect(
      createJudgeRun(db, { studyId: STUDY, endpoint: { ...endpoint, model: 'a\u202eb' }, promptName: 'studio-1', selection: { kind: 'all' }, samples: 1 }),
    ).rejects.toThrow(/judge's name/);
    expect(await db.judgeRuns.count()).toBe(0);
  });

  it("refuses a prompt version whose few-shot examples are another study's, naming that study", async () => {
    const other = { ...demo, study: { ...demo.study, id: 'other-study', name: 'Other study' } };
    const db = await databaseWith([demo, other]);
    const studio = builtInPrompt('studio-1')!;
    const examples = { studyId: 'other-study', from: 'arbiter-large', count: 1, chosen: { answer: [], match: [] } };
    await db.promptVersions.add({
      ...studio,
      name: 'other-examples',
      hash: promptHash({ ...studio, examples }),
      basedOn: 'studio-1',
      createdAt: NOW,
      examples,
    });
    await expect(newRun(db, 'other-examples')).rejects.toThrow(
      'the prompt version "other-examples" carries few-shot examples from the study "Other study" and runs only on that study',
    );
    expect(await db.judgeRuns.count()).toBe(0);
    expect((await createJudgeRun(db, { studyId: 'other-study', endpoint, promptName: 'other-examples', selection: { kind: 'all' }, samples: 1 })).judge).toBe(
      'llama3@other-examples',
    );
  });

  it("keeps each run's journal apart and records progress until the run is applied", async () => {
    const db = await databaseWith([demo]);
    const a = await newRun(db);
    const b = await newRun(db);
    await judgeRunJournal(db, a.id).append(answer(q1!.id, 0, 'Yes'));
    await judgeRunJournal(db, b.id).append(answer(q2!.id, 1, 'No'));
    expect(await journaledKeys(judgeRunJournal(db, a.id))).toEqual([`${q1!.id}#0`]);
    expect(await journaledKeys(judgeRunJournal(db, b.id))).toEqual([`${q2!.id}#1`]);
    const progress = { ...summary('finished', 1).progress, state: 'paused' as const };
    await recordJudgeRunProgress(db, a.id, { state: 'paused', progress });
    expect(await db.judgeRuns.get(a.id)).toMatchObject({ state: 'paused', progress });
    await applyJudgeRun(db, a.id, summary('finished', 1));
    await recordJudgeRunProgress(db, a.id, { state: 'running', progress });
    expect(await db.judgeRuns.get(a.id)).toMatchObject({ state: 'finished', progress: { state: 'finished' } });
  });

  it('applies the majority label with its reply, drops the judge from turns without a verdict, and writes only changed turns', async () => {
    const db = await databaseWith([demo]);
    const run = await newRun(db);
    // A label this judge gave in an earlier sitting, where this run now gives no verdict.
    const stale = { ...q3!, judgements: { ...q3!.judgements, 'llama3@studio-1': 'yes' as const }, judgeReplies: { 'llama3@studio-1': 'Yes' } };
    await db.turns.put(stale);
    const journal = judgeRunJournal(db, run.id);
    for (const a of [
      answer(q1!.id, 0, 'No'),
      answer(q1!.id, 1, 'Yes.'),
      answer(q1!.id, 2, 'yes'),
      answer(q2!.id, 0, 'Who knows'),
      answer(final.id, 0, 'Matched'),
    ])
      await journal.append(a);
    const written: string[] = [];
    db.turns.hook('updating', (_, key) => void written.push(String(key)));
    db.turns.hook('creating', (key) => void written.push(String(key)));
    const record = await applyJudgeRun(db, run.id, summary('finished', 5), '2026-11-22T12:00:00.000Z');
    expect(written.sort()).toEqual([q1!, q2!, q3!, final].map((turn) => `${STUDY},${turn.id}`).sort());
    const turn = async (id: string) => (await db.turns.get([STUDY, id]))!;
    expect((await turn(q1!.id)).judgements['llama3@studio-1']).toBe('yes');
    expect((await turn(q1!.id)).judgeReplies?.['llama3@studio-1']).toBe('Yes.');
    expect((await turn(q2!.id)).judgements['llama3@studio-1']).toBe('unparseable');
    expect((await turn(q2!.id)).judgeReplies?.['llama3@studio-1']).toBe('Who knows');
    expect((await turn(final.id)).judgements['llama3@studio-1']).toBe('matched');
    expect((await turn(q3!.id)).judgements).toEqual(q3!.judgements);
    expect((await turn(q3!.id)).judgeReplies).toBeUndefined();
    expect(record).toMatchObject({
      judge: 'llama3@studio-1',
      selection: 'labelled',
      cancelled: false,
      finishedAt: '2026-11-22T12:00:00.000Z',
      counts: { turnsLabelled: 3, unparseable: 1 },
    });
    expect(record.selfAgreement).toBeCloseTo(1 / 3);
    expect(await db.judgeRuns.get(run.id)).toMatchObject({ state: 'finished', record });
    const audit = await db.audit.where('studyId').equals(STUDY).toArray();
    expect(audit.at(-1)).toMatchObject({ kind: 'judge:run', detail: expect.stringContaining('llama3@studio-1') });
  });

  it("drops the report's cached checksum of the transcripts, which the new labels change", async () => {
    const db = await databaseWith([demo]);
    const before = (await loadReportInputs(db, STUDY)).inputs[0]!.sha256;
    const run = await newRun(db);
    await judgeRunJournal(db, run.id).append(answer(q1!.id, 0, 'yes'));
    await applyJudgeRun(db, run.id, summary('finished', 1));
    const after = (await loadReportInputs(db, STUDY)).inputs[0]!.sha256;
    expect(after).not.toBe(before);
    const { puzzles, sessions, turns } = await loadStudyData(db, STUDY);
    expect(after).toBe(sha256Hex(canonicalJson({ puzzles, sessions, turns })));
  });

  it('stores a cancelled run as cancelled, with the labels of what it answered', async () => {
    const db = await databaseWith([demo]);
    const run = await newRun(db);
    await judgeRunJournal(db, run.id).append(answer(q1!.id, 0, 'no'));
    const record = await applyJudgeRun(db, run.id, summary('cancelled', 1));
    expect(record.cancelled).toBe(true);
    expect(await db.judgeRuns.get(run.id)).toMatchObject({ state: 'cancelled' });
    expect((await db.turns.get([STUDY, q1!.id]))!.judgements['llama3@studio-1']).toBe('no');
  });

  it('finds the units people labelled for the answer and match tasks', async () => {
    const db = await databaseWith([demo]);
    await db.labels.bulkPut([
      label(STUDY, 'ann', q1!.id, 'answer', 'yes'),
      label(STUDY, 'bob', q1!.id, 'answer', 'no'),
      label(STUDY, 'ann', final.id, 'match', 'matched'),
      label(STUDY, 'ann', final.sessionId, 'difficulty', 3),
    ]);
    expect([...(await labelledUnitIds(db, STUDY))].sort()).toEqual([final.id, q1!.id].sort());
  });

  it('refuses a run on a split part before the study has a split, and counts each run on one once it has', async () => {
    const db = await databaseWith([demo]);
    const onPart = (part: 'development' | 'test', promptName = 'studio-1', now = NOW) =>
      createJudgeRun(db, { studyId: STUDY, endpoint, promptName, selection: { kind: 'split', part }, samples: 3 }, now);
    const refusal = await refusedUnchanged(db, () => onPart('development'), Error);
    expect(refusal.message).toBe('The study has no judge split; set one on the Judges page first.');
    await setJudgeSplit(db, STUDY, SPLIT, NOW);
    await onPart('development');
    await onPart('development');
    await newRun(db);
    const base = builtInPrompt('studio-1')!;
    await savePromptVersion(db, { name: 'studio-2', question: `${base.question}\nBe strict.`, final: base.final, basedOn: 'studio-1' }, NOW);
    await onPart('development', 'studio-2');
    await onPart('test', 'studio-2', '2026-11-22T12:00:00.000Z');
    await onPart('test', 'studio-2', '2026-11-22T13:00:00.000Z');
    expect((await db.studies.get(STUDY))?.judgeSplit).toMatchObject({
      developmentJudges: ['llama3@studio-1', 'llama3@studio-2'],
      testRuns: [
        { judge: 'llama3@studio-2', at: '2026-11-22T12:00:00.000Z' },
        { judge: 'llama3@studio-2', at: '2026-11-22T13:00:00.000Z' },
      ],
    });
  });

  it("keeps a judge's labels on the development split when the same judge runs on the test split, and the other way round", async () => {
    const db = await databaseWith([demo]);
    await setJudgeSplit(db, STUDY, SPLIT, NOW);
    const questions = demo.turns.filter((turn) => turn.type === 'question');
    const developmentTurn = questions.find((turn) => puzzleSplit(SPLIT, turn.puzzleId) === 'development')!;
    const testTurn = questions.find((turn) => puzzleSplit(SPLIT, turn.puzzleId) === 'test')!;
    await db.labels.bulkPut([label(STUDY, 'ann', developmentTurn.id, 'answer', 'yes'), label(STUDY, 'ann', testTurn.id, 'answer', 'no')]);
    const runOn = async (part: 'development' | 'test', turnId: string, reply: string) => {
      const run = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'split', part }, samples: 1 });
      await judgeRunJournal(db, run.id).append(answer(turnId, 0, reply));
      return applyJudgeRun(db, run.id, summary('finished', 1));
    };
    const labelOf = async (turnId: string) => (await db.turns.get([STUDY, turnId]))!.judgements['llama3@studio-1'];
    expect((await runOn('development', developmentTurn.id, 'Yes')).selection).toBe('development split');
    await runOn('test', testTurn.id, 'No');
    expect([await labelOf(developmentTurn.id), await labelOf(testTurn.id)]).toEqual(['yes', 'no']);
    // Run again on development with no answer: its labels there go, the test split's stay.
    const again = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'split', part: 'development' }, samples: 1 });
    await applyJudgeRun(db, again.id, summary('finished', 0));
    expect([await labelOf(developmentTurn.id), await labelOf(testTurn.id)]).toEqual([undefined, 'no']);
  });

  it("deletes the study's runs and their answers with the study, and no other study's", async () => {
    const other = {
      ...demo,
      study: { ...demo.study, id: 'other' },
      puzzles: demo.puzzles.map((p) => ({ ...p, studyId: 'other' })),
      sessions: demo.sessions.map((s) => ({ ...s, studyId: 'other' })),
      turns: demo.turns.map((t) => ({ ...t, studyId: 'other' })),
    };
    const db = await databaseWith([demo, other]);
    const mine = await newRun(db);
    const theirs = await createJudgeRun(db, { studyId: 'other', endpoint, promptName: 'studio-1', selection: { kind: 'all' }, samples: 1 });
    await judgeRunJournal(db, mine.id).append(answer(q1!.id, 0, 'yes'));
    await judgeRunJournal(db, theirs.id).append(answer(q1!.id, 0, 'yes'));
    await deleteStudy(db, STUDY);
    expect(await db.judgeRuns.toArray()).toEqual([theirs]);
    expect((await db.judgeAnswers.toArray()).map((row) => row.runId)).toEqual([theirs.id]);
  });
});
