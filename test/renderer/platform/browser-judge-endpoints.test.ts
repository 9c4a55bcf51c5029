// The web build's judge endpoints on fake-indexeddb with Node's Web Crypto and the loopback chat
// server: keys are kept AES-GCM encrypted under a non-extractable key in a database of their own
// (every stored row searched for the key), requests go only to the registered origin and only when
// the page's policy admits it (else "reload"); Test connection lists the models the same way, and
// tells a server that answered without CORS from one that refused the connection; a 429 whose
// Retry-After the page cannot read says so.

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../../shared/judge-run/chat-completions';
import type { JudgeSendRequest } from '../../../shared/platform/studio-platform';
import { createBrowserJudgeEndpoints } from '../../../renderer/platform/browser-judge-endpoints';
import { registeredOrigins } from '../../../renderer/platform/connect-policy';
import { KEYS_DATABASE_NAME } from '../../../renderer/platform/keys-database';
import { storedText } from './keys-fixtures';
import { judgeSendRequest } from '../../support/fake-judge-endpoints';
import { startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';

const API_KEY = 'sk-proj-Zq81mW4xT0bN6vK2';
const PAGE = 'http://127.0.0.1:4173';

let server: FakeChatServer;
let origin: string;

beforeAll(async () => {
  server = await startFakeChatServer();
  origin = new URL(server.url).origin;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await Dexie.delete(KEYS_DATABASE_NAME);
  server.log.length = 0;
});

const nodeFetch = fetch as unknown as FetchLike;

function access(
  options: { admitted?: ReadonlySet<string> | 'any'; subtle?: SubtleCrypto | null; fetch?: FetchLike; answers?: (url: string) => Promise<boolean> } = {},
) {
  const subtle = options.subtle === null ? undefined : (options.subtle ?? crypto.subtle);
  return createBrowserJudgeEndpoints({
    admitted: options.admitted ?? new Set([origin]),
    pageOrigin: PAGE,
    fetch: options.fetch ?? nodeFetch,
    ...(subtle ? { subtle } : {}),
    ...(options.answers ? { answers: options.answers } : {}),
  });
}

function request(overrides: Partial<JudgeSendRequest> = {}): JudgeSendRequest {
  return judgeSendRequest(server.url, overrides);
}

describe('keeping the key', () => {
  it('encrypts it under a non-extractable key, in its own database: no stored row holds it', async () => {
    expect(await access().register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY })).toEqual({
      hasKey: true,
      keyStorage: 'browser',
      reloadToConnect: false,
    });
    const { text, rows } = await storedText();
    expect(text).toContain(origin);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(Buffer.from(API_KEY).toString('base64'));
    const seal = rows.find((row): row is { key: CryptoKey } => (row as { key?: unknown }).key instanceof CryptoKey);
    expect(seal?.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', seal?.key as CryptoKey)).rejects.toThrow();
    // The studio's own database is never opened: no backup or export can reach the keys.
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([KEYS_DATABASE_NAME]);
  });

  it('keeps the stored key when none is given, removes it on null, and forgets the endpoint', async () => {
    const endpoints = access();
    await endpoints.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    expect(await endpoints.register({ endpointId: 'e-1', url: server.url })).toMatchObject({ hasKey: true });
    expect(await endpoints.register({ endpointId: 'e-1', url: server.url, apiKey: null })).toMatchObject({ hasKey: false, keyStorage: 'browser' });
    await endpoints.forget('e-1');
    expect(await registeredOrigins()).toEqual([]);
    expect(await endpoints.send(request())).toMatchObject({ ok: false, failure: { kind: 'refused' } });
  });

  it('keeps the key in memory only without Web Crypto (a page served over plain http from elsewhere)', async () => {
    const endpoints = access({ subtle: null });
    expect(await endpoints.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY })).toEqual({
      hasKey: true,
      keyStorage: 'session',
      reloadToConnect: false,
    });
    expect((await storedText()).text).not.toContain(API_KEY);
    expect(await endpoints.send(request())).toMatchObject({ ok: true });
    expect(server.log[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });
});

describe('sending', () => {
  it('asks for the key again, sending nothing, where a stored key cannot be read (the page opened without Web Crypto)', async () => {
    await access().register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    expect(await access({ subtle: null }).send(request())).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: 'the stored API key cannot be read on this computer; enter it again' },
    });
    expect(server.log).toEqual([]);
  });

  it('reaches the registered endpoint with the key in the Authorization header, also after a reload', async () => {
    await access().register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    // A new page load: a new access over the same database.
    expect(await access().send(request())).toMatchObject({ ok: true, reply: expect.stringMatching(/^(Yes|No)$/) });
    expect(server.log).toHaveLength(1);
    expect(server.log[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('refuses a request to another origin without fetching', async () => {
    const fetchImpl = vi.fn<FetchLike>(nodeFetch);
    const endpoints = access({ fetch: fetchImpl });
    await endpoints.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    const outcome = await endpoints.send(request({ url: 'https://api.evil.example/v1' }));
    expect(outcome).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: `the endpoint is not set up for https://api.evil.example (it is set up for ${origin}; save it again)` },
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("asks for a reload for an origin the page's policy does not admit yet, and sends nothing until then", async () => {
    const fetchImpl = vi.fn<FetchLike>(nodeFetch);
    const endpoints = access({ admitted: new Set(), fetch: fetchImpl });
    expect(await endpoints.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY })).toMatchObject({ reloadToConnect: true });
    expect(await endpoints.send(request())).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: `reload the page to reach ${origin} (it was added after the page loaded)` },
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    // The page's own origin, and any origin where the page has no policy (the dev server), need no reload.
    expect(await endpoints.register({ endpointId: 'e-2', url: `${PAGE}/v1` })).toMatchObject({ reloadToConnect: false });
    expect(await access({ admitted: 'any' }).register({ endpointId: 'e-3', url: 'https://api.openai.com/v1' })).toMatchObject({ reloadToConnect: false });
  });
});

describe('a rate limit seen from a page', () => {
  it('says when the page cannot read the Retry-After, which a server must expose to it', async () => {
    const answer =
      (retryAfter: string | null): FetchLike =>
      async () => ({
        status: 429,
        headers: { get: (name: string) => (name === 'retry-after' ? retryAfter : null) },
        text: async () => '{"error":{"message":"slow down"}}',
      });
    const hidden = access({ fetch: answer(null) });
    await hidden.register({ endpointId: 'e-1', url: server.url });
    expect(await hidden.send(request())).toEqual({
      ok: false,
      failure: {
        kind: 'rate-limited',
        reason:
          'the endpoint is rate limiting (HTTP 429), with no Retry-After this page can read (a server must list it in Access-Control-Expose-Headers for a web page to see it)',
      },
    });
    const exposed = access({ fetch: answer('2') });
    await exposed.register({ endpointId: 'e-1', url: server.url });
    expect(await exposed.send(request())).toEqual({
      ok: false,
      failure: { kind: 'rate-limited', reason: 'the endpoint is rate limiting (HTTP 429); it asked to wait 2 s', retryAfterMs: 2000 },
    });
  });
});

describe('Test connection', () => {
  const check = (url = server.url) => ({ endpointId: 'e-1', url, model: 'fake-model', timeoutMs: 10_000 });
  // A page's fetch to a server that does not allow it fails as one to a closed port does: a TypeError, no cause.
  const pageFetchFails: FetchLike = async () => Promise.reject(new TypeError('Failed to fetch'));

  it('lists the models with the key, and asks for a reload first for an origin the page does not admit yet', async () => {
    const endpoints = access();
    await endpoints.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    expect(await endpoints.testConnection(check())).toMatchObject({ ok: true, models: ['fake-model', 'fake-judge', 'tiny-judge'] });
    expect(server.log.map((entry) => [entry.route, entry.headers.authorization])).toEqual([['GET /v1/models', `Bearer ${API_KEY}`]]);

    const fetchImpl = vi.fn<FetchLike>(nodeFetch);
    const later = access({ admitted: new Set(), fetch: fetchImpl });
    await later.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    expect(await later.testConnection(check())).toEqual({
      ok: false,
      problem: 'not-set-up',
      message: `Not tested yet: save the endpoint, then reload the page to reach ${origin} (it was added after the page loaded), and test again.`,
      models: [],
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('says CORS when the server answers an opaque request, and refused when nothing answers', async () => {
    const probed: string[] = [];
    const cors = access({ fetch: pageFetchFails, answers: async (url) => (probed.push(url), true) });
    await cors.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    const said = await cors.testConnection(check());
    expect(said).toMatchObject({ ok: false, problem: 'cors' });
    expect(said.message).toBe(
      `The server at ${origin} answered, but does not let this page read its answers (CORS). Start it allowing ${PAGE} (for Ollama, OLLAMA_ORIGINS=${PAGE}), or use the desktop app, which needs no CORS.`,
    );
    expect(probed).toEqual([`${server.url}/models`]);

    const refused = access({ fetch: pageFetchFails, answers: async () => false });
    await refused.register({ endpointId: 'e-1', url: server.url });
    expect(await refused.testConnection(check())).toMatchObject({ ok: false, problem: 'refused', message: expect.stringMatching(/^Nothing answers at /) });
  });
});
