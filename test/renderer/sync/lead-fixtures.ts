// What the lead's team sync tests share: the demo study assigned to a team in fake-indexeddb, the
// host's TeamServerAccess with the lead's admin account registered, the SyncDeps the sync code takes,
// and an annotator's database opened with their own invitation's credentials.

import type { Invitation } from '../../../shared/sync/invitation';
import { connectionId } from '../../../shared/sync/stored-records';
import type { StudioDatabase } from '../../../renderer/db/database';
import { assignTeam } from '../../../renderer/db/team-setup';
import { openAnnotatorRemote } from '../../../renderer/sync/annotator-remote';
import type { PouchDatabase } from '../../../renderer/sync/pouchdb-api';
import type { SyncDeps } from '../../../renderer/sync/sync-deps';
import { openNodePouch } from '../../support/node-pouchdb';
import { nodeTeamServers, type NodeTeamServers } from '../../support/node-team-servers';
import type { TeamServer } from '../../support/team-server';
import { databaseWith, demoStudy } from '../db/db-fixtures';
import { annotatorComputer } from './annotator-fixtures';

export const TEAM = [
  { id: 'ann-a', name: 'Ann A' },
  { id: 'ann-b', name: 'Ann B' },
  { id: 'ann-c', name: 'Ann C' },
];

export interface LeadWorld {
  db: StudioDatabase;
  studyId: string;
  host: NodeTeamServers;
  deps: SyncDeps;
}

/** The demo study assigned to TEAM (two per puzzle), and the lead's account registered with the host. */
export async function leadWorld(server: TeamServer): Promise<LeadWorld> {
  const data = demoStudy();
  const db = await databaseWith([data]);
  const studyId = data.study.id;
  await assignTeam(db, studyId, { annotators: TEAM, overlap: 2, seed: 7, now: '2026-11-24T08:00:00.000Z' });
  const host = nodeTeamServers();
  await host.register({ connectionId: connectionId('lead', studyId), url: server.url, user: server.admin.user, password: server.admin.password });
  const deps: SyncDeps = { db, openPouch: openNodePouch, send: (request) => host.fetch(request) };
  return { db, studyId, host, deps };
}

/** The annotator's database on the server, opened as their own computer opens it, with their invitation's credentials. */
export async function annotatorPouch(invitation: Invitation): Promise<PouchDatabase> {
  const { deps } = await annotatorComputer(invitation);
  return openAnnotatorRemote(deps, invitation.study.id, invitation.server, invitation.database);
}
