// What pouchdb-server, the tests' stand-in for CouchDB, enforces as CouchDB does, so the team-sync
// tests can rely on it: `_users` logins, `_security` members (another annotator's database is
// closed), `validate_doc_update` (on replicated edits too, which pouchdb-server-fixes.mjs mends);
// and that a stopped server keeps its databases when it starts again.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPouch, openNodePouch } from './support/node-pouchdb';
import { basicAuthorization, startTeamServer, type TeamServer } from './support/team-server';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});

describe('pouchdb-server as the team server', () => {
  it('keeps a database closed to all but its member and runs its validation function', async () => {
    for (const name of ['ann-a', 'ann-b']) {
      expect((await server.adminRequest('PUT', `_users/org.couchdb.user:${name}`, { name, password: `pw-${name}`, roles: [], type: 'user' })).status).toBe(201);
      expect((await server.adminRequest('PUT', `db-${name}`)).status).toBe(201);
      await server.adminRequest('PUT', `db-${name}/_security`, { admins: { names: [], roles: [] }, members: { names: [name], roles: [] } });
      await server.adminRequest('PUT', `db-${name}/_design/check`, {
        validate_doc_update: `function (doc, old, user) { if (doc.annotator !== ${JSON.stringify(name)}) throw { forbidden: 'not yours' }; }`,
      });
    }
    const annA = { user: 'ann-a', password: 'pw-ann-a' };
    expect((await server.requestAs(annA, 'GET', 'db-ann-a')).status).toBe(200);
    // A member of another database: pouchdb-server answers 401, CouchDB 3 answers 403 (forbidden).
    expect([401, 403]).toContain((await server.requestAs(annA, 'GET', 'db-ann-b')).status);
    expect((await server.requestAs({ ...annA, password: 'wrong' }, 'GET', 'db-ann-a')).status).toBe(401);
    expect((await server.requestAs(annA, 'PUT', 'db-ann-a/label-1', { annotator: 'ann-a' })).status).toBe(201);
    expect((await server.requestAs(annA, 'PUT', 'db-ann-a/label-2', { annotator: 'ann-b' })).status).toBe(403);
  });

  it('stores an edit pushed by replication into a database with a validation (pouchdb-server-fixes.mjs)', async () => {
    await server.adminRequest('PUT', 'edited');
    await server.adminRequest('PUT', 'edited/_design/check', { validate_doc_update: 'function (doc) { if (doc.n === 99) throw { forbidden: "not 99" }; }' });
    const auth = basicAuthorization(server.admin);
    const remote = openNodePouch(`${server.url}edited`, {
      fetch: (url, options) => {
        options?.headers?.set('authorization', auth);
        return fetch(url, options as RequestInit);
      },
      skip_setup: true,
    });
    const local = memoryPouch();
    const first = await local.put({ _id: 'doc', n: 1 });
    await local.replicate.to(remote);
    const second = await local.put({ _id: 'doc', n: 2, _rev: first.rev });
    await local.replicate.to(remote);
    expect((await server.adminRequest('GET', 'edited/doc')).json).toMatchObject({ n: 2, _rev: second.rev });
    // The validation still runs on replicated edits.
    await local.put({ _id: 'doc', n: 99, _rev: second.rev });
    expect((await local.replicate.to(remote)).doc_write_failures).toBe(1);
    expect((await server.adminRequest('GET', 'edited/doc')).json).toMatchObject({ n: 2 });
  });

  it('keeps its databases and accounts across a stop and start on the same port', async () => {
    await server.adminRequest('PUT', 'kept');
    await server.adminRequest('PUT', 'kept/doc', { n: 1 });
    await server.stop();
    await expect(fetch(server.url)).rejects.toThrow();
    await server.start();
    expect((await server.adminRequest('GET', 'kept/doc')).json).toMatchObject({ n: 1 });
  });
});
