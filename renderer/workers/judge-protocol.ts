// The judge worker's API (issue 17), shared by the worker and its client: it runs a stored run
// (renderer/db's judgeRuns row) through shared/judge-run's runner, journals each answer in the
// database as it arrives, and applies the labels to the study when the run ends. Requests go out
// through the host (platform.judgeEndpoints.send), passed in as a Comlink proxy, for a worker
// cannot reach Electron's preload and must never hold an API key.

import type { JudgeSendRequest } from '../../shared/platform/studio-platform';
import type { ChatOutcome } from '../../shared/judge-run/chat-completions';
import type { JudgeRunRecord } from '../../shared/judge-run/results';
import type { RunProgress } from '../../shared/judge-run/runner';
import type { SearchProgress } from '../../shared/judge-run/prompt-search';
import type { PromptSearchRow, PromptSearchState } from '../../shared/judge-run/search-records';

export type SendThroughHost = (request: JudgeSendRequest) => Promise<ChatOutcome>;

/** How a run's call ended: its labels applied (finished or cancelled), or stopped before. */
export type JudgeRunOutcome = { applied: true; record: JudgeRunRecord } | { applied: false; reason: string };

/** What a search shows while it runs: its own progress once reported, and that of the run evaluating its current candidate. */
export interface SearchLiveProgress {
  paused: boolean;
  search?: SearchProgress;
  /** The run evaluating the current candidate, and its progress. */
  runId?: string;
  run?: RunProgress;
}

/** How a search's call ended: ran to an end (its budget, a cancel or a failure), or stopped before it began. */
export type PromptSearchOutcome =
  | { ran: true; state: PromptSearchState; stoppedBy: NonNullable<PromptSearchRow['stoppedBy']>; best: string; tokens: number; reason?: string }
  | { ran: false; reason: string };

export interface JudgeWorkerApi {
  /**
   * Runs (or resumes) the run `runId` to its end: asks every item its journal does not hold,
   * reports progress, and on finish or cancel applies the labels and stores the record.
   */
  run(runId: string, send: SendThroughHost, onProgress: (progress: RunProgress) => void): Promise<JudgeRunOutcome>;
  pause(runId: string): void;
  resume(runId: string): void;
  cancel(runId: string): void;
  /**
   * Runs (or resumes) the prompt search `searchId` (issue 34 point 3) to its end: each candidate
   * saved as a prompt version and run on the study's development split through `run`, each proposal
   * journaled before use, so a resumed search replays what it already asked.
   */
  runSearch(searchId: string, send: SendThroughHost, onProgress: (progress: SearchLiveProgress) => void): Promise<PromptSearchOutcome>;
  /** Pauses the current candidate's run and holds the next proposal. */
  pauseSearch(searchId: string): void;
  resumeSearch(searchId: string): void;
  /** Cancels the current candidate's run and ends the search, its steps kept. */
  cancelSearch(searchId: string): void;
}
