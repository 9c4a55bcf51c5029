// A prompt search's proposal asked again (proposeWithRetries), against the loopback server failing
// it on purpose: a 500 and a 429 are asked again after doubling waits, the 429's after its
// Retry-After; four failures in a row give up with the last; a refusal (401) is not asked again;
// and a cancel during a wait asks nothing more.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchSender, type ChatEndpoint, type FetchLike } from '../../../shared/judge-run/chat-completions';
import { proposeWithRetries } from '../../../shared/judge-run/proposal-retries';
import { startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ retryAfterSeconds: 3 });
});
afterAll(() => server.close());

const send = createFetchSender(fetch as unknown as FetchLike);
const endpoint = (): ChatEndpoint => ({ url: server.url, model: 'fake-judge', temperature: 0, maxTokens: 64, timeoutMs: 10_000 });

/** Asks once for `[fake:directives]`, each wait recorded instead of waited; returns the outcome, the waits and the statuses the server gave. */
async function propose(directives: string, onWait: () => void = () => {}, signal?: AbortSignal) {
  const asked = server.log.length;
  const waits: number[] = [];
  const outcome = await proposeWithRetries(send, endpoint(), [{ role: 'user', content: `Revise this. [fake:${directives}]` }], signal, {
    sleep: async (ms) => {
      waits.push(ms);
      onWait();
    },
  });
  return { outcome, waits, statuses: server.log.slice(asked).map((entry) => entry.status) };
}

describe('proposeWithRetries', () => {
  it('asks again after a 500 and a 429, the waits doubling from 1 s and the 429 waiting its Retry-After', async () => {
    const { outcome, waits, statuses } = await propose('500*1,429*1,say=Revised.');
    expect(outcome).toMatchObject({ ok: true, reply: 'Revised.' });
    expect(statuses).toEqual([500, 429, 200]);
    expect(waits).toEqual([1000, 3000]);
  });

  it('gives up after four attempts with the last failure, and asks a refusal only once', async () => {
    const failing = await propose('500*9,say=never');
    expect(failing.statuses).toEqual([500, 500, 500, 500]);
    expect(failing.waits).toEqual([1000, 2000, 4000]);
    expect(failing.outcome).toMatchObject({ ok: false, failure: { kind: 'server-error' } });
    const refused = await propose('401*9,say=never');
    expect(refused.statuses).toEqual([401]);
    expect(refused.waits).toEqual([]);
  });

  it('asks nothing more once cancelled during a wait', async () => {
    const controller = new AbortController();
    const { statuses, waits } = await propose('500*8,say=never', () => controller.abort(), controller.signal);
    expect(statuses).toEqual([500]);
    expect(waits).toEqual([1000]);
  });
});
