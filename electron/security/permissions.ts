// Answers every permission question Electron lets the session decide: requests and checks (only
// the app's own top-level page gets `persistent-storage`), device permissions and choosers (HID,
// USB, serial), screen capture and Bluetooth pairing, all refused. Main process only; installed on
// the session before any window loads.

import type { Session } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-origin';
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

/**
 * Answers a device chooser (`select-hid-device`, `select-usb-device`, `select-bluetooth-device`)
 * with no device, whatever the list holds: Electron has no chooser window, so this answer is the
 * user's choice, and an empty id is the documented "cancel" for all three. preventDefault matters
 * for Bluetooth, where a listener that does not prevent lets Electron pick the first device.
 */
export function refuseDeviceChoice(event: { preventDefault(): void }, _devices: unknown, callback: (deviceId: string) => void): void {
  event.preventDefault();
  callback('');
}

/** The same refusal for `select-serial-port`, whose listener also receives the webContents. */
function refuseSerialPortChoice(event: { preventDefault(): void }, _ports: unknown, _webContents: unknown, callback: (portId: string) => void): void {
  event.preventDefault();
  callback('');
}

/** A session, reduced to the members the policy uses so tests can pass a fake. */
export type PermissionSession = Pick<
  Session,
  | 'setPermissionRequestHandler'
  | 'setPermissionCheckHandler'
  | 'setDevicePermissionHandler'
  | 'setDisplayMediaRequestHandler'
  | 'setBluetoothPairingHandler'
  | 'on'
>;

export function applyPermissionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler(handlePermissionRequest);
  session.setPermissionCheckHandler(handlePermissionCheck);
  // Without this handler a device granted once through a chooser stays granted for the session;
  // with it, no origin (the app's own included) ever holds a HID, serial or USB device.
  session.setDevicePermissionHandler(() => false);
  // getDisplayMedia() lands here, not in the request handler. `null` is Electron's "deny": the page's
  // promise rejects, whereas an object without a video stream makes Electron throw in the main process.
  // No `useSystemPicker`, so the macOS system picker never bypasses this handler.
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null));
  // A Bluetooth device that asks for a PIN or a confirmation is refused, on every platform that asks.
  session.setBluetoothPairingHandler((_details, callback) => callback({ confirmed: false }));
  // The page's navigator.hid/usb.requestDevice() and navigator.serial.requestPort(): no device.
  session.on('select-hid-device', refuseDeviceChoice);
  session.on('select-usb-device', refuseDeviceChoice);
  session.on('select-serial-port', refuseSerialPortChoice);
}
