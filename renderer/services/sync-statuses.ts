// The live state of each study's team server sync on this computer, as the worker last reported
// it: the lead's pull of every annotator database, or an annotator's push. UI state only: what
// lasts (connections, pulled counts) is in IndexedDB; this is what is happening now.

import { createStore } from 'zustand/vanilla';
import type { AnnotatorSyncStatus, LeadSyncStatus } from '../workers/sync-protocol';

/** A pull or push running in the sync worker; `run` tells one start from the next, so a late end of an old run changes nothing. */
export interface RunningSync {
  role: 'lead' | 'annotator';
  run: number;
}

export interface SyncStatusState {
  running: Readonly<Record<string, RunningSync>>;
  lead: Readonly<Record<string, LeadSyncStatus>>;
  annotator: Readonly<Record<string, AnnotatorSyncStatus>>;
  /** Why a study's sync ended by itself (the worker gave up on it), in words. */
  ended: Readonly<Record<string, string>>;
  started(studyId: string, sync: RunningSync): void;
  reportLead(run: number, status: LeadSyncStatus): void;
  reportAnnotator(run: number, status: AnnotatorSyncStatus): void;
  /** The run stopped: `reason` when it ended by itself rather than on request. */
  finished(studyId: string, run: number, reason?: string): void;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

export function createSyncStatusStore() {
  return createStore<SyncStatusState>()((set) => {
    const isRunning = (state: SyncStatusState, studyId: string, run: number) => state.running[studyId]?.run === run;
    return {
      running: {},
      lead: {},
      annotator: {},
      ended: {},
      started: (studyId, sync) =>
        set((state) => ({
          running: { ...state.running, [studyId]: sync },
          lead: without(state.lead, studyId),
          annotator: without(state.annotator, studyId),
          ended: without(state.ended, studyId),
        })),
      // A status the worker sent just before a stop can arrive after it: only the running sync reports.
      reportLead: (run, status) => set((state) => (isRunning(state, status.studyId, run) ? { lead: { ...state.lead, [status.studyId]: status } } : state)),
      reportAnnotator: (run, status) =>
        set((state) => (isRunning(state, status.studyId, run) ? { annotator: { ...state.annotator, [status.studyId]: status } } : state)),
      finished: (studyId, run, reason) =>
        set((state) =>
          isRunning(state, studyId, run)
            ? {
                running: without(state.running, studyId),
                lead: without(state.lead, studyId),
                annotator: without(state.annotator, studyId),
                ended: reason === undefined ? state.ended : { ...state.ended, [studyId]: reason },
              }
            : state,
        ),
    };
  });
}

export type SyncStatusStore = ReturnType<typeof createSyncStatusStore>;
