// SECURITY.md's checklist pinned in code: the window's web preferences, the CSP, where permission
// handlers are installed, what the electron/ sources may call (read as text), the preload bridge's
// surface, and Electron's one exact version.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import { createStudioBridge } from '../../electron/ipc/preload-bridge';
import type { BridgeIpc } from '../../electron/ipc/preload-bridge';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import { mainWindowOptions } from '../../electron/window-options';

// The checklist items of SECURITY.md that are settings rather than behaviour: pinned here so a
// change to any of them fails a test instead of passing review unnoticed.

const repo = fileURLToPath(new URL('../..', import.meta.url));

function electronSources(dir = join(repo, 'electron')): Array<{ path: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return electronSources(path);
    return entry.name.endsWith('.ts') ? [{ path: relative(repo, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

/** Files of electron/ whose code (comments stripped) matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return electronSources()
    .filter(({ text }) => pattern.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
    .map(({ path }) => path)
    .sort();
}

describe('window preferences (items 2, 3, 4, 6, 8, 9, 10, 11, 12)', () => {
  it('are exactly the reviewed set: no Blink or experimental features, no extra arguments, no webviews', () => {
    expect(mainWindowOptions({ preload: '/app/build/electron/preload.cjs', isPackaged: true }).webPreferences).toEqual({
      preload: '/app/build/electron/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    });
  });

  it('are the only web preferences in the main process, and the main window is the only window', () => {
    expect(filesMatching(/webPreferences/)).toEqual(['electron/window-options.ts']);
    expect(filesMatching(/new BrowserWindow\((?!mainWindowOptions\()/)).toEqual([]);
    expect(filesMatching(/new (BrowserView|WebContentsView|webContents)\b/)).toEqual([]);
  });
});

describe('content security policy (items 1 and 7)', () => {
  it('allows nothing but the app itself, plus data: images and compiling WebAssembly', () => {
    const sources = CONTENT_SECURITY_POLICY.split('; ').flatMap((directive) => {
      const [name, ...values] = directive.split(' ');
      return values.map((value) => `${name} ${value}`);
    });
    // 'wasm-unsafe-eval' compiles sql.js's WebAssembly for the SQLite import; JavaScript eval stays refused.
    expect(sources.filter((source) => !/ '(self|none)'$/.test(source))).toEqual(["script-src 'wasm-unsafe-eval'", 'img-src data:']);
    expect(CONTENT_SECURITY_POLICY).toContain("worker-src 'self';");
  });
});

describe('permission handlers (item 5)', () => {
  it('are installed only by the two policies, on the one session and every webContents', () => {
    const handlers =
      /\.set(PermissionRequest|PermissionCheck|DevicePermission|DisplayMediaRequest|BluetoothPairing|USBProtectedClasses)Handler\(|'select-(hid-device|usb-device|serial-port)'/;
    expect(filesMatching(handlers)).toEqual(['electron/security/permissions.ts']);
    expect(filesMatching(/'select-bluetooth-device'/)).toEqual(['electron/security/web-contents-policy.ts']);
    expect(filesMatching(/fromPartition\(|fromPath\(|partition:/)).toEqual([]);
    const main = readFileSync(join(repo, 'electron', 'main.ts'), 'utf8');
    expect(main).toContain('applyPermissionPolicy(session.defaultSession);');
    expect(main).toContain("app.on('web-contents-created', (_event, contents) => applyWebContentsPolicy(contents, ");
  });
});

describe('main-process sources (items 13, 15, 17, 18, 20)', () => {
  it('never load file:// pages or files', () => {
    expect(filesMatching(/loadFile\(|['"`]file:/)).toEqual([]);
  });

  it('register only the app scheme as privileged', () => {
    expect(filesMatching(/registerSchemesAsPrivileged\((?!\[APP_CUSTOM_SCHEME\]\))/)).toEqual([]);
  });

  it('call shell.openExternal only from the composition root, which hands it to the URL-checking policies', () => {
    expect(filesMatching(/shell\.openExternal/)).toEqual(['electron/main.ts']);
  });

  it('receive IPC only through the sender-checking handlers', () => {
    expect(filesMatching(/ipcMain\.(on|once|handleOnce|addListener)\(/)).toEqual([]);
    expect(filesMatching(/ipcMain\.handle\(/)).toEqual(['electron/ipc/handlers.ts']);
  });

  it('expose exactly one object to the page, built by the preload bridge', () => {
    expect(filesMatching(/exposeInMainWorld\(/)).toEqual(['electron/preload.ts']);
    expect(readFileSync(join(repo, 'electron', 'preload.ts'), 'utf8')).toContain(
      'contextBridge.exposeInMainWorld(STUDIO_BRIDGE_KEY, createStudioBridge(ipcRenderer));',
    );
  });
});

describe('the preload bridge (item 20)', () => {
  function fakeIpc() {
    const listeners = new Map<string, Array<(event: unknown, ...args: unknown[]) => void>>();
    const ipc: BridgeIpc = {
      invoke: vi.fn(async () => ({ ok: true, value: null })),
      on: vi.fn((channel: string, listener: (event: unknown) => void) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener])),
      removeListener: vi.fn(),
    };
    return { ipc, listeners };
  }

  it('hands the page plain functions, never ipcRenderer or one of its methods', () => {
    const { ipc } = fakeIpc();
    const bridge = createStudioBridge(ipc);
    for (const [name, value] of Object.entries(bridge)) {
      expect(typeof value, name).toBe('function');
      expect([ipc, ipc.invoke, ipc.on, ipc.removeListener], name).not.toContain(value);
    }
  });

  it('invokes only contract channels', async () => {
    const { ipc } = fakeIpc();
    const bridge = createStudioBridge(ipc) as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const [name, method] of Object.entries(bridge)) if (!name.startsWith('on')) await method({});
    const channels = vi.mocked(ipc.invoke).mock.calls.map(([channel]) => channel);
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels) expect(Object.values(IPC_CHANNELS)).toContain(channel);
  });

  it('never passes the IPC event (with its sender) to a page listener', async () => {
    const { ipc, listeners } = fakeIpc();
    const bridge = createStudioBridge(ipc) as unknown as Record<string, (listener: (...args: unknown[]) => void) => unknown>;
    const pageListener = vi.fn();
    for (const [name, subscribe] of Object.entries(bridge)) if (name.startsWith('on')) subscribe(pageListener);
    expect(listeners.size).toBeGreaterThan(0);
    const event = { sender: ipc, senderFrame: null, ports: [] };
    for (const forwards of listeners.values()) for (const forward of forwards) forward(event, { smuggled: true });
    await vi.waitFor(() => expect(pageListener).toHaveBeenCalledTimes(listeners.size));
    for (const args of pageListener.mock.calls) {
      for (const arg of args) expect(arg === event || (typeof arg === 'object' && arg !== null && 'sender' in arg)).toBe(false);
    }
  });
});

describe('Electron itself (items 16 and 19)', () => {
  it('is pinned to one exact version, the one installed and packaged by the smoke test', () => {
    const pinned = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron;
    const installed = (JSON.parse(readFileSync(join(repo, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });
});
