// The web contents policy against hostile URLs, on a fake webContents: navigation, redirects and
// webviews are prevented for every URL, and a new window is always denied, handing only a plain
// https URL to the browser and opening nothing for a hostile or malformed one.

import { describe, expect, it, vi } from 'vitest';
import { applyWebContentsPolicy } from '../../electron/security/web-contents-policy';
import type { GuardedWebContents, PreventableEvent } from '../../electron/security/web-contents-policy';

/** The widest listener, the Bluetooth chooser's: navigation listeners ignore the devices and the callback. */
type Listener = (event: PreventableEvent, devices: unknown, callback: (deviceId: string) => void) => void;
type WindowOpenHandler = Parameters<GuardedWebContents['setWindowOpenHandler']>[0];

/** A webContents fake that records listeners and lets a test fire events the way Electron does. */
function guarded() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: WindowOpenHandler | undefined;
  const openExternal = vi.fn();
  applyWebContentsPolicy(
    {
      on: (name, listener) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
      setWindowOpenHandler: (handler) => {
        openHandler = handler;
      },
    },
    { openExternal },
  );
  const fire = (name: string, details: Record<string, unknown>) => {
    const event = { preventDefault: vi.fn(), ...details };
    for (const listener of listeners.get(name) ?? []) listener(event, [], () => undefined);
    return event.preventDefault;
  };
  // Electron passes more than the URL; the handler must not be swayed by any of it.
  const open = (details: Record<string, unknown>) => openHandler?.(details as { url: string });
  return { fire, open, openExternal };
}

const hostileUrls = [
  'https://evil.example/',
  'http://evil.example/',
  'app://studio/index.html',
  'app://studio.evil/',
  'app://studio@evil/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:app://studio/1f0e',
  'about:blank',
  'chrome://gpu',
  'devtools://devtools/bundled/devtools_app.html',
  'smb://attacker.example/share',
  '',
];

describe('navigation', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s is prevented for every URL and never opens anything', (name) => {
    const { fire, openExternal } = guarded();
    for (const url of hostileUrls) {
      expect(fire(name, { url, isMainFrame: true, frame: null }), url).toHaveBeenCalledOnce();
      expect(fire(name, { url, isMainFrame: false }), url).toHaveBeenCalledOnce();
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('prevents a <webview> from attaching whatever it asks for', () => {
    const { fire } = guarded();
    const preventDefault = fire('will-attach-webview', {
      webPreferences: { nodeIntegration: true, contextIsolation: false, webSecurity: false, preload: '/tmp/evil.js' },
      params: { src: 'https://evil.example/', allowpopups: 'true' },
    });
    expect(preventDefault).toHaveBeenCalledOnce();
  });
});

describe('new windows', () => {
  it.each([
    ['a plain https link in a new window', { url: 'https://example.com/docs', disposition: 'new-window', features: 'popup' }],
    ['a background tab', { url: 'https://example.com/docs', disposition: 'background-tab', frameName: '_blank' }],
    ['features asking for Node', { url: 'https://example.com/docs', features: 'nodeIntegration=yes,sandbox=no,contextIsolation=no' }],
    ['a POST form target', { url: 'https://example.com/docs', disposition: 'foreground-tab', postBody: { data: [], contentType: 'text/plain' } }],
  ])('denies %s, handing only the URL to the browser', (_label, details) => {
    const { open, openExternal } = guarded();
    expect(open(details)).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/docs');
  });

  it.each([
    ...hostileUrls.filter((url) => !url.startsWith('https:')),
    'https://user:pass@example.com/',
    'https://example.com@evil.example/',
    'https://example.com\\@evil.example/',
    'https:\\\\evil.example/',
    'https:evil.example',
    'HTTPS:/evil.example',
    ' https://example.com/',
    'https://example.com/\u202egpj.exe',
    'https://bücher.example/',
  ])('denies %j without opening anything', (url) => {
    const { open, openExternal } = guarded();
    expect(open({ url, disposition: 'new-window', features: '' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each([undefined, null, 42, { href: 'https://example.com/' }])('denies a malformed url %j without opening anything', (url) => {
    const { open, openExternal } = guarded();
    expect(open({ url })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });
});
