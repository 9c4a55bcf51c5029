// The web build's team servers on fake-indexeddb with Node's Web Crypto and a real pouchdb-server on
// loopback: passwords are kept AES-GCM encrypted under a non-extractable key in the keys database
// (every stored row searched for the password), kept when register omits one, and in memory only
// without Web Crypto; http to another computer is refused at register; requests reach the server
// as the registered user, only on the registered origin and only when the page's policy admits it.

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamServerFetch } from '../../../shared/sync/admitted-request';
import { createBrowserTeamServers } from '../../../renderer/platform/browser-team-servers';
import { registeredOrigins } from '../../../renderer/platform/connect-policy';
import { KEYS_DATABASE_NAME } from '../../../renderer/platform/keys-database';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { pouchRoundTrip, REFUSED_ADDRESSES, sessionRequest, sessionUser } from '../../support/team-server-session';
import { storedText } from './keys-fixtures';

const PAGE = 'http://127.0.0.1:4173';
const CONNECTION = 'annotator:demo-study';

const session = (url = `${server.url}_session`) => sessionRequest(CONNECTION, url);

let server: TeamServer;
let origin: string;

beforeAll(async () => {
  server = await startTeamServer();
  origin = new URL(server.url).origin;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await Dexie.delete(KEYS_DATABASE_NAME);
});

const nodeFetch: TeamServerFetch = (url, init) => fetch(url, init);

function access(options: { admitted?: ReadonlySet<string> | 'any'; subtle?: SubtleCrypto | null; fetch?: TeamServerFetch } = {}) {
  const subtle = options.subtle === null ? undefined : (options.subtle ?? crypto.subtle);
  return createBrowserTeamServers({
    admitted: options.admitted ?? new Set([origin]),
    pageOrigin: PAGE,
    fetch: options.fetch ?? nodeFetch,
    ...(subtle ? { subtle } : {}),
  });
}

function register(host: ReturnType<typeof access>, password: string | undefined = server.admin.password) {
  return host.register({ connectionId: CONNECTION, url: server.url, user: server.admin.user, ...(password !== undefined ? { password } : {}) });
}

describe('keeping the password', () => {
  it('encrypts it under a non-extractable key, in the keys database: no stored row holds it', async () => {
    expect(await register(access())).toEqual({ credentialStorage: 'browser', reloadToConnect: false });
    const { text, rows } = await storedText();
    expect(text).toContain(origin);
    expect(text).toContain(server.admin.user);
    expect(text).not.toContain(server.admin.password);
    expect(text).not.toContain(Buffer.from(server.admin.password).toString('base64'));
    expect(text).not.toContain(Buffer.from(`${server.admin.user}:${server.admin.password}`).toString('base64'));
    const seal = rows.find((row): row is { key: CryptoKey } => (row as { key?: unknown }).key instanceof CryptoKey);
    expect(seal?.key.extractable).toBe(false);
    // The studio's own database is never opened: no backup or export can reach the password.
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([KEYS_DATABASE_NAME]);
  });

  it('keeps the stored password when register omits it, also after a reload, and forgets the connection', async () => {
    await register(access());
    // A new page load: a new access over the same database.
    const reloaded = access();
    expect(await register(reloaded, undefined)).toEqual({ credentialStorage: 'browser', reloadToConnect: false });
    expect(await sessionUser(reloaded, session())).toMatchObject({ name: server.admin.user, roles: expect.arrayContaining(['_admin']) });
    await reloaded.forget(CONNECTION);
    expect(await registeredOrigins()).toEqual([]);
    expect(await reloaded.fetch(session())).toEqual({ ok: false, reason: 'this study is not connected to a team server on this computer (connect it again)' });
  });

  it('keeps the password in memory only without Web Crypto (a page served over plain http from elsewhere)', async () => {
    const host = access({ subtle: null });
    expect(await register(host)).toEqual({ credentialStorage: 'session', reloadToConnect: false });
    expect((await storedText()).text).not.toContain(server.admin.password);
    expect(await sessionUser(host, session())).toMatchObject({ name: server.admin.user });
    // The next page load has the connection but not the password: the server sees no one.
    expect(await sessionUser(access({ subtle: null }), session())).toMatchObject({ name: null });
  });

  it.each(REFUSED_ADDRESSES)('refuses %s at register in words, storing nothing', async (_label, url, message) => {
    const register = access().register({ connectionId: CONNECTION, url, user: 'ann', password: 'pw-1' });
    await expect(register).rejects.toThrow(message);
    await expect(register).rejects.not.toThrow(/secret-in-url|pw-1/);
    // Refused before the keys database is even opened.
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(KEYS_DATABASE_NAME);
  });
});

describe('fetch', () => {
  it('reaches the server as the registered user with the password added by the host, and writes', async () => {
    const host = access();
    await register(host);
    expect(await sessionUser(host, session())).toMatchObject({ name: server.admin.user, roles: expect.arrayContaining(['_admin']) });
    // PouchDB's own requests, relayed through the host, as the sync makes them.
    expect(await pouchRoundTrip(host, CONNECTION, `${server.url}browser-host`)).toMatchObject({ _id: 'doc-1', n: 1 });
    expect((await server.adminRequest('GET', 'browser-host/doc-1')).json).toMatchObject({ n: 1 });
  });

  it('refuses an origin that was not registered, without fetching', async () => {
    const fetchImpl = vi.fn<TeamServerFetch>(nodeFetch);
    const host = access({ fetch: fetchImpl, admitted: 'any' });
    await register(host);
    expect(await host.fetch(session('https://couch.evil.example/_session'))).toEqual({
      ok: false,
      reason: `the study is connected to ${origin}, not https://couch.evil.example`,
    });
    expect(await host.fetch({ ...session(), connectionId: 'lead:other-study' })).toMatchObject({ ok: false, reason: /not connected/ });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks for the password again, sending nothing, where a stored one cannot be read (the page opened without Web Crypto)', async () => {
    const fetchImpl = vi.fn<TeamServerFetch>(nodeFetch);
    await register(access());
    expect(await access({ subtle: null, fetch: fetchImpl }).fetch(session())).toEqual({
      ok: false,
      reason: 'the stored password cannot be read on this computer; connect the study again',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("asks for a reload for an origin the page's policy does not admit yet, and sends nothing until then", async () => {
    const fetchImpl = vi.fn<TeamServerFetch>(nodeFetch);
    const host = access({ admitted: new Set(), fetch: fetchImpl });
    expect(await register(host)).toEqual({ credentialStorage: 'browser', reloadToConnect: true });
    expect(await host.fetch(session())).toEqual({ ok: false, reason: `reload the page to reach ${origin} (it was added after the page loaded)` });
    expect(fetchImpl).not.toHaveBeenCalled();
    // The page's own origin, and any origin where the page has no policy (the dev server), need no reload.
    expect(await host.register({ connectionId: 'lead:same-page', url: `${PAGE}/couch/`, user: 'lead' })).toMatchObject({ reloadToConnect: false });
    expect(await access({ admitted: 'any' }).register({ connectionId: 'lead:s', url: 'https://couch.example.org/', user: 'lead' })).toMatchObject({
      reloadToConnect: false,
    });
  });
});
