// The IPC handlers against a hostile page: every channel refuses a foreign sender (other origins,
// subframes, malformed events) before reading the payload, and from the app window only the parsed
// fields reach the dialogs, with no extra keys, defaultPath or __proto__ pollution.

import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/contract';
import { createIpcHandlers } from '../../electron/ipc/handlers';
import type { InvokeEvent, IpcHandlerDeps } from '../../electron/ipc/handlers';

// Hostile senders and payloads against every invoke channel, including channels added after this
// file was written: the dependencies are a trap that records any use, so a refused request must
// leave it untouched whatever the channel does once it is allowed through.

/** Dependencies that record every property read; `overrides` answer for the ones a test expects. */
function trappedDeps(overrides: Partial<IpcHandlerDeps> = {}) {
  const touched: string[] = [];
  const deps = new Proxy(overrides, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      touched.push(key);
      return (target as Record<string, unknown>)[key] ?? vi.fn(async () => undefined);
    },
  }) as IpcHandlerDeps;
  const handlers = Object.entries(createIpcHandlers(deps)) as Array<[string, (event: InvokeEvent, payload: unknown) => Promise<IpcResult<unknown>>]>;
  // Building the handlers may read nothing or everything; only what a request does counts.
  touched.length = 0;
  return { handlers, touched };
}

const fromApp: InvokeEvent = { senderFrame: { url: 'app://studio/index.html', parent: null } };

function frame(url: unknown, parent: unknown = null): InvokeEvent {
  return { senderFrame: { url, parent } } as InvokeEvent;
}

const hostileSenders: Array<[string, InvokeEvent]> = [
  ['a longer host', frame('app://studio.evil/index.html')],
  ['credentials that read as the host', frame('app://studio@evil/index.html')],
  ['credentials before the app host', frame('app://user@studio/index.html')],
  ['a port', frame('app://studio:443/index.html')],
  ['a percent-encoded host', frame('app://%73tudio/index.html')],
  ['a trailing dot on the host', frame('app://studio./index.html')],
  ['a blob URL of the app origin', frame('blob:app://studio/1f0e')],
  ['a file: page of the app', frame('file:///opt/agreement-studio/resources/app.asar/build/web/index.html')],
  ['an https page', frame('https://studio/index.html')],
  ['a javascript: URL', frame('javascript:alert(1)')],
  ['a data: page', frame('data:text/html,<script>window.studio.appInfo()</script>')],
  ['about:srcdoc', frame('about:srcdoc')],
  ['about:blank', frame('about:blank')],
  ['an error page', frame('chrome-error://chromewebdata/')],
  ['developer tools', frame('devtools://devtools/bundled/devtools_app.html')],
  ['an empty URL', frame('')],
  ['a URL with a trailing newline', frame('app://studio/index.html\n')],
  ['a non-string URL', frame(['app://studio/index.html'])],
  ['a URL object', frame(new URL('app://studio/index.html'))],
  ['an app subframe', frame('app://studio/index.html', { url: 'app://studio/index.html' })],
  ['an app frame inside another page', frame('app://studio/index.html', { url: 'https://evil.example/' })],
  ['a frame whose parent is unknown', { senderFrame: { url: 'app://studio/index.html' } } as InvokeEvent],
  ['a destroyed frame', { senderFrame: null }],
  ['no frame at all', {} as InvokeEvent],
];

describe('IPC: every channel refuses a foreign sender before reading the payload', () => {
  const channels = trappedDeps().handlers.map(([channel]) => channel);

  it('covers the known channels', () => {
    expect(channels).toEqual(
      expect.arrayContaining([IPC_CHANNELS.openFiles, IPC_CHANNELS.saveFile, IPC_CHANNELS.saveFiles, IPC_CHANNELS.appInfo, IPC_CHANNELS.openExternal]),
    );
  });

  it.each(hostileSenders)('refuses %s on every channel and touches nothing', async (_label, event) => {
    const { handlers, touched } = trappedDeps();
    for (const [channel, handle] of handlers) {
      // A payload that fails validation too: the sender error must come first, telling a foreign
      // frame nothing about what the channel would accept.
      for (const payload of [undefined, { url: 'https://example.com/' }, { title: 'x', extensions: ['json'], multiple: true }, 'junk']) {
        const result = await handle(event, payload);
        expect(result, channel).toEqual({ ok: false, error: 'Refused: the request did not come from the app window' });
      }
    }
    expect(touched).toEqual([]);
  });
});

describe('IPC: payloads from the app window', () => {
  it('passes only the parsed fields to the open dialog, never extra keys the page adds', async () => {
    const showOpenDialog = vi.fn<IpcHandlerDeps['showOpenDialog']>(async () => ({ canceled: true, filePaths: [] }));
    const { handlers } = trappedDeps({ showOpenDialog });
    const handle = new Map(handlers).get(IPC_CHANNELS.openFiles);
    const payload = {
      title: 'Import',
      extensions: ['json'],
      multiple: false,
      properties: ['openDirectory', 'showHiddenFiles'],
      defaultPath: '/etc',
      filters: [{ name: 'All', extensions: ['*'] }],
    };
    expect(await handle?.(fromApp, payload)).toEqual({ ok: true, value: [] });
    expect(showOpenDialog).toHaveBeenCalledExactlyOnceWith({
      title: 'Import',
      filters: [{ name: 'JSON files', extensions: ['json'] }],
      properties: ['openFile'],
    });
  });

  it('suggests only the bare file name to the save dialog, ignoring a defaultPath the page adds', async () => {
    const showSaveDialog = vi.fn<IpcHandlerDeps['showSaveDialog']>(async () => ({ canceled: true }));
    const { handlers } = trappedDeps({ showSaveDialog });
    const handle = new Map(handlers).get(IPC_CHANNELS.saveFile);
    await handle?.(fromApp, { suggestedName: 'labels.csv', text: 'x', mimeType: 'text/csv', defaultPath: '/home/ann/.bashrc', properties: [] });
    expect(showSaveDialog.mock.calls[0]?.[0].defaultPath).toBe('labels.csv');
  });

  it('is not polluted by a __proto__ key', async () => {
    const openExternal = vi.fn<IpcHandlerDeps['openExternal']>(async () => {});
    const { handlers } = trappedDeps({ openExternal });
    const handle = new Map(handlers).get(IPC_CHANNELS.openExternal);
    const payload: unknown = JSON.parse('{"url":"https://example.com/","__proto__":{"polluted":true,"url":"file:///etc/passwd"}}');
    expect(await handle?.(fromApp, payload)).toEqual({ ok: true, value: null });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [IPC_CHANNELS.openExternal, { url: { toString: () => 'https://example.com/' } }],
    [IPC_CHANNELS.openExternal, { url: ['https://example.com/'] }],
    [IPC_CHANNELS.openExternal, { url: 'https://example.com/', length: 1 }, true],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: Array.from({ length: 100_000 }, () => 'json'), multiple: true }],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['json\u0000'], multiple: true }],
    [IPC_CHANNELS.openFiles, { title: ['x'], extensions: ['json'], multiple: true }],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['json'], multiple: false, purpose: 'everything' }],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['json'], multiple: false, purpose: 'backup' }, true],
    [IPC_CHANNELS.saveFile, { suggestedName: '..\u2215escape.json', text: 'x', mimeType: 'text/plain' }, true],
    [IPC_CHANNELS.saveFile, { suggestedName: 'labels.json', text: new String('x'), mimeType: 'text/plain' }],
    [IPC_CHANNELS.saveFile, { suggestedName: 'labels.json', text: 'x', mimeType: 'text/html\r\nX-Evil: 1' }],
    [IPC_CHANNELS.appInfo, {}],
    [IPC_CHANNELS.appInfo, null],
  ] as Array<[string, unknown, boolean?]>)(
    '%s checks %j (accepted only when it is plain data of the right shape)',
    async (channel, payload, accepted = false) => {
      const { handlers, touched } = trappedDeps({
        showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
        showSaveDialog: vi.fn(async () => ({ canceled: true })),
        openExternal: vi.fn(async () => {}),
      });
      const result = await new Map(handlers).get(channel)?.(fromApp, payload);
      expect(result?.ok).toBe(accepted);
      if (!accepted) expect(touched).toEqual([]);
    },
  );
});
