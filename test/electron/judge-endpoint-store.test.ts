// The desktop app's judge endpoints with a fake safeStorage, a real temporary file and the loopback
// chat server: the file never holds a key in the clear (searched for), the key stays in memory
// where safeStorage cannot protect it, and a request goes only to the registered origin, with the
// key in the Authorization header and nowhere in a refusal, an error or a redirect (refused, naming
// its target); Test connection
// lists the models through the same admission and says what failed.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../shared/judge-run/chat-completions';
import type { JudgeSendRequest } from '../../shared/platform/studio-platform';
import { createJudgeEndpointStore, desktopJudgeEndpoints } from '../../electron/judge/endpoint-store';
import type { SafeStorage } from '../../electron/secrets/sealed-file';
import { fakeSafeStorage, folderText } from './sealed-file-fixtures';
import { judgeSendRequest } from '../support/fake-judge-endpoints';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';

const API_KEY = 'sk-live-7Hq2vX9mB4nR8tL1';

let server: FakeChatServer;
let dir: string;
let file: string;

beforeAll(async () => {
  server = await startFakeChatServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'judge-endpoints-'));
  file = join(dir, 'judge-endpoints.json');
  server.log.length = 0;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function request(overrides: Partial<JudgeSendRequest> = {}): JudgeSendRequest {
  return judgeSendRequest(server.url, overrides);
}

const nodeFetch = fetch as unknown as FetchLike;

function endpoints(safeStorage: SafeStorage = fakeSafeStorage(), fetchImpl: FetchLike = nodeFetch) {
  return desktopJudgeEndpoints(createJudgeEndpointStore(file, safeStorage), fetchImpl);
}

describe('the registrations file', () => {
  it('holds the origin and the key encrypted by safeStorage, never the key in the clear', async () => {
    const safeStorage = fakeSafeStorage();
    expect(await endpoints(safeStorage).register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY })).toEqual({
      hasKey: true,
      keyStorage: 'system',
      reloadToConnect: false,
    });
    const text = await folderText(dir);
    expect(text).toContain(new URL(server.url).origin);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(Buffer.from(API_KEY).toString('base64'));
    expect(JSON.parse(await readFile(file, 'utf8')).endpoints['e-1'].encryptedKey).toEqual(expect.any(String));
    // Only the file itself is left: the partial one it was written through was renamed.
    expect(await readdir(dir)).toEqual(['judge-endpoints.json']);
  });

  it.each([
    ['encryption is unavailable', fakeSafeStorage(undefined, false)],
    ["Linux's backend is basic_text (a fixed, public key)", fakeSafeStorage('basic_text')],
  ])('keeps the key in memory only when %s, and never writes it', async (_label, safeStorage) => {
    const access = endpoints(safeStorage);
    expect(await access.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY })).toEqual({
      hasKey: true,
      keyStorage: 'session',
      reloadToConnect: false,
    });
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
    expect(await folderText(dir)).not.toContain(API_KEY);
    expect(await access.send(request())).toMatchObject({ ok: true });
    expect(server.log[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    // After a restart the origin is known and the key gone: the lead enters it again.
    const restarted = endpoints(safeStorage);
    expect(await restarted.register({ endpointId: 'e-1', url: server.url })).toEqual({ hasKey: false, keyStorage: 'session', reloadToConnect: false });
  });

  it('keeps the stored key when none is given, removes it on null, and forgets the endpoint', async () => {
    const access = endpoints();
    await access.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    expect(await access.register({ endpointId: 'e-1', url: server.url })).toMatchObject({ hasKey: true });
    expect(await access.register({ endpointId: 'e-1', url: server.url, apiKey: null })).toMatchObject({ hasKey: false });
    expect(JSON.parse(await readFile(file, 'utf8')).endpoints['e-1']).toEqual({ origin: new URL(server.url).origin });
    await access.forget('e-1');
    expect(JSON.parse(await readFile(file, 'utf8')).endpoints).toEqual({});
    expect(await access.send(request())).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: 'the endpoint is not set up in this app (save it again on the Judges page)' },
    });
    expect(server.log).toEqual([]);
  });

  it('starts empty from a missing or unreadable file', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, '{"format": "agreement-studio.judge-endpoints/1", "endpoints": ');
    expect(await endpoints().send(request())).toMatchObject({ ok: false, failure: { kind: 'refused' } });
  });
});

describe('send', () => {
  it('reaches the registered endpoint with the key in the Authorization header, decrypting it only then', async () => {
    const safeStorage = fakeSafeStorage();
    await endpoints(safeStorage).register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    // A new store reads the file, as the app does after a restart.
    const access = endpoints(safeStorage);
    expect(safeStorage.decryptString).not.toHaveBeenCalled();
    const outcome = await access.send(request());
    expect(outcome).toMatchObject({ ok: true, reply: expect.stringMatching(/^(Yes|No)$/) });
    expect(safeStorage.decryptString).toHaveBeenCalledOnce();
    expect(server.log).toHaveLength(1);
    expect(server.log[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(server.log[0]?.body).not.toContain(API_KEY);
  });

  it('sends no Authorization header for an endpoint without a key', async () => {
    const access = endpoints();
    await access.register({ endpointId: 'e-1', url: server.url });
    expect(await access.send(request())).toMatchObject({ ok: true });
    expect(server.log[0]?.headers.authorization).toBeUndefined();
  });

  it.each([
    ['another port', (url: URL) => `http://127.0.0.1:${Number(url.port) + 1}/v1`],
    ['another host', () => 'http://localhost.evil.example/v1'],
    ['another scheme', (url: URL) => `https://127.0.0.1:${url.port}/v1`],
    ['credentials that read as the host', (url: URL) => `http://127.0.0.1:${url.port}@evil.example/v1`],
    ['not a URL', () => 'api.openai.com/v1'],
  ])('refuses a request to %s, without sending or decrypting anything', async (_label, otherUrl) => {
    const safeStorage = fakeSafeStorage();
    const fetchImpl = vi.fn<FetchLike>(nodeFetch);
    const access = endpoints(safeStorage, fetchImpl);
    await access.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    const outcome = await access.send(request({ url: otherUrl(new URL(server.url)) }));
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'refused', reason: expect.stringMatching(/not set up for|not an http or https address/) } });
    expect(JSON.stringify(outcome)).not.toContain(API_KEY);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(safeStorage.decryptString).not.toHaveBeenCalled();
  });

  it('keeps the key out of a reason when the endpoint repeats it back (a 401 quoting the header)', async () => {
    const access = endpoints();
    await access.register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    const outcome = await access.send(request({ messages: [{ role: 'user', content: '[item:u-2] [fake:401]' }] }));
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'refused' } });
    expect(JSON.stringify(outcome)).not.toContain(API_KEY);
  });

  it('does not follow a redirect, which would carry the request to another address, and names it', async () => {
    const redirecting: Server = createServer((_request, response) => {
      response.writeHead(307, { location: `${server.url}/chat/completions` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v1`;
      const access = endpoints();
      await access.register({ endpointId: 'e-1', url, apiKey: API_KEY });
      const outcome = await access.send(request({ url }));
      expect(outcome).toEqual({
        ok: false,
        failure: {
          kind: 'refused',
          reason: `the endpoint answered with a redirect to ${server.url}/chat/completions; the studio does not follow redirects: use the final address`,
        },
      });
      const check = await access.testConnection({ endpointId: 'e-1', url, model: 'fake', timeoutMs: 10_000 });
      expect(check).toMatchObject({
        ok: false,
        message: `The endpoint answered with a redirect to ${server.url}/chat/completions; the studio does not follow redirects: use the final address.`,
      });
      expect(server.log).toEqual([]);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it('asks for the key again when safeStorage cannot decrypt it (the keyring changed)', async () => {
    const safeStorage = fakeSafeStorage();
    await endpoints(safeStorage).register({ endpointId: 'e-1', url: server.url, apiKey: API_KEY });
    safeStorage.decryptString.mockImplementation(() => {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    });
    expect(await endpoints(safeStorage).send(request())).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: 'the stored API key cannot be read on this computer; enter it again' },
    });
    expect(server.log).toEqual([]);
  });
});

describe('Test connection', () => {
  const check = (url: string, model = 'tiny-judge') => ({ endpointId: 'e-1', url, model, timeoutMs: 10_000 });

  it('lists the models of a server that wants a key, and says what failed: wrong key, no such model, refused, not OpenAI', async () => {
    const keyed = await startFakeChatServer({ apiKey: API_KEY, models: ['tiny-judge', 'qwen3:8b'] });
    const plain = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('404 page not found');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const access = endpoints();
      await access.register({ endpointId: 'e-1', url: keyed.url, apiKey: API_KEY });
      expect(await access.testConnection(check(keyed.url))).toEqual({
        ok: true,
        models: ['tiny-judge', 'qwen3:8b'],
        message: 'Connected: the endpoint serves "tiny-judge". It lists tiny-judge, qwen3:8b.',
      });
      expect(keyed.log.map((entry) => [entry.route, entry.headers.authorization])).toEqual([['GET /v1/models', `Bearer ${API_KEY}`]]);
      expect(await access.testConnection(check(keyed.url, 'qwen3'))).toMatchObject({ ok: false, problem: 'no-such-model' });

      await access.register({ endpointId: 'e-1', url: keyed.url, apiKey: 'sk-wrong-key-000' });
      const wrong = await access.testConnection(check(keyed.url));
      expect(wrong).toMatchObject({ ok: false, problem: 'wrong-key' });
      expect(wrong.message).toMatch(/^The endpoint refused the API key \(HTTP 401\)/);

      // Another origin than the registered one is never asked.
      const before = keyed.log.length;
      expect(await access.testConnection(check(server.url))).toMatchObject({ ok: false, problem: 'not-set-up' });
      expect(server.log).toEqual([]);
      expect(keyed.log).toHaveLength(before);

      const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/v1`;
      await access.register({ endpointId: 'e-1', url: plainUrl, apiKey: null });
      expect(await access.testConnection(check(plainUrl))).toMatchObject({ ok: false, problem: 'not-openai' });
    } finally {
      await keyed.close();
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
    const closed = endpoints();
    await closed.register({ endpointId: 'e-1', url: keyed.url });
    expect(await closed.testConnection(check(keyed.url))).toMatchObject({
      ok: false,
      problem: 'refused',
      message: expect.stringMatching(/^Connection refused/),
    });
  });
});
