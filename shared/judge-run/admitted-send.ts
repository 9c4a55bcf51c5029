// How a host sends a judge's request (both hosts' JudgeEndpointAccess.send, and the model list of
// Test connection): only to the origin the endpoint was registered with, with the key the host
// keeps read only then and put only in the Authorization header, and never following a redirect,
// which could carry the request elsewhere (the sender refuses one, naming it).

import type { ChatEndpoint, ChatMessage, ChatOutcome, FetchLike } from './chat-completions';
import { chatCompletionsUrl, createFetchSender } from './chat-completions';

// shared/ is typed without DOM or Node: the URL parser, as both provide it.
declare const URL: new (url: string) => { readonly protocol: string; readonly origin: string; readonly username: string; readonly password: string };

/** The origin requests for `url` go to, or undefined when it is not an http(s) URL without credentials. */
export function endpointOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    if (parsed.username !== '' || parsed.password !== '') return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

/** One request as the page asks for it (the platform's JudgeSendRequest): an endpoint without its key. */
export interface AdmittedRequest extends Omit<ChatEndpoint, 'apiKey'> {
  messages: ChatMessage[];
}

/** What a host holds for one registered endpoint. */
export interface Admission {
  origin: string;
  /** Read only once the request is admitted (the desktop app decrypts it then). */
  apiKey(): Promise<string | undefined>;
}

function refused(reason: string): ChatOutcome {
  return { ok: false, failure: { kind: 'refused', reason } };
}

/**
 * Whether `admission` admits a request for the endpoint URL `url` that fetches `target` (built from
 * it): both on the registered origin. Then the key, read only now; else why not, never naming the key.
 */
export async function admit(
  admission: Admission | undefined,
  url: string,
  target: string,
): Promise<{ ok: true; apiKey?: string } | { ok: false; reason: string }> {
  if (admission === undefined) return { ok: false, reason: 'the endpoint is not set up in this app (save it again on the Judges page)' };
  const origin = endpointOrigin(url);
  if (origin === undefined || endpointOrigin(target) !== origin)
    return { ok: false, reason: 'the endpoint URL is not an http or https address without credentials' };
  if (origin !== admission.origin)
    return { ok: false, reason: `the endpoint is not set up for ${origin} (it is set up for ${admission.origin}; save it again)` };
  try {
    const apiKey = await admission.apiKey();
    return apiKey ? { ok: true, apiKey } : { ok: true };
  } catch {
    return { ok: false, reason: 'the stored API key cannot be read on this computer; enter it again' };
  }
}

/** Sends `request` if `admission` admits its URL; every refusal is an outcome naming the origin, never the key. */
export async function sendAdmitted(fetchImpl: FetchLike, admission: Admission | undefined, request: AdmittedRequest): Promise<ChatOutcome> {
  // The URL fetched is the chat-completions URL; both it and the one asked for must be the registered origin.
  const admitted = await admit(admission, request.url, chatCompletionsUrl(request.url));
  if (!admitted.ok) return refused(admitted.reason);
  const { apiKey } = admitted;
  // The sender never follows a redirect (redirect-refusal.ts): the origin admitted is the only one asked.
  const send = createFetchSender(fetchImpl);
  return send(
    {
      url: request.url,
      model: request.model,
      temperature: request.temperature,
      maxTokens: request.maxTokens,
      timeoutMs: request.timeoutMs,
      ...(request.topLogprobs !== undefined ? { topLogprobs: request.topLogprobs } : {}),
      ...(apiKey ? { apiKey } : {}),
    },
    request.messages,
  );
}
