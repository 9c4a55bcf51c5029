// The runs this window's judge worker is running, with the progress each last reported and how
// the last call ended. Kept per worker client rather than per page, so leaving the Judges page and
// coming back still knows which runs are live (and does not offer to resume them a second time).

import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RunProgress } from '../../../shared/judge-run/runner';
import type { JudgeEndpointAccess } from '../../../shared/platform/studio-platform';
import type { JudgeWorkerApi } from '../../workers/judge-protocol';

interface LiveRunsState {
  /** Runs a worker call is under way for, with their last progress (undefined before the first). */
  live: Record<string, RunProgress | undefined>;
  /** Why a run's last call ended without applying its labels. */
  stopped: Record<string, string>;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

const stores = new WeakMap<JudgeWorkerApi, StoreApi<LiveRunsState>>();

function liveRunsStore(judge: JudgeWorkerApi): StoreApi<LiveRunsState> {
  let store = stores.get(judge);
  if (store === undefined) {
    store = createStore<LiveRunsState>(() => ({ live: {}, stopped: {} }));
    stores.set(judge, store);
  }
  return store;
}

export function useLiveRuns<T>(judge: JudgeWorkerApi, selector: (state: LiveRunsState) => T): T {
  return useStore(liveRunsStore(judge), selector);
}

/**
 * Runs (or resumes) `runId` in the worker. Requests go out through the host's send: the worker
 * never sees a key. A run already live is left alone.
 */
export function runInWorker(judge: JudgeWorkerApi, endpoints: JudgeEndpointAccess, runId: string): void {
  const store = liveRunsStore(judge);
  if (runId in store.getState().live) return;
  store.setState({ live: { ...store.getState().live, [runId]: undefined }, stopped: without(store.getState().stopped, runId) });
  // The client passes both callbacks to the worker as Comlink proxies and drops progress that
  // arrives after the run's answer.
  judge
    .run(
      runId,
      (request) => endpoints.send(request),
      (progress: RunProgress) => store.setState({ live: { ...store.getState().live, [runId]: progress } }),
    )
    .then(
      (outcome) => (outcome.applied ? undefined : outcome.reason),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    .then((reason) => {
      const live = without(store.getState().live, runId);
      store.setState({ live, stopped: reason === undefined ? store.getState().stopped : { ...store.getState().stopped, [runId]: reason } });
    });
}
