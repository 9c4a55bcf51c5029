// An annotator joins a study from the lead's invitation (issue 18): the packs in their database on
// the team server are read and opened exactly as pack files are, and the study's connection is
// stored, in one transaction, so a join that fails leaves nothing behind. The host already holds
// the invitation's password (the window registered it before calling).

import type { Invitation } from '../../shared/sync/invitation';
import type { SyncConnection } from '../../shared/sync/stored-records';
import type { WorkProgress } from '../db/long-work';
import type { OpenedPack } from '../db/open-pack';
import { openServerPacks, readServerPacks, ServerPackError, type PackTarget } from './annotator-packs';
import { teamDatabaseSource } from './server-request';
import { describeServerFailure, openAnnotatorRemote } from './annotator-remote';
import { syncNow, type SyncDeps } from './sync-deps';

/**
 * Opens the invitation's packs (oldest first) into the annotator's copy of the study and stores
 * the connection (role `annotator`). Throws an Error in words, storing nothing, when the server
 * refuses the account, cannot be reached, holds no complete pack yet, or holds a pack that is not
 * the invitation's or does not fit the study here.
 */
export async function joinInvitation(deps: SyncDeps, invitation: Invitation, onProgress?: (p: WorkProgress) => void): Promise<OpenedPack> {
  const studyId = invitation.study.id;
  const target: PackTarget = { studyId, annotatorId: invitation.annotator.id, fileName: teamDatabaseSource(invitation.server, invitation.database) };
  onProgress?.({ label: `Reading the packs of ${invitation.database}`, done: 0, total: 2 });
  const remote = openAnnotatorRemote(deps, studyId, invitation.server, invitation.database);
  let read: Awaited<ReturnType<typeof readServerPacks>>;
  try {
    read = await readServerPacks(remote, target, new Set());
  } catch (error) {
    if (error instanceof ServerPackError) throw error;
    throw new Error(`The invitation could not be opened: ${describeServerFailure(error).reason}.`, { cause: error });
  } finally {
    await remote.close().catch(() => undefined);
  }
  if (read.packs.length === 0) {
    throw new Error(
      read.incomplete > 0
        ? 'The lead is still putting your pack in your database on the team server; open the invitation again in a moment.'
        : 'The lead has not put a pack in your database on the team server yet; open the invitation again once they have.',
    );
  }

  onProgress?.({ label: `Opening ${read.packs.length} pack${read.packs.length === 1 ? '' : 's'}`, done: 1, total: 2 });
  const { db } = deps;
  const connection: SyncConnection = {
    studyId,
    role: 'annotator',
    server: invitation.server,
    user: invitation.user,
    database: invitation.database,
    // Where the host keeps the password is the host's answer to the window's register; a join
    // again keeps what the window stored, and a first join says the least (this session) until it does.
    credentialStorage: (await db.syncConnections.get(studyId))?.credentialStorage ?? 'session',
    connectedAt: syncNow(deps),
  };
  const opened = await db.transaction(
    'rw',
    [db.studies, db.puzzles, db.sessions, db.turns, db.annotators, db.assignments, db.labels, db.gold, db.audit, db.syncConnections],
    async () => {
      const each = await openServerPacks(deps, read.packs, target);
      await db.syncConnections.put(connection);
      return each;
    },
  );
  onProgress?.({ label: 'Joined', done: 2, total: 2 });
  const last = opened[opened.length - 1] as OpenedPack;
  return {
    ...last,
    newUnits: opened.reduce((sum, one) => sum + one.newUnits, 0),
    alreadyOpened: opened.every((one) => one.alreadyOpened),
    replacedSample: opened.some((one) => one.replacedSample),
  };
}
