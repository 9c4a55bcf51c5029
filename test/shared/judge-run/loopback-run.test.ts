// A judge run end to end against the real loopback server, through Node's fetch (issue 17
// "Done when"): every misbehaviour (429 with Retry-After in seconds and as a date, 500, a stalled
// response past the timeout, malformed JSON, no choice, an empty reply, a free-text reply) ends
// the item labelled, unparseable or failed with a reason a lead understands; Retry-After is
// honoured (by the injected clock); the key goes only into the Authorization header and appears
// in no reason, answer or label, even when the server echoes it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchSender, type ChatEndpoint, type FetchLike } from '../../../shared/judge-run/chat-completions';
import { judgeAsker, itemPromptSource } from '../../../shared/judge-run/item-prompt';
import { judgeItems } from '../../../shared/judge-run/items';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import { applyJudgeResults, tallyAnswers } from '../../../shared/judge-run/results';
import { startJudgeRun, type JudgeAnswer, type RunnerClock } from '../../../shared/judge-run/runner';
import { defaultReply, startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { judgeStudy, type TurnSpec } from './judge-study';

const KEY = 'sk-test-0123456789abcdef-secret';
const RETRY_AFTER_S = 30;

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ retryAfterSeconds: RETRY_AFTER_S });
});
afterAll(() => server.close());

/** Real time for the requests, virtual time for the runner's waits: a Retry-After of 30 s passes at once and is recorded. */
function skewClock(): RunnerClock & { sleeps: number[] } {
  let skew = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => Date.now() + skew,
    sleep: async (ms) => {
      sleeps.push(ms);
      skew += ms;
    },
  };
}

const TURNS: TurnSpec[] = [
  { id: 'plain-q', type: 'question' },
  { id: 'plain-f', type: 'final' },
  { id: 'limited', type: 'question', fake: '429*1' },
  { id: 'limited-date', type: 'question', fake: '429date*1' },
  { id: 'broken-once', type: 'question', fake: '500*2' },
  { id: 'broken', type: 'question', fake: '500*9' },
  { id: 'stalled-once', type: 'question', fake: 'stall*1' },
  { id: 'stalled', type: 'question', fake: 'stall*9' },
  { id: 'malformed', type: 'question', fake: 'malformed' },
  { id: 'no-choice', type: 'question', fake: 'empty' },
  { id: 'blank', type: 'final', fake: 'blank' },
  { id: 'free-text', type: 'question', fake: 'say=Yes, because she cannot see' },
  { id: 'congratulations', type: 'final', fake: 'say=Congratulations! You got it.' },
  { id: 'rambling', type: 'question', fake: 'say=Perhaps, in a manner of speaking' },
  { id: 'bad-key', type: 'question', fake: '401*9' },
];

describe('a judge run against the loopback server', () => {
  it('ends every item labelled, unparseable or failed with its reason', { timeout: 120_000 }, async () => {
    const study = judgeStudy([{ id: 's1', turns: TURNS }]);
    const endpoint: ChatEndpoint = { url: server.url, model: 'fake-model', apiKey: KEY, temperature: 0, maxTokens: 16, timeoutMs: 1500 };
    const prompt = builtInPrompt('studio-1');
    if (!prompt) throw new Error('no built-in prompt');
    const answers: JudgeAnswer[] = [];
    const clock = skewClock();
    const judgeRun = startJudgeRun({
      items: judgeItems(study, { kind: 'all' }),
      ask: judgeAsker(itemPromptSource(study, prompt), endpoint, createFetchSender(fetch as unknown as FetchLike)),
      journal: { readEarlier: async () => {}, append: async (answer) => void answers.push(answer) },
      concurrency: 4,
      maxAttempts: 3,
      clock,
    });
    const { progress, failures } = await judgeRun.done;

    const verdicts = tallyAnswers(answers, new Map(study.turns.map((turn) => [turn.id, turn])), study.study.scheme);
    const judged = applyJudgeResults(study, 'fake-model@studio-1', verdicts);
    const labels = Object.fromEntries(judged.turns.map((turn) => [turn.id, turn.judgements['fake-model@studio-1'] ?? null]));
    const yesNo = (id: string, task: 'answer' | 'match') =>
      defaultReply(id) === 'Yes' ? (task === 'answer' ? 'yes' : 'matched') : task === 'answer' ? 'no' : 'unmatched';
    expect(labels).toEqual({
      'plain-q': yesNo('plain-q', 'answer'),
      'plain-f': yesNo('plain-f', 'match'),
      limited: yesNo('limited', 'answer'),
      'limited-date': yesNo('limited-date', 'answer'),
      'broken-once': yesNo('broken-once', 'answer'),
      broken: null,
      'stalled-once': yesNo('stalled-once', 'answer'),
      stalled: null,
      malformed: null,
      'no-choice': null,
      blank: null,
      'free-text': 'yes',
      congratulations: 'matched',
      rambling: 'unparseable',
      'bad-key': null,
    });
    expect(judged.turns.find((turn) => turn.id === 'rambling')?.judgeReplies).toEqual({ 'fake-model@studio-1': 'Perhaps, in a manner of speaking' });

    const reasons = Object.fromEntries(failures.map((failure) => [failure.turnId, failure.reason]));
    expect(reasons).toEqual({
      broken: 'the endpoint failed (HTTP 500); gave up after 3 attempts',
      stalled: 'no complete answer within 1.5 s (the timeout); gave up after 3 attempts',
      malformed: 'the endpoint answered with something that is not JSON',
      'no-choice': 'the endpoint answered with no choice',
      blank: 'the model replied with no text',
      'bad-key': 'the endpoint refused the request (HTTP 401) (check the API key): Incorrect API key provided: Bearer [the API key]',
    });
    expect(progress).toMatchObject({ state: 'finished', total: 15, done: 9, failed: 6, inFlight: 0 });

    // Each 429 asked to wait 30 s, once as seconds and once as a date, which names a whole second
    // and is waited to that second's end: at most a second more than asked. The wait is held from
    // the answer's arrival, so the sleep is shorter by the time the runner took to reach it, which
    // a busy machine stretches to a second or so; a wait that ignored Retry-After would be the
    // backoff's few seconds at most.
    const retryAfterWaits = clock.sleeps.filter((ms) => ms > 20_000).sort((a, b) => a - b);
    expect(retryAfterWaits).toHaveLength(2);
    for (const wait of retryAfterWaits) {
      expect(wait).toBeGreaterThan((RETRY_AFTER_S - 3) * 1000);
      expect(wait).toBeLessThanOrEqual((RETRY_AFTER_S + 1) * 1000);
    }
    const requestsOf = (item: string) => server.log.filter((request) => request.item === item).length;
    expect([requestsOf('limited'), requestsOf('broken-once'), requestsOf('broken'), requestsOf('malformed'), requestsOf('bad-key')]).toEqual([2, 3, 3, 1, 1]);

    // The key travels in the Authorization header and nowhere else.
    for (const request of server.log) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.body).not.toContain(KEY);
      expect(JSON.parse(request.body)).toMatchObject({ model: 'fake-model', temperature: 0, max_tokens: 16 });
    }
    expect(JSON.stringify({ answers, failures, judged, progress })).not.toContain(KEY);
  });

  it('says when the endpoint cannot be reached', async () => {
    const closed = await startFakeChatServer();
    await closed.close();
    const send = createFetchSender(fetch as unknown as FetchLike);
    const outcome = await send({ url: closed.url, model: 'm', apiKey: KEY, temperature: 0, maxTokens: 1, timeoutMs: 5000 }, [{ role: 'user', content: 'hi' }]);
    expect(outcome).toEqual({ ok: false, failure: { kind: 'network', reason: 'cannot reach the endpoint: ECONNREFUSED' } });
  });
});
