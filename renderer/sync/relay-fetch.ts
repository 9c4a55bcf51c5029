// The fetch PouchDB's HTTP adapter calls (its `fetch` option), relayed through the host's
// TeamServerAccess: the page never holds a team server's password, since the host adds it to each
// request. The host's answer becomes a standard Response; a host refusal or a network failure
// becomes the TypeError fetch itself throws, which PouchDB's replication retries like any outage.

import type { TeamServerRequest, TeamServerResponse } from '../../shared/platform/studio-platform';

export type TeamServerSend = (request: TeamServerRequest) => Promise<TeamServerResponse>;

/** What PouchDB's HTTP adapter passes to its fetch: a Headers object and a string body for every request this app makes. */
interface PouchFetchOptions {
  method?: string;
  headers?: Headers;
  body?: unknown;
  signal?: AbortSignal;
}

/** A fetch for `new PouchDB(url, { fetch, skip_setup: true })` that sends every request through `send`, as `connectionId`. */
export function relayFetch(connectionId: string, send: TeamServerSend): (url: string | URL, options?: PouchFetchOptions) => Promise<Response> {
  return async (url, options = {}) => {
    if (options.body !== undefined && typeof options.body !== 'string') {
      // Attachments would come as Blobs; the app's documents are JSON only (shared/sync/sync-docs.ts).
      throw new TypeError('a team server request with a binary body cannot be relayed');
    }
    const headers: Array<[string, string]> = [];
    options.headers?.forEach((value, name) => {
      if (name.toLowerCase() !== 'authorization') headers.push([name, value]);
    });
    const request: TeamServerRequest = { connectionId, url: String(url), method: options.method ?? 'GET', headers };
    if (options.body !== undefined) request.body = options.body;
    const answer = await abortable(send(request), options.signal);
    if (!answer.ok) throw new TypeError(answer.reason);
    // A 204 or 304 answer has no body, and Response refuses one for them.
    const body = answer.status === 204 || answer.status === 304 ? null : answer.body;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** The host finishes a request it has sent, but a caller that aborts stops waiting for it at once. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function abortError(): Error {
  return new DOMException('The request was aborted.', 'AbortError');
}
