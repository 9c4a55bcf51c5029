// Progress callbacks for the worker clients. Comlink delivers a proxied callback's calls on a
// MessagePort of its own, so a worker's last progress can reach the window after its result;
// calls that arrive once the work has settled are dropped, or they would undo the final state.

import * as Comlink from 'comlink';

export async function withProgress<P, T>(onProgress: (progress: P) => void, work: (progress: (progress: P) => void) => Promise<T>): Promise<T> {
  let settled = false;
  try {
    return await work(
      Comlink.proxy((progress: P) => {
        if (!settled) onProgress(progress);
      }),
    );
  } finally {
    settled = true;
  }
}
