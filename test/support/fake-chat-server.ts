// A real OpenAI-compatible server on loopback for the judge-run tests and bench: POST
// /v1/chat/completions answers deterministically, after a configurable delay, and misbehaves
// when the prompt asks it to. A turn's text carries `[item:ID]` (what the log names the request
// by) and `[fake:...]`, a comma-separated list of misbehaviours for that item's first requests:
//   429*N   HTTP 429 with Retry-After in seconds    429date*N  the same, Retry-After as an HTTP date
//   500*N   HTTP 500                                 stall*N    never answer (the client's timeout fires)
//   malformed*N  a body that is not JSON            empty*N    no choice     blank*N  an empty reply text
//   401*N   HTTP 401 whose message repeats the Authorization header, as some hosted APIs do
//   say=TEXT     reply TEXT (the rest of the list, commas included) instead of the default
// N defaults to 1. The default reply is `defaultReply(item)`: "Yes" or "No", fixed by the item id.
// Keeps a log of every request (item, headers, body, status, time) that tests read. With
// `allowOrigin` it answers CORS as Ollama does with OLLAMA_ORIGINS, so a web page can call it.

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  /** The `[item:ID]` of the prompt's last turn, or null when it has none. */
  item: string | null;
  /** Date.now() when the request arrived. */
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the server answered, or 0 for a stalled request. */
  status: number;
}

export interface FakeChatServerOptions {
  /** Milliseconds before each answer (default 0). */
  delayMs?: number;
  /** The wait a 429 asks for (default 2). */
  retryAfterSeconds?: number;
  /** Keep each request in `log` (default true); the bench counts only, so memory stays flat. */
  keepLog?: boolean;
  /**
   * The page origin allowed to call the server from a browser (`*` for any): answers the CORS
   * preflight, which the log leaves out (it asks nothing), and marks every answer as readable by it.
   * Absent (the default), no CORS at all, as a local server that was not told to allow the page.
   */
  allowOrigin?: string;
}

export interface FakeChatServer {
  /** The base URL, `http://127.0.0.1:PORT/v1`. */
  url: string;
  log: LoggedRequest[];
  /** Requests answered so far (stalled ones excluded). */
  answered(): number;
  close(): Promise<void>;
}

const ITEM = /\[item:([^\]]+)\]/g;
const FAKE = /\[fake:([^\]]+)\]/g;

/** The reply an item gets when its prompt asks for nothing else: fixed by the id, so tests know the label. */
export function defaultReply(item: string): 'Yes' | 'No' {
  let sum = 0;
  for (const char of item) sum += char.codePointAt(0) ?? 0;
  return sum % 2 === 0 ? 'Yes' : 'No';
}

export async function startFakeChatServer(options: FakeChatServerOptions = {}): Promise<FakeChatServer> {
  const delayMs = options.delayMs ?? 0;
  const retryAfterSeconds = options.retryAfterSeconds ?? 2;
  const keepLog = options.keepLog ?? true;
  const log: LoggedRequest[] = [];
  const attempts = new Map<string, number>();
  let answered = 0;

  const server = createServer((request, response) => {
    if (options.allowOrigin !== undefined) {
      response.setHeader('access-control-allow-origin', options.allowOrigin);
      response.setHeader('vary', 'origin');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        });
        response.end();
        return;
      }
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const at = Date.now();
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        send(response, 404, { error: { message: `no route ${request.method} ${request.url}` } });
        return;
      }
      const content = lastMessage(body);
      const item = lastMatch(ITEM, content);
      const directives = lastMatch(FAKE, content);
      // Attempts are counted only where a misbehaviour depends on them, so a long clean run keeps no per-request state.
      const key = item ?? content;
      const attempt = directives === null ? 1 : (attempts.get(key) ?? 0) + 1;
      if (directives !== null) attempts.set(key, attempt);
      const behaviour = behaviourFor(directives, attempt);
      const entry: LoggedRequest = { item, at, headers: request.headers, body, status: 0 };
      if (keepLog) log.push(entry);
      if (behaviour.kind === 'stall') return;
      const answer = () => {
        entry.status =
          behaviour.kind === 'unauthorised'
            ? send(response, 401, { error: { message: `Incorrect API key provided: ${request.headers.authorization ?? ''}` } })
            : respond(response, behaviour, item ?? content, content, retryAfterSeconds);
        answered++;
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    log,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Behaviour =
  | { kind: 'answer'; say?: string }
  | { kind: 'stall' }
  | { kind: 'status'; status: 429 | 500; dateForm?: boolean }
  | { kind: 'unauthorised' }
  | { kind: 'malformed' }
  | { kind: 'empty' }
  | { kind: 'blank' };

/** The first misbehaviour whose count this attempt still falls under, else an answer. */
function behaviourFor(directives: string | null, attempt: number): Behaviour {
  const text = directives ?? '';
  const sayAt = text.indexOf('say=');
  const say = sayAt >= 0 ? text.slice(sayAt + 4) : undefined;
  let before = 0;
  for (const directive of (sayAt >= 0 ? text.slice(0, sayAt) : text).split(',').map((part) => part.trim())) {
    const match = /^([a-z0-9]+)(?:\*(\d+))?$/.exec(directive);
    if (!match) continue;
    const times = Number(match[2] ?? 1);
    if (attempt > before + times) {
      before += times;
      continue;
    }
    switch (match[1]) {
      case '429':
        return { kind: 'status', status: 429 };
      case '429date':
        return { kind: 'status', status: 429, dateForm: true };
      case '500':
        return { kind: 'status', status: 500 };
      case 'stall':
        return { kind: 'stall' };
      case 'malformed':
        return { kind: 'malformed' };
      case 'empty':
        return { kind: 'empty' };
      case 'blank':
        return { kind: 'blank' };
      case '401':
        return { kind: 'unauthorised' };
    }
  }
  return say === undefined ? { kind: 'answer' } : { kind: 'answer', say };
}

function respond(response: ServerResponse, behaviour: Behaviour, item: string, content: string, retryAfterSeconds: number): number {
  switch (behaviour.kind) {
    case 'status': {
      const headers: Record<string, string> = {};
      if (behaviour.status === 429)
        headers['retry-after'] = behaviour.dateForm ? new Date(Date.now() + retryAfterSeconds * 1000).toUTCString() : String(retryAfterSeconds);
      return send(response, behaviour.status, { error: { message: behaviour.status === 429 ? 'slow down' : 'internal error' } }, headers);
    }
    case 'malformed':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"choices": [ {"message": ');
      return 200;
    case 'empty':
      return send(response, 200, { choices: [], usage: { prompt_tokens: 1, completion_tokens: 0 } });
    case 'blank':
      return send(response, 200, { choices: [{ index: 0, message: { role: 'assistant', content: '' } }] });
    case 'answer': {
      const reply = behaviour.say ?? defaultReply(item);
      return send(response, 200, {
        id: 'fake',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
        usage: { prompt_tokens: Math.ceil(content.length / 4), completion_tokens: Math.ceil(reply.length / 4) },
      });
    }
    case 'stall':
    case 'unauthorised':
      return 0;
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
  return status;
}

function lastMessage(body: string): string {
  try {
    const messages = (JSON.parse(body) as { messages?: Array<{ content?: unknown }> }).messages ?? [];
    const content = messages[messages.length - 1]?.content;
    return typeof content === 'string' ? content : '';
  } catch {
    return '';
  }
}

function lastMatch(pattern: RegExp, text: string): string | null {
  let found: string | null = null;
  for (const match of text.matchAll(pattern)) found = match[1] ?? null;
  return found;
}
