// Runs a judge over its items (issue 17 point 3): at most `concurrency` requests at once and at
// most `rpm` a minute, retrying rate limits (after Retry-After) and server errors and timeouts
// (with exponential backoff) up to a limit, with pause, resume and cancel and live progress.
// Each answer is written to the injected journal before it counts, and items the journal
// already holds are skipped, so a resumed run asks nothing twice; their tokens, time and cut-off
// replies count in the progress as if the run had never stopped. The transport, the journal and
// the clock are injected: the command line runs it in Node, the app in a worker, tests with a
// fake clock. It keeps no answer itself (the journal does), so memory stays flat however many items.

import { isRetryable, type ChatFailure, type ChatOutcome } from './chat-completions';
import type { JudgeItem } from './items';
import { verdictAlternatives, type TokenAlternative, type TokenLogprobs } from './verdict-logprobs';

interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare const AbortController: new () => { readonly signal: AbortSignalLike; abort(): void };

/** One answer as the journal keeps it: the reply as written, read into a label later. */
export interface JudgeAnswer {
  key: string;
  turnId: string;
  sample: number;
  /** The message's content, which the verdict is read from. */
  reply: string;
  /** A reasoning model's thinking when the server sent it apart from the content. */
  reasoning?: string;
  /** Why the model stopped (`length`: at max tokens). */
  finishReason?: string;
  /** The alternatives at the verdict's place with their log-probabilities, where the endpoint sent them (verdict-logprobs.ts). */
  verdictAlternatives?: TokenAlternative[];
  tokensIn: number;
  tokensOut: number;
  /** When it arrived (ISO 8601). */
  at: string;
  /** The run's working time when it arrived, earlier sittings included: a resumed run's clock goes on from it. */
  elapsedMs?: number;
}

/** Only the verdict's place of the tokens is kept: a journal line per answer, not per token. */
function verdictAlternativesOf(logprobs: readonly TokenLogprobs[] | undefined): Pick<JudgeAnswer, 'verdictAlternatives'> {
  const alternatives = logprobs === undefined ? [] : verdictAlternatives(logprobs);
  return alternatives.length > 0 ? { verdictAlternatives: alternatives } : {};
}

export interface JudgeFailure {
  key: string;
  turnId: string;
  sample: number;
  reason: string;
}

/** Where answers are kept durably: a file beside the output (command line) or the database (app). */
export interface AnswerJournal {
  /** Hands `visit` each answer it already holds, from earlier runs with the same settings. */
  readEarlier(visit: (answer: JudgeAnswer) => void): Promise<void>;
  /** Resolves once the answer is durable; the runner counts the item done only then. */
  append(answer: JudgeAnswer): Promise<void>;
}

export interface RunnerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface RunnerOptions {
  items: readonly JudgeItem[];
  /** Asks the model about one item; `signal` aborts when the run is cancelled. */
  ask(item: JudgeItem, signal: AbortSignalLike): Promise<ChatOutcome>;
  journal: AnswerJournal;
  concurrency: number;
  /** Requests a minute, spread evenly; absent: no bound beyond concurrency. */
  rpm?: number;
  clock: RunnerClock;
  /** Attempts per item, the first included (default 5). */
  maxAttempts?: number;
  /** The first retry's wait, doubled for each further retry up to maxBackoffMs (defaults 1 s and 60 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Whether an answer was cut off at max tokens before any verdict (results.ts answerIsCutOff); absent: none is. */
  isCutOff?(answer: JudgeAnswer, item: JudgeItem): boolean;
  onProgress?(progress: RunProgress): void;
  /**
   * Working time of earlier sittings as the run's stored progress says, which counts a sitting's
   * time after its last answer (requests in flight when it was cancelled); the journal's answers
   * alone stop at the last one. Absent: from the journal alone.
   */
  earlierElapsedMs?: number;
}

export type RunState = 'starting' | 'running' | 'paused' | 'cancelled' | 'finished';

export interface RunProgress {
  state: RunState;
  /** Items of this run, including those the journal already held. */
  total: number;
  /** Answered by an earlier run (in the journal at start). */
  alreadyAnswered: number;
  /** Answered and journaled by this run. */
  done: number;
  /** Answers, earlier ones included, cut off at max tokens with no verdict in them: they give no label. */
  cutOff: number;
  failed: number;
  inFlight: number;
  retries: number;
  /** Tokens and working time of every answer, those the journal held included. */
  tokensIn: number;
  tokensOut: number;
  elapsedMs: number;
}

export interface RunSummary {
  progress: RunProgress;
  failures: JudgeFailure[];
  startedAt: number;
  finishedAt: number;
}

export interface JudgeRun {
  pause(): void;
  resume(): void;
  cancel(): void;
  progress(): RunProgress;
  /** Settles when every item is answered or failed, or the run is cancelled; rejects if the journal cannot be written. */
  done: Promise<RunSummary>;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 1000;
const DEFAULT_MAX_BACKOFF_MS = 60_000;
/** Answers a worker may hold that the journal has not yet confirmed (issue 30: room for a slow fsync). */
const UNWRITTEN_PER_WORKER = 4;

export function startJudgeRun(options: RunnerOptions): JudgeRun {
  const { clock } = options;
  if (!Number.isSafeInteger(options.concurrency) || options.concurrency < 1) throw new RangeError('concurrency must be a whole number of at least 1');
  if (options.rpm !== undefined && !(options.rpm > 0)) throw new RangeError('requests per minute must be more than 0');
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  const startedAt = clock.now();
  const abort = new AbortController();
  const failures: JudgeFailure[] = [];
  const counts = { alreadyAnswered: 0, done: 0, cutOff: 0, failed: 0, inFlight: 0, retries: 0, tokensIn: 0, tokensOut: 0 };
  const itemsByKey = new Map(options.items.map((item) => [item.key, item]));
  const isCutOff = (answer: JudgeAnswer) => {
    const item = itemsByKey.get(answer.key);
    return item !== undefined && options.isCutOff?.(answer, item) === true;
  };
  // Working time of earlier sittings: what the run's stored progress says, or the last answer they journaled if later.
  let earlierElapsedMs = options.earlierElapsedMs ?? 0;
  let state: RunState = 'starting';
  let pausedWhile: { promise: Promise<void>; release: () => void } | undefined;
  // Waits in progress, woken at once by a cancel. A set rather than a race against one long-lived
  // promise: each race would leave a reaction on it for as long as the run lasts.
  const sleepers = new Set<() => void>();
  const gate = startGate(clock, options.rpm);

  const elapsed = () => earlierElapsedMs + clock.now() - startedAt;
  const progress = (): RunProgress => ({ state, total: options.items.length, ...counts, elapsedMs: elapsed() });
  const report = () => options.onProgress?.(progress());
  const isCancelled = () => state === 'cancelled';

  /** Resolves when the run may start a request: at once, after a resume, or on cancel (then false). */
  const mayGoOn = async (): Promise<boolean> => {
    while (pausedWhile && !isCancelled()) await pausedWhile.promise;
    return !isCancelled();
  };
  /** Waits `ms`, cut short by a cancel. */
  const wait = (ms: number): Promise<void> => {
    if (ms <= 0 || isCancelled()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        sleepers.delete(wake);
        resolve();
      };
      sleepers.add(wake);
      void clock.sleep(ms).then(wake);
    });
  };

  /** Asks until an answer, a failure past retrying, or a cancel; only the answer comes back. */
  const askItem = async (item: JudgeItem): Promise<JudgeAnswer | undefined> => {
    for (let attempt = 1; ; attempt++) {
      if (!(await mayGoOn())) return undefined;
      await wait(gate.reserve());
      if (!(await mayGoOn())) return undefined;
      counts.inFlight++;
      report();
      let outcome: ChatOutcome;
      try {
        outcome = await options.ask(item, abort.signal);
      } finally {
        counts.inFlight--;
      }
      // A cancelled run stops counting: what came back is asked again by the next run.
      if (isCancelled()) return undefined;
      if (outcome.ok) {
        return {
          key: item.key,
          turnId: item.turnId,
          sample: item.sample,
          reply: outcome.reply,
          ...(outcome.reasoning !== undefined ? { reasoning: outcome.reasoning } : {}),
          ...(outcome.finishReason !== undefined ? { finishReason: outcome.finishReason } : {}),
          ...verdictAlternativesOf(outcome.logprobs),
          tokensIn: outcome.tokensIn,
          tokensOut: outcome.tokensOut,
          at: new Date(clock.now()).toISOString(),
          elapsedMs: elapsed(),
        };
      }
      const { failure } = outcome;
      if (isRetryable(failure) && attempt < maxAttempts) {
        counts.retries++;
        report();
        const delay = retryDelay(failure, attempt, backoffMs, maxBackoffMs);
        // The endpoint asked everyone to wait, not only this item: no request starts before then.
        if (failure.retryAfterMs !== undefined) gate.holdUntil(clock.now() + failure.retryAfterMs);
        await wait(delay);
        continue;
      }
      counts.failed++;
      failures.push({
        key: item.key,
        turnId: item.turnId,
        sample: item.sample,
        reason: attempt > 1 ? `${failure.reason}; gave up after ${attempt} attempts` : failure.reason,
      });
      report();
      return undefined;
    }
  };

  /** Writes an answer to the journal and counts it once it is there. */
  const record = async (answer: JudgeAnswer): Promise<void> => {
    await options.journal.append(answer);
    counts.done++;
    count(answer);
    report();
  };

  /** Adds an answer's tokens and its being cut off to the counts. */
  const count = (answer: JudgeAnswer) => {
    counts.tokensIn += answer.tokensIn;
    counts.tokensOut += answer.tokensOut;
    if (isCutOff(answer)) counts.cutOff++;
  };

  const run = async (): Promise<RunSummary> => {
    // Only answers to this run's items count: a journal may hold others (a selection since changed).
    const answered = new Set<string>();
    await options.journal.readEarlier((answer) => {
      if (!itemsByKey.has(answer.key) || answered.has(answer.key)) return;
      answered.add(answer.key);
      count(answer);
      earlierElapsedMs = Math.max(earlierElapsedMs, answer.elapsedMs ?? 0);
    });
    const pending = options.items.filter((item) => !answered.has(item.key));
    counts.alreadyAnswered = options.items.length - pending.length;
    if (!isCancelled()) state = pausedWhile ? 'paused' : 'running';
    report();
    let cursor = 0;
    let fatal: unknown;
    // The journal could not be written: nothing more may be asked, or answers would be lost.
    const stop = (error: unknown) => {
      fatal ??= error;
      cancel();
    };
    // A worker asks its next items while its answers are being written (a write to disk takes as
    // long as a fast reply, and a slow fsync several), and waits for its oldest write only when it
    // holds UNWRITTEN_PER_WORKER of them: the slot stays busy, memory stays bounded, and no answer
    // counts before the journal has it.
    const worker = async () => {
      const writes: Array<Promise<void>> = [];
      try {
        while (fatal === undefined && (await mayGoOn())) {
          const item = pending[cursor++];
          if (item === undefined) break;
          const answer = await askItem(item);
          if (answer === undefined) continue;
          while (writes.length >= UNWRITTEN_PER_WORKER) await writes.shift();
          const writing = record(answer);
          // A failed write stops the run at once, not when the worker comes to await it.
          writing.catch(stop);
          writes.push(writing);
        }
        for (const writing of writes) await writing;
      } catch (error) {
        stop(error);
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, Math.max(pending.length, 1)) }, worker));
    if (fatal !== undefined) throw fatal;
    if (!isCancelled()) state = 'finished';
    report();
    return { progress: progress(), failures, startedAt, finishedAt: clock.now() };
  };

  const cancel = () => {
    if (state === 'finished' || state === 'cancelled') return;
    state = 'cancelled';
    abort.abort();
    for (const wake of [...sleepers]) wake();
    pausedWhile?.release();
    report();
  };

  return {
    pause() {
      if (pausedWhile || state === 'finished' || state === 'cancelled') return;
      let release = () => {};
      pausedWhile = { promise: new Promise<void>((resolve) => (release = resolve)), release };
      if (state === 'running') state = 'paused';
      report();
    },
    resume() {
      if (!pausedWhile) return;
      const { release } = pausedWhile;
      pausedWhile = undefined;
      if (state === 'paused') state = 'running';
      release();
      report();
    },
    cancel,
    progress,
    done: run(),
  };
}

/** Retry-After when the endpoint gave one, else 1, 2, 4 ... times the first backoff, capped. */
function retryDelay(failure: ChatFailure, attempt: number, backoffMs: number, maxBackoffMs: number): number {
  if (failure.retryAfterMs !== undefined) return failure.retryAfterMs;
  return Math.min(maxBackoffMs, backoffMs * 2 ** (attempt - 1));
}

/** Spaces request starts `60000 / rpm` ms apart, and holds them all while the endpoint asked to wait. */
function startGate(clock: RunnerClock, rpm: number | undefined) {
  const interval = rpm === undefined ? 0 : 60_000 / rpm;
  let next = 0;
  let hold = 0;
  return {
    /** Reserves the next start and returns how long to wait for it. */
    reserve(): number {
      const now = clock.now();
      const at = Math.max(now, next, hold);
      next = at + interval;
      return at - now;
    },
    holdUntil(at: number) {
      hold = Math.max(hold, at);
    },
  };
}
