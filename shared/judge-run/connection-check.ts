// "Test connection" for a judge endpoint (issue 26 point 3b): asks the endpoint for its models
// (GET /v1/models, the OpenAI list every compatible server answers), admitted like a judge request
// (admitted-send.ts: the registered origin only, the key only in the Authorization header), and
// says in words what failed: refused, wrong key, no such model, not an OpenAI server, CORS.

import { admit, type Admission } from './admitted-send';
import { causeOf, recordedEndpointUrl, serverMessage, type FetchLike } from './chat-completions';
import { NO_REDIRECTS, redirectAnswered, redirectFailed } from './redirect-refusal';

// shared/ is typed without DOM or Node: the few platform globals the check uses, as both provide them.
declare const AbortController: new () => {
  readonly signal: { readonly aborted: boolean; addEventListener(type: 'abort', l: () => void): void; removeEventListener(type: 'abort', l: () => void): void };
  abort(): void;
};
declare function setTimeout(handler: () => void, ms: number): unknown;
declare function clearTimeout(timer: unknown): void;

/** What the page asks the host to check (the platform's JudgeConnectionRequest): an endpoint without its key. */
export interface ConnectionCheckRequest {
  endpointId: string;
  /** The endpoint's base URL (or its full chat-completions URL), on the registered origin. */
  url: string;
  /** The model the lead named, looked for in the list. */
  model: string;
  timeoutMs: number;
}

export type ConnectionProblem = 'not-set-up' | 'refused' | 'unreachable' | 'cors' | 'timeout' | 'wrong-key' | 'no-such-model' | 'not-openai' | 'server-error';

/** The outcome, always in words (`message`); `models` is the list the endpoint gave, empty when it gave none. */
export type ConnectionCheck = { ok: true; models: string[]; message: string } | { ok: false; problem: ConnectionProblem; message: string; models: string[] };

/**
 * The model list's URL: `{base}/models` when the base already ends in /v1 (or another version,
 * as every OpenAI-compatible base does), else `{base}/v1/models`; a full chat-completions URL is
 * cut back to its base first. A query (Azure's `?api-version=`) stays at the end.
 */
export function modelsUrl(base: string): string {
  const queryAt = base.search(/[?#]/);
  const query = queryAt < 0 ? '' : base.slice(queryAt);
  const path = (queryAt < 0 ? base : base.slice(0, queryAt)).replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
  return `${/\/v\d+[a-z]*$/i.test(path) ? path : `${path}/v1`}/models${query}`;
}

/** Whether `model` is in the list: by its id, or without a tag as Ollama's `:latest`, which Ollama serves under both names. */
export function listsModel(models: readonly string[], model: string): boolean {
  return models.includes(model) || (!model.includes(':') && models.includes(`${model}:latest`));
}

const SHOWN_MODELS = 8;

function modelWords(models: readonly string[]): string {
  if (models.length === 0) return 'It lists no models.';
  const shown = models.slice(0, SHOWN_MODELS).join(', ');
  return `It lists ${shown}${models.length > SHOWN_MODELS ? ` and ${models.length - SHOWN_MODELS} more` : ''}.`;
}

/** The model list's response read against the model the lead named. */
export function readModelList(status: number, body: string, modelsAt: string, model: string): ConnectionCheck {
  // Shown without a query or credentials, where some services take their key (`?api-key=`).
  const url = recordedEndpointUrl(modelsAt);
  const failed = (problem: ConnectionProblem, message: string): ConnectionCheck => ({ ok: false, problem, message, models: [] });
  const detail = serverMessage(body);
  const said = detail === '' ? '' : ` It said: ${detail}`;
  if (status === 401 || status === 403)
    return failed('wrong-key', `The endpoint refused the API key (HTTP ${status}): check the key, or enter it again.${said}`);
  if (status === 404 || status === 405)
    return failed(
      'not-openai',
      `Nothing answers at ${url} (HTTP ${status}): this does not look like an OpenAI-compatible server. Check the base URL; it usually ends in /v1.`,
    );
  if (status >= 500) return failed('server-error', `The endpoint failed (HTTP ${status}).${said}`);
  if (status < 200 || status >= 300) return failed('not-openai', `The endpoint refused the request for its models (HTTP ${status}).${said}`);
  let data: unknown;
  try {
    data = (JSON.parse(body) as { data?: unknown } | null)?.data;
  } catch {
    data = undefined;
  }
  if (!Array.isArray(data))
    return failed('not-openai', `The answer from ${url} is not an OpenAI model list: this does not look like an OpenAI-compatible server. Check the base URL.`);
  const models = data.flatMap((entry: unknown) => {
    const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
  if (!listsModel(models, model))
    return { ok: false, problem: 'no-such-model', message: `Connected, but the endpoint has no model named "${model}". ${modelWords(models)}`, models };
  return { ok: true, models, message: `Connected: the endpoint serves "${model}". ${modelWords(models)}` };
}

/** A fetch that failed without an answer, in words; `explain` may know more (a browser page tells CORS apart). */
/** A redirect refused, as Test connection says it: a sentence. */
function redirectCheck(reason: string): ConnectionCheck {
  return { ok: false, problem: 'not-openai', message: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`, models: [] };
}

function networkFailure(error: unknown, origin: string): ConnectionCheck {
  const cause = causeOf(error);
  if (/ECONNREFUSED|ERR_CONNECTION_REFUSED/i.test(cause))
    return { ok: false, problem: 'refused', message: `Connection refused: nothing answers at ${origin}. Is the server running, on that port?`, models: [] };
  if (/ENOTFOUND|EAI_AGAIN|ERR_NAME_NOT_RESOLVED/i.test(cause))
    return { ok: false, problem: 'unreachable', message: `No computer named in ${origin} can be found: check the address.`, models: [] };
  return { ok: false, problem: 'unreachable', message: `Cannot reach ${origin}: ${cause}.`, models: [] };
}

export interface CheckOptions {
  /**
   * Called when the fetch failed without an answer, with the models URL: a web page's host tells
   * a server that answered without CORS from one that did not answer (browsers hide which).
   */
  explainNetworkFailure?(url: string): Promise<ConnectionCheck | undefined>;
}

/** Checks the endpoint if `admission` admits its URL; a refusal names the origin, never the key. */
export async function checkAdmitted(
  fetchImpl: FetchLike,
  admission: Admission | undefined,
  request: ConnectionCheckRequest,
  options: CheckOptions = {},
): Promise<ConnectionCheck> {
  const url = modelsUrl(request.url);
  const admitted = await admit(admission, request.url, url);
  if (!admitted.ok) return { ok: false, problem: 'not-set-up', message: `Not tested: ${admitted.reason}.`, models: [] };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (admitted.apiKey !== undefined) headers.authorization = `Bearer ${admitted.apiKey}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  let check: ConnectionCheck;
  try {
    const response = await fetchImpl(url, { method: 'GET', headers, signal: controller.signal, redirect: NO_REDIRECTS });
    const redirect = redirectAnswered(response, url);
    check = redirect !== undefined ? redirectCheck(redirect) : readModelList(response.status, await response.text(), url, request.model);
  } catch (error) {
    const origin = admission?.origin ?? url;
    const redirect = redirectFailed(error);
    check = timedOut
      ? { ok: false, problem: 'timeout', message: `No answer from ${origin} within ${Math.round(request.timeoutMs / 1000)} s (the timeout).`, models: [] }
      : redirect !== undefined
        ? redirectCheck(redirect)
        : ((await options.explainNetworkFailure?.(url)) ?? networkFailure(error, origin));
  } finally {
    clearTimeout(timer);
  }
  // A server may echo the key in its message, as it may in a chat answer's.
  const key = admitted.apiKey;
  return key === undefined || !check.message.includes(key) ? check : { ...check, message: check.message.split(key).join('[the API key]') };
}
