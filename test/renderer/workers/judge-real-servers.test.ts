// A judge run meets servers that answer as real ones do (issue 26 "Done when"): the judge worker's
// work (createJudgeRunner, its journal in the database, applyJudgeRun) over HTTP against the
// loopback server, on a study whose labelled turns get <think> blocks, reasoning_content apart,
// verdicts after explanations, Chinese verdicts, replies cut off at max tokens (while thinking, and
// after a verdict), 2 MB replies, server-sent events and a 429. Every readable reply becomes its
// label; a cut-off reply gives none, says so with its reason and stays in the journal; the live
// progress, the run's row and its record say how many were cut off; the study written afterwards
// as a bundle and as a backup reads back with our own readers. A run cancelled and resumed counts
// the tokens and working time of its first sitting.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JudgeLabel } from '../../../shared/domain/model';
import { parseBackup } from '../../../shared/formats/backup';
import { serializeBundleDocument } from '../../../shared/formats/importers/imported-study';
import { studyBundleDocument } from '../../../shared/formats/importers/study-bundle';
import { INPUT_LIMITS } from '../../../shared/formats/limits';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import type { RunProgress } from '../../../shared/judge-run/runner';
import { snapshotStudy } from '../../../renderer/db/backup';
import { createJudgeRun } from '../../../renderer/db/judge-runs';
import { loadStudyData } from '../../../renderer/db/study-data';
import type { StudioDatabase } from '../../../renderer/db/database';
import { createJudgeRunner } from '../../../renderer/workers/judge-runner';
import { defaultReply, startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { closeDatabases, NOW } from '../db/db-fixtures';
import { hostSend, judgeDatabase, judgeDemo, savedEndpoint } from './judge-fixtures';

let server: FakeChatServer;
beforeEach(async () => {
  server = await startFakeChatServer({ retryAfterSeconds: 1 });
});
afterEach(async () => {
  closeDatabases();
  await server.close();
});

const STUDY = 'demo-study';
const JUDGE = 'fake-judge@studio-1';
const MAX_TOKENS = 48;

/** Each labelled turn's server behaviour, and the label it must end with (null: none, cut off). */
const CASES: Record<string, { fake: string; label: JudgeLabel | 'default' | null }> = {
  's-coffee-orca/1': { fake: '', label: 'default' },
  's-coffee-orca/2': { fake: 'think', label: 'default' },
  's-coffee-orca/3': { fake: 'reasoning', label: 'default' },
  's-coffee-orca/4': { fake: 'explain', label: 'default' },
  's-coffee-orca/5': { fake: 'zh', label: 'default' },
  's-coffee-orca/6': { fake: 'cut', label: null },
  's-coffee-orca/7': { fake: 'cut,reasoning', label: null },
  's-coffee-orca/8': { fake: 'length,say=No. The room is', label: 'no' },
  's-coffee-orca/9': { fake: 'big,think', label: 'default' },
  's-coffee-orca/10': { fake: 'zhmatch', label: 'default' },
  's-coffee-lumen/1': { fake: 'sse', label: 'default' },
  's-coffee-lumen/2': { fake: 'sse,reasoning', label: 'default' },
  's-coffee-lumen/3': { fake: 'sse,cut,reasoning', label: null },
  's-coffee-lumen/4': { fake: '429', label: 'default' },
  's-coffee-lumen/5': { fake: 'explain,reasoning', label: 'default' },
  's-coffee-lumen/6': { fake: 'say=Perhaps, in a manner of speaking', label: 'unparseable' },
  's-coffee-lumen/7': { fake: 'big', label: 'default' },
  's-coffee-lumen/8': { fake: 'think,explain', label: 'default' },
};
const LABELLED = Object.keys(CASES);
const CUT_OFF = LABELLED.filter((id) => CASES[id]?.label === null);
const FINALS = new Set(['s-coffee-orca/10', 's-coffee-lumen/8']);

function expectedLabel(id: string): JudgeLabel | null {
  const label = CASES[id]?.label ?? null;
  if (label !== 'default') return label;
  const yes = defaultReply(id) === 'Yes';
  return FINALS.has(id) ? (yes ? 'matched' : 'unmatched') : yes ? 'yes' : 'no';
}

async function judged(fakes: Record<string, string>): Promise<{ db: StudioDatabase; runId: string }> {
  const db = await judgeDatabase(judgeDemo(fakes), LABELLED);
  const endpoint = await savedEndpoint(db, server.url, { maxTokens: MAX_TOKENS, timeoutSeconds: 30 });
  const run = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples: 1 });
  return { db, runId: run.id };
}

describe('a judge run against servers that answer as real ones do', () => {
  it('labels every readable reply, says which were cut off at max tokens, and every file written after reads back', { timeout: 120_000 }, async () => {
    const fakes = Object.fromEntries(Object.entries(CASES).flatMap(([id, { fake }]) => (fake === '' ? [] : [[id, fake]])));
    const { db, runId } = await judged(fakes);
    const reports: RunProgress[] = [];
    const outcome = await createJudgeRunner(db, { backoffMs: 10, progressEveryMs: 0 }).run(runId, hostSend().send, (progress) => reports.push(progress));
    if (!outcome.applied) throw new Error(outcome.reason);

    // Every readable reply is its label; a cut-off one gives none.
    const data = await loadStudyData(db, STUDY);
    const turns = new Map(data.turns.map((turn) => [turn.id, turn]));
    const labels = Object.fromEntries(LABELLED.map((id) => [id, turns.get(id)?.judgements[JUDGE] ?? null]));
    expect(labels).toEqual(Object.fromEntries(LABELLED.map((id) => [id, expectedLabel(id)])));

    // The run says how many were cut off, with the reason, live, on its row and in its record.
    const { record } = outcome;
    expect(record.counts).toMatchObject({ items: 18, answered: 18, failed: 0, cutOff: 3, turnsLabelled: 15, unparseable: 1, repliesCut: 2 });
    expect([...(record.cutOff ?? [])].sort((x, y) => x.turnId.localeCompare(y.turnId))).toEqual(
      [...CUT_OFF].sort().map((id) => ({
        key: `${id}#0`,
        turnId: id,
        sample: 0,
        reason: `cut off at ${MAX_TOKENS} tokens before a verdict (raise Max tokens: a reasoning model thinks first)`,
      })),
    );
    expect(reports.at(-1)).toMatchObject({ state: 'finished', cutOff: 3, done: 18 });
    expect(Math.max(...reports.map((progress) => progress.cutOff))).toBe(3);
    expect((await db.judgeRuns.get(runId))?.progress).toMatchObject({ cutOff: 3 });
    const audit = await db.audit.where('studyId').equals(STUDY).toArray();
    expect(audit.find((entry) => entry.kind === 'judge:run')?.detail).toContain(
      '1 unparseable, 3 cut off at max tokens, 0 items failed, 2 replies over 1 MB kept cut',
    );

    // The cut-off replies stay in the journal as they came, with why they ended and what they used.
    const journal = new Map((await db.judgeAnswers.toArray()).map((answer) => [answer.turnId, answer]));
    expect(journal.get('s-coffee-orca/6')).toMatchObject({
      finishReason: 'length',
      tokensOut: MAX_TOKENS,
      reply: expect.stringMatching(/^<think>\nThe story says/),
    });
    expect(journal.get('s-coffee-orca/7')).toMatchObject({ finishReason: 'length', reply: '', reasoning: expect.stringMatching(/^The story says/) });
    expect(journal.get('s-coffee-lumen/3')).toMatchObject({ finishReason: 'length', reply: '', reasoning: expect.stringMatching(/^The story says/) });

    // A reply with its reasoning sent apart is kept as written, the reasoning in a <think> block before
    // it; a streamed one is put together whole; a 2 MB one is kept cut at the readers' limit.
    const reply = (id: string) => turns.get(id)?.judgeReplies?.[JUDGE] ?? '';
    expect(reply('s-coffee-orca/3')).toMatch(new RegExp(`^<think>The story says[^]*</think>\\n${defaultReply('s-coffee-orca/3')}$`));
    expect(reply('s-coffee-lumen/2')).toBe(reply('s-coffee-orca/3').replace(/\n\w+$/, `\n${defaultReply('s-coffee-lumen/2')}`));
    expect(reply('s-coffee-orca/5')).toBe(defaultReply('s-coffee-orca/5') === 'Yes' ? '是' : '不是');
    for (const id of ['s-coffee-orca/9', 's-coffee-lumen/7']) {
      expect(reply(id).length, id).toBeLessThanOrEqual(INPUT_LIMITS.maxStringChars);
      expect(reply(id), id).toMatch(/\[Agreement Studio cut [\d,]+ characters here/);
    }
    // The 429 was asked again after its Retry-After, and answered.
    expect(server.log.filter((request) => request.item === 's-coffee-lumen/4').map((request) => request.status)).toEqual([429, 200]);

    // Every file written afterwards reads back with our own readers, the new labels in it.
    const bundle = parseTranscriptBundle({ name: 'judged.json', text: serializeBundleDocument(studyBundleDocument(data)) }, { now: NOW });
    if (!bundle.ok) throw new Error(JSON.stringify(bundle.errors));
    const snapshot = await snapshotStudy(db, STUDY, { app: 'test', now: NOW });
    const backup = parseBackup({ name: snapshot.file.name, text: snapshot.file.text });
    if (!backup.ok) throw new Error(JSON.stringify(backup.errors));
    for (const readBack of [bundle.value.turns, backup.value.turns]) {
      const back = new Map(readBack.map((turn) => [turn.id, turn]));
      expect(Object.fromEntries(LABELLED.map((id) => [id, back.get(id)?.judgements[JUDGE] ?? null]))).toEqual(labels);
      expect(back.get('s-coffee-orca/9')?.judgeReplies?.[JUDGE]).toBe(reply('s-coffee-orca/9'));
    }
  });

  it('counts the tokens and working time of the first sitting when a cancelled run is resumed', { timeout: 120_000 }, async () => {
    const { db, runId } = await judged({});
    const runner = createJudgeRunner(db, { backoffMs: 10, progressEveryMs: 0 });
    const first = await runner.run(runId, hostSend().send, (progress) => {
      if (progress.done >= 6) runner.cancel(runId);
    });
    if (!first.applied) throw new Error(first.reason);
    const firstTokens = first.record.counts.tokensIn;
    expect(firstTokens).toBeGreaterThan(0);
    const reports: RunProgress[] = [];
    const second = await runner.run(runId, hostSend().send, (progress) => reports.push(progress));
    if (!second.applied) throw new Error(second.reason);

    const answers = await db.judgeAnswers.toArray();
    expect(answers).toHaveLength(LABELLED.length);
    const sum = (key: 'tokensIn' | 'tokensOut') => answers.reduce((total, answer) => total + answer[key], 0);
    // From its first report the resumed run goes on from the first sitting's figures, not from zero.
    const resumedAt = reports.find((progress) => progress.state === 'running');
    expect(resumedAt?.alreadyAnswered).toBeGreaterThanOrEqual(6);
    expect(resumedAt?.tokensIn).toBeGreaterThanOrEqual(firstTokens);
    expect(second.record.counts).toMatchObject({ tokensIn: sum('tokensIn'), tokensOut: sum('tokensOut') });
    expect(second.record.counts.elapsedMs).toBeGreaterThanOrEqual(Math.max(...answers.map((answer) => answer.elapsedMs ?? 0)));
    expect(second.record.counts.elapsedMs).toBeGreaterThanOrEqual(first.record.counts.elapsedMs ?? Number.POSITIVE_INFINITY);
  });
});
