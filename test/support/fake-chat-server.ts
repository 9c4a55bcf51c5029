// A real OpenAI-compatible server on loopback for the judge-run tests and bench: POST
// /v1/chat/completions answers deterministically, after a configurable delay, answers the way
// real servers do (reasoning models, streams, Chinese verdicts) and misbehaves when the prompt
// asks it to; GET /v1/models lists its models. A turn's text carries `[item:ID]` (what the log
// names the request by) and `[fake:...]`, a comma-separated list. First the misbehaviours of the
// item's first requests:
//   429*N   HTTP 429 with Retry-After in seconds    429date*N  the same, Retry-After as an HTTP date
//   500*N   HTTP 500                                 stall*N    never answer (the client's timeout fires)
//   malformed*N  a body that is not JSON            empty*N    no choice     blank*N  an empty reply text
//   401*N   HTTP 401 whose message repeats the Authorization header, as some hosted APIs do
// N defaults to 1. Then how every answer is written, as the models and servers people use write it:
//   think      the reply after a `<think>…</think>` block in the content (Ollama, llama.cpp, vLLM without a reasoning parser)
//   reasoning  the thinking apart in `reasoning_content`, the content only the reply (DeepSeek's API, vLLM with a parser)
//   explain    an explanation first, the verdict on its last line
//   zh / zhmatch  the verdict in Chinese: 是 / 不是 for a question, 正确 / 错误 for a final answer
//   cut        cut off while thinking: `finish_reason: length` at the request's max_tokens, no verdict written
//   length     `finish_reason: length` after the reply as written (a verdict that made it in)
//   big        about 2 MB of thinking (or explanation after the reply): a reply over the readers' limit
//   sse        sent as server-sent events (`data:` chunks of deltas, usage last, `data: [DONE]`), as some gateways do unasked
//   say=TEXT   reply TEXT (the rest of the list, commas included) instead of the default
// The default reply is `defaultReply(item)`: "Yes" or "No", fixed by the item id. A request with
// `logprobs: true` gets `choices[0].logprobs.content` as OpenAI writes it: every token of the
// content, and at the verdict's place its `top_logprobs`, the verdict at probability 0.9 (pNN: NN%)
// and its opposite (Yes and No, 是 and 不是, 正确 and 错误) at the rest; `nologprobs` answers
// without them (a server that ignores the field), `rejectlogprobs` with HTTP 400 naming them.
// Two options make it a judge whose answers depend on the prompt, for the prompt search (issue 34):
//   grading    `truth` maps a turn's text to the right reply word (Yes, No, Irrelevant, Unknown,
//              Matched, Unmatched). A prompt holding known turn texts is about the one whose text
//              occurs last in it (few-shot examples come first); it gets the right word when a
//              draw, fixed by the turn's text and the whole prompt, falls below `rightShare.helped`
//              if the prompt holds any of `helps` (an instruction sentence, or a text only certain
//              examples have, such as `Reply: irrelevant`), else below `rightShare.unhelped`;
//              otherwise another word of the turn's task, fixed the same way. A prompt with no
//              known turn text answers as without grading.
//   proposals  a request whose prompt starts with PROPOSAL_MARKER (prompt-search.ts) is answered
//              with a line of rationale and a fenced block: the template fenced in the request
//              with `proposals[k]` as its first paragraph, k counting the proposal requests
//              answered before (cycling through the list).
// The directives above still apply to such prompts (a `[fake:500*1]` fails the first request).
// Keeps a log of every request (item, path, headers, body, status, time) that tests read. With
// `apiKey` every request without that key gets HTTP 401; with `allowOrigin` it answers CORS as
// Ollama does with OLLAMA_ORIGINS, so a web page can call it.

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fencedBlocks, PROPOSAL_MARKER } from '../../shared/judge-run/prompt-search';
import { keyedUniform } from '../../shared/random/keyed-uniform';

export interface LoggedRequest {
  /** The `[item:ID]` of the prompt's last turn, or null when it has none (and for the model list). */
  item: string | null;
  /** `POST /v1/chat/completions`, `GET /v1/models`. */
  route: string;
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
  /** The models GET /v1/models lists (default fake-model, fake-judge, tiny-judge). */
  models?: string[];
  /** When given, a request without `Authorization: Bearer <apiKey>` gets HTTP 401, as a hosted API answers a wrong key. */
  apiKey?: string;
  /**
   * The page origin allowed to call the server from a browser (`*` for any): answers the CORS
   * preflight, which the log leaves out (it asks nothing), and marks every answer as readable by it.
   * Absent (the default), no CORS at all, as a local server that was not told to allow the page.
   */
  allowOrigin?: string;
  /**
   * When given (another server's origin, `http://127.0.0.1:PORT`), every request is logged and
   * answered with a 307 to the same path there, as a proxy moved elsewhere answers; the studio
   * must refuse it, naming that address, and send nothing there.
   */
  redirectTo?: string;
  /** Answers right more often when the prompt holds a helping text (see the header). */
  grading?: Grading;
  /** The paragraphs proposed templates start with, in turn (see the header). */
  proposals?: readonly string[];
}

export interface Grading {
  /** A turn's text -> the reply word that is right for it. */
  truth: ReadonlyMap<string, string>;
  /** Texts any of which in a prompt make the right word likelier. */
  helps: readonly string[];
  /** The chance of the right word with and without a helping text, 0 to 1. */
  rightShare: { helped: number; unhelped: number };
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
  const models = options.models ?? ['fake-model', 'fake-judge', 'tiny-judge'];
  const log: LoggedRequest[] = [];
  const attempts = new Map<string, number>();
  let answered = 0;
  const grade = options.grading === undefined ? undefined : grader(options.grading);
  let proposed = 0;
  // What the prompt itself asks for, when grading or proposals are set: the reply, or undefined to answer as without them.
  const replyFor = (content: string): string | undefined => {
    if (options.proposals !== undefined && options.proposals.length > 0 && content.startsWith(PROPOSAL_MARKER))
      return proposal(content, options.proposals[proposed++ % options.proposals.length] as string);
    return grade?.(content);
  };

  const server = createServer((request, response) => {
    if (options.allowOrigin !== undefined) {
      response.setHeader('access-control-allow-origin', options.allowOrigin);
      response.setHeader('vary', 'origin');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, OPTIONS',
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
      const route = `${request.method ?? ''} ${request.url ?? ''}`;
      const wrongKey = options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`;
      if (options.redirectTo !== undefined) {
        if (keepLog) log.push({ item: lastMatch(ITEM, lastMessage(body)), route, at, headers: request.headers, body, status: 307 });
        response.writeHead(307, { location: `${options.redirectTo}${request.url ?? '/'}` });
        response.end();
        return;
      }
      if (route === 'GET /v1/models') {
        const entry: LoggedRequest = { item: null, route, at, headers: request.headers, body, status: 0 };
        if (keepLog) log.push(entry);
        entry.status = wrongKey
          ? send(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } })
          : send(response, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
        answered++;
        return;
      }
      if (route !== 'POST /v1/chat/completions') {
        send(response, 404, { error: { message: `no route ${route}` } });
        return;
      }
      const content = lastMessage(body);
      const item = lastMatch(ITEM, content);
      const directives = lastMatch(FAKE, content);
      // Attempts are counted only where a misbehaviour depends on them, so a long clean run keeps no per-request state.
      const key = item ?? content;
      const attempt = directives === null ? 1 : (attempts.get(key) ?? 0) + 1;
      if (directives !== null) attempts.set(key, attempt);
      let behaviour: Behaviour = wrongKey ? { kind: 'wrong-key' } : behaviourFor(directives, attempt);
      if (behaviour.kind === 'answer' && behaviour.say === undefined) {
        const say = replyFor(content);
        if (say !== undefined) behaviour = { ...behaviour, say };
      }
      const entry: LoggedRequest = { item, route, at, headers: request.headers, body, status: 0 };
      if (keepLog) log.push(entry);
      if (behaviour.kind === 'stall') return;
      const answer = () => {
        entry.status =
          behaviour.kind === 'unauthorised'
            ? send(response, 401, { error: { message: `Incorrect API key provided: ${request.headers.authorization ?? ''}` } })
            : behaviour.kind === 'wrong-key'
              ? send(response, 401, { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } })
              : respond(response, behaviour, item ?? content, { content, maxTokens: maxTokensOf(body), logprobs: asksLogprobs(body) }, retryAfterSeconds);
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

/** How an answer is written (the `think` … `sse` directives). */
type Shape = Record<'think' | 'reasoning' | 'explain' | 'zh' | 'zhmatch' | 'cut' | 'length' | 'big' | 'sse' | 'nologprobs' | 'rejectlogprobs', boolean> & {
  /** The verdict's probability in the log-probabilities. */
  p: number;
};
const SHAPES = ['think', 'reasoning', 'explain', 'zh', 'zhmatch', 'cut', 'length', 'big', 'sse', 'nologprobs', 'rejectlogprobs'] as const;

type Behaviour =
  | { kind: 'answer'; say?: string; shape: Shape }
  | { kind: 'wrong-key' }
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
  const listed = (sayAt >= 0 ? text.slice(0, sayAt) : text).split(',').map((part) => part.trim());
  const percent = listed.map((part) => /^p(\d{1,2})$/.exec(part)?.[1]).find((found) => found !== undefined);
  const shape = { ...Object.fromEntries(SHAPES.map((name) => [name, listed.includes(name)])), p: percent === undefined ? 0.9 : Number(percent) / 100 } as Shape;
  let before = 0;
  for (const directive of listed) {
    const match = /^([a-z0-9]+)(?:\*(\d+))?$/.exec(directive);
    if (!match || (SHAPES as readonly string[]).includes(directive) || /^p\d{1,2}$/.test(directive)) continue;
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
  return say === undefined ? { kind: 'answer', shape } : { kind: 'answer', say, shape };
}

const REPLY_WORDS: readonly (readonly string[])[] = [
  ['Yes', 'No', 'Irrelevant', 'Unknown'],
  ['Matched', 'Unmatched'],
];
// The draws that decide a graded reply: whether it is right, and which wrong word it is otherwise.
const RIGHT_DRAW = 34;
const WRONG_DRAW = 35;

/** The graded reply to a prompt, or undefined for one holding no known turn text; throws on a truth word no task replies. */
function grader({ truth, helps, rightShare }: Grading): (content: string) => string | undefined {
  const wrongWords = new Map<string, readonly string[]>();
  for (const [text, right] of truth) {
    const words = REPLY_WORDS.find((group) => group.includes(right));
    if (words === undefined)
      throw new Error(`the grading truth of ${JSON.stringify(text)} is ${JSON.stringify(right)}, not one of ${REPLY_WORDS.flat().join(', ')}`);
    // Unknown is only ever right: a scheme without it never sees it offered as a wrong reply.
    wrongWords.set(
      right,
      words.filter((word) => word !== right && word !== 'Unknown'),
    );
  }
  return (content) => {
    let turn: { text: string; end: number } | undefined;
    for (const text of truth.keys()) {
      const at = content.lastIndexOf(text);
      if (at < 0) continue;
      const end = at + text.length;
      if (turn === undefined || end > turn.end || (end === turn.end && text.length > turn.text.length)) turn = { text, end };
    }
    if (turn === undefined) return undefined;
    const right = truth.get(turn.text) as string;
    const key = `${turn.text}\u0000${content}`;
    const share = helps.some((help) => content.includes(help)) ? rightShare.helped : rightShare.unhelped;
    if (keyedUniform(RIGHT_DRAW, key) < share) return right;
    const wrong = wrongWords.get(right) as readonly string[];
    return wrong[Math.floor(keyedUniform(WRONG_DRAW, key) * wrong.length)] as string;
  };
}

/** A proposal's reply: a rationale line, then the request's fenced template with the paragraph first, fenced past any backticks in it. */
function proposal(content: string, paragraph: string): string {
  const template = `${paragraph}\n\n${fencedBlocks(content)[0] ?? ''}`;
  const fence = '`'.repeat(Math.max(3, ...[...template.matchAll(/`+/g)].map((run) => run[0].length + 1)));
  return `I put one paragraph first: ${paragraph}\n\n${fence}\n${template}\n${fence}`;
}

const THINKING = 'The story says she reads in a room with no light. The question asks about light, so I weigh what the reference says about it. ';
const EXPLANATION = 'The reference answer settles this: the room, the lamp and the book are all part of the scene. ';
/** Past the readers' 1 MB limit for one reply, twice over. */
const BIG_CHARS = 2 * 1024 * 1024;

function repeatTo(text: string, chars: number): string {
  return text.repeat(Math.ceil(chars / text.length)).slice(0, chars);
}

/** The message an answer carries, and why it ended, as the shape asks. */
function writeAnswer(reply: string, shape: Shape): { content: string; reasoning?: string; finishReason: 'stop' | 'length' } {
  const verdict = shape.zh
    ? reply === 'Yes'
      ? '是'
      : reply === 'No'
        ? '不是'
        : reply
    : shape.zhmatch
      ? reply === 'Yes'
        ? '正确'
        : reply === 'No'
          ? '错误'
          : reply
      : reply;
  const thinking = shape.big && (shape.think || shape.reasoning || shape.cut) ? repeatTo(THINKING, BIG_CHARS) : THINKING.repeat(3).trim();
  let content = shape.explain ? `${EXPLANATION.repeat(2).trim()}\n\n${verdict}` : verdict;
  if (shape.big && !(shape.think || shape.reasoning || shape.cut)) content = `${content}\n\n${repeatTo(EXPLANATION, BIG_CHARS)}`;
  if (shape.cut)
    return shape.reasoning ? { content: '', reasoning: thinking, finishReason: 'length' } : { content: `<think>\n${thinking}`, finishReason: 'length' };
  if (shape.think) content = `<think>\n${thinking}\n</think>\n\n${content}`;
  return { content, ...(shape.reasoning ? { reasoning: thinking } : {}), finishReason: shape.length ? 'length' : 'stop' };
}

const OPPOSITE: Readonly<Record<string, string>> = { Yes: 'No', No: 'Yes', 是: '不是', 不是: '是', 正确: '错误', 错误: '正确' };

/** The content's tokens as OpenAI's logprobs write them: words and the spaces between, the verdict's place with its alternatives. */
function contentLogprobs(content: string, p: number): object {
  const tokens = content.match(/\s+|[^\s]+/g) ?? [];
  let verdictSeen = false;
  const afterThink = content.includes('</think>') ? content.indexOf('</think>') + '</think>'.length : 0;
  let at = 0;
  return {
    content: tokens.map((token) => {
      const start = at;
      at += token.length;
      const verdict = !verdictSeen && start >= afterThink && /[\p{L}\p{N}]/u.test(token);
      if (!verdict) return { token, logprob: 0, bytes: null, top_logprobs: [] };
      verdictSeen = true;
      const word = token.replace(/[^\p{L}\p{N}]/gu, '');
      const opposite = OPPOSITE[word];
      const top = [
        { token, logprob: Math.log(p), bytes: null },
        ...(opposite === undefined ? [] : [{ token: opposite, logprob: Math.log(1 - p), bytes: null }]),
      ];
      return { token, logprob: Math.log(p), bytes: null, top_logprobs: top };
    }),
  };
}

/** The chat completion as one JSON body, or as the server-sent events of a stream; with `logprobs` those of its content. */
function sendAnswer(
  response: ServerResponse,
  message: { content: string; reasoning?: string; finishReason: string },
  usage: object,
  stream: boolean,
  logprobs: object | undefined,
): number {
  const withLogprobs = logprobs === undefined ? {} : { logprobs };
  if (!stream) {
    const reasoning = message.reasoning === undefined ? {} : { reasoning_content: message.reasoning };
    return send(response, 200, {
      id: 'fake',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: message.content, ...reasoning }, ...withLogprobs, finish_reason: message.finishReason }],
      usage,
    });
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finishReason: string | null = null, extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta, ...extra, finish_reason: finishReason }] })}\n\n`;
  const pieces = (text: string) => text.match(/[\s\S]{1,4096}/g) ?? [];
  response.write(chunk({ role: 'assistant', content: '' }));
  for (const piece of pieces(message.reasoning ?? '')) response.write(chunk({ reasoning_content: piece }));
  // The content's tokens ride on its first chunk, as a server that sends them per chunk would in sum.
  pieces(message.content).forEach((piece, p) => response.write(chunk({ content: piece }, null, p === 0 ? withLogprobs : {})));
  response.write(chunk({}, message.finishReason));
  response.write(`data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
  response.end('data: [DONE]\n\n');
  return 200;
}

function respond(
  response: ServerResponse,
  behaviour: Behaviour,
  item: string,
  request: { content: string; maxTokens: number | undefined; logprobs: boolean },
  retryAfterSeconds: number,
): number {
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
      if (request.logprobs && behaviour.shape.rejectlogprobs)
        return send(response, 400, { error: { message: 'logprobs is not supported for this model', param: 'logprobs' } });
      const message = writeAnswer(behaviour.say ?? defaultReply(item), behaviour.shape);
      const written = Math.ceil((message.content.length + (message.reasoning?.length ?? 0)) / 4);
      // A reply cut off used exactly the tokens asked for.
      const completionTokens = message.finishReason === 'length' && request.maxTokens !== undefined ? request.maxTokens : written;
      const logprobs = request.logprobs && !behaviour.shape.nologprobs ? contentLogprobs(message.content, behaviour.shape.p) : undefined;
      return sendAnswer(
        response,
        message,
        { prompt_tokens: Math.ceil(request.content.length / 4), completion_tokens: completionTokens },
        behaviour.shape.sse,
        logprobs,
      );
    }
    case 'stall':
    case 'unauthorised':
    case 'wrong-key':
      return 0;
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
  return status;
}

function maxTokensOf(body: string): number | undefined {
  try {
    const maxTokens = (JSON.parse(body) as { max_tokens?: unknown }).max_tokens;
    return typeof maxTokens === 'number' ? maxTokens : undefined;
  } catch {
    return undefined;
  }
}

function asksLogprobs(body: string): boolean {
  try {
    return (JSON.parse(body) as { logprobs?: unknown }).logprobs === true;
  } catch {
    return false;
  }
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
