// The lead's continuous pull against pouchdb-server, with labels written into the annotators'
// databases by the annotators themselves (their invitations' credentials): every label arrives
// exactly once and coverage completes; a higher revision replaces the stored one and the old one is
// audited; a CouchDB conflict between the annotator's devices is kept open with both labels in the
// audit log and neither merged until the annotator keeps one (issue 29), 300 branches of one label
// as one open conflict, counted as one conflict; a forged label, a deleted validation
// function and a pack document with a judge field are refused, counted and logged once; the server
// stopped mid-pull makes it offline, and started again the pull finishes with nothing lost or
// doubled; while it is stopped the status says when the next try is, never more than 2 s ahead
// however long the outage (issue 29); a pull restarted from the stored checkpoint reads nothing twice.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Label, Task } from '../../../shared/domain/model';
import type { Invitation } from '../../../shared/sync/invitation';
import { connectionId } from '../../../shared/sync/stored-records';
import { packDocId, packPartDocId, toLabelDoc } from '../../../shared/sync/sync-docs';
import { DESIGN_DOC_ID } from '../../../shared/sync/validation-function';
import { loadCoverage } from '../../../renderer/db/coverage';
import type { PouchChangesOptions, PouchDatabase } from '../../../renderer/sync/pouchdb-api';
import { connectLead, inviteAnnotators } from '../../../renderer/sync/lead-setup';
import { startLeadPull, type RefusedDocDetail } from '../../../renderer/sync/lead-pull';
import type { SyncDeps } from '../../../renderer/sync/sync-deps';
import type { LeadSyncStatus } from '../../../renderer/sync/sync-status';
import { RETRY_MAX_MS } from '../../../shared/sync/retry-schedule';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { closeDatabases, dumpTables } from '../db/db-fixtures';
import { annotatorPouch, leadWorld, type LeadWorld } from './lead-fixtures';

// A server per test: every test's study has the same id, so the same database names.
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

interface Team extends LeadWorld {
  invitations: Invitation[];
  /** Each annotator's database as they open it. */
  pouches: Map<string, PouchDatabase>;
  /** Every change id each `changes` call of the lead returned, in order. */
  pulled: string[];
}

async function team(): Promise<Team> {
  const world = await leadWorld(server);
  const pulled: string[] = [];
  // The lead's PouchDB, recording what each read of a feed returned.
  const openPouch: SyncDeps['openPouch'] = (name, options) => {
    const pouch = world.deps.openPouch(name, options);
    const changes = pouch.changes.bind(pouch) as (options: PouchChangesOptions) => Promise<{ results: Array<{ id: string }> }>;
    (pouch as { changes: unknown }).changes = async (options: PouchChangesOptions) => {
      const result = await changes(options);
      pulled.push(...result.results.map((change) => change.id));
      return result;
    };
    return pouch;
  };
  const deps = { ...world.deps, openPouch };
  await connectLead(deps, { studyId: world.studyId, server: server.url, user: server.admin.user });
  const invitations = await inviteAnnotators(deps, world.studyId, undefined);
  const pouches = new Map<string, PouchDatabase>();
  for (const invitation of invitations) pouches.set(invitation.annotator.id, await annotatorPouch(invitation));
  return { ...world, deps, invitations, pouches, pulled };
}

/** A label of every unit assigned to the annotator, as their app would store it. */
async function assignedLabels(world: LeadWorld, annotatorId: string): Promise<Label[]> {
  const labels: Label[] = [];
  for (const task of ['answer', 'match', 'difficulty'] as const satisfies readonly Task[]) {
    const units = (await world.db.assignments.get([world.studyId, annotatorId, task]))?.units ?? [];
    for (const unitId of units) {
      const value = task === 'answer' ? 'yes' : task === 'match' ? 'matched' : 4;
      labels.push({ studyId: world.studyId, annotatorId, unitId, task, value, at: '2026-11-24T10:00:00.000Z', rev: 1, unsure: false, note: '' });
    }
  }
  return labels;
}

async function writeAll(world: Team): Promise<number> {
  let total = 0;
  for (const [annotatorId, pouch] of world.pouches) {
    const docs = (await assignedLabels(world, annotatorId)).map((label) => ({ ...toLabelDoc(label) }));
    const written = await pouch.bulkDocs(docs);
    expect(written.every((result) => result.ok)).toBe(true);
    total += docs.length;
  }
  return total;
}

function pull(world: Team, deps: SyncDeps = world.deps) {
  const statuses: LeadSyncStatus[] = [];
  const started = startLeadPull(deps, world.studyId, (status) => statuses.push(status));
  running.push(started);
  return { ...started, statuses, last: () => statuses[statuses.length - 1] };
}

const labelCount = (world: LeadWorld) => world.db.labels.where('studyId').equals(world.studyId).count();
const auditOf = async (world: LeadWorld, kind: string) =>
  (await world.db.audit.where('studyId').equals(world.studyId).toArray()).filter((entry) => entry.kind === kind);

describe('startLeadPull', () => {
  it('brings every label in exactly once, completes coverage, and reads nothing twice when restarted', async () => {
    const world = await team();
    const total = await writeAll(world);
    const first = pull(world);
    await expect.poll(async () => (await loadCoverage(world.db, world.studyId)).complete, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => first.last()?.databases.every((database) => database.state === 'current')).toBe(true);
    first.stop();
    await first.done;
    expect(await labelCount(world)).toBe(total);
    expect(first.last()?.databases.reduce((sum, database) => sum + database.labelsPulled, 0)).toBe(total);
    // Each label document was read once (the packs and design documents too, skipped).
    const labelIds = world.pulled.filter((id) => id.startsWith('label:'));
    expect(labelIds).toHaveLength(total);

    const readBefore = world.pulled.length;
    const again = pull(world);
    await expect.poll(() => again.last()?.databases.every((database) => database.state === 'current')).toBe(true);
    again.stop();
    await again.done;
    expect(world.pulled.length).toBe(readBefore);
    expect(await auditOf(world, 'label:replaced')).toEqual([]);
    const stored = JSON.stringify(await dumpTables(world.db));
    for (const invitation of world.invitations) expect(stored).not.toContain(invitation.password);
  });

  it('replaces a label by a higher revision and audits the old one', async () => {
    const world = await team();
    const pulling = pull(world);
    const pouch = world.pouches.get('ann-a');
    const [label] = await assignedLabels(world, 'ann-a');
    if (!pouch || !label) throw new Error('expected ann-a and a label');
    const written = await pouch.put({ ...toLabelDoc(label) });
    await expect.poll(() => world.db.labels.get([world.studyId, 'ann-a', label.task, label.unitId]), { timeout: 20_000 }).toMatchObject({ rev: 1 });
    const changed = { ...toLabelDoc({ ...label, value: label.task === 'difficulty' ? 8 : 'no', rev: 2, at: '2026-11-24T11:00:00.000Z' }), _rev: written.rev };
    if (label.task === 'match') changed.value = 'unmatched';
    await pouch.put(changed);
    pulling.wake();
    await expect.poll(() => world.db.labels.get([world.studyId, 'ann-a', label.task, label.unitId]), { timeout: 20_000 }).toMatchObject({ rev: 2 });
    pulling.stop();
    await pulling.done;
    const replaced = await auditOf(world, 'label:replaced');
    expect(replaced).toHaveLength(1);
    expect(JSON.parse(replaced[0]?.detail ?? '{}')).toMatchObject({ annotator: 'ann-a', unit: label.unitId, old: { rev: 1 }, new: { rev: 2 } });
  });

  it("brings a label's set of acceptable answers in, and a new set of the same value as a new revision (issue 33)", async () => {
    const world = await team();
    const pulling = pull(world);
    const pouch = world.pouches.get('ann-a');
    const label = (await assignedLabels(world, 'ann-a')).find((one) => one.task === 'answer');
    if (!pouch || !label) throw new Error('expected ann-a and an answer label');
    const key = [world.studyId, 'ann-a', 'answer', label.unitId];
    const written = await pouch.put({ ...toLabelDoc({ ...label, acceptable: ['yes', 'irrelevant'] }) });
    await expect.poll(() => world.db.labels.get(key), { timeout: 20_000 }).toMatchObject({ value: 'yes', acceptable: ['yes', 'irrelevant'] });
    await pouch.put({ ...toLabelDoc({ ...label, acceptable: ['yes', 'no'], rev: 2, at: '2026-11-24T11:00:00.000Z' }), _rev: written.rev });
    pulling.wake();
    await expect.poll(() => world.db.labels.get(key), { timeout: 20_000 }).toMatchObject({ rev: 2, acceptable: ['yes', 'no'] });
    pulling.stop();
    await pulling.done;
    const replaced = await auditOf(world, 'label:replaced');
    expect(JSON.parse(replaced[0]?.detail ?? '{}')).toMatchObject({
      old: { value: 'yes', acceptable: ['yes', 'irrelevant'] },
      new: { acceptable: ['yes', 'no'] },
    });
  });

  it("keeps a conflict between the annotator's devices open, merging neither label, until the annotator keeps one", async () => {
    const world = await team();
    const pouch = world.pouches.get('ann-b');
    const label = (await assignedLabels(world, 'ann-b')).find((candidate) => candidate.task === 'answer');
    if (!pouch || !label) throw new Error('expected ann-b and an answer label');
    const id = toLabelDoc(label)._id;
    const one = { ...toLabelDoc({ ...label, value: 'yes', at: '2026-11-24T10:00:00.000Z' }), device: 'Chrome on Linux · 3f2a', _rev: '1-aaaa' };
    const two = { ...toLabelDoc({ ...label, value: 'no', at: '2026-11-24T10:05:00.000Z' }), device: 'Firefox on Windows · 9c1d', _rev: '1-bbbb' };
    const written = await pouch.bulkDocs([one, two], { new_edits: false });
    expect(written.filter((result) => result.error !== undefined)).toEqual([]);
    const pulling = pull(world);
    const row = () => world.db.teamDatabases.get([world.studyId, 'ann-b']);
    await expect.poll(async () => Object.keys((await row())?.openConflicts ?? {}), { timeout: 20_000 }).toEqual([id]);
    // Neither label is chosen: the study holds none for the unit, and the audit log holds both.
    expect(await world.db.labels.get([world.studyId, 'ann-b', 'answer', label.unitId])).toBeUndefined();
    const logged = await auditOf(world, 'sync:conflict');
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]?.detail ?? '{}')).toMatchObject({
      database: world.invitations[1]?.database,
      annotator: 'ann-b',
      task: 'answer',
      unit: label.unitId,
      labels: [
        { value: 'no', device: 'Firefox on Windows · 9c1d', couchRev: '1-bbbb' },
        { value: 'yes', device: 'Chrome on Linux · 3f2a', couchRev: '1-aaaa' },
      ],
    });

    // The annotator keeps "yes": the other branch deleted, the kept label one revision on (the server's validation lets both in).
    const current = await pouch.get(id, { conflicts: true });
    const kept = { ...toLabelDoc({ ...label, value: 'yes', rev: 2, at: '2026-11-24T10:10:00.000Z' }), _rev: current._rev };
    const resolved = await pouch.bulkDocs([...(current._conflicts ?? []).map((rev) => ({ _id: id, _rev: rev, _deleted: true })), kept]);
    expect(resolved.filter((result) => result.error !== undefined)).toEqual([]);
    pulling.wake();
    await expect.poll(() => world.db.labels.get([world.studyId, 'ann-b', 'answer', label.unitId]), { timeout: 20_000 }).toMatchObject({ value: 'yes', rev: 2 });
    await expect.poll(async () => (await row())?.openConflicts, { timeout: 20_000 }).toBeUndefined();
    pulling.stop();
    await pulling.done;
    expect(await auditOf(world, 'sync:conflict')).toHaveLength(1);
    expect(await auditOf(world, 'sync:refused')).toEqual([]);
    // The Team page's row counts the label once as a conflict, after it was chosen too.
    expect(await row()).toMatchObject({ conflicts: 1, refused: 0 });
  });

  it('counts 300 conflicting branches of one label as one open conflict, merging none and keeping each label in the audit log', async () => {
    const world = await team();
    const pouch = world.pouches.get('ann-b');
    const label = (await assignedLabels(world, 'ann-b')).find((candidate) => candidate.task === 'answer');
    if (!pouch || !label) throw new Error('expected ann-b and an answer label');
    const start = Date.parse('2026-11-24T10:00:00.000Z');
    const branches = Array.from({ length: 300 }, (_, i) => ({
      ...toLabelDoc({ ...label, value: i % 2 === 0 ? 'yes' : 'no', note: `branch ${i}`, at: new Date(start + i * 1000).toISOString() }),
      _rev: `1-${i.toString(16).padStart(32, '0')}`,
    }));
    const written = await pouch.bulkDocs(branches, { new_edits: false });
    expect(written.filter((result) => result.error !== undefined)).toEqual([]);
    const pulling = pull(world);
    const annB = () => pulling.last()?.databases.find((database) => database.annotatorId === 'ann-b');
    await expect.poll(() => annB()?.lastPulledAt !== undefined && annB()?.state === 'current', { timeout: 60_000 }).toBe(true);
    pulling.stop();
    await pulling.done;
    const [logged, ...more] = await auditOf(world, 'sync:conflict');
    expect(more).toEqual([]);
    const detail = JSON.parse(logged?.detail ?? '{}') as { labels: Array<{ note: string }> };
    expect(detail.labels).toHaveLength(300);
    expect(detail.labels[0]?.note).toBe('branch 299');
    expect(annB()).toMatchObject({ labelsPulled: 0, conflicts: 1, refused: 0 });
    // Labels in conflict, not revisions: one label in 300 branches is one conflict.
    expect(await world.db.teamDatabases.get([world.studyId, 'ann-b'])).toMatchObject({ labelsPulled: 0, conflicts: 1, refused: 0 });
    const row = await world.db.teamDatabases.get([world.studyId, 'ann-b']);
    expect(Object.values(row?.openConflicts ?? {}).map((conflict) => conflict.labels.length)).toEqual([300]);
    expect(await labelCount(world)).toBe(0);
  });

  it('counts a pack document carrying a judge field as refused, with its reason, and passes over the packs the lead put there', async () => {
    const world = await team();
    const invitation = world.invitations[0];
    if (!invitation) throw new Error('expected ann-a');
    const sha = 'f'.repeat(64);
    // The server admin can write packs; nothing but the lead's pull stands between these and the lead.
    const judged = { type: 'pack', study: world.studyId, annotator: 'ann-a', sha256: sha, parts: 1, createdAt: '2026-11-24T10:00:00.000Z', judgeGpt: 'yes' };
    const part = { type: 'pack-part', sha256: sha, index: 7, text: '{}', judge: 'gpt-4' };
    expect((await server.adminRequest('PUT', `${invitation.database}/${encodeURIComponent(packDocId(sha))}`, judged)).status).toBe(201);
    expect((await server.adminRequest('PUT', `${invitation.database}/${encodeURIComponent(packPartDocId(sha, 7))}`, part)).status).toBe(201);
    const pulling = pull(world);
    await expect
      .poll(() => pulling.last()?.databases.every((database) => database.lastPulledAt !== undefined && database.state === 'current'), { timeout: 20_000 })
      .toBe(true);
    pulling.stop();
    await pulling.done;
    const refused = (await auditOf(world, 'sync:refused')).map((entry) => JSON.parse(entry.detail) as RefusedDocDetail);
    expect(refused.map(({ id, reason }) => ({ id, reason }))).toEqual([
      { id: packDocId(sha), reason: 'a pack must not carry a judge field ("judgeGpt")' },
      { id: packPartDocId(sha, 7), reason: 'a pack part must not carry a judge field ("judge")' },
    ]);
    // Every other database holds only the lead's own pack and validation function: nothing refused there.
    expect(pulling.last()?.databases.map((database) => [database.annotatorId, database.refused, database.labelsPulled])).toEqual([
      ['ann-a', 2, 0],
      ['ann-b', 0, 0],
      ['ann-c', 0, 0],
    ]);
    expect(pulling.last()?.databases[0]?.reason).toBe(`${packPartDocId(sha, 7)}: a pack part must not carry a judge field ("judge")`);
  });

  it('refuses and logs once a forged document the server let in', async () => {
    const world = await team();
    const invitation = world.invitations[0];
    const pouch = world.pouches.get('ann-a');
    if (!invitation || !pouch) throw new Error('expected ann-a');
    // A server admin removes the validation function; then labels under another name and with a judge field get in.
    const design = (await server.adminRequest('GET', `${invitation.database}/${DESIGN_DOC_ID}`)).json as { _rev: string };
    expect((await server.adminRequest('DELETE', `${invitation.database}/${DESIGN_DOC_ID}?rev=${design._rev}`)).status).toBe(200);
    const [mine, other] = await assignedLabels(world, 'ann-a');
    if (!mine || !other) throw new Error('expected two labels');
    const forged = { ...toLabelDoc(other), annotator: 'ann-b' };
    const judged = { ...toLabelDoc(mine), judgeGpt: 'yes' };
    expect((await pouch.bulkDocs([forged, judged])).every((result) => result.ok)).toBe(true);
    const pulling = pull(world);
    await expect.poll(() => pulling.last()?.databases.find((database) => database.annotatorId === 'ann-a')?.refused, { timeout: 20_000 }).toBe(3);
    pulling.wake();
    await expect.poll(() => pulling.last()?.databases.every((database) => database.state === 'current')).toBe(true);
    pulling.stop();
    await pulling.done;
    const refused = (await auditOf(world, 'sync:refused')).map((entry) => JSON.parse(entry.detail) as RefusedDocDetail);
    expect(refused).toHaveLength(3);
    expect(refused.map((detail) => detail.reason).sort()).toEqual(
      [
        expect.stringMatching(/judgeGpt/),
        expect.stringMatching(/annotator "ann-b"/),
        'the validation function was deleted on the server; the lead never deletes one',
      ].sort(),
    );
    const labels = refused.filter((detail) => detail.id.startsWith('label:'));
    expect(labels.every((detail) => detail.database === invitation.database && detail.rev.startsWith('1-'))).toBe(true);
    expect(refused.find((detail) => detail.id === DESIGN_DOC_ID)?.rev).toMatch(/^2-/);
    expect(await labelCount(world)).toBe(0);
    expect((await world.db.teamDatabases.get([world.studyId, 'ann-a']))?.refused).toBe(3);
  });

  it('goes offline when the server stops mid-pull and finishes when it is back, nothing lost or doubled', async () => {
    const world = await team();
    const total = await writeAll(world);
    let stopped = false;
    const send = world.deps.send;
    const deps: SyncDeps = {
      ...world.deps,
      // The server stops once the first batch has been read, before the lead has it.
      send: async (request) => {
        const answer = await send(request);
        if (!stopped && request.url.includes('/_changes')) {
          stopped = true;
          await server.stop();
        }
        return answer;
      },
    };
    const pulling = pull(world, deps);
    try {
      await expect
        .poll(() => pulling.statuses.some((status) => status.databases.some((database) => database.state === 'offline')), { timeout: 20_000 })
        .toBe(true);
      const offline = pulling.statuses.flatMap((status) => status.databases).find((database) => database.state === 'offline');
      expect(offline?.reason).toMatch(/could not be reached/);
    } finally {
      await server.start();
    }
    pulling.wake();
    await expect.poll(async () => (await loadCoverage(world.db, world.studyId)).complete, { timeout: 30_000 }).toBe(true);
    pulling.stop();
    await pulling.done;
    expect(await labelCount(world)).toBe(total);
    const rows = await world.db.teamDatabases.where('studyId').equals(world.studyId).toArray();
    expect(rows.reduce((sum, row) => sum + row.labelsPulled, 0)).toBe(total);
    expect(await auditOf(world, 'label:replaced')).toEqual([]);
    expect(await auditOf(world, 'label:conflict')).toEqual([]);
  });

  it('says when it tries again while the server is stopped, never more than 2 s ahead, and pulls what arrives once it is back', async () => {
    const world = await team();
    const said: Array<{ status: LeadSyncStatus; at: number }> = [];
    const started = startLeadPull(world.deps, world.studyId, (status) => said.push({ status, at: Date.now() }));
    running.push(started);
    const latest = () => said[said.length - 1]?.status;
    const tries = () => new Set(said.flatMap(({ status }) => (status.nextTryAt !== undefined ? [status.nextTryAt] : [])));
    await expect.poll(() => latest()?.databases.every((database) => database.state === 'current'), { timeout: 20_000 }).toBe(true);

    await server.stop();
    try {
      // Five failed passes (0.5 + 1 + 2 + 2 + 2 s): the waits have reached their bound and stay there.
      await expect.poll(() => tries().size, { timeout: 40_000, interval: 50 }).toBeGreaterThanOrEqual(5);
      const waiting = said.filter(({ status }) => status.nextTryAt !== undefined);
      expect(Math.max(...waiting.map(({ status, at }) => Date.parse(status.nextTryAt ?? '') - at))).toBeLessThanOrEqual(RETRY_MAX_MS);
      expect(waiting.every(({ status }) => status.databases.some((database) => database.state === 'offline'))).toBe(true);
    } finally {
      await server.start();
    }
    const total = await writeAll(world);
    await expect.poll(async () => (await loadCoverage(world.db, world.studyId)).complete, { timeout: 20_000 }).toBe(true);
    expect(await labelCount(world)).toBe(total);
    await expect.poll(() => latest()?.databases.every((database) => database.state === 'current')).toBe(true);
    expect(latest()?.nextTryAt).toBeUndefined();
  });

  it("is refused, saying so, when the server no longer takes the lead's account", async () => {
    const world = await team();
    await world.host.register({ connectionId: connectionId('lead', world.studyId), url: server.url, user: server.admin.user, password: 'changed' });
    const pulling = pull(world);
    await expect.poll(() => pulling.last()?.databases.map((database) => database.state)).toEqual(['refused', 'refused', 'refused']);
    expect(pulling.last()?.databases[0]?.reason).toMatch(/the server refused the lead's account for the database as-/);
  });
});
