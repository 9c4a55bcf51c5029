// The origin the UI is served from, `app://studio`, and the privileges its scheme needs.
// Main process only. Never change these once shipped: IndexedDB (every label) is keyed by origin.

import type { CustomScheme } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'studio';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * `standard` gives the scheme real origins, relative URLs and storage; `secure` makes it a
 * secure context (IndexedDB, crypto.subtle); `supportFetchAPI` lets the page fetch its own
 * files. Nothing else: no CSP bypass, no service workers, no cross-origin access.
 */
export const APP_CUSTOM_SCHEME: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};
