// Every file and backup the studio writes reads back (issue 26 point 3): a judge run in the worker
// (createJudgeRunner, its journal and applyJudgeRun in the database) gets 2 MB replies; their labels
// are read from the whole replies, the turns keep them cut at the readers' limit, the run's record
// and audit entry count them, and the study written as a bundle (studyBundleDocument) and as a
// backup (the backup worker's snapshotStudy) reads back with parseTranscriptBundle and parseBackup.
// The same study with a whole reply on a turn, as stored before the cut, reads back with neither.

import { afterEach, describe, expect, it } from 'vitest';
import type { StudyData } from '../../../shared/domain/model';
import { parseBackup } from '../../../shared/formats/backup';
import { serializeBundleDocument } from '../../../shared/formats/importers/imported-study';
import { studyBundleDocument } from '../../../shared/formats/importers/study-bundle';
import { readJudgeReply } from '../../../shared/formats/judge-reply';
import { INPUT_LIMITS } from '../../../shared/formats/limits';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import type { ChatOutcome } from '../../../shared/judge-run/chat-completions';
import { snapshotStudy } from '../../../renderer/db/backup';
import type { StudioDatabase } from '../../../renderer/db/database';
import { createJudgeRun } from '../../../renderer/db/judge-runs';
import { loadStudyData } from '../../../renderer/db/study-data';
import type { SendThroughHost } from '../../../renderer/workers/judge-protocol';
import { createJudgeRunner } from '../../../renderer/workers/judge-runner';
import { closeDatabases, NOW } from '../db/db-fixtures';
import { judgeDatabase, judgeDemo, savedEndpoint } from './judge-fixtures';

afterEach(closeDatabases);

const LIMIT = INPUT_LIMITS.maxStringChars;
const SCHEME = { answerUnknown: false };
const JUDGE = 'fake-judge@studio-1';

const demo = judgeDemo();
const STUDY = demo.study.id;
const [question, shortQuestion] = demo.turns.filter((turn) => turn.type === 'question');
const final = demo.turns.find((turn) => turn.type === 'final');
if (question === undefined || shortQuestion === undefined || final === undefined) throw new Error('the demo study lost its turns');

// A reasoning model's 2 MB thinking (with emoji, two UTF-16 units each) before its verdict.
const THINKING_REPLY = `<think>\n${'Is the cup cold? The story says the coffee sat for an hour 😀. '.repeat(34_000)}\n</think>\n\nNo.`;
// A 2 MB explanation whose verdict is only at its very end.
const EXPLAINING_REPLY = `${'The guess names the cold coffee and the long wait, as the reference does. '.repeat(29_000)}\n\nFinal verdict: correct`;

const REPLIES = new Map<string, string>([
  [question.id, THINKING_REPLY],
  [shortQuestion.id, 'Yes'],
  [final.id, EXPLAINING_REPLY],
]);

/** The host's send, answering each item by the `[item:ID]` its prompt ends with. */
const send: SendThroughHost = async (request) => {
  const prompt = request.messages.map((message) => message.content).join('\n');
  const item = [...prompt.matchAll(/\[item:([^\]]+)\]/g)].at(-1)?.[1] ?? '';
  const reply = REPLIES.get(item);
  const outcome: ChatOutcome =
    reply === undefined ? { ok: false, failure: { kind: 'refused', reason: `no reply for ${item}` } } : { ok: true, reply, tokensIn: 10, tokensOut: 1 };
  return outcome;
};

async function judgedDatabase(): Promise<StudioDatabase> {
  const db = await judgeDatabase(demo, [...REPLIES.keys()]);
  const endpoint = await savedEndpoint(db, 'http://127.0.0.1:9/v1');
  const run = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1', selection: { kind: 'labelled' }, samples: 1 });
  const outcome = await createJudgeRunner(db, { backoffMs: 1, progressEveryMs: 0 }).run(run.id, send, () => {});
  if (!outcome.applied) throw new Error(outcome.reason);
  expect(outcome.record.counts).toMatchObject({ answered: 3, failed: 0, turnsLabelled: 3, unparseable: 0, repliesCut: 2 });
  return db;
}

function bundleText(data: StudyData): string {
  return serializeBundleDocument(studyBundleDocument(data));
}

describe('a judge reply over the readers’ limit', () => {
  it('is labelled whole, stored cut and counted, and the bundle and the backup read back', { timeout: 120_000 }, async () => {
    expect(THINKING_REPLY.length).toBeGreaterThan(2_000_000);
    expect(EXPLAINING_REPLY.length).toBeGreaterThan(2_000_000);
    const db = await judgedDatabase();

    const data = await loadStudyData(db, STUDY);
    const turn = (id: string) => data.turns.find((t) => t.id === id);
    expect(turn(question.id)?.judgements[JUDGE]).toBe('no');
    expect(turn(shortQuestion.id)?.judgements[JUDGE]).toBe('yes');
    expect(turn(final.id)?.judgements[JUDGE]).toBe('matched');
    expect(turn(shortQuestion.id)?.judgeReplies?.[JUDGE]).toBe('Yes');
    for (const [id, whole] of [
      [question.id, THINKING_REPLY],
      [final.id, EXPLAINING_REPLY],
    ] as const) {
      const stored = turn(id)?.judgeReplies?.[JUDGE] ?? '';
      expect(stored.length, id).toBeLessThanOrEqual(LIMIT);
      expect(stored, id).toMatch(/\[Agreement Studio cut [\d,]+ characters here/);
      expect(stored.startsWith(whole.slice(0, 500)), id).toBe(true);
      expect(stored.endsWith(whole.slice(-2000)), id).toBe(true);
      // The lead reading the kept reply, or a later reading of it, finds the same verdict.
      expect(readJudgeReply(stored, id === final.id ? 'match' : 'answer', SCHEME), id).toBe(turn(id)?.judgements[JUDGE]);
    }
    const audit = await db.audit.where('studyId').equals(STUDY).toArray();
    expect(audit.find((entry) => entry.kind === 'judge:run')?.detail).toContain('2 replies over 1 MB kept cut');

    const bundle = parseTranscriptBundle({ name: 'judged.json', text: bundleText(data) }, { now: NOW });
    if (!bundle.ok) throw new Error(JSON.stringify(bundle.errors));
    expect(bundle.value.turns.find((t) => t.id === question.id)?.judgeReplies).toEqual(turn(question.id)?.judgeReplies);
    expect(bundle.value.turns.find((t) => t.id === final.id)?.judgements[JUDGE]).toBe('matched');

    const snapshot = await snapshotStudy(db, STUDY, { app: 'test', now: NOW });
    const backup = parseBackup({ name: snapshot.file.name, text: snapshot.file.text });
    if (!backup.ok) throw new Error(JSON.stringify(backup.errors));
    expect(backup.value.turns.find((t) => t.id === final.id)?.judgeReplies).toEqual(turn(final.id)?.judgeReplies);
  });

  it('stored whole, as before the cut, makes a bundle and a backup our readers refuse', { timeout: 120_000 }, async () => {
    const db = await judgedDatabase();
    const stored = await db.turns.get([STUDY, question.id]);
    if (stored === undefined) throw new Error('the judged turn is gone');
    await db.turns.put({ ...stored, judgeReplies: { ...stored.judgeReplies, [JUDGE]: THINKING_REPLY } });

    const bundle = parseTranscriptBundle({ name: 'judged.json', text: bundleText(await loadStudyData(db, STUDY)) }, { now: NOW });
    expect(bundle.ok).toBe(false);
    if (!bundle.ok) expect(bundle.errors[0]?.message).toBe('a string is longer than the limit of 1 MB');
    const snapshot = await snapshotStudy(db, STUDY, { app: 'test', now: NOW });
    const backup = parseBackup({ name: snapshot.file.name, text: snapshot.file.text });
    expect(backup.ok).toBe(false);
    if (!backup.ok) expect(backup.errors[0]?.message).toBe('a string is longer than the limit of 1 MB');
  });
});
