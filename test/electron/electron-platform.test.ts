// The renderer's Electron platform over a fake window.studio bridge: results are unwrapped,
// { ok: false } becomes a thrown Error, subscriptions pass through; and the bridge is detected only
// when window.studio has every method.

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
