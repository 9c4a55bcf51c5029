// The lead's set-up of a team server against pouchdb-server: connecting checks for an admin account
// and says in words why it cannot; inviting makes each annotator's user (who can read only their own
// database), a database the server's validation guards, and their pack as documents that join back
// to the pack's text; a new invitation replaces the password without putting the pack again; a
// reassignment puts the new pack; a failed set-up leaves no row; no password reaches IndexedDB.
// Set-up is cheap on a real server: a few databases at once, four requests for a new one, the users
// in bulk, and a design document already as it should be is not written again.

import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serializePack } from '../../../shared/formats/pack';
import { connectionId } from '../../../shared/sync/stored-records';
import { joinPackParts, labelDocId, type PackDoc, type PackPartDoc } from '../../../shared/sync/sync-docs';
import { openPack } from '../../../renderer/db/open-pack';
import { buildTeamPacks } from '../../../renderer/db/team-packs';
import { assignTeam, setPuzzleAssignment } from '../../../renderer/db/team-setup';
import { CONCURRENT_DATABASES } from '../../../renderer/sync/lead-pull';
import { connectLead, inviteAnnotators, updatePacks } from '../../../renderer/sync/lead-setup';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { DESIGN_DOC_ID } from '../../../shared/sync/validation-function';
import { closeDatabases, dumpTables, freshDatabase } from '../db/db-fixtures';
import { leadWorld, TEAM } from './lead-fixtures';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(closeDatabases);

async function connected() {
  const world = await leadWorld(server);
  await connectLead(world.deps, { studyId: world.studyId, server: server.url, user: server.admin.user, credentialStorage: 'session' });
  return world;
}

describe('connectLead', () => {
  it('stores the connection of an admin account', async () => {
    const { db, studyId } = await connected();
    expect(await db.syncConnections.get(studyId)).toMatchObject({
      studyId,
      role: 'lead',
      server: server.url,
      user: server.admin.user,
      credentialStorage: 'session',
    });
  });

  it('says in words why it cannot connect, storing nothing', async () => {
    const world = await leadWorld(server);
    const request = { studyId: world.studyId, server: server.url, user: 'someone' };
    const register = (user: string, password: string, url = server.url) =>
      world.host.register({ connectionId: connectionId('lead', world.studyId), url, user, password });

    await register(server.admin.user, 'wrong-password');
    await expect(connectLead(world.deps, request)).rejects.toThrow('the server did not accept the user name or password');

    await server.adminRequest('PUT', '_users/org.couchdb.user:plain', { name: 'plain', password: 'plain-pw', roles: [], type: 'user' });
    await register('plain', 'plain-pw');
    await expect(connectLead(world.deps, request)).rejects.toThrow(/the account is not a server admin; /);

    await register('plain', 'plain-pw', 'http://127.0.0.1:9/');
    await expect(connectLead(world.deps, { ...request, server: 'http://127.0.0.1:9/' })).rejects.toThrow('http://127.0.0.1:9 could not be reached');

    const notCouch: Server = createServer((_, response) => response.end('<html>hello</html>'));
    await new Promise<void>((resolve) => notCouch.listen(0, '127.0.0.1', resolve));
    const address = notCouch.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    await register(server.admin.user, server.admin.password, url);
    await expect(connectLead(world.deps, { ...request, server: url })).rejects.toThrow(/does not answer as a CouchDB server does/);
    await new Promise((resolve) => notCouch.close(resolve));

    expect(await world.db.syncConnections.count()).toBe(0);
  });

  it("connects only the lead's own study", async () => {
    const world = await leadWorld(server);
    const [first] = await buildTeamPacks(world.db, world.studyId, { missingOnly: false }, { createdAt: '2026-11-24T08:00:00.000Z', app: 'test' });
    const annotatorDb = freshDatabase();
    await openPack(annotatorDb, first?.pack ?? (undefined as never), { fileName: 'ann-a.pack.json' });
    await expect(connectLead({ ...world.deps, db: annotatorDb }, { studyId: world.studyId, server: server.url, user: server.admin.user })).rejects.toThrow(
      /was opened from a pack; only the lead's own study can be connected/,
    );
  });
});

describe('inviteAnnotators', () => {
  it("makes each annotator's user, guarded database and pack, and one invitation each", async () => {
    const { db, studyId, deps } = await connected();
    const invitations = await inviteAnnotators(deps, studyId, undefined);
    expect(invitations.map((invitation) => invitation.annotator)).toEqual(TEAM);
    const packs = await buildTeamPacks(db, studyId, { missingOnly: false }, { createdAt: '2026-11-24T08:00:00.000Z', app: 'agreement-studio test' });

    for (const [index, invitation] of invitations.entries()) {
      expect(invitation).toMatchObject({ format: 'agreement-studio.invitation/1', server: server.url, study: { id: studyId } });
      expect(invitation.password.length).toBeGreaterThanOrEqual(24);
      // Their own database opens to them; another's does not.
      expect((await server.requestAs(invitation, 'GET', invitation.database)).status).toBe(200);
      const other = invitations[(index + 1) % invitations.length];
      expect((await server.requestAs(invitation, 'GET', other?.database ?? '')).status).toBeGreaterThanOrEqual(401);
      expect((await server.requestAs(invitation, 'GET', `${other?.database ?? ''}/_all_docs`)).status).toBeGreaterThanOrEqual(401);

      // The pack documents join back to the pack's text.
      const pack = packs[index]?.pack;
      const header = (await server.adminRequest('GET', `${invitation.database}/pack:${pack?.sha256 ?? ''}`)).json as PackDoc;
      const all = (await server.adminRequest('GET', `${invitation.database}/_all_docs?include_docs=true`)).json as { rows: Array<{ doc: PackPartDoc }> };
      const parts = all.rows.map((row) => row.doc).filter((doc) => doc.type === 'pack-part');
      expect(pack && joinPackParts(header, parts)).toBe(pack && serializePack(pack));

      // The server refuses a label under another annotator's name.
      const forged = {
        _id: labelDocId('difficulty', 'p'),
        type: 'label',
        study: studyId,
        annotator: 'ann-z',
        task: 'difficulty',
        unit: 'p',
        value: 3,
        at: '2026-11-24T10:00:00Z',
        rev: 1,
        unsure: false,
        note: '',
      };
      expect((await server.requestAs(invitation, 'PUT', `${invitation.database}/${encodeURIComponent(forged._id)}`, forged)).status).toBe(403);
    }
    expect(await db.teamDatabases.where('studyId').equals(studyId).toArray()).toEqual(
      invitations.map((invitation, index) =>
        expect.objectContaining({
          annotatorId: invitation.annotator.id,
          database: invitation.database,
          user: invitation.user,
          packs: [packs[index]?.pack.sha256],
          labelsPulled: 0,
          refused: 0,
        }),
      ),
    );
    const stored = JSON.stringify(await dumpTables(db));
    for (const invitation of invitations) expect(stored).not.toContain(invitation.password);
  });

  it('gives a new password without putting the same pack again', async () => {
    const { studyId, deps, host } = await connected();
    const [first] = await inviteAnnotators(deps, studyId, ['ann-a']);
    const sent = host.requests.length;
    const [again] = await inviteAnnotators(deps, studyId, ['ann-a']);
    if (!first || !again) throw new Error('expected invitations');
    expect(again.password).not.toBe(first.password);
    expect((await server.requestAs(first, 'GET', first.database)).status).toBe(401);
    expect((await server.requestAs(again, 'GET', again.database)).status).toBe(200);
    expect(host.requests.slice(sent).filter((request) => request.url.endsWith(`/${first.database}/_bulk_docs`))).toEqual([]);
  });

  it("puts a reassigned annotator's new pack, once", async () => {
    const { db, studyId, deps, host } = await connected();
    const [invitation] = await inviteAnnotators(deps, studyId, ['ann-a']);
    const puzzle = (await db.puzzles.where('studyId').equals(studyId).first())?.id ?? '';
    const held = (await db.assignments.get([studyId, 'ann-a', 'difficulty']))?.units.includes(puzzle) ?? false;
    await setPuzzleAssignment(db, studyId, { annotatorId: 'ann-a', puzzleId: puzzle, part: 'difficulty', assigned: !held });
    await updatePacks(deps, studyId, ['ann-a']);
    const row = await db.teamDatabases.get([studyId, 'ann-a']);
    expect(row?.packs).toHaveLength(2);
    const packDocs = (await server.adminRequest('GET', `${invitation?.database ?? ''}/_all_docs?startkey="pack:"&endkey="pack:\ufff0"&include_docs=true`))
      .json as {
      rows: Array<{ doc: { type: string; sha256: string } }>;
    };
    expect(
      packDocs.rows
        .filter((r) => r.doc.type === 'pack')
        .map((r) => r.doc.sha256)
        .sort(),
    ).toEqual([...(row?.packs ?? [])].sort());
    const sent = host.requests.length;
    await updatePacks(deps, studyId, ['ann-a']);
    expect(host.requests.length).toBe(sent);
  });

  it('names the database of a failed set-up and stores no row for it', async () => {
    const { db, studyId, deps } = await connected();
    await server.stop();
    try {
      await expect(inviteAnnotators(deps, studyId, ['ann-b'])).rejects.toThrow(
        /^Setting up the database as-.*-ann-b-\w+ on http:\/\/127\.0\.0\.1:\d+\/ failed: .*could not be reached/,
      );
    } finally {
      await server.start();
    }
    expect(await db.teamDatabases.count()).toBe(0);
    await expect(updatePacks(deps, studyId, ['ann-b'])).rejects.toThrow(/has no database on the team server yet/);
  });

  it('sets up a few databases at once, with four requests for a new one and the users in bulk', async () => {
    const { db, studyId, deps, host } = await connected();
    const team = Array.from({ length: 12 }, (_, index) => ({ id: `bulk-${index}`, name: `Bulk ${index}` }));
    await assignTeam(db, studyId, { annotators: team, overlap: 2, seed: 7, now: '2026-11-24T08:00:00.000Z' });
    let inFlight = 0;
    let most = 0;
    const counted = {
      ...deps,
      send: async (request: Parameters<typeof deps.send>[0]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await deps.send(request);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const sent = host.requests.length;
    const invitations = await inviteAnnotators(counted, studyId, undefined);
    expect(invitations).toHaveLength(12);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(CONCURRENT_DATABASES);
    const requests = host.requests.slice(sent);
    const toUsers = requests.filter((request) => new URL(request.url).pathname.startsWith('/_users/'));
    expect(toUsers.map((request) => `${request.method} ${new URL(request.url).pathname}`).sort()).toEqual(
      ['POST /_users/_all_docs', 'POST /_users/_all_docs', 'POST /_users/_bulk_docs', 'POST /_users/_bulk_docs'].sort(),
    );
    for (const invitation of invitations) {
      const own = requests.filter((request) => new URL(request.url).pathname.startsWith(`/${invitation.database}`));
      expect(own.map((request) => request.method)).toEqual(['PUT', 'PUT', 'PUT', 'POST']);
      expect((await server.requestAs(invitation, 'GET', invitation.database)).status).toBe(200);
    }
  });

  it('leaves a design document already as it should be, and puts back one that is not', async () => {
    const { studyId, deps } = await connected();
    const [invitation] = await inviteAnnotators(deps, studyId, ['ann-a']);
    const path = `${invitation?.database ?? ''}/${DESIGN_DOC_ID}`;
    const first = (await server.adminRequest('GET', path)).json as { _rev: string; validate_doc_update: string };
    await inviteAnnotators(deps, studyId, ['ann-a']);
    expect(((await server.adminRequest('GET', path)).json as { _rev: string })._rev).toBe(first._rev);
    await server.adminRequest('PUT', path, { ...first, validate_doc_update: 'function () {}' });
    await inviteAnnotators(deps, studyId, ['ann-a']);
    const restored = (await server.adminRequest('GET', path)).json as { _rev: string; validate_doc_update: string };
    expect(restored._rev).toMatch(/^3-/);
    expect(restored.validate_doc_update).toBe(first.validate_doc_update);
  });
});
