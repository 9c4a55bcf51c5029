// The renderer's Electron platform over a fake window.studio bridge: results are unwrapped,
// { ok: false } becomes a thrown Error (a refused judge or team server request an outcome), subscriptions pass
// through; and the bridge is detected only when window.studio has every method.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioBridge } from '../../shared/ipc/bridge';
import { createElectronPlatform, detectElectronBridge } from '../../renderer/platform/electron';

function fakeBridge(overrides: Partial<StudioBridge> = {}): StudioBridge {
  return {
    openFiles: vi.fn(async () => ({ ok: true as const, value: [{ name: 'a.json', size: 2, text: '{}' }] })),
    saveFile: vi.fn(async () => ({ ok: true as const, value: { saved: true as const, name: 'a.csv' } })),
    saveFiles: vi.fn(async () => ({ ok: true as const, value: { saved: true as const, count: 2, where: '/home/lead/packs' } })),
    appInfo: vi.fn(async () => ({ ok: true as const, value: { name: 'Agreement Studio', version: '1.0.0', host: 'electron' as const } })),
    openExternal: vi.fn(async () => ({ ok: true as const, value: null })),
    onImportRequested: vi.fn(() => () => {}),
    writeBackup: vi.fn(async () => ({
      ok: true as const,
      value: { studyId: 'demo', name: 'demo.2026-11-22T10-00-00-000Z.backup.json', size: 2, createdAt: '2026-11-22T10:00:00.000Z' },
    })),
    listBackups: vi.fn(async () => ({ ok: true as const, value: [] })),
    readBackup: vi.fn(async () => ({ ok: true as const, value: '{}' })),
    onBeforeQuit: vi.fn(() => () => {}),
    registerJudgeEndpoint: vi.fn(async () => ({ ok: true as const, value: { hasKey: true, keyStorage: 'system' as const } })),
    forgetJudgeEndpoint: vi.fn(async () => ({ ok: true as const, value: null })),
    sendJudgeRequest: vi.fn(async () => ({ ok: true as const, value: { ok: true as const, reply: 'Yes', tokensIn: 3, tokensOut: 1 } })),
    testJudgeEndpoint: vi.fn(async () => ({ ok: true as const, value: { ok: true as const, models: ['llama3'], message: 'Connected.' } })),
    registerTeamServer: vi.fn(async () => ({ ok: true as const, value: { credentialStorage: 'system' as const } })),
    forgetTeamServer: vi.fn(async () => ({ ok: true as const, value: null })),
    fetchTeamServer: vi.fn(async () => ({ ok: true as const, value: { ok: true as const, status: 200, headers: [], body: '{"ok":true}' } })),
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createElectronPlatform', () => {
  it('unwraps successful results', async () => {
    const platform = createElectronPlatform(fakeBridge());
    expect(await platform.openFiles({ title: 'Import', extensions: ['json'], multiple: true })).toEqual([{ name: 'a.json', size: 2, text: '{}' }]);
    expect(await platform.saveFile({ suggestedName: 'a.csv', text: 'x', mimeType: 'text/csv' })).toEqual({ saved: true, name: 'a.csv' });
    expect(await platform.saveFiles({ title: 'Packs', files: [] })).toEqual({ saved: true, count: 2, where: '/home/lead/packs' });
    expect(await platform.appInfo()).toEqual({ name: 'Agreement Studio', version: '1.0.0', host: 'electron' });
    await expect(platform.openExternal('https://example.com/')).resolves.toBeUndefined();
  });

  it('turns { ok: false } into a thrown Error with its message', async () => {
    const failure = async () => ({ ok: false as const, error: 'huge.json is 300 MB; the limit is 200 MB' });
    const platform = createElectronPlatform(fakeBridge({ openFiles: failure, saveFile: failure, saveFiles: failure, appInfo: failure, openExternal: failure }));
    await expect(platform.openFiles({ title: 'Import', extensions: ['json'], multiple: true })).rejects.toThrow('huge.json is 300 MB; the limit is 200 MB');
    await expect(platform.saveFile({ suggestedName: 'a.csv', text: 'x', mimeType: 'text/csv' })).rejects.toThrow(Error);
    await expect(platform.saveFiles({ title: 'Packs', files: [] })).rejects.toThrow(Error);
    await expect(platform.appInfo()).rejects.toThrow(Error);
    await expect(platform.openExternal('http://example.com/')).rejects.toThrow(Error);
  });

  it('offers the stored snapshots, unwrapping results and failures alike', async () => {
    const failure = async () => ({ ok: false as const, error: 'Refused: not a snapshot name' });
    const backups = createElectronPlatform(fakeBridge()).backups;
    const request = { studyId: 'demo', name: 'demo.2026-11-22T10-00-00-000Z.backup.json' };
    expect(await backups?.write({ ...request, text: '{}' })).toEqual({ ...request, size: 2, createdAt: '2026-11-22T10:00:00.000Z' });
    expect(await backups?.list()).toEqual([]);
    expect(await backups?.read(request)).toBe('{}');
    const refusing = createElectronPlatform(fakeBridge({ writeBackup: failure, listBackups: failure, readBackup: failure })).backups;
    await expect(refusing?.write({ ...request, text: '{}' })).rejects.toThrow('Refused: not a snapshot name');
    await expect(refusing?.list()).rejects.toThrow(Error);
    await expect(refusing?.read(request)).rejects.toThrow(Error);
  });

  it('passes the quit subscription and its unsubscribe function through', () => {
    const unsubscribe = vi.fn();
    const bridge = fakeBridge({ onBeforeQuit: vi.fn(() => unsubscribe) });
    const listener = vi.fn(async () => {});
    expect(createElectronPlatform(bridge).backups?.onBeforeQuit(listener)).toBe(unsubscribe);
    expect(bridge.onBeforeQuit).toHaveBeenCalledWith(listener);
  });

  it('passes the import subscription and its unsubscribe function through', () => {
    const unsubscribe = vi.fn();
    const bridge = fakeBridge({ onImportRequested: vi.fn(() => unsubscribe) });
    const listener = vi.fn();
    expect(createElectronPlatform(bridge).onImportRequested(listener)).toBe(unsubscribe);
    expect(bridge.onImportRequested).toHaveBeenCalledWith(listener);
  });
});

describe('createElectronPlatform().judgeEndpoints', () => {
  const request = { endpointId: 'e1', url: 'http://127.0.0.1:11434/v1', model: 'm', temperature: 0, maxTokens: 8, timeoutMs: 1000, messages: [] };

  it('registers (the main process sends, so no reload is ever needed), forgets and sends', async () => {
    const bridge = fakeBridge();
    const judge = createElectronPlatform(bridge).judgeEndpoints;
    expect(await judge.register({ endpointId: 'e1', url: request.url, apiKey: 'sk-1' })).toEqual({
      hasKey: true,
      keyStorage: 'system',
      reloadToConnect: false,
    });
    await judge.forget('e1');
    expect(bridge.forgetJudgeEndpoint).toHaveBeenCalledExactlyOnceWith('e1');
    expect(await judge.send(request)).toEqual({ ok: true, reply: 'Yes', tokensIn: 3, tokensOut: 1 });
  });

  it('turns a refused judge:send into a refused outcome, never a throw, and a refused register into an Error', async () => {
    const failure = vi.fn(async () => ({ ok: false as const, error: 'Invalid judge:send request: url: must be an http or https address' }));
    const judge = createElectronPlatform(fakeBridge({ sendJudgeRequest: failure, registerJudgeEndpoint: failure })).judgeEndpoints;
    expect(await judge.send(request)).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: 'Invalid judge:send request: url: must be an http or https address' },
    });
    await expect(judge.register({ endpointId: 'e1', url: 'ftp://x' })).rejects.toThrow(/Invalid judge:send request/);
  });
});

describe('createElectronPlatform().teamServers', () => {
  const request = { connectionId: 'lead:demo', url: 'https://couch.example.org/_session', method: 'GET', headers: [] };

  it('registers (the main process sends, so no reload is ever needed), forgets and fetches', async () => {
    const bridge = fakeBridge();
    const team = createElectronPlatform(bridge).teamServers;
    expect(await team.register({ connectionId: 'lead:demo', url: 'https://couch.example.org/', user: 'admin', password: 'pw' })).toEqual({
      credentialStorage: 'system',
      reloadToConnect: false,
    });
    await team.forget('lead:demo');
    expect(bridge.forgetTeamServer).toHaveBeenCalledExactlyOnceWith('lead:demo');
    expect(await team.fetch(request)).toEqual({ ok: true, status: 200, headers: [], body: '{"ok":true}' });
    expect(bridge.fetchTeamServer).toHaveBeenCalledExactlyOnceWith(request);
  });

  it('turns a refused team:fetch into a refused answer, never a throw, and a refused register into an Error', async () => {
    const failure = vi.fn(async () => ({ ok: false as const, error: 'Refused: the server address must start with https://' }));
    const team = createElectronPlatform(fakeBridge({ fetchTeamServer: failure, registerTeamServer: failure })).teamServers;
    expect(await team.fetch(request)).toEqual({ ok: false, reason: 'Refused: the server address must start with https://' });
    await expect(team.register({ connectionId: 'lead:demo', url: 'http://couch.example.org/', user: 'admin' })).rejects.toThrow(/must start with https/);
  });
});

describe('detectElectronBridge', () => {
  it('finds nothing outside a window', () => {
    expect(detectElectronBridge()).toBeUndefined();
  });

  it('finds nothing in a plain browser page', () => {
    vi.stubGlobal('window', {});
    expect(detectElectronBridge()).toBeUndefined();
  });

  it('returns window.studio when it has every method', () => {
    const bridge = fakeBridge();
    vi.stubGlobal('window', { studio: bridge });
    expect(detectElectronBridge()).toBe(bridge);
  });

  it.each([null, 'studio', 42, { openFiles: () => {} }, { ...fakeBridge(), appInfo: 'not a function' }, { ...fakeBridge(), saveFiles: undefined }])(
    'ignores a malformed window.studio %#',
    (studio) => {
      vi.stubGlobal('window', { studio });
      expect(detectElectronBridge()).toBeUndefined();
    },
  );
});
