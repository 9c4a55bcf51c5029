// The OpenAI chat-completions protocol, which Ollama, vLLM, llama.cpp's server, LM Studio and
// the hosted APIs speak: the request for one prompt, the reading of the response (a JSON body or
// server-sent events, the reply with any reasoning sent apart and why it ended), every failure
// classified with a reason a study lead understands, and a fetch-based sender for Node and the
// browser. The API key goes only into the Authorization header and never into a reason.

import { NO_REDIRECTS, redirectAnswered, redirectFailed } from './redirect-refusal';
import type { TokenLogprobs } from './verdict-logprobs';

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
  /** `opaqueredirect` for a redirect a browser's fetch did not follow. */
  type?: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignalLike; redirect: typeof NO_REDIRECTS },
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
  /** Ask for the log-probabilities of the content's tokens, with this many alternatives at each place (the endpoint says it can). */
  topLogprobs?: number;
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

/** A model's answer: `reply` is the message's content, the only text a verdict is read from. */
export interface ChatAnswer {
  ok: true;
  reply: string;
  /** What a reasoning model thought, when the server sent it apart (`reasoning_content` or `reasoning`). */
  reasoning?: string;
  /** Why the model stopped, as the server said (`stop`; `length`: at the request's max tokens). */
  finishReason?: string;
  /** The content's tokens with their log-probabilities and alternatives, where they were asked for and the server sent them. */
  logprobs?: TokenLogprobs[];
  tokensIn: number;
  tokensOut: number;
}

export type ChatOutcome = ChatAnswer | { ok: false; failure: ChatFailure };

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
    // One whole answer is asked for; a gateway that streams anyway is read too (readChatResponse).
    body: JSON.stringify({
      model: endpoint.model,
      messages,
      temperature: endpoint.temperature,
      max_tokens: endpoint.maxTokens,
      stream: false,
      // OpenAI, vLLM, llama.cpp and Ollama (0.12.11 on) read these two; top_logprobs needs logprobs.
      ...(endpoint.topLogprobs !== undefined ? { logprobs: true, top_logprobs: endpoint.topLogprobs } : {}),
    }),
  };
}

// A server's own words about a refused request help the lead ("model not found"), kept short.
const MAX_DETAIL_CHARS = 200;

/**
 * A response as an answer or a classified failure. `now` reads Retry-After given as an HTTP date;
 * a body of server-sent events (`contentType` text/event-stream, or `data:` lines, which some
 * gateways send whatever was asked) is put together from its chunks.
 */
export function readChatResponse(status: number, retryAfter: string | null, body: string, now: number, contentType?: string | null): ChatOutcome {
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
  const read = isEventStream(contentType, body) ? readEventStream(body) : readJsonCompletion(body);
  if ('kind' in read) return { ok: false, failure: read };
  const { content, reasoning, finishReason, usage, logprobs } = read;
  // Empty content ends a reply that is still a reply: a model that only reasoned, or one cut off
  // at max tokens before it wrote anything (the reading of its verdict says which).
  if (content.trim() === '' && reasoning === '' && finishReason !== 'length')
    return { ok: false, failure: { kind: 'no-reply', reason: 'the model replied with no text' } };
  return {
    ok: true,
    reply: content,
    ...(reasoning !== '' ? { reasoning } : {}),
    ...(finishReason !== undefined ? { finishReason } : {}),
    ...(logprobs.length > 0 ? { logprobs } : {}),
    tokensIn: tokenCount(usage?.prompt_tokens),
    tokensOut: tokenCount(usage?.completion_tokens),
  };
}

/** What a response says, before it is judged an answer. */
interface CompletionRead {
  content: string;
  reasoning: string;
  finishReason?: string;
  usage: Record<string, unknown> | undefined;
  /** The content's tokens (`choices[0].logprobs.content`), empty when the server sent none. */
  logprobs: TokenLogprobs[];
}

function readJsonCompletion(body: string): CompletionRead | ChatFailure {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    return { kind: 'malformed', reason: 'the endpoint answered with something that is not JSON' };
  }
  const record = asRecord(document);
  const choices = record?.choices;
  if (!Array.isArray(choices) || choices.length === 0) return { kind: 'no-reply', reason: 'the endpoint answered with no choice' };
  const choice = asRecord(choices[0]);
  const message = asRecord(choice?.message);
  const finishReason = choice?.finish_reason;
  return {
    content: typeof message?.content === 'string' ? message.content : '',
    reasoning: reasoningOf(message),
    ...(typeof finishReason === 'string' ? { finishReason } : {}),
    usage: asRecord(record?.usage),
    logprobs: tokenLogprobsOf(choice),
  };
}

/**
 * `choice.logprobs.content` as OpenAI writes it (`[{token, logprob, top_logprobs: [{token,
 * logprob}]}]`), entries that are not of that shape left out; a server that sends none, or
 * another shape (llama.cpp's older `completion_probabilities`), gives none.
 */
function tokenLogprobsOf(choice: Record<string, unknown> | undefined): TokenLogprobs[] {
  const content = asRecord(choice?.logprobs)?.content;
  if (!Array.isArray(content)) return [];
  const tokens: TokenLogprobs[] = [];
  for (const entry of content) {
    const token = asRecord(entry);
    if (typeof token?.token !== 'string' || typeof token.logprob !== 'number') continue;
    const alternatives = (Array.isArray(token.top_logprobs) ? token.top_logprobs : []).flatMap((alternative) => {
      const one = asRecord(alternative);
      return typeof one?.token === 'string' && typeof one.logprob === 'number' ? [{ token: one.token, logprob: one.logprob }] : [];
    });
    tokens.push({ token: token.token, logprob: token.logprob, alternatives });
  }
  return tokens;
}

/** DeepSeek and vLLM call it `reasoning_content`, OpenRouter and newer vLLM `reasoning`. */
function reasoningOf(message: Record<string, unknown> | undefined): string {
  const reasoning = message?.reasoning_content ?? message?.reasoning;
  return typeof reasoning === 'string' ? reasoning : '';
}

function isEventStream(contentType: string | null | undefined, body: string): boolean {
  return /^\s*text\/event-stream/i.test(contentType ?? '') || /^\s*(data|event|id|retry)?:/.test(body);
}

/**
 * Server-sent events as OpenAI streams them: `data: {...}` chunks whose `choices[0].delta` carries
 * pieces of `content` and `reasoning_content`, the last with `finish_reason`, usage in a final
 * chunk when the server sends it, then `data: [DONE]`.
 */
function readEventStream(body: string): CompletionRead | ChatFailure {
  let content = '';
  let reasoning = '';
  let finishReason: string | undefined;
  let usage: Record<string, unknown> | undefined;
  const logprobs: TokenLogprobs[] = [];
  let chunks = 0;
  // Each `data:` line is one chunk, as every OpenAI-compatible server writes them, whether or not
  // a blank line follows it (some gateways leave it out); comments and other fields are not read.
  for (const line of body.split(/\r?\n|\r/)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '' || data === '[DONE]') continue;
    let chunk: Record<string, unknown> | undefined;
    try {
      chunk = asRecord(JSON.parse(data));
    } catch {
      return { kind: 'malformed', reason: 'the endpoint streamed an event that is not JSON' };
    }
    chunks++;
    const error = asRecord(chunk?.error)?.message;
    if (typeof error === 'string') return { kind: 'server-error', reason: `the endpoint failed while streaming: ${oneLine(error)}` };
    usage = asRecord(chunk?.usage) ?? usage;
    const choice = Array.isArray(chunk?.choices) ? asRecord(chunk.choices[0]) : undefined;
    const delta = asRecord(choice?.delta) ?? asRecord(choice?.message);
    if (typeof delta?.content === 'string') content += delta.content;
    reasoning += reasoningOf(delta);
    if (typeof choice?.finish_reason === 'string') finishReason = choice.finish_reason;
    logprobs.push(...tokenLogprobsOf(choice));
  }
  if (chunks === 0) return { kind: 'no-reply', reason: 'the endpoint streamed no answer' };
  return { content, reasoning, ...(finishReason !== undefined ? { finishReason } : {}), usage, logprobs };
}

/**
 * Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`.
 * A date names a whole second, and a server writes `now + wait` cut down to one: the end of that
 * second is the first moment sure to be after the wait it meant (2 s asked at 12:00:00.900 is
 * written 12:00:02, and read as 12:00:03, not a 1.1 s wait). Seconds with a fraction are read too.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // Only a date with a weekday, as HTTP writes one: Date.parse reads "2" or "1.5" as a year or a month.
  if (!/^[A-Za-z]{3},/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at + 1000 - now);
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
      const response = await fetchImpl(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        redirect: NO_REDIRECTS,
      });
      const redirect = redirectAnswered(response, request.url);
      if (redirect !== undefined) return { ok: false, failure: { kind: 'refused', reason: redirect } };
      const body = await response.text();
      const { headers } = response;
      return withoutKey(readChatResponse(response.status, headers.get('retry-after'), body, now(), headers.get('content-type')), endpoint.apiKey);
    } catch (error) {
      if (timedOut) return { ok: false, failure: { kind: 'timeout', reason: `no complete answer within ${formatSeconds(endpoint.timeoutMs)} (the timeout)` } };
      if (signal?.aborted) return { ok: false, failure: { kind: 'network', reason: 'the run was cancelled' } };
      const redirect = redirectFailed(error);
      if (redirect !== undefined) return { ok: false, failure: { kind: 'refused', reason: redirect } };
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

/** A network error's cause as Node, Electron and browsers give it (`ECONNREFUSED`, `net::ERR_CONNECTION_REFUSED`, a message). */
export function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The server's own message in an error body (`{"error": {"message": ...}}`, or the body's text), on one short line. */
export function serverMessage(body: string): string {
  let text = body;
  try {
    const message = asRecord(asRecord(JSON.parse(body))?.error)?.message;
    if (typeof message === 'string') text = message;
  } catch {
    // Not JSON: the body's own text is the best detail there is.
  }
  return oneLine(text);
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL_CHARS ? `${line.slice(0, MAX_DETAIL_CHARS - 1)}…` : line;
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
