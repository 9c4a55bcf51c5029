// Answers every permission request and check of the session: only the app's own top-level page
// gets `persistent-storage`; everything else (camera, notifications, geolocation, HID...) is denied.
// Main process only; installed on the session before any window loads.

import type { Session } from 'electron';
import { APP_HOST, APP_SCHEME } from '../protocol/app-origin';
import { isAppUrl } from './url-policy';

/**
 * `persistent-storage` is what navigator.storage.persist() asks for: it keeps Chromium from
 * evicting IndexedDB, which holds every label, under disk pressure. Nothing else is granted.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['persistent-storage']);

/** Chromium hands the requesting origin over as a URL, so the trailing slash may be there. */
const APP_ORIGINS: ReadonlySet<string> = new Set([`${APP_SCHEME}://${APP_HOST}`, `${APP_SCHEME}://${APP_HOST}/`]);

/** The fields of Electron's permission details the policy reads; absent or malformed means "deny". */
interface FrameDetails {
  isMainFrame?: unknown;
  requestingUrl?: unknown;
  embeddingOrigin?: unknown;
}

function fromAppTopFrame(details: unknown): details is FrameDetails {
  if (typeof details !== 'object' || details === null) return false;
  const { isMainFrame, requestingUrl } = details as FrameDetails;
  return isMainFrame === true && isAppUrl(requestingUrl);
}

function isAppOrigin(origin: unknown): boolean {
  return typeof origin === 'string' && APP_ORIGINS.has(origin);
}

export function handlePermissionRequest(_webContents: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown): void {
  callback(GRANTED_PERMISSIONS.has(permission) && fromAppTopFrame(details));
}

/** A check also names the embedding page's origin when Chromium knows it; it must be the app too. */
export function handlePermissionCheck(_webContents: unknown, permission: string, requestingOrigin: string, details?: unknown): boolean {
  if (!GRANTED_PERMISSIONS.has(permission) || !isAppOrigin(requestingOrigin) || !fromAppTopFrame(details)) return false;
  return details.embeddingOrigin === undefined || isAppOrigin(details.embeddingOrigin);
}

/** A session, reduced to the two setters the policy needs so tests can pass a fake. */
export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

export function applyPermissionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler(handlePermissionRequest);
  session.setPermissionCheckHandler(handlePermissionCheck);
}
