// joinInvitation against pouchdb-server: the annotator's packs on the team server open the study in
// annotator mode with exactly the packs' units (oldest first) and store the connection without the
// password; a wrong password, an unreachable server, an empty database, a half-written pack and a
// pack for another annotator are each refused in words, storing nothing.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../../shared/domain/model';
import type { Invitation } from '../../../shared/sync/invitation';
import { packDocs } from '../../../shared/sync/sync-docs';
import type { WorkProgress } from '../../../renderer/db/long-work';
import { joinInvitation } from '../../../renderer/sync/annotator-join';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { closeDatabases, dumpTables } from '../db/db-fixtures';
import { annotatorComputer, inviteAnnotator, leadPack, leadStudy, TEAM } from './annotator-fixtures';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(closeDatabases);

const [ANN1, ANN2] = TEAM as [(typeof TEAM)[number], (typeof TEAM)[number]];

/** The join's failure message, with every table of the annotator's database as it was before. */
async function refusedJoin(invitation: Invitation, registered: Invitation = invitation): Promise<string> {
  const computer = await annotatorComputer(registered);
  const before = await dumpTables(computer.db);
  const error = await joinInvitation(computer.deps, invitation).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  expect(await dumpTables(computer.db)).toEqual(before);
  const message = (error as Error).message;
  expect(message).not.toContain(invitation.password);
  return message;
}

describe('joinInvitation', () => {
  it('opens the study in annotator mode with exactly the pack’s units and stores the connection', async () => {
    const { lead, studyId } = await leadStudy();
    const full = await leadPack(lead, studyId, ANN1.id, '2026-11-24T09:00:00.000Z');
    const invitation = await inviteAnnotator(server, studyId, ANN1, [full]);
    const { db, deps } = await annotatorComputer(invitation);
    const progress: WorkProgress[] = [];

    const opened = await joinInvitation(deps, invitation, (p) => progress.push(p));

    expect(opened).toMatchObject({ studyId, annotator: ANN1, alreadyOpened: false });
    expect(opened.newUnits).toBe(TASKS.reduce((sum, task) => sum + full.pack.tasks[task].length, 0));
    const study = await db.studies.get(studyId);
    expect(study?.origin).toEqual({ kind: 'pack', annotator: ANN1, packs: [full.pack.sha256] });
    expect(study?.sourceFiles).toEqual([`${invitation.database} on ${server.url}`]);
    for (const task of TASKS) expect((await db.assignments.get([studyId, ANN1.id, task]))?.units).toEqual(full.pack.tasks[task]);
    expect(await db.assignments.count()).toBe(TASKS.length);
    // Blind, as a pack file is: no judge label reached the annotator's turns or sessions.
    expect((await db.turns.toArray()).every((turn) => Object.keys(turn.judgements).length === 0)).toBe(true);
    expect((await db.sessions.toArray()).every((session) => session.judge === '')).toBe(true);
    expect(await db.syncConnections.toArray()).toEqual([
      {
        studyId,
        role: 'annotator',
        server: server.url,
        user: invitation.user,
        database: invitation.database,
        credentialStorage: 'session',
        connectedAt: expect.any(String) as string,
      },
    ]);
    expect(JSON.stringify(await dumpTables(db))).not.toContain(invitation.password);
    expect(progress[progress.length - 1]).toMatchObject({ done: 2, total: 2 });
    // Opening the same invitation again changes nothing.
    expect(await joinInvitation(deps, invitation)).toMatchObject({ alreadyOpened: true, newUnits: 0 });
  });

  it('opens several packs oldest first, whatever order the server lists them in', async () => {
    const { lead, studyId } = await leadStudy();
    const first = await leadPack(lead, studyId, ANN2.id, '2026-11-24T09:00:00.000Z');
    // The lead then moves a puzzle's difficulty rating to ANN2 and writes ANN2's whole assignment again.
    const theirs = await lead.assignments.get([studyId, ANN1.id, 'difficulty']);
    const mine = await lead.assignments.get([studyId, ANN2.id, 'difficulty']);
    await lead.assignments.put({ studyId, annotatorId: ANN2.id, task: 'difficulty', units: [...(mine?.units ?? []), theirs?.units[0] as string] });
    const second = await leadPack(lead, studyId, ANN2.id, '2026-11-24T10:00:00.000Z');
    const invitation = await inviteAnnotator(server, studyId, ANN2, [second, first]);
    const { db, deps } = await annotatorComputer(invitation);

    await joinInvitation(deps, invitation);

    expect((await db.studies.get(studyId))?.origin?.packs).toEqual([first.pack.sha256, second.pack.sha256]);
    expect((await db.assignments.get([studyId, ANN2.id, 'difficulty']))?.units).toEqual(second.pack.tasks.difficulty);
  });

  it('refuses a wrong password, an unreachable server and a database without a pack, in words, storing nothing', async () => {
    const { lead, studyId } = await leadStudy();
    const packed = await leadPack(lead, studyId, ANN1.id, '2026-11-24T09:00:00.000Z');
    const invitation = await inviteAnnotator(server, studyId, ANN1, [packed]);

    expect(await refusedJoin(invitation, { ...invitation, password: 'not-the-password' })).toBe(
      "The invitation could not be opened: the server did not accept the invitation's user name or password; ask the lead for a new invitation (a newer one replaces the old password).",
    );
    const nowhere = { ...invitation, server: 'http://127.0.0.1:9/' };
    expect(await refusedJoin(nowhere)).toBe('The invitation could not be opened: http://127.0.0.1:9 could not be reached.');

    const empty = await inviteAnnotator(server, studyId, ANN1, []);
    expect(await refusedJoin(empty)).toMatch(/^The lead has not put a pack in your database on the team server yet/);

    // A pack whose last part is not there yet: the lead is still writing it.
    const [header, ...parts] = packDocs(packed.text, packed.pack);
    const half = await inviteAnnotator(server, studyId, ANN1, []);
    await server.adminRequest('POST', `${half.database}/_bulk_docs`, { docs: [{ ...header, parts: parts.length + 1 }, ...parts] });
    expect(await refusedJoin(half)).toMatch(/^The lead is still putting your pack in your database/);
  });

  it('refuses a pack for another annotator and a pack whose text was changed, storing nothing', async () => {
    const { lead, studyId } = await leadStudy();
    const theirs = await leadPack(lead, studyId, ANN2.id, '2026-11-24T09:00:00.000Z');
    const wrong = await inviteAnnotator(server, studyId, ANN1, [theirs]);
    expect(await refusedJoin(wrong)).toBe(
      `${wrong.database} on ${server.url}: the pack is for ${ANN2.id} in study "${studyId}", not for ${ANN1.id} in study "${studyId}" as the invitation says; ask the lead for a new invitation`,
    );

    const mine = await leadPack(lead, studyId, ANN1.id, '2026-11-24T09:00:00.000Z');
    const tampered = await inviteAnnotator(server, studyId, ANN1, []);
    const [header, ...parts] = packDocs(mine.text, mine.pack);
    const changed = parts.map((part) => ({ ...part, text: part.text.replace('"ann-01"', '"ann-02"') }));
    await server.adminRequest('POST', `${tampered.database}/_bulk_docs`, { docs: [header, ...changed] });
    expect(await refusedJoin(tampered)).toMatch(/sha256: the pack is damaged or was edited: checksum mismatch/);
  });
});
