// What the hosts' team server tests ask of a real server through a host's fetch: who it takes them
// for (CouchDB's `GET /_session`), and a document written and read back by PouchDB relayed through
// the host, as the sync does; and the addresses both hosts refuse at register.

import type { TeamServerAccess, TeamServerRequest } from '../../shared/platform/studio-platform';
import type { PouchDoc } from '../../renderer/sync/pouchdb-api';
import { relayFetch } from '../../renderer/sync/relay-fetch';
import { openNodePouch } from './node-pouchdb';

/** `GET <url>` (the server's `_session`, or another address to see it refused) for connection `connectionId`. */
export function sessionRequest(connectionId: string, url: string): TeamServerRequest {
  return { connectionId, url, method: 'GET', headers: [['accept', 'application/json']] };
}

/** Who the server says a request through `host` came as; throws the host's reason when it sent none. */
export async function sessionUser(host: TeamServerAccess, request: TeamServerRequest): Promise<{ name: string | null; roles: string[] }> {
  const answer = await host.fetch(request);
  if (!answer.ok) throw new Error(answer.reason);
  return (JSON.parse(answer.body) as { userCtx: { name: string | null; roles: string[] } }).userCtx;
}

/** Creates the database at `databaseUrl` (the connection must be an admin's), then writes `doc-1` there with PouchDB through `host` and reads it back. */
export async function pouchRoundTrip(host: TeamServerAccess, connectionId: string, databaseUrl: string): Promise<PouchDoc> {
  const created = await host.fetch({ connectionId, url: databaseUrl, method: 'PUT', headers: [] });
  if (!created.ok || created.status !== 201) throw new Error(`the database was not created: ${JSON.stringify(created)}`);
  const remote = openNodePouch(databaseUrl, { fetch: relayFetch(connectionId, (request) => host.fetch(request)), skip_setup: true });
  await remote.put({ _id: 'doc-1', n: 1 });
  return remote.get('doc-1');
}

/** Addresses both hosts refuse at register, with the words they refuse them in; `secret-in-url` must never be repeated. */
export const REFUSED_ADDRESSES: Array<[label: string, url: string, message: RegExp]> = [
  [
    'plain http to another computer',
    'http://couch.example.org/',
    /^Refused: the server address must start with https:\/\/ \(plain http is allowed only for a server on this computer\)/,
  ],
  ['credentials in the address', 'https://lead:secret-in-url@couch.example.org/', /^Refused: the server address must not hold a user name or password/],
  ['not an address', 'couch.example.org', /^Refused: the server address is not a web address/],
  ['another scheme', 'ftp://127.0.0.1/', /^Refused: the server address must start with https:\/\//],
];
