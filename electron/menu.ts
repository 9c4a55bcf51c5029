// The application menu: File (import, quit), Edit, View, and the macOS app and Window menus.
// Main process only; returns a plain template so tests can read it without Electron.

import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Packaged builds get no developer tools and no reload. */
  isPackaged: boolean;
  onImport(): void;
}

export function buildMenuTemplate({ platform, isPackaged, onImport }: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Import transcripts…', accelerator: 'CmdOrCtrl+O', click: () => onImport() },
      { type: 'separator' },
      // On macOS, Quit lives in the app menu; File ends with Close Window there.
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const developer: MenuItemConstructorOptions[] = isPackaged
    ? []
    : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }];
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [...developer, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
  };
  return [...(isMac ? [{ role: 'appMenu' } as const] : []), file, { role: 'editMenu' }, view, ...(isMac ? [{ role: 'windowMenu' } as const] : [])];
}
