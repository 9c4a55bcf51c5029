// The judge worker's work, kept out of the worker file so tests call it without a Worker: runs a
// stored judge run (renderer/db/judge-runs.ts) through shared/judge-run's runner with the run's
// journal in the database, each prompt with the version's few-shot examples the leakage guard allows
// its turn, sends each request through the host's `send` (this side never has an API key), reports
// progress, and applies the labels when the run finishes or is cancelled.

import { chatCompletionsUrl, type ChatEndpoint, type ChatOutcome, type ChatSender } from '../../shared/judge-run/chat-completions';
import { itemPromptSource, judgeAsker } from '../../shared/judge-run/item-prompt';
import { judgeItems } from '../../shared/judge-run/items';
import { promptHash } from '../../shared/judge-run/prompts';
import { answerIsCutOff } from '../../shared/judge-run/results';
import { startJudgeRun, type JudgeRun, type RunnerClock, type RunProgress, type RunSummary } from '../../shared/judge-run/runner';
import type { JudgeEndpoint, JudgeRunRow } from '../../shared/judge-run/stored-records';
import type { StudioDatabase } from '../db/database';
import { applyJudgeRun, itemSelection, judgeRunJournal, recordJudgeRunProgress, reopenJudgeRun } from '../db/judge-runs';
import { promptVersionByName } from '../db/prompt-versions';
import { describeStorageError } from '../db/storage';
import { loadStudyData } from '../db/study-data';
import type { JudgeRunOutcome, JudgeWorkerApi, SendThroughHost } from './judge-protocol';
import { TOP_LOGPROBS } from '../../shared/judge-run/verdict-logprobs';
import { createSearchRunner } from './search-runner';

/** Progress crosses to the window at most this often (state changes and the last report at once). */
const PROGRESS_EVERY_MS = 250;
/** The run's row, which the page reads when no worker runs it, is written less often. */
const ROW_EVERY_MS = 2000;

export interface JudgeRunnerOptions {
  /** The runner's first retry wait, and a search's proposals' (default their own, 1 s); tests shorten it. */
  backoffMs?: number;
  /** Least time between progress reports to the window (default PROGRESS_EVERY_MS); tests that act on progress set 0. */
  progressEveryMs?: number;
}

const realClock: RunnerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/**
 * Calls the host for one request. The host's `send` cannot be aborted across the worker boundary,
 * so a cancel answers at once and the host's late reply is dropped (the runner ignores it anyway).
 */
function hostSender(endpoint: JudgeEndpoint, send: SendThroughHost): ChatSender {
  return (chat: ChatEndpoint, messages, signal) => {
    const request = send({
      endpointId: endpoint.id,
      url: chatCompletionsUrl(chat.url),
      model: chat.model,
      temperature: chat.temperature,
      maxTokens: chat.maxTokens,
      timeoutMs: chat.timeoutMs,
      ...(chat.topLogprobs !== undefined ? { topLogprobs: chat.topLogprobs } : {}),
      messages: [...messages],
    }).catch((error: unknown): ChatOutcome => ({
      ok: false,
      failure: { kind: 'network', reason: `the request did not go out: ${describeStorageError(error)}` },
    }));
    if (signal === undefined) return request;
    return new Promise<ChatOutcome>((resolve) => {
      const cancelled = () => resolve({ ok: false, failure: { kind: 'network', reason: 'the run was cancelled' } });
      if (signal.aborted) cancelled();
      signal.addEventListener('abort', cancelled);
      void request.then((outcome) => {
        signal.removeEventListener('abort', cancelled);
        resolve(outcome);
      });
    });
  };
}

/** Hands progress on: state changes and the end at once, other reports a few times a second; the row less often. */
function progressReporter(db: StudioDatabase, runId: string, onProgress: (progress: RunProgress) => void, everyMs: number) {
  let lastSent = -Infinity;
  let lastWritten = -Infinity;
  let lastState: RunProgress['state'] | undefined;
  let writes: Promise<void> = Promise.resolve();
  const write = (progress: RunProgress) => {
    const state = progress.state === 'paused' ? 'paused' : 'running';
    // In order, one after another; a failed progress write must not stop the run (its answers are safe).
    writes = writes.then(() => recordJudgeRunProgress(db, runId, { state, progress }).catch(() => {}));
  };
  return {
    report(progress: RunProgress) {
      const now = Date.now();
      const changed = progress.state !== lastState;
      lastState = progress.state;
      const ended = progress.state === 'finished' || progress.state === 'cancelled';
      if (changed || ended || now - lastSent >= everyMs) {
        lastSent = now;
        onProgress(progress);
      }
      // The end is written by applyJudgeRun, with the record.
      if (!ended && (changed || now - lastWritten >= ROW_EVERY_MS)) {
        lastWritten = now;
        write(progress);
      }
    },
    /** Resolves once every row write asked for so far is done. */
    settled: () => writes,
  };
}

interface Prepared {
  row: JudgeRunRow;
  start: (send: SendThroughHost, onProgress: (progress: RunProgress) => void) => JudgeRun;
}

/** Everything a run needs read from the database, or why it cannot run. */
async function prepare(db: StudioDatabase, runId: string, options: JudgeRunnerOptions): Promise<Prepared | string> {
  const row = await db.judgeRuns.get(runId);
  if (row === undefined) return 'the run is no longer in the library';
  const endpoint = await db.judgeEndpoints.get(row.endpointId);
  if (endpoint === undefined) return `its endpoint was removed; a run is kept with the endpoint it started with, so start a new run`;
  const prompt = await promptVersionByName(db, row.prompt.name);
  if (prompt === undefined) return `its prompt version "${row.prompt.name}" is no longer in the library`;
  // Hashed afresh, not read from the stored version: the text is what the model reads.
  if (promptHash(prompt) !== row.prompt.hash) return `the text of prompt version "${row.prompt.name}" is not the text the run started with`;
  const data = await loadStudyData(db, row.studyId);
  const items = judgeItems(data, await itemSelection(db, row), row.parameters.samples);
  const chat: ChatEndpoint = {
    url: endpoint.url,
    model: row.model,
    temperature: row.parameters.temperature,
    maxTokens: row.parameters.maxTokens,
    timeoutMs: row.parameters.timeoutSeconds * 1000,
    ...(endpoint.logprobs === true ? { topLogprobs: TOP_LOGPROBS } : {}),
  };
  const prompts = itemPromptSource(data, prompt, prompt.examples?.chosen);
  return {
    row,
    start: (send, onProgress) =>
      startJudgeRun({
        items,
        ask: judgeAsker(prompts, chat, hostSender(endpoint, send)),
        journal: judgeRunJournal(db, runId),
        concurrency: row.parameters.concurrency,
        ...(row.parameters.rpm !== null ? { rpm: row.parameters.rpm } : {}),
        clock: realClock,
        ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
        isCutOff: (answer, item) => answerIsCutOff(answer, item.task, data.study.scheme),
        onProgress,
        // A resumed run goes on from the working time its earlier sittings showed, not only to their last answer.
        earlierElapsedMs: Math.max(row.progress.elapsedMs ?? 0, row.record?.counts.elapsedMs ?? 0),
      }),
  };
}

/** The judge worker's API over one database; the worker file exposes it, tests call it directly. */
export function createJudgeRunner(db: StudioDatabase, options: JudgeRunnerOptions = {}): JudgeWorkerApi {
  const live = new Map<string, JudgeRun>();
  // Runs still reading the study, before they have a runner: a pause or cancel meanwhile is kept for it.
  const starting = new Map<string, { paused: boolean; cancelled: boolean }>();

  const run = async (runId: string, send: SendThroughHost, onProgress: (progress: RunProgress) => void): Promise<JudgeRunOutcome> => {
    if (live.has(runId) || starting.has(runId)) return { applied: false, reason: 'the run is already running' };
    const early = { paused: false, cancelled: false };
    starting.set(runId, early);
    let summary: RunSummary;
    try {
      const prepared = await prepare(db, runId, options);
      if (typeof prepared === 'string') return { applied: false, reason: prepared };
      await reopenJudgeRun(db, runId);
      const progress = progressReporter(db, runId, onProgress, options.progressEveryMs ?? PROGRESS_EVERY_MS);
      const judgeRun = prepared.start(send, progress.report);
      starting.delete(runId);
      live.set(runId, judgeRun);
      if (early.paused) judgeRun.pause();
      if (early.cancelled) judgeRun.cancel();
      try {
        summary = await judgeRun.done;
      } finally {
        live.delete(runId);
        await progress.settled();
      }
    } catch (error) {
      return { applied: false, reason: describeStorageError(error) };
    } finally {
      starting.delete(runId);
    }
    try {
      return { applied: true, record: await applyJudgeRun(db, runId, summary) };
    } catch (error) {
      return { applied: false, reason: `its answers are kept, but its labels could not be applied: ${describeStorageError(error)}` };
    }
  };

  const runs = {
    run,
    pause(runId: string) {
      live.get(runId)?.pause();
      const early = starting.get(runId);
      if (early) early.paused = true;
    },
    resume(runId: string) {
      live.get(runId)?.resume();
      const early = starting.get(runId);
      if (early) early.paused = false;
    },
    cancel(runId: string) {
      live.get(runId)?.cancel();
      const early = starting.get(runId);
      if (early) early.cancelled = true;
    },
  };
  // A search evaluates each candidate through `run`, so its runs are paused, resumed and journaled as any run.
  return { ...runs, ...createSearchRunner(db, runs, hostSender, options.backoffMs !== undefined ? { firstRetryMs: options.backoffMs } : {}) };
}
