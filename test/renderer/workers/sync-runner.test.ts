// The sync worker's runner against a real pouchdb-server, a lead's and an annotator's database:
// the lead connects and invites, the annotator joins and a label stored there reaches the lead
// through the push and the pull, each study runs one sync at a time (starting another stops the
// first), stop ends a run's promise, and disconnecting an annotator's study drops its outbox.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/domain/model';
import { outboxName } from '../../../renderer/sync/annotator-sync';
import { createSyncRunner } from '../../../renderer/workers/sync-runner';
import type { AnnotatorSyncStatus, HostFetch, LeadSyncStatus } from '../../../renderer/workers/sync-protocol';
import { openNodePouch } from '../../support/node-pouchdb';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { annotatorComputer } from '../sync/annotator-fixtures';
import { leadWorld } from '../sync/lead-fixtures';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});

describe('the sync runner', () => {
  it('carries a label stored by an annotator to the lead, one sync per study, and drops the outbox on disconnect', { timeout: 120_000 }, async () => {
    const lead = await leadWorld(server);
    const leadRunner = createSyncRunner(lead.db, openNodePouch);
    const leadFetch: HostFetch = (request) => lead.host.fetch(request);
    await leadRunner.connectLead({ studyId: lead.studyId, server: server.url, user: server.admin.user }, leadFetch);
    const [invitation] = await leadRunner.inviteAnnotators(lead.studyId, ['ann-a'], leadFetch, () => undefined);
    if (invitation === undefined) throw new Error('no invitation');

    const annotator = await annotatorComputer(invitation);
    const runner = createSyncRunner(annotator.db, openNodePouch);
    const fetch: HostFetch = (request) => annotator.host.fetch(request);
    const opened = await runner.joinInvitation(invitation, fetch, () => undefined);
    const [unitId] = (await annotator.db.assignments.get([opened.studyId, 'ann-a', 'difficulty']))?.units ?? [];
    if (unitId === undefined) throw new Error('no difficulty unit assigned');

    const statuses: AnnotatorSyncStatus[] = [];
    const firstPush = runner.startAnnotatorSync(opened.studyId, fetch, (status) => void statuses.push(status));
    // A second start replaces the first, whose run then ends.
    const push = runner.startAnnotatorSync(opened.studyId, fetch, (status) => void statuses.push(status));
    await firstPush;
    const label: Label = {
      studyId: opened.studyId,
      annotatorId: 'ann-a',
      unitId,
      task: 'difficulty',
      value: 4,
      at: '2026-11-24T09:00:00.000Z',
      rev: 1,
      unsure: false,
      note: '',
    };
    await annotator.db.labels.put(label);
    runner.labelsWritten(opened.studyId, [{ task: 'difficulty', unitId }]);

    const leadStatuses: LeadSyncStatus[] = [];
    const pull = leadRunner.startLeadPull(lead.studyId, leadFetch, (status) => void leadStatuses.push(status));
    await expect.poll(() => lead.db.labels.get([lead.studyId, 'ann-a', 'difficulty', unitId]), { timeout: 60_000 }).toMatchObject({ value: 4, rev: 1 });
    await expect.poll(() => statuses.at(-1)?.state, { timeout: 60_000 }).toBe('synced');

    leadRunner.stop(lead.studyId);
    await pull;
    expect(leadStatuses.at(-1)?.databases[0]).toMatchObject({ annotatorId: 'ann-a', refused: 0 });

    await runner.disconnect(opened.studyId);
    await push;
    expect((await openNodePouch(outboxName(opened.studyId)).info()).doc_count).toBe(0);
    // The label stays in the study; the connection's records and password are the window's to remove.
    expect(await annotator.db.labels.count()).toBe(1);
  });
});
