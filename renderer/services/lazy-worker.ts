// A worker started on first use and kept: every worker client calls its worker through this, so
// no worker starts before a page needs it and none starts twice.

import * as Comlink from 'comlink';

/**
 * `start` must build the worker as `new Worker(new URL('../workers/x.worker.ts', import.meta.url), …)`
 * written out in the client, the form Vite finds and bundles workers by.
 */
export function lazyWorker<Api>(start: () => Worker): () => Comlink.Remote<Api> {
  let worker: Comlink.Remote<Api> | undefined;
  return () => (worker ??= Comlink.wrap<Api>(start()));
}
