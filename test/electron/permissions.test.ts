// The session's permission policy with a fake session: persistent storage is granted to the app
// page alone, every other permission, origin and frame is denied on request and on check, and the
// device choosers, Bluetooth pairing and display media are refused.

import { describe, expect, it, vi } from 'vitest';
import { applyPermissionPolicy, handlePermissionCheck, handlePermissionRequest } from '../../electron/security/permissions';
import type { PermissionSession } from '../../electron/security/permissions';

/** What Electron passes for navigator.storage.persist() from the app's page. */
const appTopFrame = { isMainFrame: true, requestingUrl: 'app://studio/index.html' };

function request(permission: string, details?: unknown): boolean {
  const callback = vi.fn();
  handlePermissionRequest({}, permission, callback, details);
  expect(callback).toHaveBeenCalledOnce();
  return callback.mock.calls[0]?.[0] as boolean;
}

describe('permission requests', () => {
  it('grants persistent storage to the app page', () => {
    expect(request('persistent-storage', appTopFrame)).toBe(true);
    expect(request('persistent-storage', { isMainFrame: true, requestingUrl: 'app://studio/' })).toBe(true);
  });

  it.each([
    'media',
    'display-capture',
    'geolocation',
    'notifications',
    'clipboard-read',
    'clipboard-sanitized-write',
    'fullscreen',
    'openExternal',
    'fileSystem',
    'hid',
    'usb',
    'serial',
    'midiSysex',
    'storage-access',
    'top-level-storage-access',
    'window-management',
    'unknown',
    'Persistent-Storage',
    'persistent-storage ',
    '',
  ])('denies %j even to the app page', (permission) => {
    expect(request(permission, appTopFrame)).toBe(false);
  });

  it.each([
    ['another app host', { isMainFrame: true, requestingUrl: 'app://evil/index.html' }],
    ['a look-alike host', { isMainFrame: true, requestingUrl: 'app://studio.evil/index.html' }],
    ['credentials before the host', { isMainFrame: true, requestingUrl: 'app://studio@evil/index.html' }],
    ['an https page', { isMainFrame: true, requestingUrl: 'https://studio/index.html' }],
    ['a file page', { isMainFrame: true, requestingUrl: 'file:///opt/agreement-studio/index.html' }],
    ['a data URL', { isMainFrame: true, requestingUrl: 'data:text/html,app://studio/' }],
    ['a blob URL of the app origin', { isMainFrame: true, requestingUrl: 'blob:app://studio/8c0d' }],
    ['about:blank', { isMainFrame: true, requestingUrl: 'about:blank' }],
    ['a subframe of the app', { isMainFrame: false, requestingUrl: 'app://studio/index.html' }],
    ['isMainFrame as a string', { isMainFrame: 'true', requestingUrl: 'app://studio/index.html' }],
    ['no requesting URL', { isMainFrame: true }],
    ['a non-string URL', { isMainFrame: true, requestingUrl: ['app://studio/'] }],
    ['empty details', {}],
    ['null details', null],
    ['no details at all', undefined],
  ])('denies persistent storage to %s', (_label, details) => {
    expect(request('persistent-storage', details)).toBe(false);
  });
});

describe('permission checks', () => {
  const checkDetails = { isMainFrame: true, requestingUrl: 'app://studio/index.html', embeddingOrigin: 'app://studio/' };

  it('reports persistent storage as granted to the app page, with or without the trailing slash', () => {
    expect(handlePermissionCheck(null, 'persistent-storage', 'app://studio/', checkDetails)).toBe(true);
    expect(handlePermissionCheck(null, 'persistent-storage', 'app://studio', checkDetails)).toBe(true);
    expect(handlePermissionCheck(null, 'persistent-storage', 'app://studio', { isMainFrame: true, requestingUrl: 'app://studio/' })).toBe(true);
  });

  it.each(['media', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'hid', 'serial', 'usb', 'fileSystem', 'unknown'])(
    'denies %s even to the app page',
    (permission) => {
      expect(handlePermissionCheck(null, permission, 'app://studio/', checkDetails)).toBe(false);
    },
  );

  it.each([
    'app://evil/',
    'app://studio.evil/',
    'app://studio.evil',
    'app://studio@evil/',
    'app://studio:1/',
    'app://studio/index.html',
    'APP://STUDIO/',
    'https://studio/',
    'file:///',
    'null',
    '',
  ])('denies persistent storage to the origin %j', (origin) => {
    expect(handlePermissionCheck(null, 'persistent-storage', origin, checkDetails)).toBe(false);
  });

  it.each([
    ['embedded in another origin', { ...checkDetails, embeddingOrigin: 'https://evil.example/' }],
    ['embedded in a look-alike', { ...checkDetails, embeddingOrigin: 'app://studio.evil/' }],
    ['a non-string embedding origin', { ...checkDetails, embeddingOrigin: 42 }],
    ['a subframe', { ...checkDetails, isMainFrame: false }],
    ['a worker (no frame, no URL)', { isMainFrame: false, embeddingOrigin: 'app://studio/' }],
    ['a frame of another URL', { ...checkDetails, requestingUrl: 'https://evil.example/' }],
    ['empty details', {}],
    ['null details', null],
    ['no details at all', undefined],
  ])('denies persistent storage when %s', (_label, details) => {
    expect(handlePermissionCheck(null, 'persistent-storage', 'app://studio/', details)).toBe(false);
  });
});

type Listener = (...args: unknown[]) => void;

/** A session that records what the policy installs, so each handler can be called the way Electron calls it. */
function policySession() {
  const listeners = new Map<string, Listener[]>();
  const session = {
    setPermissionRequestHandler: vi.fn<PermissionSession['setPermissionRequestHandler']>(),
    setPermissionCheckHandler: vi.fn<PermissionSession['setPermissionCheckHandler']>(),
    setDevicePermissionHandler: vi.fn<PermissionSession['setDevicePermissionHandler']>(),
    setDisplayMediaRequestHandler: vi.fn<PermissionSession['setDisplayMediaRequestHandler']>(),
    setBluetoothPairingHandler: vi.fn<PermissionSession['setBluetoothPairingHandler']>(),
    on: vi.fn((name: string, listener: Listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return session;
    }),
  };
  applyPermissionPolicy(session as unknown as PermissionSession);
  /** Fires a session event with Electron's arguments after the event; returns the event and the chooser's callback. */
  const emit = (name: string, ...args: unknown[]) => {
    const event = { preventDefault: vi.fn() };
    const callback = vi.fn();
    for (const listener of listeners.get(name) ?? []) listener(event, ...args, callback);
    return { event, callback };
  };
  return { session, listeners, emit };
}

/** The handler a setter received: exactly one call, and a function, since `null` restores Electron's default. */
function installed<H>(setter: { mock: { calls: ReadonlyArray<readonly [H | null, ...unknown[]]> } }): H {
  expect(setter.mock.calls).toHaveLength(1);
  const handler = setter.mock.calls[0]?.[0];
  expect(handler).toBeTypeOf('function');
  return handler as H;
}

const appOrigin = 'app://studio';
const hidDevice = { deviceId: 'hid-1', name: 'Foot pedal', vendorId: 0x05f3, productId: 0x00ff, guid: 'f00d' };
const serialPort = { portId: 'serial-1', portName: 'ttyUSB0', displayName: 'USB serial' };
const usbDevice = { deviceId: 'usb-1', vendorId: 0x0781, productId: 0x5581, productName: 'Flash drive', serialNumber: '4C53' };

describe('applyPermissionPolicy', () => {
  it('installs the request and check handlers on the session', () => {
    const { session } = policySession();
    expect(session.setPermissionRequestHandler).toHaveBeenCalledExactlyOnceWith(handlePermissionRequest);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledExactlyOnceWith(handlePermissionCheck);
  });

  it('still grants persistent storage to the app page through the installed handlers', () => {
    const { session } = policySession();
    const callback = vi.fn();
    installed(session.setPermissionRequestHandler)({} as never, 'persistent-storage', callback, appTopFrame);
    expect(callback).toHaveBeenCalledExactlyOnceWith(true);
    expect(installed(session.setPermissionCheckHandler)(null, 'persistent-storage', 'app://studio/', appTopFrame)).toBe(true);
  });

  it.each([
    ['hid', hidDevice],
    ['serial', serialPort],
    ['usb', usbDevice],
  ] as const)('refuses every %s device, to the app origin too', (deviceType, device) => {
    const decide = installed(policySession().session.setDevicePermissionHandler);
    for (const origin of [appOrigin, `${appOrigin}/`, 'https://evil.example']) {
      // The device records hold the fields a policy could key on; Electron's carry more.
      expect(decide({ deviceType, origin, device } as Parameters<typeof decide>[0]), origin).toBe(false);
    }
  });

  it.each([
    ['video and audio', true, true],
    ['video only', true, false],
    ['audio only', false, true],
  ])('answers getDisplayMedia asking for %s with no stream at all', (_label, videoRequested, audioRequested) => {
    const { session } = policySession();
    const callback = vi.fn();
    installed(session.setDisplayMediaRequestHandler)(
      { frame: null, securityOrigin: `${appOrigin}/`, videoRequested, audioRequested, userGesture: true },
      callback,
    );
    // `null`, not `{}`: an object without a video stream makes Electron throw instead of refusing.
    expect(callback).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('keeps the macOS system picker off, so the display-media handler is always asked', () => {
    const { calls } = policySession().session.setDisplayMediaRequestHandler.mock;
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.useSystemPicker ?? false).toBe(false);
  });

  it.each(['confirm', 'confirmPin', 'providePin'] as const)('refuses Bluetooth pairing that asks to %s', (pairingKind) => {
    const callback = vi.fn();
    installed(policySession().session.setBluetoothPairingHandler)({ deviceId: 'AA:BB:CC:DD:EE:FF', pairingKind, frame: null, pin: '123456' }, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith({ confirmed: false });
  });

  it('listens to every device chooser of the session, once each', () => {
    const { listeners } = policySession();
    expect([...listeners.keys()].sort()).toEqual(['select-hid-device', 'select-serial-port', 'select-usb-device']);
    for (const [name, registered] of listeners) expect(registered, name).toHaveLength(1);
  });

  it.each([
    ['select-hid-device', 'two devices', [{ deviceList: [hidDevice, { ...hidDevice, deviceId: 'hid-2' }], frame: null }]],
    ['select-hid-device', 'no device', [{ deviceList: [], frame: null }]],
    ['select-usb-device', 'a device', [{ deviceList: [usbDevice], frame: null }]],
    ['select-usb-device', 'no device', [{ deviceList: [], frame: null }]],
    ['select-serial-port', 'two ports', [[serialPort, { ...serialPort, portId: 'serial-2' }], { id: 1 }]],
    ['select-serial-port', 'no port', [[], { id: 1 }]],
  ])('prevents %s and answers it with no device when the list holds %s', (name, _label, args) => {
    const { event, callback } = policySession().emit(name, ...args);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(callback).toHaveBeenCalledExactlyOnceWith('');
  });
});
