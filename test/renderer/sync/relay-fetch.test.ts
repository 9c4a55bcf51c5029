// PouchDB's HTTP adapter working through relayFetch and a host's TeamServerAccess against a real
// CouchDB-protocol server: documents written, read and replicated with the password added by the
// host alone; a request for another origin is refused by the host and reaches PouchDB as the
// network error it retries; an aborted request stops being waited for at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayFetch } from '../../../renderer/sync/relay-fetch';
import { memoryPouch, openNodePouch } from '../../support/node-pouchdb';
import { nodeTeamServers } from '../../support/node-team-servers';
import { startTeamServer, type TeamServer } from '../../support/team-server';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await server.adminRequest('PUT', 'relayed');
});
afterAll(async () => {
  await server.close();
});

async function connected() {
  const host = nodeTeamServers();
  await host.register({ connectionId: 'lead:s', url: server.url, user: server.admin.user, password: server.admin.password });
  const remote = openNodePouch(`${server.url}relayed`, { fetch: relayFetch('lead:s', (request) => host.fetch(request)), skip_setup: true });
  return { host, remote };
}

describe('relayFetch', () => {
  it('lets PouchDB write, read and replicate with the password added by the host only', async () => {
    const { host, remote } = await connected();
    await remote.put({ _id: 'doc-1', n: 1 });
    expect(await remote.get('doc-1')).toMatchObject({ n: 1 });
    const local = memoryPouch();
    await local.bulkDocs([{ _id: 'a' }, { _id: 'b' }]);
    const result = await local.replicate.to(remote);
    expect(result.docs_written).toBe(2);
    expect((await remote.info()).doc_count).toBe(3);
    // The page's side never names a password or an Authorization header.
    expect(host.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(host.requests)).not.toContain(server.admin.password);
    expect(host.requests.every((request) => request.headers.every(([name]) => name.toLowerCase() !== 'authorization'))).toBe(true);
  });

  it('turns a refusal by the host into the network error PouchDB reports', async () => {
    const { host } = await connected();
    const elsewhere = openNodePouch('http://127.0.0.1:9/relayed', { fetch: relayFetch('lead:s', (request) => host.fetch(request)), skip_setup: true });
    await expect(elsewhere.info()).rejects.toThrow();
    await expect(relayFetch('lead:s', (request) => host.fetch(request))('http://127.0.0.1:9/x')).rejects.toThrow(
      /connected to http:\/\/127\.0\.0\.1:\d+, not http:\/\/127\.0\.0\.1:9/,
    );
  });

  it('stops waiting when the caller aborts', async () => {
    const never = () => new Promise<never>(() => undefined);
    const controller = new AbortController();
    const pending = relayFetch('lead:s', never)(`${server.url}relayed`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
