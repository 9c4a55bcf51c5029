// The benches' side of the loopback server thread (judge-server-thread.ts): starts the thread,
// waits for its address, and asks it how many requests it answered and to close. Used by the
// judge bench and the prompt-search bench; `judge-server-thread.mjs` is bundled beside each.

import { Worker } from 'node:worker_threads';
import type { JudgeServerMessage, JudgeServerRequest, JudgeServerThreadData } from './judge-server-thread';

/** The loopback server in its own thread, started with `workerData`. */
export async function startServerThread(workerData: JudgeServerThreadData) {
  const thread = new Worker(new URL('./judge-server-thread.mjs', import.meta.url), { workerData });
  const next = <K extends JudgeServerMessage['kind']>(kind: K) =>
    new Promise<Extract<JudgeServerMessage, { kind: K }>>((resolve, reject) => {
      const onMessage = (message: JudgeServerMessage) => {
        if (message.kind !== kind) return;
        thread.off('message', onMessage);
        thread.off('error', reject);
        resolve(message as Extract<JudgeServerMessage, { kind: K }>);
      };
      thread.on('message', onMessage);
      thread.once('error', reject);
    });
  const tell = (request: JudgeServerRequest) => thread.postMessage(request);
  const { url } = await next('listening');
  return {
    url,
    answered: async () => {
      const reply = next('answered');
      tell({ kind: 'answered' });
      return (await reply).count;
    },
    close: async () => {
      const reply = next('closed');
      tell({ kind: 'close' });
      await reply;
      await thread.terminate();
    },
  };
}
