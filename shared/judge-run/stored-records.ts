// What the app keeps of the judges a lead runs (issue 17): the endpoints, the prompt versions the
// lead wrote, each run with its settings and last progress, and each answer as it arrived (the
// run's journal). An endpoint's API key is never among them: the host keeps it (platform's
// JudgeEndpointAccess), so no table, export or backup can hold it.

import type { RunExamples } from './item-prompt';
import type { JudgeRunParameters, JudgeRunRecord } from './results';
import type { JudgeAnswer, RunProgress } from './runner';

/** An endpoint that speaks the OpenAI chat-completions protocol, as the lead set it up. */
export interface JudgeEndpoint {
  /** Random, made when the endpoint is added; the host knows its key and origin by it. */
  id: string;
  /** The lead's name for it ("Ollama on this computer"). */
  name: string;
  /** The base URL (`http://127.0.0.1:11434/v1`) or the full chat-completions URL; never with credentials in it. */
  url: string;
  model: string;
  temperature: number;
  maxTokens: number;
  /** Requests at once. */
  concurrency: number;
  /** Requests a minute; null: no bound beyond concurrency. */
  rpm: number | null;
  timeoutSeconds: number;
  /** Whether the host holds a key for it; the key itself never leaves the host. */
  hasKey: boolean;
  /**
   * Where the host said it keeps the key when it was last saved (platform's KeyStorage; written out
   * here, for shared/platform imports this folder): shown beside the endpoint.
   */
  keyStorage?: 'system' | 'browser' | 'session';
  /** The lead says it returns log-probabilities: runs ask for them (`logprobs`, `top_logprobs`), for the report's calibration. */
  logprobs?: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A prompt version the lead saved, by editing a built-in one or an earlier version of theirs.
 * Never changed once saved: an edit is saved under a new name, so a run's labels always name
 * the text that gave them. Built-in versions are not stored (shared/judge-run/prompts.ts).
 */
export interface SavedPromptVersion {
  /** Unique among saved and built-in versions; a judge's name ends in `@<name>`. */
  name: string;
  question: string;
  final: string;
  /** promptHash of question and final. */
  hash: string;
  /** The version it was edited from; for a version imported with a study, the file and field it came from. */
  basedOn: string;
  createdAt: string;
  /** Set when the version is a benchmark's own judge prompt, imported with a study's files (issue 26). */
  importedWith?: { studyId: string; studyName: string };
  /** What the lead should know before running it: where it differs from what the benchmark sent. */
  note?: string;
  /**
   * Few-shot examples the version carries (issue 34 point 2), chosen once when it was saved from one
   * study's examples split: it runs on that study only, each turn with the examples the leakage
   * guard allows it. Part of the version's text, so `hash` covers them (promptHash).
   */
  examples?: PromptExamples;
  /** Set on a version a prompt search proposed: the search and its step (1-based); `basedOn` is its parent. */
  search?: { id: string; step: number };
}

/** A version's few-shot examples: from people's corrections of the judge `from` in the study's examples split. */
export interface PromptExamples {
  studyId: string;
  from: string;
  /** Asked for per task; fewer were chosen where the split held fewer corrections. */
  count: number;
  chosen: RunExamples;
}

/**
 * Which turns a run asks, as stored: the labelled turns are found again when a run resumes. `split`:
 * the labelled turns of the puzzles in one part of the study's judge split (Study.judgeSplit).
 */
export type StoredSelection =
  { kind: 'all' } | { kind: 'labelled' } | { kind: 'sample'; size: number; seed: number } | { kind: 'split'; part: 'development' | 'test' };

/**
 * `running`: a worker is asking (or was, when the app closed: shown as interrupted, resumable);
 * `paused`: asks nothing until resumed; `cancelled`: stopped by the lead, its answers so far
 * applied; `finished`: every item answered or failed, its labels applied.
 */
export type JudgeRunState = 'running' | 'paused' | 'cancelled' | 'finished';

export interface JudgeRunRow {
  /** Random, made when the run starts. */
  id: string;
  studyId: string;
  endpointId: string;
  /**
   * The rater name its labels carry in the report: `<model>@<prompt version>`, with `~2`, `~3`
   * when the study's earlier runs of that name differ in endpoint, prompt or settings (distinctJudgeName).
   */
  judge: string;
  /**
   * The judge name the run gave its labels under, once the lead has merged that judge into
   * `judge` (issue 28 point 5); absent for a run whose labels are still under the name it ran as.
   */
  ranAs?: string;
  model: string;
  prompt: { name: string; hash: string };
  /** The endpoint's URL as recorded (recordedEndpointUrl): no credentials, query or fragment. */
  endpoint: string;
  parameters: JudgeRunParameters;
  selection: StoredSelection;
  state: JudgeRunState;
  createdAt: string;
  updatedAt: string;
  /** The last progress the worker reported, so the page can show a run it is not running. */
  progress: RunProgress;
  /** Present once the run's labels are applied to the study (finished or cancelled). */
  record?: JudgeRunRecord;
}

/** One answer of a run's journal: written durably before the runner counts it done. */
export interface JudgeAnswerRow extends JudgeAnswer {
  runId: string;
}
