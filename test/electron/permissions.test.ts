import { describe, expect, it, vi } from 'vitest';
import { applyPermissionPolicy, denyPermissionCheck, denyPermissionRequest } from '../../electron/security/permissions';
import type { PermissionSession } from '../../electron/security/permissions';

describe('permission policy', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'persistent-storage', 'openExternal', 'hid', 'unknown'])('denies a request for %s', (permission) => {
    const callback = vi.fn();
    denyPermissionRequest({}, permission, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('denies every permission check', () => {
    expect(denyPermissionCheck()).toBe(false);
  });

  it('installs both handlers on the session', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    applyPermissionPolicy(session as PermissionSession);
    expect(session.setPermissionRequestHandler).toHaveBeenCalledExactlyOnceWith(denyPermissionRequest);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledExactlyOnceWith(denyPermissionCheck);
  });
});
