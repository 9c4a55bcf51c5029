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

  it.each(['media', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'hid', 'serial', 'usb', 'fileSystem', 'unknown'])('denies %s even to the app page', (permission) => {
    expect(handlePermissionCheck(null, permission, 'app://studio/', checkDetails)).toBe(false);
  });

  it.each(['app://evil/', 'app://studio.evil/', 'app://studio.evil', 'app://studio@evil/', 'app://studio:1/', 'app://studio/index.html', 'APP://STUDIO/', 'https://studio/', 'file:///', 'null', ''])(
    'denies persistent storage to the origin %j',
    (origin) => {
      expect(handlePermissionCheck(null, 'persistent-storage', origin, checkDetails)).toBe(false);
    },
  );

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

describe('applyPermissionPolicy', () => {
  it('installs both handlers on the session', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    applyPermissionPolicy(session as PermissionSession);
    expect(session.setPermissionRequestHandler).toHaveBeenCalledExactlyOnceWith(handlePermissionRequest);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledExactlyOnceWith(handlePermissionCheck);
  });
});
