// The annotator's push against pouchdb-server sends their labels in requests of at most PUSH_BATCH
// documents, so a real CouchDB, which runs the validation function once per document, answers each
// one well under a second; every label still arrives, once.

import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Label, Task } from '../../../shared/domain/model';
import { TASKS } from '../../../shared/domain/model';
import { joinInvitation } from '../../../renderer/sync/annotator-join';
import { outboxName, PUSH_BATCH, startAnnotatorSync } from '../../../renderer/sync/annotator-sync';
import type { AnnotatorSyncStatus } from '../../../renderer/sync/sync-status';
import { openNodePouch } from '../../support/node-pouchdb';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { closeDatabases, demoStudy } from '../db/db-fixtures';
import { annotatorComputer, inviteAnnotator, leadPack, leadStudy, serverLabels, TEAM } from './annotator-fixtures';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  closeDatabases();
  await openNodePouch(outboxName(demoStudy().study.id)).destroy();
});

const ANN = TEAM[0] as (typeof TEAM)[number];

it('pushes the labels in requests of at most PUSH_BATCH documents, each label once', async () => {
  const { lead, studyId } = await leadStudy();
  const packed = await leadPack(lead, studyId, ANN.id, '2026-11-24T09:00:00.000Z');
  const invitation = await inviteAnnotator(server, studyId, ANN, [packed]);
  const { db, deps, host } = await annotatorComputer(invitation);
  await joinInvitation(deps, invitation);
  const values: Record<Task, Label['value']> = { answer: 'yes', match: 'matched', difficulty: 5 };
  const labels: Label[] = TASKS.flatMap((task) =>
    packed.pack.tasks[task].map((unitId) => ({
      studyId,
      annotatorId: ANN.id,
      unitId,
      task,
      value: values[task],
      at: '2026-11-24T10:00:00.000Z',
      rev: 1,
      unsure: false,
      note: '',
    })),
  );
  // Enough labels for several requests, else the test could not tell.
  expect(labels.length).toBeGreaterThan(2 * PUSH_BATCH);
  await db.labels.bulkPut(labels);

  const statuses: AnnotatorSyncStatus[] = [];
  const sync = startAnnotatorSync(deps, studyId, (status) => statuses.push(status));
  await expect.poll(() => statuses[statuses.length - 1], { timeout: 25_000, interval: 50 }).toMatchObject({ state: 'synced', waiting: 0 });
  sync.stop();
  await sync.done;

  const pushes = host.requests.filter((request) => request.method === 'POST' && new URL(request.url).pathname.endsWith('/_bulk_docs'));
  const sizes = pushes.map((request) => (JSON.parse(request.body ?? '{}') as { docs: unknown[] }).docs.length);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(PUSH_BATCH);
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(labels.length);
  const stored = await serverLabels(server, invitation.database);
  expect(stored.size).toBe(labels.length);
  expect([...stored.values()].every((doc) => doc._rev.startsWith('1-'))).toBe(true);
});
