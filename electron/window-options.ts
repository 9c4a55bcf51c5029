// The options of the one main window, with the web preferences STYLE.md requires.
// Main process only; a plain object so tests can assert every security setting.

import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  /** Absolute path of build/electron/preload.cjs. */
  preload: string;
  isPackaged: boolean;
}

export function mainWindowOptions({ preload, isPackaged }: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 560,
    title: 'Agreement Studio',
    // Shown on 'ready-to-show' so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload,
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
      // On Linux the spell checker downloads its dictionaries from Google's servers; the app
      // makes no network requests.
      spellcheck: false,
      devTools: !isPackaged,
    },
  };
}
