// The main window's settings and menu: app:// is registered as standard, secure and fetchable, the
// renderer is sandboxed with no Node or webviews, developer tools only in development, and the menu
// has Import on Ctrl/Cmd+O, no reload in packaged builds and macOS conventions.

import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate } from '../../electron/menu';
import { APP_CUSTOM_SCHEME, APP_ENTRY_URL } from '../../electron/security/app-origin';
import { isAppUrl } from '../../electron/security/url-policy';
import { mainWindowOptions } from '../../electron/window-options';

function items(menu: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] {
  const submenu = menu?.submenu;
  return Array.isArray(submenu) ? submenu : [];
}

function roles(template: MenuItemConstructorOptions[]): string[] {
  return template.flatMap((menu) => [menu.role ?? '', ...items(menu).map((item) => item.role ?? '')]).filter((role) => role !== '');
}

describe('app origin', () => {
  it('registers app:// as standard, secure and fetchable, and nothing more', () => {
    expect(APP_CUSTOM_SCHEME).toEqual({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
  });

  it('loads the UI from an app URL', () => {
    expect(APP_ENTRY_URL).toBe('app://studio/index.html');
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
  });
});

describe('mainWindowOptions', () => {
  it('sandboxes and isolates the renderer, with no Node and no webviews', () => {
    const prefs = mainWindowOptions({ preload: '/app/build/electron/preload.cjs', isPackaged: true }).webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/build/electron/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('allows developer tools only in development', () => {
    expect(mainWindowOptions({ preload: '/p.cjs', isPackaged: false }).webPreferences?.devTools).toBe(true);
  });
});

describe('buildMenuTemplate', () => {
  it('offers Import transcripts… on Ctrl/Cmd+O and calls back on click', () => {
    const onImport = vi.fn();
    const template = buildMenuTemplate({ platform: 'linux', isPackaged: true, onImport });
    const file = template.find((menu) => menu.label === '&File');
    const importItem = items(file).find((item) => item.label === 'Import transcripts…');
    expect(importItem?.accelerator).toBe('CmdOrCtrl+O');
    (importItem?.click as () => void)();
    expect(onImport).toHaveBeenCalledOnce();
    expect(items(file).at(-1)?.role).toBe('quit');
  });

  it('has no developer tools or reload in packaged builds', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const packaged = roles(buildMenuTemplate({ platform, isPackaged: true, onImport: vi.fn() }));
      expect(packaged).not.toContain('toggleDevTools');
      expect(packaged).not.toContain('reload');
      expect(packaged).toContain('editMenu');
    }
    expect(roles(buildMenuTemplate({ platform: 'linux', isPackaged: false, onImport: vi.fn() }))).toContain('toggleDevTools');
  });

  it('follows macOS conventions: app menu with Quit, Close Window under File, a Window menu', () => {
    const template = buildMenuTemplate({ platform: 'darwin', isPackaged: true, onImport: vi.fn() });
    expect(template[0]?.role).toBe('appMenu');
    expect(items(template.find((menu) => menu.label === '&File')).at(-1)?.role).toBe('close');
    expect(template.at(-1)?.role).toBe('windowMenu');
  });
});
