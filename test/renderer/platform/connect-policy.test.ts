// The web page's second Content-Security-Policy, added before the app renders: it admits the page
// itself and the origins registered in the keys database, judge endpoints' and team servers' alike,
// each checked again (a row planted by hand never reaches the policy).

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { createBrowserJudgeEndpoints } from '../../../renderer/platform/browser-judge-endpoints';
import { createBrowserTeamServers } from '../../../renderer/platform/browser-team-servers';
import { prepareConnectPolicy } from '../../../renderer/platform/connect-policy';
import { KEYS_DATABASE_NAME } from '../../../renderer/platform/keys-database';

const PAGE = 'http://127.0.0.1:4173';
const page = { admitted: 'any' as const, pageOrigin: PAGE, subtle: crypto.subtle };

beforeEach(async () => {
  await Dexie.delete(KEYS_DATABASE_NAME);
});

/** Just enough of a document: a head that holds meta elements. */
function fakeDocument(withPolicy: boolean) {
  const metas: Array<{ httpEquiv: string; content: string }> = withPolicy ? [{ httpEquiv: 'Content-Security-Policy', content: "default-src 'self'" }] : [];
  const document = {
    head: { querySelector: () => metas[0] ?? null, append: (meta: { httpEquiv: string; content: string }) => metas.push(meta) },
    createElement: () => ({ httpEquiv: '', content: '' }),
  };
  return { document: document as unknown as Document, metas };
}

async function plant(table: string, row: object): Promise<void> {
  const db = new Dexie(KEYS_DATABASE_NAME);
  await db.open();
  await db.table(table).put(row);
  db.close();
}

describe('prepareConnectPolicy', () => {
  it("adds a second policy admitting only the page, the judge endpoints' and the team servers' origins, checked again", async () => {
    const endpoints = createBrowserJudgeEndpoints(page);
    await endpoints.register({ endpointId: 'e-1', url: 'http://127.0.0.1:11434/v1' });
    await endpoints.register({ endpointId: 'e-2', url: 'https://api.openai.com/v1' });
    const teamServers = createBrowserTeamServers(page);
    await teamServers.register({ connectionId: 'lead:demo', url: 'https://couch.example.org/', user: 'lead', password: 'pw' });
    await teamServers.register({ connectionId: 'annotator:demo', url: 'https://couch.example.org/db/', user: 'ann', password: 'pw' });
    await teamServers.register({ connectionId: 'annotator:local', url: 'http://localhost:5984/', user: 'ann' });
    // Rows planted by hand are not origins, or not ones a team server may have, and never reach the policy.
    await plant('endpoints', { endpointId: 'planted', origin: "https://x.example; script-src 'unsafe-inline'" });
    await plant('teamServers', { connectionId: 'planted', origin: "https://y.example; script-src 'unsafe-inline'", user: 'x' });
    await plant('teamServers', { connectionId: 'plain-http', origin: 'http://couch.elsewhere.example', user: 'x' });

    const { document, metas } = fakeDocument(true);
    const origins = ['http://127.0.0.1:11434', 'http://localhost:5984', 'https://api.openai.com', 'https://couch.example.org'];
    expect(await prepareConnectPolicy(document)).toEqual(new Set(origins));
    expect(metas[1]).toEqual({ httpEquiv: 'Content-Security-Policy', content: `connect-src 'self' ${origins.join(' ')}` });
  });

  it('adds nothing where the page has no policy (the dev server), which then admits any origin', async () => {
    const { document, metas } = fakeDocument(false);
    expect(await prepareConnectPolicy(document)).toBe('any');
    expect(metas).toEqual([]);
  });
});
