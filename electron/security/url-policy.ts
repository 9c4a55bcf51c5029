// Decides which URLs are the app itself and which may be handed to the user's browser.
// Pure functions, main process only; every caller that trusts a URL goes through them.

import { APP_HOST, APP_SCHEME } from './app-origin';

/**
 * Whitespace, control characters, backslashes and non-ASCII text are refused before parsing:
 * the URL parser silently strips or rewrites them, so the string a check approves could
 * differ from the one another parser (the OS's URL handler) later acts on.
 */
function hasAmbiguousCharacters(url: string): boolean {
  return !/^[\x21-\x7e]*$/.test(url) || url.includes('\\');
}

function parse(url: unknown): URL | undefined {
  if (typeof url !== 'string' || hasAmbiguousCharacters(url)) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** True only for `app://studio/...`: exactly that scheme and host, no port, no credentials. */
export function isAppUrl(url: unknown): boolean {
  const parsed = parse(url);
  return parsed !== undefined && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/**
 * True only for `https://host/...` with no credentials. The scheme must be spelled out with
 * its slashes (`https:evil.example` parses too, but other URL handlers may read it otherwise),
 * and hosts must be ASCII so a look-alike Unicode name cannot pass for a familiar one.
 */
export function isSafeExternalUrl(url: unknown): boolean {
  const parsed = parse(url);
  return (
    parsed !== undefined &&
    typeof url === 'string' &&
    /^https:\/\/[^/]/i.test(url) &&
    parsed.protocol === 'https:' &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}
