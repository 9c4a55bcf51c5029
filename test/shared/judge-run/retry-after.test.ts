// A 429's Retry-After is waited out in full, in real time against the loopback server (issue 26
// point 3b: a retry came 1.1 s after a 429 that asked for 2 s). The gap is read from the server's
// own log of when each request arrived, so it measures what the server saw. Given in seconds, the
// wait was already whole; given as an HTTP date, which names a whole second, it was cut short by
// up to a second (the server writes now + 2 s rounded down), and is now waited to that second's end.
// The rate gate (a requests-per-minute bound) is on, as a lead would set it: it must not shorten the wait.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchSender, type ChatEndpoint, type FetchLike } from '../../../shared/judge-run/chat-completions';
import { itemPromptSource, judgeAsker } from '../../../shared/judge-run/item-prompt';
import { judgeItems } from '../../../shared/judge-run/items';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import { startJudgeRun } from '../../../shared/judge-run/runner';
import { startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { judgeStudy } from './judge-study';

const RETRY_AFTER_S = 2;

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ retryAfterSeconds: RETRY_AFTER_S });
});
afterAll(() => server.close());

const realClock = { now: () => Date.now(), sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

describe('Retry-After against the loopback server', () => {
  it('is waited out in full, given as seconds and as an HTTP date', { timeout: 60_000 }, async () => {
    const study = judgeStudy([
      {
        id: 's1',
        turns: [
          { id: 'seconds', type: 'question', fake: '429' },
          { id: 'date', type: 'question', fake: '429date' },
          { id: 'other', type: 'question' },
        ],
      },
    ]);
    const endpoint: ChatEndpoint = { url: server.url, model: 'fake-model', temperature: 0, maxTokens: 16, timeoutMs: 10_000 };
    const prompt = builtInPrompt('studio-1');
    if (!prompt) throw new Error('no built-in prompt');
    // One request at a time, so the log reads in order; a rate bound far from binding.
    const judgeRun = startJudgeRun({
      items: judgeItems(study, { kind: 'all' }),
      ask: judgeAsker(itemPromptSource(study, prompt), endpoint, createFetchSender(fetch as unknown as FetchLike)),
      journal: { readEarlier: async () => {}, append: async () => {} },
      concurrency: 1,
      rpm: 6000,
      clock: realClock,
    });
    const { progress } = await judgeRun.done;
    expect(progress).toMatchObject({ done: 3, failed: 0, retries: 2 });

    const log = server.log.map(({ item, at, status }) => ({ item, at, status }));
    expect(log.map(({ item, status }) => `${item} ${status}`)).toEqual(['seconds 429', 'seconds 200', 'date 429', 'date 200', 'other 200']);
    const at = (index: number) => log[index]?.at ?? Number.NaN;
    // By the server's own clock, each retry came at least the asked 2 s after its 429.
    expect(at(1) - at(0)).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
    expect(at(3) - at(2)).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
  });
});
