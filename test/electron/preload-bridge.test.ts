// The preload bridge over a fake ipcRenderer: exactly the seventeen operations, each on its contract
// channel with its IpcResult passed as is, listeners called without the IPC event, separate
// subscriptions, and app:quit-ready answered once the quit listener settles.

import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import { createStudioBridge } from '../../electron/ipc/preload-bridge';
import type { BridgeIpc } from '../../electron/ipc/preload-bridge';

function fakeIpc() {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const ipc = {
    invoke: vi.fn<BridgeIpc['invoke']>(async () => ({ ok: true, value: 'answer' })),
    on: vi.fn<BridgeIpc['on']>((channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
    }),
    removeListener: vi.fn<BridgeIpc['removeListener']>((channel, listener) => {
      listeners.get(channel)?.delete(listener);
    }),
  };
  const send = (channel: string, event: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(event);
  };
  return { ipc, send, listeners };
}

describe('createStudioBridge', () => {
  it('exposes exactly the seventeen operations, all functions', () => {
    const bridge = createStudioBridge(fakeIpc().ipc);
    expect(Object.keys(bridge).sort()).toEqual([
      'appInfo',
      'fetchTeamServer',
      'forgetJudgeEndpoint',
      'forgetTeamServer',
      'listBackups',
      'onBeforeQuit',
      'onImportRequested',
      'openExternal',
      'openFiles',
      'readBackup',
      'registerJudgeEndpoint',
      'registerTeamServer',
      'saveFile',
      'saveFiles',
      'sendJudgeRequest',
      'testJudgeEndpoint',
      'writeBackup',
    ]);
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
  });

  it('sends each operation on its contract channel and returns the IpcResult as is', async () => {
    const { ipc } = fakeIpc();
    const bridge = createStudioBridge(ipc);
    const openRequest = { title: 'Import', extensions: ['json'], multiple: true };
    const saveRequest = { suggestedName: 'a.csv', text: 'x', mimeType: 'text/csv' };
    const saveManyRequest = { title: 'Choose a folder for 1 pack', files: [{ suggestedName: 'ann-1.pack.json', text: '{}', mimeType: 'application/json' }] };

    expect(await bridge.openFiles(openRequest)).toEqual({ ok: true, value: 'answer' });
    await bridge.saveFile(saveRequest);
    await bridge.saveFiles(saveManyRequest);
    await bridge.appInfo();
    await bridge.openExternal('https://example.com/');
    const backup = { studyId: 'demo', name: 'demo.2026-11-22T10-00-00-000Z.backup.json' };
    await bridge.writeBackup({ ...backup, text: '{}' });
    await bridge.listBackups();
    await bridge.readBackup(backup);
    const registration = { endpointId: 'e1', url: 'http://127.0.0.1:11434/v1', apiKey: 'sk-test' };
    await bridge.registerJudgeEndpoint(registration);
    await bridge.forgetJudgeEndpoint('e1');
    const judgeRequest = { endpointId: 'e1', url: 'http://127.0.0.1:11434/v1', model: 'm', temperature: 0, maxTokens: 8, timeoutMs: 1000, messages: [] };
    await bridge.sendJudgeRequest(judgeRequest);
    const testRequest = { endpointId: 'e1', url: 'http://127.0.0.1:11434/v1', model: 'm', timeoutMs: 1000 };
    await bridge.testJudgeEndpoint(testRequest);
    const teamRegistration = { connectionId: 'lead:demo', url: 'https://couch.example.org/', user: 'admin', password: 'pw' };
    await bridge.registerTeamServer(teamRegistration);
    await bridge.forgetTeamServer('lead:demo');
    const teamRequest = { connectionId: 'lead:demo', url: 'https://couch.example.org/_session', method: 'GET', headers: [] };
    await bridge.fetchTeamServer(teamRequest);

    expect(ipc.invoke.mock.calls).toEqual([
      [IPC_CHANNELS.openFiles, openRequest],
      [IPC_CHANNELS.saveFile, saveRequest],
      [IPC_CHANNELS.saveFiles, saveManyRequest],
      [IPC_CHANNELS.appInfo],
      [IPC_CHANNELS.openExternal, { url: 'https://example.com/' }],
      [IPC_CHANNELS.writeBackup, { ...backup, text: '{}' }],
      [IPC_CHANNELS.listBackups],
      [IPC_CHANNELS.readBackup, backup],
      [IPC_CHANNELS.registerJudgeEndpoint, registration],
      [IPC_CHANNELS.forgetJudgeEndpoint, { endpointId: 'e1' }],
      [IPC_CHANNELS.sendJudgeRequest, judgeRequest],
      [IPC_CHANNELS.testJudgeEndpoint, testRequest],
      [IPC_CHANNELS.registerTeamServer, teamRegistration],
      [IPC_CHANNELS.forgetTeamServer, { connectionId: 'lead:demo' }],
      [IPC_CHANNELS.fetchTeamServer, teamRequest],
    ]);
  });

  it('passes failures through untouched', async () => {
    const { ipc } = fakeIpc();
    ipc.invoke.mockResolvedValueOnce({ ok: false, error: 'Refused' });
    expect(await createStudioBridge(ipc).appInfo()).toEqual({ ok: false, error: 'Refused' });
  });

  it('calls the import listener without the IPC event and unsubscribes', () => {
    const { ipc, send, listeners } = fakeIpc();
    const bridge = createStudioBridge(ipc);
    const listener = vi.fn();
    const unsubscribe = bridge.onImportRequested(listener);

    send(IPC_CHANNELS.importRequested, { sender: 'secret ipc event', ports: [] });
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.calls[0]).toEqual([]);

    unsubscribe();
    expect(listeners.get(IPC_CHANNELS.importRequested)?.size).toBe(0);
    send(IPC_CHANNELS.importRequested, {});
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps separate subscriptions independent', () => {
    const { ipc, send } = fakeIpc();
    const bridge = createStudioBridge(ipc);
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = bridge.onImportRequested(first);
    bridge.onImportRequested(second);
    unsubscribeFirst();
    send(IPC_CHANNELS.importRequested, {});
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });

  it('answers app:before-quit on app:quit-ready once the listener settles, also when it fails', async () => {
    const { ipc, send, listeners } = fakeIpc();
    const bridge = createStudioBridge(ipc);
    let finish: () => void = () => {};
    const listener = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const unsubscribe = bridge.onBeforeQuit(listener);

    send(IPC_CHANNELS.beforeQuit, { sender: 'secret ipc event' });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledOnce());
    expect(listener.mock.calls[0]).toEqual([]);
    expect(ipc.invoke).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(ipc.invoke).toHaveBeenCalledExactlyOnceWith(IPC_CHANNELS.quitReady));

    listener.mockImplementationOnce(() => Promise.reject(new Error('disk full')));
    send(IPC_CHANNELS.beforeQuit, {});
    await vi.waitFor(() => expect(ipc.invoke).toHaveBeenCalledTimes(2));

    unsubscribe();
    expect(listeners.get(IPC_CHANNELS.beforeQuit)?.size).toBe(0);
  });
});
