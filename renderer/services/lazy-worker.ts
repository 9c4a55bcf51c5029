// A worker started on first use and kept: every worker client calls its worker through this, so
// no worker starts before a page needs it (the lead's study page starts the report worker, to warm
// it ahead of the report) and none starts twice. A worker that fails (an uncaught
// error, a script that does not load, a message it cannot read) answers no pending call, so each
// is rejected with a WorkerStoppedError in words, and the next call starts a fresh worker.

import * as Comlink from 'comlink';

/** A call the worker did not answer because it failed; `message` names the work in a lead's words, never the engine's. */
export class WorkerStoppedError extends Error {
  constructor(what: string) {
    super(`${what} stopped unexpectedly`);
    this.name = 'WorkerStoppedError';
  }
}

/** The worker a call goes to, and the promise that rejects when that worker fails. */
interface Running<Api> {
  remote: Comlink.Remote<Api>;
  stopped: Promise<never>;
}

/**
 * `start` must build the worker as `new Worker(new URL('../workers/x.worker.ts', import.meta.url), …)`
 * written out in the client, the form Vite finds and bundles workers by. `what` names its work
 * for a failure ("the import"). Each method of the returned remote is called on the running worker.
 */
export function lazyWorker<Api>(start: () => Worker, what: string): () => Comlink.Remote<Api> {
  let running: Running<Api> | undefined;
  const run = (): Running<Api> => {
    if (running !== undefined) return running;
    const worker = start();
    let fail: (error: Error) => void = () => undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    // With no call waiting, a failure only means the next call starts afresh.
    stopped.catch(() => undefined);
    const onFailure = (event: Event) => {
      // Handled here: the page says what stopped; the engine's message is not the lead's to read.
      event.preventDefault();
      worker.terminate();
      if (running?.stopped === stopped) running = undefined;
      fail(new WorkerStoppedError(what));
    };
    worker.addEventListener('error', onFailure);
    worker.addEventListener('messageerror', onFailure);
    running = { remote: Comlink.wrap<Api>(worker), stopped };
    return running;
  };
  const guarded = new Proxy(
    {},
    {
      // Not a promise itself: awaiting the remote must not call a worker method named `then`.
      get: (_target, method) =>
        method === 'then'
          ? undefined
          : (...args: unknown[]) => {
              const { remote, stopped } = run();
              const methods = remote as unknown as Record<string | symbol, (...callArgs: unknown[]) => Promise<unknown>>;
              return Promise.race([methods[method]?.(...args), stopped]);
            },
    },
  );
  return () => guarded as Comlink.Remote<Api>;
}

/** For a message that waits for no answer: a stopped worker is reported by the call that waits on it. */
export function ignoreStopped(error: unknown): void {
  if (!(error instanceof WorkerStoppedError)) throw error;
}
