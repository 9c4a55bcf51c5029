// Runs the team server syncs of this computer's studies in the sync worker: the lead's pull or an
// annotator's push, started for each stored connection when the app starts and when a study
// connects, stopped on disconnect; each run's statuses go to the sync status store the UI reads.

import type { StudioPlatform } from '../../shared/platform/studio-platform';
import type { SyncConnection } from '../../shared/sync/stored-records';
import type { Task } from '../../shared/domain/model';
import type { StudioDatabase } from '../db/database';
import { describeStorageError } from '../db/storage';
import type { HostFetch } from '../workers/sync-protocol';
import type { StudioServices } from './services';

export type SyncServices = Pick<StudioServices, 'platform' | 'workers' | 'syncStatuses'>;

/** The host's fetch as the worker is handed it: every request leaves through the host, which adds the password. */
export function hostFetch(platform: StudioPlatform): HostFetch {
  return (request) => platform.teamServers.fetch(request);
}

let runs = 0;

/** Starts the study's pull (lead) or push (annotator) unless one already runs. */
export function startSync({ platform, workers, syncStatuses }: SyncServices, studyId: string, role: SyncConnection['role']): void {
  if (syncStatuses.getState().running[studyId] !== undefined) return;
  const run = (runs += 1);
  syncStatuses.getState().started(studyId, { role, run });
  const fetch = hostFetch(platform);
  const done =
    role === 'lead'
      ? workers.sync.startLeadPull(studyId, fetch, (status) => syncStatuses.getState().reportLead(run, status))
      : workers.sync.startAnnotatorSync(studyId, fetch, (status) => syncStatuses.getState().reportAnnotator(run, status));
  done.then(
    () => syncStatuses.getState().finished(studyId, run),
    (error: unknown) => syncStatuses.getState().finished(studyId, run, describeStorageError(error)),
  );
}

/** Stops the study's pull or push; what was sent stays sent, what waits stays here. */
export function stopSync({ workers, syncStatuses }: SyncServices, studyId: string): void {
  const running = syncStatuses.getState().running[studyId];
  workers.sync.stop(studyId);
  if (running) syncStatuses.getState().finished(studyId, running.run);
}

/** Tries the running pull or push of the study, or of every study, again at once where the server could not be reached. */
export function retrySyncNow({ workers, syncStatuses }: SyncServices, studyId?: string): void {
  for (const id of Object.keys(syncStatuses.getState().running)) if (studyId === undefined || id === studyId) workers.sync.retryNow(id);
}

/** Back on a network (the window's `online` event), every running sync tries at once rather than at its next try; returns the unsubscribe. */
export function retryWhenOnline(services: SyncServices, window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>): () => void {
  const online = () => retrySyncNow(services);
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
}

/** Starts the sync of every study connected on this computer: called once the app starts. */
export async function startStoredSyncs(services: SyncServices & { db: StudioDatabase }): Promise<void> {
  for (const connection of await services.db.syncConnections.toArray()) startSync(services, connection.studyId, connection.role);
}

/** Whether two of the annotator's devices gave the unit different labels, as their sync last reported. */
export function unitInConflict({ syncStatuses }: Pick<SyncServices, 'syncStatuses'>, studyId: string, task: Task, unitId: string): boolean {
  return syncStatuses.getState().annotator[studyId]?.conflicts?.some((conflict) => conflict.task === task && conflict.unit === unitId) ?? false;
}

/** Tells the annotator's push about labels just stored, when the study syncs here; otherwise the next start sends them. */
export function labelsWritten({ workers, syncStatuses }: SyncServices, studyId: string, units: ReadonlyArray<{ task: Task; unitId: string }>): void {
  if (syncStatuses.getState().running[studyId]?.role === 'annotator') workers.sync.labelsWritten(studyId, units);
}
