// startAnnotatorSync against pouchdb-server, with fake-indexeddb for the annotator: labels stored
// before the start and written after reach the server once each with their content; with the
// server stopped the status is offline with the count waiting and labels keep going into the
// outbox, and all arrive once it is back; while it is stopped the status says when the next try
// is, never more than 2 s ahead however long the outage, and Retry now tries at once, its schedule
// started again (issue 29); a restart sends nothing twice and counts what waits; a
// wrong password and a label the server's validation refuses show as refused with the reason; a
// new pack the lead puts in the database is opened.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Label, Task } from '../../../shared/domain/model';
import type { Invitation } from '../../../shared/sync/invitation';
import { joinInvitation } from '../../../renderer/sync/annotator-join';
import { ACCOUNT_REFUSED } from '../../../renderer/sync/annotator-remote';
import { outboxName, startAnnotatorSync } from '../../../renderer/sync/annotator-sync';
import type { OpenPouch } from '../../../renderer/sync/pouchdb-api';
import type { SyncDeps } from '../../../renderer/sync/sync-deps';
import type { AnnotatorSyncStatus } from '../../../renderer/sync/sync-status';
import { RETRY_FIRST_MS, RETRY_MAX_MS } from '../../../shared/sync/retry-schedule';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { closeDatabases, demoStudy } from '../db/db-fixtures';
import { openNodePouch } from '../../support/node-pouchdb';
import { annotatorComputer, inviteAnnotator, leadPack, leadStudy, putPack, serverLabels, TEAM } from './annotator-fixtures';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  closeDatabases();
  // Every test's study has the same id, so each starts with an empty outbox (in-memory databases outlive their handles).
  await openNodePouch(outboxName(demoStudy().study.id)).destroy();
});

const ANN = TEAM[0] as (typeof TEAM)[number];
/** Waits for the sync's condition; the server's retries after an outage take up to 10 s. */
const POLL = { timeout: 25_000, interval: 50 };

/** A lead's study with the annotator invited and joined on a fresh computer. */
async function joined() {
  const { lead, studyId } = await leadStudy();
  const packed = await leadPack(lead, studyId, ANN.id, '2026-11-24T09:00:00.000Z');
  const invitation = await inviteAnnotator(server, studyId, ANN, [packed]);
  const computer = await annotatorComputer(invitation);
  await joinInvitation(computer.deps, invitation);
  return { lead, studyId, packed, invitation, ...computer };
}

function label(studyId: string, task: Task, unitId: string, value: Label['value'], rev = 1): Label {
  return {
    studyId,
    annotatorId: ANN.id,
    unitId,
    task,
    value,
    at: `2026-11-24T10:00:0${rev}.000Z`,
    rev,
    unsure: rev > 1,
    note: rev > 1 ? 'changed my mind' : '',
    ms: 1200,
  };
}

/** A sync started with its statuses collected. */
function started(deps: SyncDeps, studyId: string) {
  const statuses: AnnotatorSyncStatus[] = [];
  const sync = startAnnotatorSync(deps, studyId, (status) => statuses.push(status));
  const latest = () => statuses[statuses.length - 1];
  return { sync, statuses, latest };
}

async function stopped(sync: { stop(): void; done: Promise<void> }): Promise<void> {
  sync.stop();
  await sync.done;
}

/** The server's label documents, compared by what the lead reads from them. */
async function onServer(invitation: Invitation) {
  const docs = await serverLabels(server, invitation.database);
  return new Map(
    [...docs].map(([id, doc]) => [id, { value: doc.value, rev: doc.rev, annotator: doc.annotator, study: doc.study, couchRev: doc._rev.split('-')[0] }]),
  );
}

describe('startAnnotatorSync', () => {
  it('sends labels stored before the start and written after, each once, with their content', async () => {
    const { db, deps: joinedDeps, studyId, packed, invitation } = await joined();
    // The outbox's writes are counted: labels told together go in one put.
    let outboxPuts = 0;
    const countingPouch: OpenPouch = (name, options) => {
      const opened = openNodePouch(name, options);
      if (name === outboxName(studyId)) {
        const bulkDocs = opened.bulkDocs.bind(opened);
        opened.bulkDocs = (docs, putOptions) => ((outboxPuts += 1), bulkDocs(docs, putOptions));
      }
      return opened;
    };
    const deps = { ...joinedDeps, openPouch: countingPouch };
    const [q1, q2] = packed.pack.tasks.answer as [string, string];
    const p1 = packed.pack.tasks.difficulty[0] as string;
    await db.labels.bulkPut([label(studyId, 'answer', q1, 'yes'), label(studyId, 'difficulty', p1, 4)]);
    const { sync, statuses, latest } = started(deps, studyId);

    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect(statuses[0]).toMatchObject({ state: 'connecting', waiting: 2 });
    expect(await onServer(invitation)).toEqual(
      new Map([
        [`label:answer:${q1}`, { value: 'yes', rev: 1, annotator: ANN.id, study: studyId, couchRev: '1' }],
        [`label:difficulty:${p1}`, { value: 4, rev: 1, annotator: ANN.id, study: studyId, couchRev: '1' }],
      ]),
    );

    expect(outboxPuts).toBe(1);
    // A new label and an edit, told in two calls that arrive together.
    await db.labels.bulkPut([label(studyId, 'answer', q2, 'no'), label(studyId, 'answer', q1, 'irrelevant', 2)]);
    sync.labelsWritten([{ task: 'answer', unitId: q2 }]);
    sync.labelsWritten([{ task: 'answer', unitId: q1 }]);
    await expect.poll(async () => (await onServer(invitation)).get(`label:answer:${q1}`)?.rev, POLL).toBe(2);
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    const docs = await serverLabels(server, invitation.database);
    expect(docs.size).toBe(3);
    expect(docs.get(`label:answer:${q1}`)).toMatchObject({
      value: 'irrelevant',
      rev: 2,
      unsure: true,
      note: 'changed my mind',
      at: '2026-11-24T10:00:02.000Z',
    });
    expect(docs.get(`label:answer:${q1}`)?._rev.startsWith('2-')).toBe(true);
    expect(docs.get(`label:answer:${q2}`)).toMatchObject({ type: 'label', task: 'answer', unit: q2, value: 'no', ms: 1200 });
    expect(docs.get(`label:difficulty:${p1}`)?._rev.startsWith('1-')).toBe(true);
    expect(outboxPuts).toBe(2);
    await stopped(sync);
    // The password is in no status, no outbox document and no table.
    const outbox = await openNodePouch(outboxName(studyId)).allDocs({ include_docs: true });
    const kept = JSON.stringify([statuses, outbox, await db.labels.toArray(), await db.syncConnections.toArray(), await db.audit.toArray()]);
    expect(kept).not.toContain(invitation.password);
  });

  it("sends a label's set of acceptable answers, and a new set of the same value as a new revision (issue 33)", async () => {
    const { db, deps, studyId, packed, invitation } = await joined();
    const q1 = packed.pack.tasks.answer[0] as string;
    await db.labels.put({ ...label(studyId, 'answer', q1, 'no'), acceptable: ['no', 'irrelevant'] });
    const { sync, latest } = started(deps, studyId);
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect((await serverLabels(server, invitation.database)).get(`label:answer:${q1}`)).toMatchObject({
      value: 'no',
      acceptable: ['no', 'irrelevant'],
      rev: 1,
    });
    // Only the set changes: the outbox holds an older label, so the new one goes up.
    await db.labels.put({ ...label(studyId, 'answer', q1, 'no'), acceptable: ['no', 'yes', 'irrelevant'], rev: 2, at: '2026-11-24T10:00:02.000Z' });
    sync.labelsWritten([{ task: 'answer', unitId: q1 }]);
    await expect
      .poll(async () => (await serverLabels(server, invitation.database)).get(`label:answer:${q1}`)?.acceptable, POLL)
      .toEqual(['no', 'yes', 'irrelevant']);
    await stopped(sync);
  });

  it('is offline with the count waiting while the server is stopped, and sends everything once it is back', async () => {
    const { db, deps, studyId, packed, invitation } = await joined();
    const [q1, q2, q3] = packed.pack.tasks.answer as [string, string, string];
    await db.labels.put(label(studyId, 'answer', q1, 'yes'));
    const { sync, latest } = started(deps, studyId);
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });

    await server.stop();
    try {
      await db.labels.bulkPut([label(studyId, 'answer', q2, 'no'), label(studyId, 'answer', q3, 'yes')]);
      sync.labelsWritten([
        { task: 'answer', unitId: q2 },
        { task: 'answer', unitId: q3 },
      ]);
      await expect.poll(() => latest(), POLL).toMatchObject({ state: 'offline', waiting: 2 });
      expect(latest()?.reason).toMatch(/could not be reached/);
      // Labelling goes on offline: a later label waits too.
      await db.labels.put(label(studyId, 'answer', q1, 'no', 2));
      sync.labelsWritten([{ task: 'answer', unitId: q1 }]);
      await expect.poll(() => latest(), POLL).toMatchObject({ state: 'offline', waiting: 3 });
    } finally {
      await server.start();
    }

    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    const docs = await onServer(invitation);
    expect([...docs.keys()].sort()).toEqual([`label:answer:${q1}`, `label:answer:${q2}`, `label:answer:${q3}`].sort());
    expect(docs.get(`label:answer:${q1}`)).toMatchObject({ value: 'no', rev: 2 });
    await stopped(sync);
  });

  it('says when it tries again while the server is stopped, never more than 2 s ahead, and tries at once on Retry now', async () => {
    const { db, deps, studyId, packed, invitation } = await joined();
    const [q1, q2] = packed.pack.tasks.answer as [string, string];
    await db.labels.put(label(studyId, 'answer', q1, 'yes'));
    // Each status with the moment it was said: a next try is never further ahead than the bound.
    const said: Array<{ status: AnnotatorSyncStatus; at: number }> = [];
    const sync = startAnnotatorSync(deps, studyId, (status) => said.push({ status, at: Date.now() }));
    const latest = () => said[said.length - 1]?.status;
    const tries = () => new Set(said.flatMap(({ status }) => (status.nextTryAt !== undefined ? [status.nextTryAt] : [])));
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });

    await server.stop();
    try {
      await db.labels.put(label(studyId, 'answer', q2, 'no'));
      sync.labelsWritten([{ task: 'answer', unitId: q2 }]);
      // Five failed tries (0.5 + 1 + 2 + 2 + 2 s): the waits have reached their bound and stay there.
      await expect.poll(() => tries().size, { timeout: 40_000, interval: 50 }).toBeGreaterThanOrEqual(5);
      const ahead = said.flatMap(({ status, at }) => (status.nextTryAt !== undefined ? [Date.parse(status.nextTryAt) - at] : []));
      expect(Math.max(...ahead)).toBeLessThanOrEqual(RETRY_MAX_MS);
      // The push can find the server gone before the new label is counted, so the first try may wait with none.
      const withNextTry = said.filter(({ status }) => status.nextTryAt !== undefined).map(({ status }) => status);
      expect(withNextTry.every((status) => status.state === 'offline' && status.waiting <= 1)).toBe(true);
      expect(withNextTry[withNextTry.length - 1]?.waiting).toBe(1);

      // Retry now: a try at once, which fails, and the schedule starts again from its first wait.
      const before = said.length;
      sync.retryNow();
      await expect.poll(() => said.slice(before).some(({ status }) => status.nextTryAt !== undefined), POLL).toBe(true);
      const again = said.slice(before).find(({ status }) => status.nextTryAt !== undefined);
      expect(Date.parse(again?.status.nextTryAt ?? '') - (again?.at ?? 0)).toBeLessThanOrEqual(RETRY_FIRST_MS);
    } finally {
      await server.start();
    }
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect(latest()?.nextTryAt).toBeUndefined();
    expect([...(await onServer(invitation)).keys()].sort()).toEqual([`label:answer:${q1}`, `label:answer:${q2}`].sort());
    await stopped(sync);
  });

  it('after a restart sends nothing twice and counts what waits', async () => {
    const { db, deps, host, studyId, packed, invitation } = await joined();
    const [q1, q2, q3] = packed.pack.tasks.answer as [string, string, string];
    await db.labels.bulkPut([label(studyId, 'answer', q1, 'yes'), label(studyId, 'answer', q2, 'no')]);
    const first = started(deps, studyId);
    await expect.poll(() => first.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    await stopped(first.sync);
    const sentBefore = await serverLabels(server, invitation.database);

    // Stored while no sync ran (the app was closed mid-way): the next start finds it.
    await db.labels.put(label(studyId, 'answer', q3, 'irrelevant'));
    const requestsBefore = host.requests.length;
    const second = started(deps, studyId);
    await expect.poll(() => second.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect(second.statuses[0]).toMatchObject({ state: 'connecting', waiting: 1 });
    expect(Math.max(...second.statuses.map((status) => status.waiting))).toBe(1);

    const sentAfter = await serverLabels(server, invitation.database);
    expect(sentAfter.size).toBe(3);
    for (const [id, doc] of sentBefore) expect(sentAfter.get(id)?._rev).toBe(doc._rev);
    // Only the new label was sent (the replication may ask the server about the others, never send them).
    const bodies = host.requests
      .slice(requestsBefore)
      .filter((request) => request.url.includes('_bulk_docs'))
      .map((request) => request.body ?? '')
      .join('\n');
    expect(bodies).toContain(`label:answer:${q3}`);
    expect(bodies).not.toContain(`label:answer:${q1}`);
    expect(bodies).not.toContain(`label:answer:${q2}`);
    await stopped(second.sync);

    // A third start with nothing new says synced with nothing waiting, and sends no label.
    const third = started(deps, studyId);
    const requestsThird = host.requests.length;
    await expect.poll(() => third.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect(third.statuses.every((status) => status.waiting === 0)).toBe(true);
    expect(host.requests.slice(requestsThird).some((request) => request.url.includes('_bulk_docs'))).toBe(false);
    await stopped(third.sync);
  });

  it('finds labels the server stored before the app was killed, though their acknowledgement was never kept', async () => {
    const { db, deps, host, studyId, packed } = await joined();
    const [q1, q2] = packed.pack.tasks.answer as [string, string];
    await db.labels.bulkPut([label(studyId, 'answer', q1, 'yes'), label(studyId, 'answer', q2, 'no')]);
    const first = started(deps, studyId);
    await expect.poll(() => first.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    await stopped(first.sync);
    // Killed between the server's answer and keeping it: the outbox's record says nothing was acknowledged.
    const outbox = openNodePouch(outboxName(studyId));
    const kept = await outbox.get('_local/agreement-studio-acknowledged');
    await outbox.put({ ...kept, seq: 0, refused: {} });

    const requestsBefore = host.requests.length;
    const second = started(deps, studyId);
    await expect.poll(() => second.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect(second.statuses[0]).toMatchObject({ state: 'connecting', waiting: 2 });
    // Asked about, never sent again.
    expect(host.requests.slice(requestsBefore).some((request) => request.url.includes('_bulk_docs'))).toBe(false);
    await stopped(second.sync);
  });

  it('shows a wrong password as refused, with the labels waiting', async () => {
    const { db, deps, host, studyId, packed, invitation } = await joined();
    await host.register({ connectionId: `annotator:${studyId}`, url: invitation.server, user: invitation.user, password: 'not-the-password' });
    await db.labels.put(label(studyId, 'answer', packed.pack.tasks.answer[0] as string, 'yes'));
    const { sync, latest } = started(deps, studyId);
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'refused', waiting: 1, reason: ACCOUNT_REFUSED });
    await stopped(sync);
    expect((await serverLabels(server, invitation.database)).size).toBe(0);
  });

  it('shows a label the server refuses as refused with the server’s words, also after a restart, while the others go', async () => {
    const { db, deps, studyId, packed, invitation } = await joined();
    const [q1, q2] = packed.pack.tasks.answer as [string, string];
    const forged = { ...label(studyId, 'answer', q2, 'yes'), task: 'verdict' as Task };
    await db.labels.bulkPut([label(studyId, 'answer', q1, 'yes'), forged]);
    const first = started(deps, studyId);
    await expect.poll(() => first.latest(), POLL).toMatchObject({ state: 'refused', waiting: 1 });
    expect(first.latest()?.reason).toBe(`the server refused a label (label:verdict:${q2}): the label has no known task`);
    await expect.poll(async () => [...(await serverLabels(server, invitation.database)).keys()], POLL).toEqual([`label:answer:${q1}`]);
    await stopped(first.sync);

    const second = started(deps, studyId);
    await expect.poll(() => second.latest(), POLL).toMatchObject({ state: 'refused', waiting: 1 });
    expect(second.latest()?.reason).toMatch(/the label has no known task$/);
    await stopped(second.sync);
  });

  it('opens a new pack the lead puts in the database', async () => {
    const { lead, db, deps, studyId } = await joined();
    const { sync, latest } = started(deps, studyId);
    await expect.poll(() => latest(), POLL).toMatchObject({ state: 'synced' });

    // The lead gives ANN another annotator's puzzle to rate and puts the whole assignment as a new pack.
    const theirs = await lead.assignments.get([studyId, (TEAM[1] as (typeof TEAM)[number]).id, 'difficulty']);
    const moved = theirs?.units[0] as string;
    const mine = await lead.assignments.get([studyId, ANN.id, 'difficulty']);
    await lead.assignments.put({ studyId, annotatorId: ANN.id, task: 'difficulty', units: [...(mine?.units ?? []), moved] });
    const next = await leadPack(lead, studyId, ANN.id, '2026-11-24T12:00:00.000Z');
    await putPack(server, (await db.syncConnections.get(studyId))?.database as string, next);

    await expect.poll(async () => (await db.studies.get(studyId))?.origin?.packs.length, POLL).toBe(2);
    expect((await db.studies.get(studyId))?.origin?.packs[1]).toBe(next.pack.sha256);
    expect((await db.assignments.get([studyId, ANN.id, 'difficulty']))?.units).toContain(moved);

    // A pack for another annotator is not opened; the audit log says why.
    const database = (await db.syncConnections.get(studyId))?.database as string;
    await putPack(server, database, await leadPack(lead, studyId, (TEAM[1] as (typeof TEAM)[number]).id, '2026-11-24T13:00:00.000Z'));
    await expect
      .poll(async () => (await db.audit.where('studyId').equals(studyId).toArray()).find((entry) => entry.kind === 'sync:pack-refused')?.detail, POLL)
      .toMatch(/the pack is for ann-02 in study "demo-study", not for ann-01/);
    expect((await db.studies.get(studyId))?.origin?.packs).toHaveLength(2);
    await stopped(sync);
  });
});
