// What the app keeps of a prompt search a lead runs on a study (issue 34 point 3): its settings, its
// state, the journal of the model's proposals (so a resumed search replays them instead of asking
// again), the judge run that evaluated each candidate, and the steps and best version so far.
// The candidates themselves are saved prompt versions (SavedPromptVersion.search names the step).

import type { SearchResult, SearchStep } from './prompt-search';

/**
 * `running`: a worker is searching (or was, when the app closed: shown as interrupted, resumable);
 * `paused`: the current candidate's run is paused and no proposal is asked until resumed;
 * `cancelled`: stopped by the lead, its steps kept (Resume goes on from them); `finished`: its
 * budget spent or a candidate agreed with people fully; `failed`: a proposal or run could not go on.
 */
export type PromptSearchState = 'running' | 'paused' | 'cancelled' | 'finished' | 'failed';

/** One proposal as the model answered it, journaled before the search reads it. */
export interface JournaledProposal {
  reply: string;
  tokensIn: number;
  tokensOut: number;
}

export interface PromptSearchRow {
  /** Random, made when the search starts. */
  id: string;
  studyId: string;
  endpointId: string;
  model: string;
  /** The version the search starts from: its parent of the first candidate. */
  base: string;
  /** The search's number among those of its base: candidates are named `<base> search <number>.<step>`. */
  number: number;
  budget: { candidates: number; tokens: number | null };
  seed: number;
  state: PromptSearchState;
  /** Step -> the model's proposal for it. */
  proposals: Record<number, JournaledProposal>;
  /** Step -> the judge run that evaluated its candidate on the development split. */
  runs: Record<number, string>;
  /** Every step so far, in order, as the search last reported it. */
  steps: SearchStep[];
  /** The name of the best version so far. */
  best?: string;
  /** Why the search ended, once it has. */
  stoppedBy?: SearchResult['stoppedBy'];
  reason?: string;
  /** Tokens spent so far, proposals and evaluations together. */
  tokens: number;
  createdAt: string;
  updatedAt: string;
}
