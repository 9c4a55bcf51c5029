// A worker that fails never leaves a call waiting (issue 27): when the worker reports an error (an
// uncaught throw, a script that does not load) or a message it cannot read, every pending call is
// rejected with a WorkerStoppedError in words, the worker is terminated, and the next call starts a
// fresh one that answers; the import client turns it into a refusal naming the files and saying
// whether anything could have been saved. The worker here is Comlink on a real MessageChannel,
// its far side exposing the import worker's methods, and it fails as a browser Worker does: by an
// `error` event on the page's side.

import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { createImportClient } from '../../../renderer/services/import-client';
import { lazyWorker, WorkerStoppedError } from '../../../renderer/services/lazy-worker';
import type { ImportPhaseProgress, ImportStart } from '../../../renderer/workers/import-protocol';

/** The page's side of a worker: messages over a MessageChannel, Comlink exposing `api` on the other port. */
class ChannelWorker extends EventTarget {
  terminated = false;
  private readonly port: MessagePort;

  constructor(api: object) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    Comlink.expose(api, port2);
    port1.addEventListener('message', (event) => this.dispatchEvent(new MessageEvent('message', { data: (event as MessageEvent).data })));
    port1.start();
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
  }

  /** What a browser does when the worker throws uncaught: an `error` event on this side. */
  fail(kind: 'error' | 'messageerror' = 'error'): void {
    this.dispatchEvent(new Event(kind, { cancelable: true }));
  }
}

/** Workers started so far, each answering `answer` or, while `hang` is set, never answering. */
function workers(answer: () => unknown) {
  const started: ChannelWorker[] = [];
  let hang = true;
  const start = () => {
    const worker = new ChannelWorker({
      ask: () => (hang ? new Promise(() => undefined) : answer()),
      importFiles: async (_db: string, _files: unknown, progress: (p: ImportPhaseProgress) => void) => {
        if (!hang) return answer();
        await progress({ phase: 'parsing', done: 0, total: 1 });
        return new Promise(() => undefined);
      },
      cancelImport: () => undefined,
      commitImport: async (_db: string, _id: string, progress: (p: ImportPhaseProgress) => void) => {
        await progress({ phase: 'writing', done: 0, total: 1 });
        return new Promise(() => undefined);
      },
    });
    started.push(worker);
    return worker as unknown as Worker;
  };
  return { started, start, answerNow: () => (hang = false) };
}

describe('a worker that fails', () => {
  it.each(['error', 'messageerror'] as const)('rejects the pending calls on %s, and the next call starts a fresh worker that answers', async (kind) => {
    const pool = workers(() => 'answered');
    const remote = lazyWorker<{ ask(): Promise<string> }>(pool.start, 'the report');
    const pending = [remote().ask(), remote().ask()];
    await expect.poll(() => pool.started.length).toBe(1);
    pool.started[0]?.fail(kind);
    for (const call of pending) await expect(call).rejects.toEqual(new WorkerStoppedError('the report'));
    await expect(pending[0]).rejects.toThrow('the report stopped unexpectedly');
    expect(pool.started[0]?.terminated).toBe(true);
    pool.answerNow();
    await expect(remote().ask()).resolves.toBe('answered');
    expect(pool.started).toHaveLength(2);
  });

  it('keeps one worker for every call while it works, and is not itself awaited as a promise', async () => {
    const pool = workers(() => 'answered');
    pool.answerNow();
    const remote = lazyWorker<{ ask(): Promise<string> }>(pool.start, 'the report');
    expect(await Promise.all([remote().ask(), remote().ask()])).toEqual(['answered', 'answered']);
    expect(await Promise.resolve(remote())).toBe(remote());
    expect(pool.started).toHaveLength(1);
  });
});

describe('the import client when its worker fails', () => {
  const files = [
    { name: 'run/log.json', text: '{}' },
    { name: 'run/config.yaml', text: 'a: 1' },
  ];

  it('refuses the import while reading, naming the files: nothing was saved; the next import answers', async () => {
    const done: ImportStart = { ok: true, studies: [] };
    const pool = workers(() => done);
    const client = createImportClient(pool.start);
    const seen: ImportPhaseProgress[] = [];
    const outcome = client.importFiles('db', files, (progress) => seen.push(progress));
    await expect.poll(() => seen.length).toBe(1);
    pool.started[0]?.fail();
    expect(await outcome).toEqual({
      ok: false,
      errors: [{ file: 'run/log.json, run/config.yaml', path: '', message: 'the import stopped unexpectedly while reading these files; nothing was saved' }],
    });
    pool.answerNow();
    expect(await client.importFiles('db', files, () => undefined)).toEqual(done);
    await expect(client.cancelImport('gone')).resolves.toBeUndefined();
  });

  it('says a study is saved whole or not at all when it stopped while saving', async () => {
    const pool = workers(() => undefined);
    const client = createImportClient(pool.start);
    const seen: ImportPhaseProgress[] = [];
    const outcome = client.commitImport('db', 'request-1', (progress) => seen.push(progress));
    await expect.poll(() => seen.length).toBe(1);
    pool.started[0]?.fail();
    expect(await outcome).toEqual({
      ok: false,
      errors: [
        {
          file: '',
          path: '',
          message: 'the import stopped unexpectedly while saving these files; a study is saved whole or not at all, so the library shows whether it was',
        },
      ],
    });
  });
});
