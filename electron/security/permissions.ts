// Denies every permission a page can ask for (camera, notifications, geolocation, HID...).
// Main process only; installed on the session before any window loads.

import type { Session } from 'electron';

export function denyPermissionRequest(_webContents: unknown, _permission: string, callback: (granted: boolean) => void): void {
  callback(false);
}

export function denyPermissionCheck(): boolean {
  return false;
}

/** A session, reduced to the two setters the policy needs so tests can pass a fake. */
export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

export function applyPermissionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
}
