// The judge worker's prompt searches (issue 34 point 3), kept out of the worker file so tests call
// them without a Worker: runs a stored search (renderer/db/prompt-searches.ts) through
// shared/judge-run/prompt-search.ts, asking the model's proposals through the host's `send` and
// journaling each before the search reads it, saving each candidate as a prompt version, and
// evaluating it by a judge run on the development split through the worker's own `run`. The search
// is replayable, so a resumed one reads its proposals from the journal and its finished runs' answers.

import type { ChatEndpoint, ChatOutcome, ChatSender } from '../../shared/judge-run/chat-completions';
import { developmentUnits, runPromptSearch, type CandidateEvaluation, type SearchVersion } from '../../shared/judge-run/prompt-search';
import { proposeWithRetries, type ProposalRetries } from '../../shared/judge-run/proposal-retries';
import { tallyAnswers } from '../../shared/judge-run/results';
import type { PromptSearchRow, PromptSearchState } from '../../shared/judge-run/search-records';
import type { JudgeEndpoint, JudgeRunRow } from '../../shared/judge-run/stored-records';
import { indexStudy } from '../../shared/stats/study/study-units';
import type { StudioDatabase } from '../db/database';
import { createJudgeRun, judgeRunJournal, listJudgeRuns } from '../db/judge-runs';
import {
  candidateName,
  journalProposal,
  journalSearchRun,
  recordSearchBest,
  recordSearchPaused,
  recordSearchStep,
  saveSearchCandidate,
  setPromptSearchState,
} from '../db/prompt-searches';
import { promptVersionByName } from '../db/prompt-versions';
import { loadReportData } from '../db/report-inputs';
import { describeStorageError } from '../db/storage';
import type { JudgeWorkerApi, SearchLiveProgress, SendThroughHost } from './judge-protocol';
import type { JudgeAnswer } from '../../shared/judge-run/runner';

/** A proposal is a whole prompt, often after some thinking: it gets at least this many tokens, whatever the endpoint's judging limit. */
const PROPOSAL_MAX_TOKENS = 4096;
/** And at least this long to write it. */
const PROPOSAL_TIMEOUT_MS = 5 * 60 * 1000;

type SearchApi = Pick<JudgeWorkerApi, 'runSearch' | 'pauseSearch' | 'resumeSearch' | 'cancelSearch'>;

/** A search this worker runs: what the lead asked of it, and whom to wake when they do. */
interface LiveSearch {
  paused: boolean;
  cancelled: boolean;
  abort: AbortController;
  /** The judge run evaluating the current candidate, while one runs. */
  run?: string;
  /** Work held by a pause, woken by resume or cancel. */
  waiting: Array<() => void>;
  progress: SearchLiveProgress;
  report: (progress: SearchLiveProgress) => void;
}

function wake(live: LiveSearch): void {
  for (const waiter of live.waiting.splice(0)) waiter();
}

/** Resolves at once unless the search is paused; then when it is resumed or cancelled. */
function unlessPaused(live: LiveSearch): Promise<void> {
  if (!live.paused || live.cancelled) return Promise.resolve();
  return new Promise<void>((resolve) => live.waiting.push(resolve)).then(() => unlessPaused(live));
}

/** Resolves after `ms`, or at once when the search is cancelled. */
function cancellableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** The state a search's result leaves its row in. */
function endState(stoppedBy: NonNullable<PromptSearchRow['stoppedBy']>): PromptSearchState {
  return stoppedBy === 'cancelled' ? 'cancelled' : stoppedBy === 'failed' ? 'failed' : 'finished';
}

/** The labels and replies of a run's answers, read from its journal (the turns may carry a later run's labels of the same judge). */
async function runLabels(
  db: StudioDatabase,
  run: JudgeRunRow,
  turns: ReadonlyMap<string, { type: 'question' | 'final' }>,
  scheme: Parameters<typeof tallyAnswers>[2],
) {
  const answers: JudgeAnswer[] = [];
  await judgeRunJournal(db, run.id).readEarlier((answer) => answers.push(answer));
  const verdicts = tallyAnswers(answers, turns, scheme);
  const labels = new Map<string, string>();
  const replies = new Map<string, string>();
  for (const [turnId, verdict] of verdicts) {
    labels.set(turnId, verdict.label);
    replies.set(turnId, verdict.reply);
  }
  const tokens = run.record === undefined ? 0 : run.record.counts.tokensIn + run.record.counts.tokensOut;
  return { labels, replies, tokens };
}

/** The study's run of a search's candidate on the development split, if one was started. */
async function candidateRun(db: StudioDatabase, studyId: string, name: string): Promise<JudgeRunRow | undefined> {
  const runs = await listJudgeRuns(db, studyId);
  return runs.find((run) => run.prompt.name === name && run.selection.kind === 'split' && run.selection.part === 'development');
}

/**
 * The worker's searches over one database, evaluating candidates through `judge` (the worker's
 * own run, pause, resume and cancel) and asking proposals through `sender` (the worker's host
 * sender), each asked again after a wait while the server is busy (`retries`: tests shorten it).
 */
export function createSearchRunner(
  db: StudioDatabase,
  judge: Pick<JudgeWorkerApi, 'run' | 'pause' | 'resume' | 'cancel'>,
  sender: (endpoint: JudgeEndpoint, send: SendThroughHost) => ChatSender,
  retries: Pick<ProposalRetries, 'firstRetryMs'> = {},
): SearchApi {
  const searches = new Map<string, LiveSearch>();

  const update = (live: LiveSearch, change: Partial<SearchLiveProgress>) => {
    live.progress = { ...live.progress, ...change };
    live.report(live.progress);
  };

  /** Everything a search needs read from the database and its options for the core, or why it cannot run. */
  const prepare = async (searchId: string, live: LiveSearch, send: SendThroughHost) => {
    const row = await db.promptSearches.get(searchId);
    if (row === undefined) return 'the search is no longer in the library';
    if (row.state === 'finished') return 'the search has finished';
    const endpoint = await db.judgeEndpoints.get(row.endpointId);
    if (endpoint === undefined) return 'its endpoint was removed; a search is kept with the endpoint it started with, so start a new search';
    const base = await promptVersionByName(db, row.base);
    if (base === undefined) return `its base version "${row.base}" is no longer in the library`;
    const { study, labels } = await loadReportData(db, row.studyId, { gold: false });
    const split = study.study.judgeSplit;
    if (split === undefined) return 'the study has no judge split; set one on the Judges page first, for the search tunes on its development split';
    const index = indexStudy(study, labels);
    const units = developmentUnits(index, split);
    if (units.length === 0) return 'the development split holds no turn people labelled, so no candidate can be measured';
    const turns = new Map(study.turns.map((turn) => [turn.id, turn]));
    const chat: ChatEndpoint = {
      url: endpoint.url,
      model: row.model,
      temperature: endpoint.temperature,
      maxTokens: Math.max(endpoint.maxTokens, PROPOSAL_MAX_TOKENS),
      timeoutMs: Math.max(endpoint.timeoutSeconds * 1000, PROPOSAL_TIMEOUT_MS),
    };
    const ask = sender(endpoint, send);
    let writes: Promise<void> = Promise.resolve();

    const propose = async (step: number, messages: Parameters<ChatSender>[1], signal?: AbortSignal): Promise<ChatOutcome> => {
      const journaled = (await db.promptSearches.get(searchId))?.proposals[step];
      if (journaled !== undefined) return { ok: true, reply: journaled.reply, tokensIn: journaled.tokensIn, tokensOut: journaled.tokensOut };
      await unlessPaused(live);
      if (live.cancelled) return { ok: false, failure: { kind: 'network', reason: 'the search was cancelled' } };
      const outcome = await proposeWithRetries(ask, chat, messages, signal ?? live.abort.signal, {
        sleep: (ms) => cancellableWait(ms, live.abort.signal),
        ...(retries.firstRetryMs !== undefined ? { firstRetryMs: retries.firstRetryMs } : {}),
      });
      if (outcome.ok) await journalProposal(db, searchId, step, { reply: outcome.reply, tokensIn: outcome.tokensIn, tokensOut: outcome.tokensOut });
      return outcome;
    };

    const evaluate = async (version: SearchVersion, step: number): Promise<CandidateEvaluation | { stopped: 'cancelled' | 'failed'; reason: string }> => {
      await unlessPaused(live);
      if (live.cancelled) return { stopped: 'cancelled', reason: 'the lead cancelled the search' };
      try {
        await saveSearchCandidate(db, row, version, step);
      } catch (error) {
        return { stopped: 'failed', reason: `the candidate "${version.name}" could not be saved: ${describeStorageError(error)}` };
      }
      const journaled = (await db.promptSearches.get(searchId))?.runs[step];
      // A window closed between the run's start and its journaling left it unjournaled: a candidate's name is this search's alone, so its run is found by it.
      let run = journaled === undefined ? (step > 0 ? await candidateRun(db, row.studyId, version.name) : undefined) : await db.judgeRuns.get(journaled);
      if (run !== undefined && journaled === undefined) await journalSearchRun(db, searchId, step, run.id);
      if (run === undefined) {
        try {
          run = await createJudgeRun(db, {
            studyId: row.studyId,
            endpoint,
            promptName: version.name,
            selection: { kind: 'split', part: 'development' },
            samples: 1,
          });
        } catch (error) {
          return { stopped: 'failed', reason: `the run of "${version.name}" did not start: ${describeStorageError(error)}` };
        }
        await journalSearchRun(db, searchId, step, run.id);
      }
      // A run a resumed search finds finished is read, not run again.
      if (run.state !== 'finished' || run.record === undefined) {
        live.run = run.id;
        if (live.paused) judge.pause(run.id);
        const current = run.id;
        const outcome = await judge.run(current, send, (progress) => update(live, { runId: current, run: progress }));
        live.run = undefined;
        update(live, { runId: undefined, run: undefined });
        if (live.cancelled) return { stopped: 'cancelled', reason: 'the lead cancelled the search' };
        if (!outcome.applied) return { stopped: 'failed', reason: `the run of "${version.name}" stopped: ${outcome.reason}` };
        if (outcome.record.cancelled) return { stopped: 'cancelled', reason: `the run of "${version.name}" was cancelled` };
        run = await db.judgeRuns.get(run.id);
        if (run === undefined) return { stopped: 'failed', reason: `the run of "${version.name}" is no longer in the library` };
      }
      return runLabels(db, run, turns, study.study.scheme);
    };

    return {
      /** Resolves once every write of the best so far asked for is done. */
      settled: () => writes,
      start: () =>
        runPromptSearch({
          base: { name: base.name, parent: null, question: base.question, final: base.final },
          data: study,
          units,
          categories: index.categories,
          budget: row.budget,
          seed: row.seed,
          nameOf: (step) => candidateName(row, step),
          propose,
          evaluate,
          onStep: (step) => recordSearchStep(db, searchId, step),
          onProgress: (progress) => {
            const shown = live.progress.search;
            update(live, { search: progress });
            // In order, one after another; a failed write must not stop the search (its steps are kept by onStep).
            if (shown?.best !== progress.best || shown.tokens !== progress.tokens)
              writes = writes.then(() => recordSearchBest(db, searchId, progress.best, progress.tokens).catch(() => {}));
          },
          signal: live.abort.signal,
        }),
    };
  };

  const runSearch: SearchApi['runSearch'] = async (searchId, send, onProgress) => {
    if (searches.has(searchId)) return { ran: false, reason: 'the search is already running' };
    const live: LiveSearch = { paused: false, cancelled: false, abort: new AbortController(), waiting: [], progress: { paused: false }, report: onProgress };
    searches.set(searchId, live);
    try {
      const prepared = await prepare(searchId, live, send);
      if (typeof prepared === 'string') return { ran: false, reason: prepared };
      await setPromptSearchState(db, searchId, live.paused ? 'paused' : 'running');
      const result = await prepared.start();
      await prepared.settled();
      const stoppedBy = live.cancelled ? 'cancelled' : result.stoppedBy;
      const state = endState(stoppedBy);
      const reason = live.cancelled ? 'the lead cancelled the search' : result.reason;
      await setPromptSearchState(db, searchId, state, {
        stoppedBy,
        ...(reason !== undefined ? { reason } : {}),
        best: result.best.version.name,
        tokens: result.tokens,
      });
      return { ran: true, state, stoppedBy, best: result.best.version.name, tokens: result.tokens, ...(reason !== undefined ? { reason } : {}) };
    } catch (error) {
      const reason = describeStorageError(error);
      // The steps so far are kept; Resume replays them.
      await setPromptSearchState(db, searchId, 'failed', { stoppedBy: 'failed', reason }).catch(() => {});
      return { ran: false, reason };
    } finally {
      searches.delete(searchId);
    }
  };

  return {
    runSearch,
    pauseSearch(searchId) {
      const live = searches.get(searchId);
      if (live === undefined || live.paused) return;
      live.paused = true;
      if (live.run !== undefined) judge.pause(live.run);
      update(live, { paused: true });
      void recordSearchPaused(db, searchId, true).catch(() => {});
    },
    resumeSearch(searchId) {
      const live = searches.get(searchId);
      if (live === undefined || !live.paused) return;
      live.paused = false;
      if (live.run !== undefined) judge.resume(live.run);
      update(live, { paused: false });
      wake(live);
      void recordSearchPaused(db, searchId, false).catch(() => {});
    },
    cancelSearch(searchId) {
      const live = searches.get(searchId);
      if (live === undefined || live.cancelled) return;
      live.cancelled = true;
      live.abort.abort();
      if (live.run !== undefined) judge.cancel(live.run);
      wake(live);
    },
  };
}
