// The protection check against pouchdb-server (issue 29 point 4): with every annotator database as
// the lead set it up the pull finds nothing; once a server admin deletes one database's validation
// function and opens another's `_security` to a second user, the pull's next pass names both
// databases and what changed, before any document is written; restoring puts the lead's
// `_security` and validation function back (the deleted one anew), one audit entry each, and the
// pull's next pass finds nothing again. An annotator's database left as it was is not touched.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseSecurity } from '../../../shared/sync/database-security';
import type { Invitation } from '../../../shared/sync/invitation';
import { toLabelDoc } from '../../../shared/sync/sync-docs';
import { DESIGN_DOC_ID, earlierValidationSources, validationSource } from '../../../shared/sync/validation-function';
import { startLeadPull } from '../../../renderer/sync/lead-pull';
import { restoreProtection } from '../../../renderer/sync/lead-protection';
import { connectLead, inviteAnnotators } from '../../../renderer/sync/lead-setup';
import type { LeadSyncStatus, RestoredProtectionDetail } from '../../../renderer/sync/sync-status';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { closeDatabases } from '../db/db-fixtures';
import { leadWorld, type LeadWorld } from './lead-fixtures';

let server: TeamServer;
const running: Array<{ stop(): void; done: Promise<void> }> = [];
beforeEach(async () => {
  server = await startTeamServer();
});
afterEach(async () => {
  for (const pull of running.splice(0)) {
    pull.stop();
    await pull.done.catch(() => undefined);
  }
  closeDatabases();
  await server.close();
});

async function invitedTeam(): Promise<{ world: LeadWorld; invitations: Map<string, Invitation> }> {
  const world = await leadWorld(server);
  await connectLead(world.deps, { studyId: world.studyId, server: server.url, user: server.admin.user });
  const invitations = await inviteAnnotators(world.deps, world.studyId, undefined);
  return { world, invitations: new Map(invitations.map((invitation) => [invitation.annotator.id, invitation])) };
}

function pull(world: LeadWorld) {
  const statuses: LeadSyncStatus[] = [];
  const started = startLeadPull(world.deps, world.studyId, (status) => statuses.push(status));
  running.push(started);
  const protection = () => Object.fromEntries((statuses[statuses.length - 1]?.databases ?? []).map((database) => [database.annotatorId, database.protection]));
  return { ...started, statuses, protection };
}

const settled = (pulling: ReturnType<typeof pull>) =>
  pulling.statuses[pulling.statuses.length - 1]?.databases.every((database) => database.state === 'current');

describe('the protection check', () => {
  it('shows a deleted validation function and an opened _security at once, and restoring puts both back', async () => {
    const { world, invitations } = await invitedTeam();
    const a = invitations.get('ann-a');
    const b = invitations.get('ann-b');
    const c = invitations.get('ann-c');
    if (!a || !b || !c) throw new Error('expected three invitations');
    const pulling = pull(world);
    await expect.poll(() => settled(pulling), { timeout: 20_000 }).toBe(true);
    expect(pulling.protection()).toEqual({ 'ann-a': undefined, 'ann-b': undefined, 'ann-c': undefined });

    // A server admin removes ann-a's validation function and lets another user into ann-b's database.
    const design = (await server.adminRequest('GET', `${a.database}/${DESIGN_DOC_ID}`)).json as { _rev: string };
    expect((await server.adminRequest('DELETE', `${a.database}/${DESIGN_DOC_ID}?rev=${design._rev}`)).status).toBe(200);
    const opened = { admins: { names: [], roles: [] }, members: { names: [b.user, 'intruder'], roles: [] } };
    expect((await server.adminRequest('PUT', `${b.database}/_security`, opened)).status).toBe(200);
    const cBefore = (await server.adminRequest('GET', `${c.database}/${DESIGN_DOC_ID}`)).json as { _rev: string };

    pulling.wake();
    await expect.poll(() => pulling.protection()['ann-a'], { timeout: 20_000 }).toEqual([expect.stringMatching(/validation function/)]);
    await expect
      .poll(() => pulling.protection()['ann-b'], { timeout: 20_000 })
      .toEqual(['the database is open to others than "' + b.user + '": user "intruder"']);
    expect(pulling.protection()['ann-c']).toBeUndefined();

    const restored = await restoreProtection(world.deps, world.studyId);
    expect(restored.map((detail) => detail.database).sort()).toEqual([a.database, b.database].sort());
    const audit = (await world.db.audit.where('studyId').equals(world.studyId).toArray()).filter((entry) => entry.kind === 'sync:protection-restored');
    expect(audit.map((entry) => JSON.parse(entry.detail) as RestoredProtectionDetail).sort((x, y) => x.database.localeCompare(y.database))).toEqual(
      restored.sort((x, y) => x.database.localeCompare(y.database)),
    );

    // On the server: ann-a's validation function is back, ann-b's database closed again, ann-c's untouched.
    const study = await world.db.studies.get(world.studyId);
    if (!study) throw new Error('expected the study');
    const back = (await server.adminRequest('GET', `${a.database}/${DESIGN_DOC_ID}`)).json as { validate_doc_update?: string };
    expect(back.validate_doc_update).toBe(validationSource({ studyId: world.studyId, annotatorId: 'ann-a', user: a.user, scheme: study.scheme }));
    expect((await server.adminRequest('GET', `${b.database}/_security`)).json).toEqual(databaseSecurity(b.user));
    expect(((await server.adminRequest('GET', `${c.database}/${DESIGN_DOC_ID}`)).json as { _rev: string })._rev).toBe(cBefore._rev);
    // The restored function is at work: ann-a's database refuses a label that is not one again.
    const forged = { _id: 'label:answer:x', type: 'label', study: world.studyId, annotator: 'ann-b' };
    expect((await server.requestAs(a, 'PUT', `${a.database}/${encodeURIComponent(forged._id)}`, forged)).status).toBe(403);

    // The restore woke no pull here (the runner does that): the next pass finds nothing changed.
    pulling.wake();
    await expect.poll(() => pulling.protection(), { timeout: 20_000 }).toEqual({ 'ann-a': undefined, 'ann-b': undefined, 'ann-c': undefined });
    // Restoring again finds nothing to restore.
    expect(await restoreProtection(world.deps, world.studyId)).toEqual([]);
  });

  it("brings an earlier version's validation function up to date before pulling, so labels with sets go in (issue 33)", async () => {
    const { world, invitations } = await invitedTeam();
    const a = invitations.get('ann-a');
    const b = invitations.get('ann-b');
    if (!a || !b) throw new Error('expected the invitations');
    const study = await world.db.studies.get(world.studyId);
    if (!study) throw new Error('expected the study');
    const target = { studyId: world.studyId, annotatorId: 'ann-a', user: a.user, scheme: study.scheme };
    // ann-a's database as an earlier version set it up; ann-b's function changed by someone else.
    const putDesign = async (database: string, validation: string) => {
      const stored = (await server.adminRequest('GET', `${database}/${DESIGN_DOC_ID}`)).json as { _rev: string };
      const body = { _id: DESIGN_DOC_ID, _rev: stored._rev, language: 'javascript', validate_doc_update: validation };
      expect((await server.adminRequest('PUT', `${database}/${DESIGN_DOC_ID}`, body)).status).toBe(201);
    };
    await putDesign(a.database, earlierValidationSources(target)[0] ?? '');
    const foreign = '(function () { return function () {}; })()';
    await putDesign(b.database, foreign);
    const label = toLabelDoc({
      studyId: world.studyId,
      annotatorId: 'ann-a',
      unitId: 'q-set',
      task: 'answer',
      value: 'no',
      acceptable: ['no', 'irrelevant'],
      at: '2026-11-24T10:00:00Z',
      rev: 1,
      unsure: false,
      note: '',
    });
    const putLabel = () => server.requestAs(a, 'PUT', `${a.database}/${encodeURIComponent(label._id)}`, label);
    const before = await putLabel();
    expect(before.status).toBe(403);
    expect((before.json as { reason?: string }).reason).toBe('a label has no member "acceptable"');

    const pulling = pull(world);
    await expect.poll(() => settled(pulling), { timeout: 20_000 }).toBe(true);
    const design = (await server.adminRequest('GET', `${a.database}/${DESIGN_DOC_ID}`)).json as { validate_doc_update?: string };
    expect(design.validate_doc_update).toBe(validationSource(target));
    const audit = (await world.db.audit.where('studyId').equals(world.studyId).toArray()).filter((entry) => entry.kind === 'sync:validation-upgraded');
    expect(audit.map((entry) => JSON.parse(entry.detail) as unknown)).toEqual([{ database: a.database }]);
    expect((await putLabel()).status).toBe(201);
    // Not the app's own function: left as it is, and shown to the lead to restore.
    expect(((await server.adminRequest('GET', `${b.database}/${DESIGN_DOC_ID}`)).json as { validate_doc_update?: string }).validate_doc_update).toBe(foreign);
    await expect.poll(() => pulling.protection()['ann-b'], { timeout: 20_000 }).toEqual([expect.stringMatching(/validation function is not the one/)]);
    expect(pulling.protection()['ann-a']).toBeUndefined();
  });
});
