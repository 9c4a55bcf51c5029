// The import client hands a file's bytes over to the import worker instead of copying them when
// the page keeps no use for them (issue 27: a 150 MB database was held by the page and the worker
// at once): the worker gets the bytes whole, the page's copy is emptied, and a buffer shared by two
// files goes once. Without the hand-over, the page keeps its bytes. The worker here is Comlink on a
// real MessageChannel, which transfers buffers as a browser's Worker does.

import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { createImportClient } from '../../../renderer/services/import-client';
import type { SourceFile } from '../../../shared/formats/limits';

/** A worker whose importFiles reports the bytes it received, file by file. */
function echoWorker(): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(
    {
      importFiles: (_db: string, files: SourceFile[]) => ({
        ok: false,
        errors: files.map((file) => ({ file: file.name, path: '', message: `${file.bytes?.join(',')}` })),
      }),
    },
    port2,
  );
  const worker = new EventTarget() as EventTarget & { postMessage: MessagePort['postMessage']; terminate(): void };
  port1.addEventListener('message', (event) => worker.dispatchEvent(new MessageEvent('message', { data: (event as MessageEvent).data })));
  port1.start();
  worker.postMessage = (message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) => port1.postMessage(message, transfer as Transferable[]);
  worker.terminate = () => port1.close();
  return worker as unknown as Worker;
}

const filesOf = () => {
  const shared = new Uint8Array([1, 2, 3, 4, 5, 6]);
  return [
    { name: 'users.db', text: '', bytes: new Uint8Array([9, 8, 7]) },
    { name: 'a.db', text: '', bytes: shared.subarray(0, 3) },
    { name: 'b.db', text: '', bytes: shared.subarray(3) },
    { name: 'notes.json', text: '{}' },
  ];
};

const received = ['9,8,7', '1,2,3', '4,5,6', 'undefined'];

describe('the import client', () => {
  it("hands the files' bytes over to the worker, leaving the page's copies empty", async () => {
    const files = filesOf();
    const outcome = await createImportClient(echoWorker).importFiles('db', files, () => undefined, {}, true);
    expect(outcome).toMatchObject({ errors: received.map((message) => ({ message })) });
    expect(files.map((file) => file.bytes?.buffer.byteLength)).toEqual([0, 0, 0, undefined]);
  });

  it('copies them when the page keeps the files', async () => {
    const files = filesOf();
    const outcome = await createImportClient(echoWorker).importFiles('db', files, () => undefined);
    expect(outcome).toMatchObject({ errors: received.map((message) => ({ message })) });
    expect(files.map((file) => file.bytes?.length)).toEqual([3, 3, 3, undefined]);
  });
});
