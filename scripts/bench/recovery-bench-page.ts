// Chromium side of the sync bench's recovery figure (issue 29 point 3): a lead and three annotators,
// each with a studio database of their own in this page, running the app's own push and pull
// (startAnnotatorSync, startLeadPull); the Node side stops and starts the server around them. The
// page says when every waiting label is on the server and when the lead holds them all.

import PouchDB from 'pouchdb-browser';
import { createPrng } from '../../shared/random/prng';
import type { Label } from '../../shared/domain/model';
import { sendAdmitted, type TeamServerAdmission, type TeamServerFetch } from '../../shared/sync/admitted-request';
import type { Invitation } from '../../shared/sync/invitation';
import { connectionId } from '../../shared/sync/stored-records';
import { StudioDatabase } from '../../renderer/db/database';
import { importStudies } from '../../renderer/db/import-study';
import { assignTeam } from '../../renderer/db/team-setup';
import { joinInvitation } from '../../renderer/sync/annotator-join';
import { startAnnotatorSync, type AnnotatorSync } from '../../renderer/sync/annotator-sync';
import { startLeadPull } from '../../renderer/sync/lead-pull';
import { connectLead, inviteAnnotators } from '../../renderer/sync/lead-setup';
import type { OpenPouch } from '../../renderer/sync/pouchdb-api';
import type { SyncDeps } from '../../renderer/sync/sync-deps';
import type { AnnotatorSyncStatus, LeadSyncStatus } from '../../renderer/sync/sync-status';
import { deleteDatabase, loadBenchStudy, randomLabelValue } from './bench-page-study';

export interface RecoveryScenario {
  bundleUrl: string;
  annotators: number;
  /** Difficulty ratings each annotator gives while the server is stopped. */
  labelsOffline: number;
  server: { url: string; user: string; password: string };
  /** Each annotator's own address of the server, in the order of the invitations (see recovery-bench.ts). */
  annotatorServers: string[];
}

export interface RecoveryMoments {
  /** Date.now() when every annotator's status said synced with nothing waiting. */
  onServerAt: number;
  /** Date.now() when the lead's statuses counted every label. */
  atLeadAt: number;
}

const CREATED_AT = '2026-01-05T09:00:00.000Z';
const pageFetch: TeamServerFetch = (url, init) => fetch(url, init);

interface Member {
  invitation: Invitation;
  db: StudioDatabase;
  sync: AnnotatorSync;
  status?: AnnotatorSyncStatus;
}

/** The running team, between the Node side's calls. */
const world: {
  members: Member[];
  lead?: { db: StudioDatabase; stop(): void; done: Promise<void> };
  leadStatus?: LeadSyncStatus;
  expected: number;
  names: string[];
} = {
  members: [],
  expected: 0,
  names: [],
};
/** The waits the Node side set, each checked after every status. */
const waits = new Set<() => void>();
const onChange = () => {
  for (const check of [...waits]) check();
};

function admitted(connection: string, admission: TeamServerAdmission): SyncDeps['send'] {
  return (request) => sendAdmitted(pageFetch, request.connectionId === connection ? admission : undefined, request);
}

/** A local PouchDB name of the annotator's own (the outbox is named by the study alone, and three annotators share this page). */
function openPouchFor(prefix: string): OpenPouch {
  return (nameOrUrl, options) => new PouchDB(/^https?:/.test(nameOrUrl) ? nameOrUrl : `${prefix}${nameOrUrl}`, options);
}

/** Date.now() once `condition` holds after a status (or at once). */
function until(condition: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      if (!condition()) return;
      waits.delete(check);
      resolve(Date.now());
    };
    waits.add(check);
    check();
  });
}

const leadCount = () => world.leadStatus?.databases.reduce((sum, database) => sum + database.labelsPulled, 0) ?? 0;

/** The lead sets the team up; each annotator joins; every sync runs and settles. */
async function setUpRecovery(scenario: RecoveryScenario): Promise<void> {
  const { data, team } = await loadBenchStudy(scenario.bundleUrl, scenario.annotators);
  const studyId = data.study.id;
  const lead = connectionId('lead', studyId);
  const leadName = `bench-recovery-lead-${studyId}`;
  await deleteDatabase(leadName);
  const leadDb = new StudioDatabase(leadName);
  world.names.push(leadName);
  const leadAdmission = { origin: new URL(scenario.server.url).origin, user: scenario.server.user, password: () => Promise.resolve(scenario.server.password) };
  const leadDeps: SyncDeps = { db: leadDb, openPouch: openPouchFor('bench-recovery-lead-'), send: admitted(lead, leadAdmission) };
  await importStudies(leadDb, [data]);
  await assignTeam(leadDb, studyId, { annotators: team, overlap: 1, difficultyOverlap: scenario.annotators, seed: 29, now: CREATED_AT });
  await connectLead(leadDeps, { studyId, server: scenario.server.url, user: scenario.server.user });
  const invitations = await inviteAnnotators(leadDeps, studyId, undefined);

  for (const [index, invited] of invitations.entries()) {
    const invitation = { ...invited, server: scenario.annotatorServers[index] ?? invited.server };
    const name = `bench-recovery-annotator-${index}`;
    await deleteDatabase(name);
    world.names.push(name);
    const db = new StudioDatabase(name);
    const admission = { origin: new URL(invitation.server).origin, user: invitation.user, password: () => Promise.resolve(invitation.password) };
    const deps: SyncDeps = { db, openPouch: openPouchFor(`${name}-`), send: admitted(connectionId('annotator', studyId), admission) };
    await joinInvitation(deps, invitation);
    const member: Member = {
      invitation,
      db,
      sync: startAnnotatorSync(deps, studyId, (status) => {
        member.status = status;
        onChange();
      }),
    };
    world.members.push(member);
  }
  const pull = startLeadPull(leadDeps, studyId, (status) => {
    world.leadStatus = status;
    onChange();
  });
  world.lead = { db: leadDb, ...pull };
  await until(
    () =>
      world.members.every((member) => member.status?.state === 'synced') &&
      world.leadStatus?.databases.length === world.members.length &&
      world.leadStatus.databases.every((database) => database.state === 'current'),
  );
}

/** With the server stopped: each annotator rates `labelsOffline` puzzles, and waits until every push says offline. */
async function labelOffline(scenario: RecoveryScenario): Promise<number> {
  for (const [index, member] of world.members.entries()) {
    const { study, annotator } = member.invitation;
    const units = ((await member.db.assignments.get([study.id, annotator.id, 'difficulty']))?.units ?? []).slice(0, scenario.labelsOffline);
    const prng = createPrng(29 + index);
    const labels: Label[] = units.map((unitId) => ({
      studyId: study.id,
      annotatorId: annotator.id,
      unitId,
      task: 'difficulty',
      value: randomLabelValue('difficulty', prng),
      at: new Date().toISOString(),
      rev: 1,
      unsure: false,
      note: '',
    }));
    await member.db.labels.bulkPut(labels);
    member.sync.labelsWritten(units.map((unitId) => ({ task: 'difficulty', unitId })));
    world.expected += labels.length;
  }
  await until(
    () =>
      world.members.every((member) => member.status?.state === 'offline' && member.status.waiting === scenario.labelsOffline) &&
      world.leadStatus?.databases.every((database) => database.state === 'offline') === true,
  );
  return world.expected;
}

/** Resolves once every waiting label is on the server and at the lead, with the moment of each. */
async function recovered(): Promise<RecoveryMoments> {
  const onServer = until(() => world.members.every((member) => member.status?.state === 'synced' && member.status.waiting === 0));
  const atLead = until(() => leadCount() >= world.expected);
  const [onServerAt, atLeadAt] = await Promise.all([onServer, atLead]);
  return { onServerAt, atLeadAt };
}

/** Stops every sync and drops every database this page made. */
async function tearDown(): Promise<void> {
  for (const member of world.members) member.sync.stop();
  world.lead?.stop();
  await Promise.all([...world.members.map((member) => member.sync.done), world.lead?.done]);
  for (const member of world.members) member.db.close();
  world.lead?.db.close();
  for (const name of world.names) await deleteDatabase(name);
}

Object.assign(globalThis, { setUpRecovery, labelOffline, recovered, tearDown });
