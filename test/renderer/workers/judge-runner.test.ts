// The judge worker's work (createJudgeRunner) against the loopback chat server, with the host's
// send built from createFetchSender as the browser host builds it: a run over the demo study's
// labelled units ends with every item labelled, unparseable or failed with its reason through
// 429 with Retry-After, 500, a stall past the timeout, malformed JSON, free text, an empty choice
// and a 401 echoing the key; the labels reach the report's inputs as `<model>@<prompt>`; a run
// cancelled halfway (or left by a closed window) and run again asks nothing answered twice; a
// second prompt version is a second judge, and so is a run with other samples (k), while a re-run
// with the same settings keeps its judge; progress is throttled; pause shows on the run row; a run whose prompt text
// changed is refused; and the key is in no table, backup or label export.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunProgress } from '../../../shared/judge-run/runner';
import { exportLabelFile } from '../../../renderer/db/export-labels';
import { snapshotStudy } from '../../../renderer/db/backup';
import { createJudgeRun, judgeRunJournal } from '../../../renderer/db/judge-runs';
import { savePromptVersion } from '../../../renderer/db/prompt-versions';
import { loadReportInputs } from '../../../renderer/db/report-inputs';
import type { StudioDatabase } from '../../../renderer/db/database';
import { createJudgeRunner } from '../../../renderer/workers/judge-runner';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import { defaultReply, startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { closeDatabases } from '../db/db-fixtures';
import { hostSend, judgeDatabase, judgeDemo, KEY, savedEndpoint } from './judge-fixtures';

let server: FakeChatServer;
beforeEach(async () => {
  // A fresh server per test: it counts misbehaviours per item, and the tests share item ids.
  server = await startFakeChatServer({ retryAfterSeconds: 1 });
});
afterEach(async () => {
  closeDatabases();
  await server.close();
});

const STUDY = 'demo-study';
const ORCA = Array.from({ length: 10 }, (_, i) => `s-coffee-orca/${i + 1}`);
const LUMEN = Array.from({ length: 8 }, (_, i) => `s-coffee-lumen/${i + 1}`);
const LABELLED = [...ORCA, ...LUMEN];

const FAKES = {
  's-coffee-orca/1': '429',
  's-coffee-orca/2': '500*2',
  's-coffee-orca/3': 'stall',
  's-coffee-orca/4': 'malformed*9',
  's-coffee-orca/5': 'say=Yes, because the cup is cold',
  's-coffee-orca/6': 'empty*9',
  's-coffee-orca/7': 'say=Who can say',
  's-coffee-orca/8': '401*9',
  's-coffee-orca/9': '500*9',
};

const runner = (db: StudioDatabase) => createJudgeRunner(db, { backoffMs: 10, progressEveryMs: 0 });

async function startRun(db: StudioDatabase, promptName = 'studio-1', settings = {}, samples = 1) {
  const endpoint = await savedEndpoint(db, server.url, settings);
  return createJudgeRun(db, { studyId: STUDY, endpoint, promptName, selection: { kind: 'labelled' }, samples });
}

async function turnsOf(db: StudioDatabase) {
  return new Map((await db.turns.where(':id').between([STUDY, ''], [STUDY, '\uffff']).toArray()).map((turn) => [turn.id, turn]));
}

/** Every record of every table, as text, to search for the key. */
async function everything(db: StudioDatabase): Promise<string> {
  const tables = await Promise.all(db.tables.map(async (table) => JSON.stringify(await table.toArray())));
  return tables.join('\n');
}

describe('judge runner', () => {
  it("labels every labelled unit, or leaves it unparseable or failed with its reason, and the report's inputs carry the judge", async () => {
    const db = await judgeDatabase(judgeDemo(FAKES), LABELLED);
    const run = await startRun(db);
    const { send, requests } = hostSend();
    const progress: RunProgress[] = [];
    const outcome = await runner(db).run(run.id, send, (p) => progress.push(p));
    if (!outcome.applied) throw new Error(outcome.reason);
    const judge = 'fake-judge@studio-1';
    const { record } = outcome;
    const failed = new Map(record.failures.map((failure) => [failure.turnId, failure.reason]));
    expect(failed.get('s-coffee-orca/4')).toMatch(/not JSON/);
    expect(failed.get('s-coffee-orca/6')).toMatch(/no choice/);
    expect(failed.get('s-coffee-orca/8')).toMatch(/HTTP 401/);
    expect(failed.get('s-coffee-orca/8')).not.toContain(KEY);
    expect(failed.get('s-coffee-orca/9')).toMatch(/HTTP 500.*gave up after 5 attempts/);
    expect(failed.size).toBe(4);

    const turns = await turnsOf(db);
    const labelOf = (id: string) => turns.get(id)?.judgements[judge];
    for (const id of LABELLED) if (!failed.has(id)) expect(labelOf(id), id).toBeDefined();
    for (const id of failed.keys()) expect(labelOf(id), id).toBeUndefined();
    for (const id of ['s-coffee-orca/1', 's-coffee-orca/2', 's-coffee-orca/3', ...LUMEN.slice(0, 7)])
      expect(labelOf(id), id).toBe(defaultReply(id).toLowerCase());
    expect(labelOf('s-coffee-orca/5')).toBe('yes');
    expect(turns.get('s-coffee-orca/5')?.judgeReplies?.[judge]).toBe('Yes, because the cup is cold');
    expect(labelOf('s-coffee-orca/7')).toBe('unparseable');
    expect(turns.get('s-coffee-orca/7')?.judgeReplies?.[judge]).toBe('Who can say');
    expect([...turns.values()].filter((turn) => judge in turn.judgements)).toHaveLength(LABELLED.length - failed.size);

    // Retried: the 429 (after its Retry-After), the 500s and the stall past the timeout.
    const asked = (id: string) => server.log.filter((entry) => entry.item === id);
    expect(asked('s-coffee-orca/1').map((entry) => entry.status)).toEqual([429, 200]);
    expect(asked('s-coffee-orca/1')[1]!.at - asked('s-coffee-orca/1')[0]!.at).toBeGreaterThanOrEqual(950);
    expect(asked('s-coffee-orca/2').map((entry) => entry.status)).toEqual([500, 500, 200]);
    expect(asked('s-coffee-orca/3').map((entry) => entry.status)).toEqual([0, 200]);
    expect(record.counts).toMatchObject({ items: LABELLED.length, answered: LABELLED.length - 4, failed: 4, unparseable: 1 });

    // The worker never had the key: the host added it to each request.
    expect(requests.every((request) => request.endpointId === 'ep-local' && request.url === `${server.url}/chat/completions`)).toBe(true);
    expect(JSON.stringify(requests)).not.toContain(KEY);
    expect(server.log.every((entry) => entry.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    expect(progress.at(-1)).toMatchObject({ state: 'finished', done: LABELLED.length - 4, failed: 4 });
    expect(await db.judgeRuns.get(run.id)).toMatchObject({ state: 'finished', record, progress: { state: 'finished' } });

    const inputs = await loadReportInputs(db, STUDY);
    const judged = inputs.study.turns.filter((turn) => turn.judgements[judge] !== undefined);
    expect(judged).toHaveLength(LABELLED.length - 4);
    expect(inputs.study.turns.some((turn) => turn.judgements['arbiter-large'] !== undefined)).toBe(true);

    // The key is nowhere the app keeps or writes data.
    expect(await everything(db)).not.toContain(KEY);
    const backup = await snapshotStudy(db, STUDY, { app: 'test' });
    expect(backup.file.text).toContain(judge);
    expect(backup.file.text).not.toContain(KEY);
    expect((await exportLabelFile(db, STUDY, 'ann', { app: 'test' })).text).not.toContain(KEY);
  });

  it('asks nothing answered twice when a run cancelled halfway is run again', async () => {
    const db = await judgeDatabase(judgeDemo(), LABELLED);
    const run = await startRun(db, 'studio-1', { concurrency: 2 });
    const judgeRunner = runner(db);
    const first = await judgeRunner.run(run.id, hostSend().send, (progress) => {
      if (progress.done >= 6) judgeRunner.cancel(run.id);
    });
    expect(first).toMatchObject({ applied: true, record: { cancelled: true } });
    expect(await db.judgeRuns.get(run.id)).toMatchObject({ state: 'cancelled' });
    const answered = new Set<string>();
    await judgeRunJournal(db, run.id).readEarlier((answer) => answered.add(answer.key));
    expect(answered.size).toBeGreaterThanOrEqual(6);
    expect(answered.size).toBeLessThan(LABELLED.length);
    const askedBefore = server.log.length;

    const second = await judgeRunner.run(run.id, hostSend().send, () => {});
    expect(second).toMatchObject({ applied: true, record: { cancelled: false, counts: { alreadyAnswered: answered.size } } });
    const askedAgain = server.log.slice(askedBefore).map((entry) => entry.item);
    expect(askedAgain.filter((item) => answered.has(`${item}#0`))).toEqual([]);
    expect(new Set([...askedAgain.map((item) => `${item}#0`), ...answered])).toEqual(new Set(LABELLED.map((id) => `${id}#0`)));
    expect(await db.judgeRuns.get(run.id)).toMatchObject({ state: 'finished' });
    const turns = await turnsOf(db);
    expect(LABELLED.every((id) => turns.get(id)?.judgements['fake-judge@studio-1'] !== undefined)).toBe(true);
  });

  it('resumes a run a closed window left running, asking only what its journal lacks', async () => {
    const db = await judgeDatabase(judgeDemo(), LABELLED);
    const run = await startRun(db);
    const journal = judgeRunJournal(db, run.id);
    for (const id of LABELLED.slice(0, 5))
      await journal.append({ key: `${id}#0`, turnId: id, sample: 0, reply: 'No', tokensIn: 1, tokensOut: 1, at: run.createdAt });
    const outcome = await runner(db).run(run.id, hostSend().send, () => {});
    expect(outcome).toMatchObject({ applied: true, record: { counts: { alreadyAnswered: 5, answered: LABELLED.length - 5 } } });
    expect(server.log.map((entry) => entry.item).sort()).toEqual(LABELLED.slice(5).sort());
    expect((await turnsOf(db)).get(LABELLED[0]!)?.judgements['fake-judge@studio-1']).toBe('no');
  });

  it('shows a paused run as paused on its row, and finishes it once resumed', async () => {
    const db = await judgeDatabase(judgeDemo(), LABELLED);
    const run = await startRun(db, 'studio-1', { concurrency: 1 });
    const judgeRunner = runner(db);
    let paused = false;
    const outcome = judgeRunner.run(run.id, hostSend().send, (progress) => {
      if (!paused && progress.done >= 2) {
        paused = true;
        judgeRunner.pause(run.id);
      }
    });
    await expect.poll(async () => (await db.judgeRuns.get(run.id))?.state).toBe('paused');
    judgeRunner.resume(run.id);
    await expect(outcome).resolves.toMatchObject({ applied: true, record: { counts: { answered: LABELLED.length } } });
    expect(await db.judgeRuns.get(run.id)).toMatchObject({ state: 'finished' });
  });

  it('hands the window a few progress reports a second, the last being the end', async () => {
    const db = await judgeDatabase(judgeDemo(), LABELLED);
    const run = await startRun(db);
    const progress: RunProgress[] = [];
    await createJudgeRunner(db).run(run.id, hostSend().send, (p) => progress.push(p));
    // The runner reports each request's start and end; a fast run crosses to the window only as it starts and ends.
    expect(progress.length).toBeLessThanOrEqual(4);
    expect(progress.at(-1)).toMatchObject({ state: 'finished', done: LABELLED.length });
  });

  it('adds a second judge for a second prompt version, beside the first', async () => {
    const db = await judgeDatabase(judgeDemo(), LUMEN);
    const studio = builtInPrompt('studio-1')!;
    await savePromptVersion(db, { name: 'strict', question: `${studio.question}\nBe strict.`, final: studio.final, basedOn: 'studio-1' });
    for (const promptName of ['studio-1', 'strict']) {
      const run = await startRun(db, promptName);
      expect(await runner(db).run(run.id, hostSend().send, () => {})).toMatchObject({ applied: true });
    }
    const inputs = await loadReportInputs(db, STUDY);
    const turn = inputs.study.turns.find((candidate) => candidate.id === LUMEN[0])!;
    expect(Object.keys(turn.judgements)).toEqual(expect.arrayContaining(['fake-judge@studio-1', 'fake-judge@strict', 'arbiter-large']));
    expect(server.log.some((entry) => entry.body.includes('Be strict.'))).toBe(true);
  });

  it('keeps runs that differ in samples apart as two judges, and a re-run with the same settings replaces its own', async () => {
    const db = await judgeDatabase(judgeDemo(), LUMEN);
    const judgesOn = async () => {
      const inputs = await loadReportInputs(db, STUDY);
      return new Set(inputs.study.turns.flatMap((turn) => Object.keys(turn.judgements)).filter((name) => name.startsWith('fake-judge')));
    };
    const runs = [];
    for (const samples of [1, 3, 1]) {
      const run = await startRun(db, 'studio-1', {}, samples);
      const outcome = await runner(db).run(run.id, hostSend().send, () => {});
      expect(outcome).toMatchObject({ applied: true, record: { judge: run.judge, parameters: { samples } } });
      runs.push(run);
      if (samples === 3) expect(await judgesOn()).toEqual(new Set(['fake-judge@studio-1', 'fake-judge@studio-1~2']));
    }
    expect(runs.map((run) => run.judge)).toEqual(['fake-judge@studio-1', 'fake-judge@studio-1~2', 'fake-judge@studio-1']);
    expect(await judgesOn()).toEqual(new Set(['fake-judge@studio-1', 'fake-judge@studio-1~2']));
    const turn = (await turnsOf(db)).get(LUMEN[0]!)!;
    expect(turn.judgements['fake-judge@studio-1~2']).toBe(turn.judgements['fake-judge@studio-1']);
    // Three samples of each item for the k = 3 judge, one for each k = 1 run.
    expect(server.log.filter((entry) => entry.item === LUMEN[0] && entry.status === 200)).toHaveLength(5);
  });

  it("refuses a run whose prompt version's text is not the text it started with, or whose endpoint is gone, asking nothing", async () => {
    const db = await judgeDatabase(judgeDemo(), LUMEN);
    const studio = builtInPrompt('studio-1')!;
    const saved = await savePromptVersion(db, { name: 'mine', question: `${studio.question}\nMine.`, final: studio.final, basedOn: 'studio-1' });
    const run = await startRun(db, 'mine');
    await db.promptVersions.put({ ...saved, question: `${saved.question} Changed.` });
    expect(await runner(db).run(run.id, hostSend().send, () => {})).toEqual({
      applied: false,
      reason: 'the text of prompt version "mine" is not the text the run started with',
    });
    const other = await startRun(db, 'studio-1');
    await db.judgeEndpoints.clear();
    expect(await runner(db).run(other.id, hostSend().send, () => {})).toMatchObject({ applied: false, reason: expect.stringMatching(/endpoint was removed/) });
    expect(server.log).toEqual([]);
  });
});
