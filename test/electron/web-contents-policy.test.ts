// The web contents policy on a fake webContents: every navigation, redirect and webview is
// prevented, even to the app origin, and a new window is denied, an https link opened in the browser.

import { describe, expect, it, vi } from 'vitest';
import { applyWebContentsPolicy } from '../../electron/security/web-contents-policy';
import type { GuardedWebContents, PreventableEvent } from '../../electron/security/web-contents-policy';

/** The widest listener, the Bluetooth chooser's: navigation listeners ignore the devices and the callback. */
type Listener = (event: PreventableEvent, devices: unknown, callback: (deviceId: string) => void) => void;

function fakeWebContents() {
  const listeners = new Map<string, Listener[]>();
  let windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedWebContents = {
    on: (name, listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
    setWindowOpenHandler: (handler) => {
      windowOpenHandler = handler;
    },
  };
  const emit = (name: string, url = 'https://example.com/') => {
    const event = { preventDefault: vi.fn(), url };
    for (const listener of listeners.get(name) ?? []) listener(event, [], () => undefined);
    return event;
  };
  const chooseBluetoothDevice = (devices: unknown) => {
    const event = { preventDefault: vi.fn() };
    const callback = vi.fn();
    for (const listener of listeners.get('select-bluetooth-device') ?? []) listener(event, devices, callback);
    return { event, callback };
  };
  const openWindow = (url: string) => {
    if (!windowOpenHandler) throw new Error('no window open handler installed');
    return windowOpenHandler({ url });
  };
  return { contents, emit, chooseBluetoothDevice, openWindow, listeners };
}

describe('applyWebContentsPolicy', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview'])('prevents every %s', (name) => {
    const fake = fakeWebContents();
    applyWebContentsPolicy(fake.contents, { openExternal: vi.fn() });
    expect(fake.listeners.get(name)).toHaveLength(1);
    expect(fake.emit(name).preventDefault).toHaveBeenCalledTimes(1);
  });

  it('prevents navigation even to the app origin, since the UI is a single page', () => {
    const fake = fakeWebContents();
    applyWebContentsPolicy(fake.contents, { openExternal: vi.fn() });
    expect(fake.emit('will-navigate', 'app://studio/index.html').preventDefault).toHaveBeenCalled();
    expect(fake.emit('will-redirect', 'app://studio/other.html').preventDefault).toHaveBeenCalled();
  });

  it.each([
    ['none found yet', []],
    [
      'two in range',
      [
        { deviceId: 'AA:BB:CC:DD:EE:FF', deviceName: 'Keyboard' },
        { deviceId: '11:22:33:44:55:66', deviceName: 'Heart rate' },
      ],
    ],
  ])('answers the Bluetooth chooser with no device when devices are %s', (_label, devices) => {
    const fake = fakeWebContents();
    applyWebContentsPolicy(fake.contents, { openExternal: vi.fn() });
    expect(fake.listeners.get('select-bluetooth-device')).toHaveLength(1);
    const { event, callback } = fake.chooseBluetoothDevice(devices);
    // Without preventDefault Electron would pick the first device itself.
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(callback).toHaveBeenCalledExactlyOnceWith('');
  });

  it('denies a new window for an https link and opens it in the browser', () => {
    const fake = fakeWebContents();
    const openExternal = vi.fn();
    applyWebContentsPolicy(fake.contents, { openExternal });
    expect(fake.openWindow('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/docs');
  });

  it.each([
    'http://example.com/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<h1>x</h1>',
    'app://studio/index.html',
    'about:blank',
    'https://user:pass@example.com/',
    'https:\\\\evil.example',
    '',
  ])('denies a new window for %j without opening anything', (url) => {
    const fake = fakeWebContents();
    const openExternal = vi.fn();
    applyWebContentsPolicy(fake.contents, { openExternal });
    expect(fake.openWindow(url)).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });
});
