// The judge bench's loopback server in a thread of its own (issue 30 point 4). A real endpoint
// parses, waits and answers on another machine; run in the bench's own thread, the fake server's
// parsing and answering of 10,000 requests took turns with the runner's and made the run look
// slower than the runner is. Here the runner's thread holds only what the studio itself does:
// the requests, the journal and the scheduling.

import { parentPort, workerData } from 'node:worker_threads';
import { startFakeChatServer } from '../../test/support/fake-chat-server';

/** What the thread is started with: each reply's delay, and for the search bench the proposals it answers the search's reflective requests with. */
export interface JudgeServerThreadData {
  delayMs: number;
  proposals?: string[];
}
/** What the bench asks of the thread. */
export type JudgeServerRequest = { kind: 'answered' } | { kind: 'close' };
/** What the thread tells the bench: its address once listening, then one reply per request. */
export type JudgeServerMessage = { kind: 'listening'; url: string } | { kind: 'answered'; count: number } | { kind: 'closed' };

const port = parentPort;
if (port === null) throw new Error('judge-server-thread runs as a worker thread');
const { delayMs, proposals } = workerData as JudgeServerThreadData;
const server = await startFakeChatServer({ delayMs, keepLog: false, ...(proposals !== undefined ? { proposals } : {}) });
const tell = (message: JudgeServerMessage) => port.postMessage(message);
port.on('message', (request: JudgeServerRequest) => {
  if (request.kind === 'answered') tell({ kind: 'answered', count: server.answered() });
  else void server.close().then(() => tell({ kind: 'closed' }));
});
tell({ kind: 'listening', url: server.url });
