// The prompt searches this window's judge worker is running, with the progress each last reported
// and how the last call ended. Kept per worker client rather than per page, as live-runs.ts keeps
// runs, so leaving the Judges page and coming back still knows which searches are live.

import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { JudgeEndpointAccess } from '../../../shared/platform/studio-platform';
import type { JudgeWorkerApi, SearchLiveProgress } from '../../workers/judge-protocol';

interface LiveSearchesState {
  /** Searches a worker call is under way for, with their last progress (undefined before the first). */
  live: Record<string, SearchLiveProgress | undefined>;
  /** Why a search's last call ended before it ran. */
  stopped: Record<string, string>;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

const stores = new WeakMap<JudgeWorkerApi, StoreApi<LiveSearchesState>>();

function liveSearchesStore(judge: JudgeWorkerApi): StoreApi<LiveSearchesState> {
  let store = stores.get(judge);
  if (store === undefined) {
    store = createStore<LiveSearchesState>(() => ({ live: {}, stopped: {} }));
    stores.set(judge, store);
  }
  return store;
}

export function useLiveSearches<T>(judge: JudgeWorkerApi, selector: (state: LiveSearchesState) => T): T {
  return useStore(liveSearchesStore(judge), selector);
}

/**
 * Runs (or resumes) `searchId` in the worker, its requests going out through the host's send: the
 * worker never sees a key. A search already live is left alone.
 */
export function searchInWorker(judge: JudgeWorkerApi, endpoints: JudgeEndpointAccess, searchId: string): void {
  const store = liveSearchesStore(judge);
  if (searchId in store.getState().live) return;
  store.setState({ live: { ...store.getState().live, [searchId]: undefined }, stopped: without(store.getState().stopped, searchId) });
  judge
    .runSearch(
      searchId,
      (request) => endpoints.send(request),
      (progress) => store.setState({ live: { ...store.getState().live, [searchId]: progress } }),
    )
    .then(
      (outcome) => (outcome.ran ? undefined : outcome.reason),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    .then((reason) => {
      const live = without(store.getState().live, searchId);
      store.setState({ live, stopped: reason === undefined ? store.getState().stopped : { ...store.getState().stopped, [searchId]: reason } });
    });
}
