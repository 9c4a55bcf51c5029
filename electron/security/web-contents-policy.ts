// Locks down a webContents: no navigation, no redirects, no new windows, no <webview>, no
// Bluetooth device. Main process only; applied to every webContents the app creates. The UI is
// one page, so any navigation (even to another app:// URL) is either a bug or an attack.

import { refuseDeviceChoice } from './permissions';
import { isSafeExternalUrl } from './url-policy';

export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents this policy touches, so tests can pass a fake. */
export interface GuardedWebContents {
  on(event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect' | 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'select-bluetooth-device', listener: (event: PreventableEvent, devices: unknown, callback: (deviceId: string) => void) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface WebContentsPolicyDeps {
  /** Opens an https link in the user's browser; must not throw. */
  openExternal(url: string): void;
}

const PREVENTED_EVENTS = ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview'] as const;

export function applyWebContentsPolicy(contents: GuardedWebContents, deps: WebContentsPolicyDeps): void {
  for (const name of PREVENTED_EVENTS) {
    contents.on(name, (event) => event.preventDefault());
  }
  // navigator.bluetooth.requestDevice() asks the webContents, not the session. Electron would
  // cancel it with no listener at all; the listener makes that refusal explicit and tested.
  contents.on('select-bluetooth-device', refuseDeviceChoice);
  // A link with target="_blank" or window.open() lands here: the link goes to the browser
  // when it is a plain https URL, and the app never opens a second window of its own.
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) deps.openExternal(url);
    return { action: 'deny' };
  });
}
