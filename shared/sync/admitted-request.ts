// How a host sends a team server request (both hosts' TeamServerAccess.fetch): only to the origin
// the connection was registered with, over https unless the server is on this computer, with the
// password read only then and put only in the Authorization header (HTTP Basic, as CouchDB takes
// it), and never following a redirect, which could carry the password elsewhere.

import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { TeamServerRequest, TeamServerResponse } from '../platform/studio-platform';
import { failedOnRedirect, REDIRECTS_REFUSED } from '../judge-run/redirect-refusal';

// shared/ is typed without DOM or Node: the URL parser and btoa, as both provide them.
declare const URL: new (url: string) => {
  readonly protocol: string;
  readonly origin: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
};
declare function btoa(data: string): string;

export interface TeamServerFetchResponse {
  status: number;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
}

/** The fetch a host sends with: the platform's own (a browser's or Node's). */
export type TeamServerFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; redirect: 'error' },
) => Promise<TeamServerFetchResponse>;

/** What a host holds for one registered connection. */
export interface TeamServerAdmission {
  origin: string;
  user: string;
  /** Read only once the request is admitted (the desktop app decrypts it then). */
  password(): Promise<string | undefined>;
}

/** This computer, exactly as docs/team-server.md names it: 127.0.0.2 reaches it too on most systems, but a reader would take it for another server. */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/**
 * The origin of a team server's base URL, or the reason it cannot be one, in words for the lead:
 * an http(s) URL without credentials in it, https unless the server is on this computer.
 */
export function teamServerOrigin(url: string): { ok: true; origin: string } | { ok: false; reason: string } {
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'the server address is not a web address (such as https://couch.example.org/)' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: 'the server address must start with https://' };
  if (parsed.username !== '' || parsed.password !== '')
    return { ok: false, reason: 'the server address must not hold a user name or password; give them in their own fields' };
  if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
    return {
      ok: false,
      reason:
        'the server address must start with https:// (plain http is allowed only for a server on this computer), so passwords and labels cross the network encrypted',
    };
  }
  return { ok: true, origin: parsed.origin };
}

/** Whether a stored origin is still one a team server may have: checked again wherever one is read back. */
export function isTeamServerOrigin(origin: string): boolean {
  const checked = teamServerOrigin(origin);
  return checked.ok && checked.origin === origin;
}

function refused(reason: string): TeamServerResponse {
  return { ok: false, reason };
}

/** Sends `request` if `admission` admits its URL; every refusal or failure is an outcome naming the origin, never the password. */
export async function sendAdmitted(
  fetchImpl: TeamServerFetch,
  admission: TeamServerAdmission | undefined,
  request: TeamServerRequest,
): Promise<TeamServerResponse> {
  if (admission === undefined) return refused('this study is not connected to a team server on this computer (connect it again)');
  const target = teamServerOrigin(request.url);
  if (!target.ok) return refused(target.reason);
  if (target.origin !== admission.origin) return refused(`the study is connected to ${admission.origin}, not ${target.origin}`);
  let password: string | undefined;
  try {
    password = await admission.password();
  } catch {
    return refused('the stored password cannot be read on this computer; connect the study again');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) if (name.toLowerCase() !== 'authorization') headers[name] = value;
  if (password !== undefined) headers.Authorization = `Basic ${basicCredentials(admission.user, password)}`;
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'error',
    });
    const answerHeaders: Array<[string, string]> = [];
    response.headers.forEach((value, name) => answerHeaders.push([name, value]));
    return { ok: true, status: response.status, headers: answerHeaders, body: await response.text() };
  } catch (error) {
    if (failedOnRedirect(error)) return refused(`${admission.origin} answered with a redirect; ${REDIRECTS_REFUSED}`);
    // The error's own message may quote the request; the origin says enough.
    return refused(`${admission.origin} could not be reached`);
  }
}

function basicCredentials(user: string, password: string): string {
  const bytes = utf8ToBytes(`${user}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
