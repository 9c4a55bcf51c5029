// The window's side of the sync worker (issue 18): the lead's server set-up and pull, an
// annotator's join and push. The host's `fetch` goes to the worker as a Comlink proxy, so every
// request leaves through the host, which alone holds the password. The worker starts on first use.

import * as Comlink from 'comlink';
import type { WorkProgress } from '../db/long-work';
import type { Invitation } from '../../shared/sync/invitation';
import type { OpenedPack } from '../db/open-pack';
import type { SyncWorkerApi } from '../workers/sync-protocol';
import { ignoreStopped, lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export function createSyncClient(): SyncWorkerApi {
  const remote = lazyWorker<SyncWorkerApi>(
    () => new Worker(new URL('../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' }),
    'the team server sync',
  );
  return {
    connectLead: (request, fetch) => remote().connectLead(request, Comlink.proxy(fetch)),
    inviteAnnotators: (studyId, annotatorIds, fetch, onProgress) =>
      withProgress<WorkProgress, Invitation[]>(onProgress, (progress) => remote().inviteAnnotators(studyId, annotatorIds, Comlink.proxy(fetch), progress)),
    updatePacks: (studyId, annotatorIds, fetch) => remote().updatePacks(studyId, annotatorIds, Comlink.proxy(fetch)),
    restoreProtection: (studyId, annotatorIds, fetch) => remote().restoreProtection(studyId, annotatorIds, Comlink.proxy(fetch)),
    // Statuses keep coming for as long as the pull or push runs; the last one is the current state.
    startLeadPull: (studyId, fetch, onStatus) => remote().startLeadPull(studyId, Comlink.proxy(fetch), Comlink.proxy(onStatus)),
    joinInvitation: (invitation, fetch, onProgress) =>
      withProgress<WorkProgress, OpenedPack>(onProgress, (progress) => remote().joinInvitation(invitation, Comlink.proxy(fetch), progress)),
    startAnnotatorSync: (studyId, fetch, onStatus) => remote().startAnnotatorSync(studyId, Comlink.proxy(fetch), Comlink.proxy(onStatus)),
    labelsWritten: (studyId, units) => void remote().labelsWritten(studyId, units).catch(ignoreStopped),
    retryNow: (studyId) => void remote().retryNow(studyId).catch(ignoreStopped),
    stop: (studyId) => void remote().stop(studyId).catch(ignoreStopped),
    disconnect: (studyId) => remote().disconnect(studyId),
  };
}
