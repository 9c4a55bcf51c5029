// The desktop app's team server connections with a fake safeStorage, a real temporary file and a
// real pouchdb-server on loopback: the file never holds a password in the clear (searched for), the
// password stays in memory only where safeStorage cannot protect it, an address teamServerOrigin
// refuses is refused at register, and requests reach the server with the password as HTTP Basic,
// only on the registered origin, never following a redirect (which is named as one).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamServerFetch } from '../../shared/sync/admitted-request';
import { createTeamServerStore, desktopTeamServers } from '../../electron/team/team-server-store';
import type { SafeStorage } from '../../electron/secrets/sealed-file';
import { pouchRoundTrip, REFUSED_ADDRESSES, sessionRequest, sessionUser } from '../support/team-server-session';
import { fakeSafeStorage, folderText } from './sealed-file-fixtures';
import { startTeamServer, type TeamServer } from '../support/team-server';

const CONNECTION = 'lead:demo-study';

const session = (url = `${server.url}_session`) => sessionRequest(CONNECTION, url);

let server: TeamServer;
let dir: string;
let file: string;

beforeAll(async () => {
  server = await startTeamServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'team-servers-'));
  file = join(dir, 'team-servers.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const nodeFetch: TeamServerFetch = (url, init) => fetch(url, init);

function teamServers(safeStorage: SafeStorage = fakeSafeStorage(), fetchImpl: TeamServerFetch = nodeFetch) {
  return desktopTeamServers(createTeamServerStore(file, safeStorage), fetchImpl);
}

function register(access: ReturnType<typeof teamServers>, password: string | undefined = server.admin.password) {
  return access.register({ connectionId: CONNECTION, url: server.url, user: server.admin.user, ...(password !== undefined ? { password } : {}) });
}

describe('the connections file', () => {
  it('holds the origin, the user and the password encrypted by safeStorage, never the password in the clear', async () => {
    expect(await register(teamServers())).toEqual({ credentialStorage: 'system', reloadToConnect: false });
    const text = await folderText(dir);
    expect(text).toContain(new URL(server.url).origin);
    expect(text).toContain(server.admin.user);
    expect(text).not.toContain(server.admin.password);
    expect(text).not.toContain(Buffer.from(server.admin.password).toString('base64'));
    expect(text).not.toContain(Buffer.from(`${server.admin.user}:${server.admin.password}`).toString('base64'));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      format: 'agreement-studio.team-servers/1',
      connections: { [CONNECTION]: { origin: new URL(server.url).origin, user: server.admin.user, encryptedPassword: expect.any(String) } },
    });
    expect(await readdir(dir)).toEqual(['team-servers.json']);
  });

  it.each([
    ['encryption is unavailable', fakeSafeStorage(undefined, false)],
    ["Linux's backend is basic_text (a fixed, public key)", fakeSafeStorage('basic_text')],
  ])('keeps the password in memory only when %s, and never writes it', async (_label, safeStorage) => {
    const access = teamServers(safeStorage);
    expect(await register(access)).toEqual({ credentialStorage: 'session', reloadToConnect: false });
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
    expect(await folderText(dir)).not.toContain(server.admin.password);
    expect(await sessionUser(access, session())).toMatchObject({ name: server.admin.user, roles: expect.arrayContaining(['_admin']) });

    // After a restart the connection is known and the password gone: the server sees no one.
    const restarted = teamServers(safeStorage);
    expect(await sessionUser(restarted, session())).toMatchObject({ name: null });
  });

  it('keeps the stored password when none is given, and forgets the connection', async () => {
    await register(teamServers());
    const access = teamServers();
    expect(await register(access, undefined)).toEqual({ credentialStorage: 'system', reloadToConnect: false });
    expect(await sessionUser(access, session())).toMatchObject({ name: server.admin.user });
    await access.forget(CONNECTION);
    expect(JSON.parse(await readFile(file, 'utf8')).connections).toEqual({});
    expect(await access.fetch(session())).toEqual({
      ok: false,
      reason: 'this study is not connected to a team server on this computer (connect it again)',
    });
  });

  it('drops a registration whose origin was edited into something else, and starts empty from an unreadable file', async () => {
    await writeFile(
      file,
      JSON.stringify({ format: 'agreement-studio.team-servers/1', connections: { [CONNECTION]: { origin: 'http://couch.evil.example', user: 'x' } } }),
    );
    expect(await teamServers().fetch(session('http://couch.evil.example/_session'))).toMatchObject({ ok: false, reason: /not connected/ });
    await writeFile(file, '{"format": "agreement-studio.team-servers/1", "connections": ');
    expect(await teamServers().fetch(session())).toMatchObject({ ok: false, reason: /not connected/ });
  });
});

describe('register', () => {
  it.each(REFUSED_ADDRESSES)('refuses %s in words, and stores nothing', async (_label, url, message) => {
    const access = teamServers();
    await expect(access.register({ connectionId: CONNECTION, url, user: 'lead', password: 'pw-1' })).rejects.toThrow(message);
    await expect(access.register({ connectionId: CONNECTION, url, user: 'lead', password: 'pw-1' })).rejects.not.toThrow(/secret-in-url|pw-1/);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('fetch', () => {
  it('reaches the server as the registered user, decrypting the password only then', async () => {
    const safeStorage = fakeSafeStorage();
    await register(teamServers(safeStorage));
    // A new store reads the file, as the app does after a restart.
    const access = teamServers(safeStorage);
    expect(safeStorage.decryptString).not.toHaveBeenCalled();
    expect(await sessionUser(access, session())).toEqual(expect.objectContaining({ name: server.admin.user, roles: expect.arrayContaining(['_admin']) }));
    expect(safeStorage.decryptString).toHaveBeenCalledOnce();
    // PouchDB's own requests, relayed through the host, as the sync makes them.
    expect(await pouchRoundTrip(access, CONNECTION, `${server.url}desktop-store`)).toMatchObject({ _id: 'doc-1', n: 1 });
    expect((await server.adminRequest('GET', 'desktop-store/doc-1')).json).toMatchObject({ n: 1 });
  });

  it('refuses a request to another origin without sending or decrypting anything', async () => {
    const safeStorage = fakeSafeStorage();
    const fetchImpl = vi.fn<TeamServerFetch>(nodeFetch);
    const access = teamServers(safeStorage, fetchImpl);
    await register(access);
    const other = `http://127.0.0.1:${Number(new URL(server.url).port) + 1}/_session`;
    const answer = await access.fetch(session(other));
    expect(answer).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^the study is connected to http:\/\/127\.0\.0\.1:\d+, not http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(safeStorage.decryptString).not.toHaveBeenCalled();
  });

  it('does not follow a redirect, which would carry the password to another address', async () => {
    let reached = 0;
    const elsewhere: Server = createServer((_request, response) => {
      reached += 1;
      response.end('{}');
    });
    const redirecting: Server = createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/_session` });
      response.end();
    });
    await Promise.all([elsewhere, redirecting].map((listening) => new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))));
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`;
      const access = teamServers();
      await access.register({ connectionId: CONNECTION, url, user: 'lead', password: 'pw-redirected' });
      const answer = await access.fetch(session(`${url}_session`));
      expect(answer).toEqual({
        ok: false,
        reason: `${new URL(url).origin} answered with a redirect; the studio does not follow redirects: use the final address`,
      });
      expect(reached).toBe(0);
    } finally {
      for (const closing of [elsewhere, redirecting]) {
        closing.closeAllConnections();
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
    }
  });

  it('asks for the password again when safeStorage cannot decrypt it (the keyring changed)', async () => {
    const safeStorage = fakeSafeStorage();
    const fetchImpl = vi.fn<TeamServerFetch>(nodeFetch);
    await register(teamServers(safeStorage));
    safeStorage.decryptString.mockImplementation(() => {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    });
    expect(await teamServers(safeStorage, fetchImpl).fetch(session())).toEqual({
      ok: false,
      reason: 'the stored password cannot be read on this computer; connect the study again',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
