// The sync worker's work (issue 18) over the app's database and a PouchDB constructor: the lead's
// set-up, pack updates and continuous pull, an annotator's join and continuous push, at most one
// running sync per study. Requests leave through the host's fetch, handed in with each call.

import type { Task } from '../../shared/domain/model';
import type { StudioDatabase } from '../db/database';
import { joinInvitation } from '../sync/annotator-join';
import { outboxName, startAnnotatorSync } from '../sync/annotator-sync';
import { startLeadPull } from '../sync/lead-pull';
import { restoreProtection } from '../sync/lead-protection';
import { connectLead, inviteAnnotators, updatePacks } from '../sync/lead-setup';
import type { OpenPouch } from '../sync/pouchdb-api';
import type { SyncDeps } from '../sync/sync-deps';
import type { HostFetch, SyncWorkerApi } from './sync-protocol';
import { readable } from './worker-support';

interface RunningSync {
  done: Promise<void>;
  stop(): void;
  labelsWritten?(units: ReadonlyArray<{ task: Task; unitId: string }>): void;
  retryNow(): void;
  /** The lead's pull: look again now rather than after its wait. */
  wake?(): void;
}

export function createSyncRunner(db: StudioDatabase, openPouch: OpenPouch): SyncWorkerApi {
  const running = new Map<string, RunningSync>();
  const deps = (fetch: HostFetch): SyncDeps => ({ db, openPouch, send: (request) => fetch(request) });

  /** Makes `sync` the study's one running sync, after the one before has stopped; resolves when it ends. */
  async function run(studyId: string, start: () => RunningSync): Promise<void> {
    const before = running.get(studyId);
    if (before) {
      before.stop();
      await before.done.catch(() => undefined);
    }
    const sync = start();
    running.set(studyId, sync);
    try {
      await readable(() => sync.done);
    } finally {
      if (running.get(studyId) === sync) running.delete(studyId);
    }
  }

  return {
    connectLead: (request, fetch) => readable(() => connectLead(deps(fetch), request)),
    inviteAnnotators: (studyId, annotatorIds, fetch, onProgress) => readable(() => inviteAnnotators(deps(fetch), studyId, annotatorIds, onProgress)),
    updatePacks: (studyId, annotatorIds, fetch) => readable(() => updatePacks(deps(fetch), studyId, annotatorIds)),
    restoreProtection: (studyId, annotatorIds, fetch) =>
      readable(async () => {
        const restored = await restoreProtection(deps(fetch), studyId, annotatorIds);
        running.get(studyId)?.wake?.();
        return restored;
      }),
    startLeadPull: (studyId, fetch, onStatus) =>
      run(studyId, () => {
        const pull = startLeadPull(deps(fetch), studyId, onStatus);
        return { ...pull, retryNow: () => pull.wake() };
      }),
    joinInvitation: (invitation, fetch, onProgress) => readable(() => joinInvitation(deps(fetch), invitation, onProgress)),
    startAnnotatorSync: (studyId, fetch, onStatus) => run(studyId, () => startAnnotatorSync(deps(fetch), studyId, onStatus)),
    labelsWritten(studyId, units) {
      running.get(studyId)?.labelsWritten?.(units);
    },
    retryNow(studyId) {
      running.get(studyId)?.retryNow();
    },
    stop(studyId) {
      running.get(studyId)?.stop();
    },
    async disconnect(studyId) {
      const sync = running.get(studyId);
      if (sync) {
        sync.stop();
        await sync.done.catch(() => undefined);
      }
      // An annotator's outbox goes with the connection; their labels stay in the study.
      const connection = await db.syncConnections.get(studyId);
      if (connection?.role === 'annotator') await readable(() => openPouch(outboxName(studyId)).destroy());
    },
  };
}
