// One annotator on two computers against pouchdb-server (issue 29), each with its own
// fake-IndexedDB and outbox: a second computer that joins gets the first's labels into its study;
// both computers labelling a unit differently while apart each see the conflict on that unit, with
// both labels and the device that gave each, and nothing chosen; labelling the unit again on one
// resolves it everywhere (the server keeps one branch, the other computer takes the label). What a
// server admin writes into the database that is no label of this annotator's units never comes in.

import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Label, Task } from '../../../shared/domain/model';
import { designDoc } from '../../../shared/sync/validation-function';
import { joinInvitation } from '../../../renderer/sync/annotator-join';
import { outboxName, startAnnotatorSync } from '../../../renderer/sync/annotator-sync';
import type { OpenPouch } from '../../../renderer/sync/pouchdb-api';
import type { AnnotatorSyncStatus } from '../../../renderer/sync/sync-status';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { openNodePouch } from '../../support/node-pouchdb';
import { closeDatabases } from '../db/db-fixtures';
import { annotatorComputer, inviteAnnotator, leadPack, leadStudy, TEAM } from './annotator-fixtures';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});
const outboxes: string[] = [];
afterEach(async () => {
  closeDatabases();
  for (const name of outboxes.splice(0)) await openNodePouch(name).destroy();
});

const ANN = TEAM[0] as (typeof TEAM)[number];
const POLL = { timeout: 25_000, interval: 50 };

/** The annotator's two computers, joined; each with an outbox of its own (in-memory databases are shared by name). */
async function twoComputers() {
  const { lead, studyId } = await leadStudy();
  const packed = await leadPack(lead, studyId, ANN.id, '2026-11-24T09:00:00.000Z');
  const invitation = await inviteAnnotator(server, studyId, ANN, [packed]);
  // The studio's own validation function, which lets the annotator delete a losing branch.
  const current = await server.adminRequest('GET', `${invitation.database}/_design/agreement-studio`);
  const design = {
    ...designDoc({ studyId, annotatorId: ANN.id, user: invitation.user, scheme: { answerUnknown: false } }),
    _rev: (current.json as { _rev: string })._rev,
  };
  expect((await server.adminRequest('PUT', `${invitation.database}/_design/agreement-studio`, design)).status).toBe(201);
  const computer = async (name: string) => {
    const made = await annotatorComputer(invitation);
    const openPouch: OpenPouch = (nameOrUrl, options) => openNodePouch(nameOrUrl.startsWith('http') ? nameOrUrl : `${name}-${nameOrUrl}`, options);
    outboxes.push(`${name}-${outboxName(studyId)}`);
    const deps = { ...made.deps, openPouch, now: () => new Date().toISOString() };
    await joinInvitation(deps, invitation);
    return { ...made, deps, start: () => run(deps, studyId) };
  };
  return { studyId, packed, invitation, first: await computer('first'), second: await computer('second') };
}

function run(deps: Parameters<typeof startAnnotatorSync>[0], studyId: string) {
  const statuses: AnnotatorSyncStatus[] = [];
  const sync = startAnnotatorSync(deps, studyId, (status) => statuses.push(status));
  return { sync, latest: () => statuses[statuses.length - 1], stop: async () => (sync.stop(), await sync.done) };
}

function label(studyId: string, task: Task, unitId: string, value: Label['value'], rev: number, at: string): Label {
  return { studyId, annotatorId: ANN.id, unitId, task, value, at, rev, unsure: false, note: '' };
}

const facts = (labels: Label[]) => labels.map((one) => `${one.task} ${one.unitId} ${String(one.value)} ${one.rev}`).sort();

describe('one annotator on two computers', () => {
  it("gives a second computer the first's labels, shows a conflict on the unit with both labels and devices, and resolves it by labelling again", async () => {
    const { studyId, packed, first, second } = await twoComputers();
    const answers = packed.pack.tasks.answer.slice(0, 5);
    expect(answers).toHaveLength(5);
    const firstLabels = answers.map((unit) => label(studyId, 'answer', unit, 'yes', 1, '2026-11-24T10:00:00.000Z'));
    await first.db.labels.bulkPut(firstLabels);
    const a = first.start();
    await expect.poll(() => a.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });

    // The second computer joins and starts with nothing of its own: the first's labels come down.
    const b = second.start();
    await expect.poll(async () => facts(await second.db.labels.toArray()), POLL).toEqual(facts(firstLabels));
    await expect.poll(() => b.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    expect((await second.db.audit.toArray()).filter((entry) => entry.kind === 'sync:restored')).not.toEqual([]);

    // Apart, each computer labels the same unit differently.
    await a.stop();
    await b.stop();
    const unit = answers[0] as string;
    await first.db.labels.put(label(studyId, 'answer', unit, 'no', 2, '2026-11-24T11:00:00.000Z'));
    await second.db.labels.put(label(studyId, 'answer', unit, 'irrelevant', 2, '2026-11-24T11:05:00.000Z'));
    const a2 = first.start();
    await expect.poll(() => a2.latest(), POLL).toMatchObject({ state: 'synced', waiting: 0 });
    const b2 = second.start();

    // Both see the conflict on the unit: both labels, from which device, and neither is chosen.
    for (const sync of [a2, b2]) {
      await expect.poll(() => sync.latest()?.conflicts?.map((conflict) => conflict.unit), POLL).toEqual([unit]);
      const [conflict] = sync.latest()?.conflicts ?? [];
      expect(conflict?.labels.map((one) => one.value)).toEqual(['irrelevant', 'no']);
      const devices = conflict?.labels.map((one) => one.device ?? '') ?? [];
      expect(new Set(devices).size).toBe(2);
      for (const device of devices) expect(device).toMatch(/ · [0-9a-f]{4}$/);
    }
    expect((await first.db.labels.get([studyId, ANN.id, 'answer', unit]))?.value).toBe('no');
    expect((await second.db.labels.get([studyId, ANN.id, 'answer', unit]))?.value).toBe('irrelevant');

    // The annotator keeps "no" on the second computer by labelling the unit again.
    await second.db.labels.put(label(studyId, 'answer', unit, 'no', 3, '2026-11-24T11:10:00.000Z'));
    b2.sync.labelsWritten([{ task: 'answer', unitId: unit }]);
    for (const sync of [a2, b2]) await expect.poll(() => sync.latest()?.conflicts, POLL).toBeUndefined();
    await expect.poll(async () => (await first.db.labels.get([studyId, ANN.id, 'answer', unit]))?.rev, POLL).toBe(3);
    expect((await first.db.labels.get([studyId, ANN.id, 'answer', unit]))?.value).toBe('no');
    const onServer = await server.adminRequest(
      'GET',
      `${(await first.db.syncConnections.get(studyId))?.database ?? ''}/${encodeURIComponent(`label:answer:${unit}`)}?conflicts=true`,
    );
    expect(onServer.json).toMatchObject({ value: 'no', rev: 3 });
    expect((onServer.json as { _conflicts?: string[] })._conflicts).toBeUndefined();
    await a2.stop();
    await b2.stop();
  });

  it("takes in only this annotator's labels of their own units, whatever else the server holds", async () => {
    const { studyId, packed, invitation, second } = await twoComputers();
    const [mine, theirs] = packed.pack.tasks.answer as [string, string];
    const good = {
      _id: `label:answer:${mine}`,
      type: 'label',
      study: studyId,
      annotator: ANN.id,
      task: 'answer',
      unit: mine,
      value: 'yes',
      at: '2026-11-24T10:00:00.000Z',
      rev: 1,
      unsure: false,
      note: '',
    };
    // The server's validation would refuse these from the annotator; its admin can write them all the same.
    const design = (await server.adminRequest('GET', `${invitation.database}/_design/agreement-studio`)).json as { _rev: string };
    expect((await server.adminRequest('DELETE', `${invitation.database}/_design/agreement-studio?rev=${design._rev}`)).status).toBe(200);
    const forged = [
      good,
      { ...good, _id: `label:answer:${theirs}`, unit: theirs, annotator: TEAM[1]?.id },
      { ...good, _id: 'label:answer:not-assigned', unit: 'not-assigned' },
      { ...good, _id: 'label:difficulty:' + (packed.pack.tasks.difficulty[0] ?? ''), task: 'difficulty', unit: packed.pack.tasks.difficulty[0], value: 12 },
      { ...good, _id: 'label:match:' + (packed.pack.tasks.match[0] ?? ''), task: 'match', unit: packed.pack.tasks.match[0], value: 'matched', judge: 'gpt' },
    ];
    expect((await server.adminRequest('POST', `${invitation.database}/_bulk_docs`, { docs: forged })).status).toBe(201);
    const b = second.start();
    await expect.poll(async () => (await second.db.labels.toArray()).map((one) => `${one.task} ${one.unitId}`), POLL).toEqual([`answer ${mine}`]);
    await expect.poll(() => b.latest(), POLL).toMatchObject({ state: 'synced' });
    expect((await second.db.labels.toArray()).map((one) => `${one.task} ${one.unitId}`)).toEqual([`answer ${mine}`]);
    await b.stop();
  });
});
