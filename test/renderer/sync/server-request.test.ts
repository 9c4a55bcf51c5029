// The sync code reads a refusal by its name (PouchDB's `name`, CouchDB's `error`), whatever the
// status (issue 29 point 8): a document the validation function refuses inside a real PouchDB
// push against pouchdb-server arrives as `name: "forbidden"` with status 500 and is read as a
// refusal, not as a server error; CouchDB's 403 for a database the account may not read, and
// pouchdb-server's 401 for the same, both read as the account refused, as do the lead's and the
// annotator's words for them; a missing database is missing by its name too.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSED, describeServerFailure } from '../../../renderer/sync/annotator-remote';
import { classifyServerFailure } from '../../../renderer/sync/server-request';
import { memoryPouch, openNodePouch } from '../../support/node-pouchdb';
import { basicAuthorization, startTeamServer, type TeamServer, type TeamServerAccount } from '../../support/team-server';

const ANNOTATOR: TeamServerAccount = { user: 'ann-refusal', password: 'ann-refusal-password' };

let server: TeamServer;
/** Answers every request as CouchDB 3 answers a logged-in user who is not a member of the database. */
let couchLike: Server;
let couchLikeUrl = '';

beforeAll(async () => {
  server = await startTeamServer();
  const { user, password } = ANNOTATOR;
  await server.adminRequest('PUT', `_users/org.couchdb.user:${user}`, { name: user, password, roles: [], type: 'user' });
  await server.adminRequest('PUT', 'refusing');
  await server.adminRequest('PUT', 'refusing/_security', { admins: { names: [], roles: [] }, members: { names: [user], roles: [] } });
  await server.adminRequest('PUT', 'refusing/_design/check', {
    validate_doc_update: 'function (doc) { if (doc.bad) throw { forbidden: "not this one" }; }',
  });
  couchLike = createServer((request, response) => {
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'forbidden', reason: 'You are not allowed to access this db.' }));
    request.resume();
  });
  await new Promise<void>((resolve) => couchLike.listen(0, '127.0.0.1', resolve));
  couchLikeUrl = `http://127.0.0.1:${(couchLike.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => couchLike.close(() => resolve()));
});

/** A database on `url` as PouchDB opens it logged in as `account` with HTTP Basic. */
function remoteAs(url: string, account: TeamServerAccount) {
  const auth = basicAuthorization(account);
  return openNodePouch(url, {
    skip_setup: true,
    fetch: (input, options) => {
      options?.headers?.set('authorization', auth);
      return fetch(input, options as RequestInit);
    },
  });
}

describe('classifyServerFailure', () => {
  it('reads a document refused during a PouchDB push (name "forbidden", status 500) as a refusal', async () => {
    const outbox = memoryPouch('refusal');
    await outbox.bulkDocs([{ _id: 'label:bad', bad: true }]);
    const denied: unknown[] = [];
    const replication = outbox.replicate.to(remoteAs(`${server.url}refusing`, ANNOTATOR));
    replication.on('denied', (error: unknown) => denied.push(error));
    await replication;
    expect(denied).toHaveLength(1);
    // What PouchDB hands over, as CouchDB's refusal of one document inside a 201 answer.
    expect(denied[0]).toMatchObject({ name: 'forbidden', status: 500 });
    expect(classifyServerFailure(denied[0])).toMatchObject({ kind: 'account' });
    expect(describeServerFailure(denied[0])).toEqual({ kind: 'refused', reason: ACCOUNT_REFUSED });
    await outbox.destroy();
  });

  it("reads pouchdb-server's 401 and CouchDB's 403 for a database the account may not read alike", async () => {
    const { user } = ANNOTATOR;
    await server.adminRequest('PUT', 'not-theirs');
    await server.adminRequest('PUT', 'not-theirs/_security', { admins: { names: [], roles: [] }, members: { names: ['someone-else'], roles: [] } });
    expect(user).not.toBe('someone-else');
    const fromTestServer = await remoteAs(`${server.url}not-theirs`, ANNOTATOR)
      .allDocs()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const fromCouchDb = await remoteAs(`${couchLikeUrl}not-theirs`, ANNOTATOR)
      .allDocs()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(fromTestServer).toMatchObject({ status: 401 });
    expect(fromCouchDb).toMatchObject({ status: 403, name: 'forbidden' });
    for (const error of [fromTestServer, fromCouchDb]) expect(classifyServerFailure(error)).toMatchObject({ kind: 'account' });
  });

  it('reads a missing database by its name, and a status without a name as before', async () => {
    const missing = await remoteAs(`${server.url}no-such-database`, server.admin)
      .allDocs()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(classifyServerFailure(missing)).toMatchObject({ kind: 'missing' });
    expect(classifyServerFailure({ error: 'not_found', status: 500 })).toMatchObject({ kind: 'missing' });
    expect(classifyServerFailure({ error: 'unauthorized', status: 500 })).toMatchObject({ kind: 'account' });
    expect(classifyServerFailure({ status: 503, message: 'busy' })).toEqual({ kind: 'other', status: 503, message: 'busy' });
    expect(classifyServerFailure(new TypeError('http://127.0.0.1:1 could not be reached'))).toMatchObject({ kind: 'unreachable' });
  });
});
