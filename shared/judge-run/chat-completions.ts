// The OpenAI chat-completions protocol, which Ollama, vLLM, llama.cpp's server, LM Studio and
// the hosted APIs speak: the request for one prompt, the reading of the response, every failure
// classified with a reason a study lead understands, and a fetch-based sender for Node and the
// browser. The API key goes only into the Authorization header and never into a reason.

// shared/ is typed without DOM or Node: the few platform globals the sender uses, as both provide them.
interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare const AbortController: new () => { readonly signal: AbortSignalLike; abort(): void };
declare function setTimeout(handler: () => void, ms: number): unknown;
declare function clearTimeout(timer: unknown): void;

/** The part of a fetch response the sender reads. */
export interface FetchResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignalLike },
) => Promise<FetchResponseLike>;

export interface ChatEndpoint {
  /** The base URL (`http://localhost:11434/v1`) or the full chat-completions URL. */
  url: string;
  model: string;
  apiKey?: string;
  temperature: number;
  maxTokens: number;
  /** Per request, from sending to the whole body read. */
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type FailureKind = 'rate-limited' | 'server-error' | 'timeout' | 'network' | 'malformed' | 'no-reply' | 'refused';

export interface ChatFailure {
  kind: FailureKind;
  /** In words a study lead can act on; never the key. */
  reason: string;
  /** From Retry-After on a 429, in milliseconds. */
  retryAfterMs?: number;
}

export type ChatOutcome = { ok: true; reply: string; tokensIn: number; tokensOut: number } | { ok: false; failure: ChatFailure };

/** Failures worth asking again: the server was busy or broken for a while, not the request wrong. */
export function isRetryable(failure: ChatFailure): boolean {
  return failure.kind === 'rate-limited' || failure.kind === 'server-error' || failure.kind === 'timeout' || failure.kind === 'network';
}

/** The chat-completions URL of a base URL; a query (Azure's `?api-version=`) stays at the end. */
export function chatCompletionsUrl(base: string): string {
  const queryAt = base.search(/[?#]/);
  const path = (queryAt < 0 ? base : base.slice(0, queryAt)).replace(/\/+$/, '');
  const query = queryAt < 0 ? '' : base.slice(queryAt);
  return (/\/chat\/completions$/.test(path) ? path : `${path}/chat/completions`) + query;
}

/**
 * The endpoint's URL as a run records it: without a user name or password, a query or a fragment,
 * for some services take their key there (`?api-key=...`) and a run's record is shared.
 */
export function recordedEndpointUrl(base: string): string {
  return base.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1').replace(/[?#].*$/s, '');
}

export function chatRequest(endpoint: ChatEndpoint, messages: readonly ChatMessage[]): ChatRequest {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.apiKey !== undefined && endpoint.apiKey !== '') headers.authorization = `Bearer ${endpoint.apiKey}`;
  return {
    url: chatCompletionsUrl(endpoint.url),
    headers,
    body: JSON.stringify({ model: endpoint.model, messages, temperature: endpoint.temperature, max_tokens: endpoint.maxTokens }),
  };
}

// A server's own words about a refused request help the lead ("model not found"), kept short.
const MAX_DETAIL_CHARS = 200;

/** A response as an answer or a classified failure. `now` reads Retry-After given as an HTTP date. */
export function readChatResponse(status: number, retryAfter: string | null, body: string, now: number): ChatOutcome {
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(retryAfter, now);
    const wait = retryAfterMs === undefined ? '' : `; it asked to wait ${Math.ceil(retryAfterMs / 1000)} s`;
    return {
      ok: false,
      failure: { kind: 'rate-limited', reason: `the endpoint is rate limiting (HTTP 429)${wait}`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
    };
  }
  if (status >= 500) return { ok: false, failure: { kind: 'server-error', reason: `the endpoint failed (HTTP ${status})` } };
  if (status < 200 || status >= 300) {
    const detail = serverMessage(body);
    const hint = status === 401 || status === 403 ? ' (check the API key)' : status === 404 ? ' (check the URL and the model name)' : '';
    return { ok: false, failure: { kind: 'refused', reason: `the endpoint refused the request (HTTP ${status})${hint}${detail ? `: ${detail}` : ''}` } };
  }
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    return { ok: false, failure: { kind: 'malformed', reason: 'the endpoint answered with something that is not JSON' } };
  }
  const record = asRecord(document);
  const choices = record?.choices;
  if (!Array.isArray(choices) || choices.length === 0) return { ok: false, failure: { kind: 'no-reply', reason: 'the endpoint answered with no choice' } };
  const content = asRecord(asRecord(choices[0])?.message)?.content;
  if (typeof content !== 'string' || content.trim() === '') return { ok: false, failure: { kind: 'no-reply', reason: 'the model replied with no text' } };
  const usage = asRecord(record?.usage);
  return { ok: true, reply: content, tokensIn: tokenCount(usage?.prompt_tokens), tokensOut: tokenCount(usage?.completion_tokens) };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type ChatSender = (endpoint: ChatEndpoint, messages: readonly ChatMessage[], signal?: AbortSignalLike) => Promise<ChatOutcome>;

/**
 * Sends with `fetch` (Node 20's or the page's), aborting after the endpoint's timeout or when
 * `signal` aborts (a cancelled run). A cancelled request resolves as a `network` failure the
 * runner does not count, since it stopped asking.
 */
export function createFetchSender(fetchImpl: FetchLike, now: () => number = Date.now): ChatSender {
  return async (endpoint, messages, signal) => {
    const request = chatRequest(endpoint, messages);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, endpoint.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    if (signal?.aborted) controller.abort();
    try {
      const response = await fetchImpl(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: controller.signal });
      const body = await response.text();
      return withoutKey(readChatResponse(response.status, response.headers.get('retry-after'), body, now()), endpoint.apiKey);
    } catch (error) {
      if (timedOut) return { ok: false, failure: { kind: 'timeout', reason: `no complete answer within ${formatSeconds(endpoint.timeoutMs)} (the timeout)` } };
      if (signal?.aborted) return { ok: false, failure: { kind: 'network', reason: 'the run was cancelled' } };
      return withoutKey({ ok: false, failure: { kind: 'network', reason: `cannot reach the endpoint: ${causeOf(error)}` } }, endpoint.apiKey);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}

/** A reason with the key blanked wherever it occurs: a server may echo it in an error message. */
function withoutKey(outcome: ChatOutcome, apiKey: string | undefined): ChatOutcome {
  if (outcome.ok || apiKey === undefined || apiKey === '' || !outcome.failure.reason.includes(apiKey)) return outcome;
  return { ok: false, failure: { ...outcome.failure, reason: outcome.failure.reason.split(apiKey).join('[the API key]') } };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function serverMessage(body: string): string {
  let text = body;
  try {
    const message = asRecord(asRecord(JSON.parse(body))?.error)?.message;
    if (typeof message === 'string') text = message;
  } catch {
    // Not JSON: the body's own text is the best detail there is.
  }
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL_CHARS ? `${oneLine.slice(0, MAX_DETAIL_CHARS - 1)}…` : oneLine;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
