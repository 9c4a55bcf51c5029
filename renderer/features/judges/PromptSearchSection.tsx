// Searching for a better prompt (issue 34 point 3): the endpoint, the base version and the budget
// of candidates and tokens; then each search of the study with its live progress (Pause, Resume,
// Cancel), its tree of versions with their development figures and the best marked, and the one
// held-out run of the best on the test split. All the asking is in the judge worker.

import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import type { Study } from '../../../shared/domain/model';
import type { PromptSearchRow } from '../../../shared/judge-run/search-records';
import { createJudgeRun } from '../../db/judge-runs';
import { createPromptSearch, listPromptSearches } from '../../db/prompt-searches';
import { useServices } from '../../services/services';
import type { SearchLiveProgress } from '../../workers/judge-protocol';
import { EndpointAndVersionFields, useEndpointAndVersion } from './EndpointAndVersionFields';
import { runInWorker } from './live-runs';
import { searchInWorker, useLiveSearches } from './live-searches';
import { progressText } from './run-text';
import { canResumeSearch, scoreText, searchStateText, searchTree, stoppedText, type SearchNode } from './search-text';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function SearchTreeItems({ nodes, best }: { nodes: readonly SearchNode[]; best: string | undefined }) {
  return (
    <ul className="search-tree">
      {nodes.map(({ step, children }) => {
        const isBest = step.refused === undefined && step.version.name === best;
        return (
          <li
            key={step.step}
            data-testid={isBest ? 'search-best' : 'search-tree-item'}
            data-version={step.version.name}
            data-step={step.step}
            data-refused={step.refused === undefined ? undefined : 'true'}
          >
            <strong>{step.version.name}</strong>
            {isBest && <span className="chip small"> best</span>}
            {step.revised !== null && <span className="muted small"> (revised for {step.revised === 'answer' ? 'questions' : 'final answers'})</span>}
            <div className="small">
              {step.refused !== undefined ? `refused: ${step.refused}` : step.score === undefined ? 'not yet measured' : scoreText(step.score)}
            </div>
            {step.rationale !== undefined && <div className="muted small">{step.rationale}</div>}
            {children.length > 0 && <SearchTreeItems nodes={children} best={best} />}
          </li>
        );
      })}
    </ul>
  );
}

function LiveLine({ progress }: { progress: SearchLiveProgress | undefined }) {
  const search = progress?.search;
  if (search === undefined) return <>starting…</>;
  const phase =
    search.phase === 'proposing'
      ? 'asking the model for a revised prompt'
      : `measuring ${search.step === 0 ? 'the base version' : 'the candidate'} on the development split`;
  return (
    <>
      {progress?.paused === true ? 'paused' : 'running'}: step {search.step}, {phase} · {search.tokens.toLocaleString('en')} tokens · best so far {search.best}
      {progress?.run !== undefined && <div className="small">{progressText(progress.run)}</div>}
    </>
  );
}

function SearchEntry({ row, looks }: { row: PromptSearchRow; looks: number }) {
  const { db, platform, workers } = useServices();
  const live = useLiveSearches(workers.judge, (state) => state.live);
  const stopped = useLiveSearches(workers.judge, (state) => state.stopped[row.id]);
  const [problem, setProblem] = useState<string>();
  const [lookAgain, setLookAgain] = useState(false);
  const isLive = row.id in live;
  const progress = live[row.id];
  const best = (isLive ? progress?.search?.best : undefined) ?? row.best;
  const steps = isLive && progress?.search !== undefined ? progress.search.steps : row.steps;
  const tried = steps.filter((step) => step.refused === undefined && step.version.parent !== null).length;
  // A search stopped before its base was measured has no best to run on the test split.
  const measuredBest = steps.some((step) => step.version.name === best && step.score !== undefined);

  const runBestOnTest = async () => {
    setProblem(undefined);
    if (best === undefined) return;
    try {
      const endpoint = await db.judgeEndpoints.get(row.endpointId);
      if (endpoint === undefined) return setProblem('The search\u2019s endpoint was removed; add it again to run the best version.');
      const run = await createJudgeRun(db, { studyId: row.studyId, endpoint, promptName: best, selection: { kind: 'split', part: 'test' }, samples: 1 });
      runInWorker(workers.judge, platform.judgeEndpoints, run.id);
    } catch (error) {
      setProblem(`The run did not start: ${messageOf(error)}`);
    }
  };

  const paused = isLive ? progress?.paused === true : false;
  return (
    <li data-testid="prompt-search" data-search-state={isLive ? (paused ? 'paused' : 'running') : row.state} aria-label={`Search from ${row.base}`}>
      <strong>Search from {row.base}</strong> <span className="muted small">{new Date(row.createdAt).toLocaleString()}</span> —{' '}
      {isLive ? (paused ? 'paused' : 'running') : searchStateText(row)}
      <div className="muted small">
        {row.model} · up to {row.budget.candidates} {row.budget.candidates === 1 ? 'candidate' : 'candidates'}
        {row.budget.tokens === null ? '' : ` or ${row.budget.tokens.toLocaleString('en')} tokens`} · seed {row.seed} · {tried} tried
        {!isLive && stoppedText(row) !== undefined ? ` · ${stoppedText(row)}` : ''}
        {!isLive ? ` · ${row.tokens.toLocaleString('en')} tokens` : ''}
      </div>
      {isLive && (
        <div className="notice notice-progress" role="status" data-testid="prompt-search-live">
          <LiveLine progress={progress} />{' '}
          {paused ? (
            <button type="button" className="chip" aria-label={`Resume the search from ${row.base}`} onClick={() => workers.judge.resumeSearch(row.id)}>
              Resume
            </button>
          ) : (
            <button type="button" className="chip" aria-label={`Pause the search from ${row.base}`} onClick={() => workers.judge.pauseSearch(row.id)}>
              Pause
            </button>
          )}{' '}
          <button type="button" className="chip" aria-label={`Cancel the search from ${row.base}`} onClick={() => workers.judge.cancelSearch(row.id)}>
            Cancel
          </button>
        </div>
      )}
      {stopped !== undefined && (
        <div className="notice notice-error small" role="alert">
          {stopped}
        </div>
      )}
      {canResumeSearch(row, isLive) && (
        <button
          type="button"
          className="chip"
          aria-label={`Resume the search from ${row.base}`}
          onClick={() => searchInWorker(workers.judge, platform.judgeEndpoints, row.id)}
        >
          Resume
        </button>
      )}
      {steps.length > 0 && (
        <div aria-label={`Versions the search from ${row.base} tried`} role="group" data-testid="search-tree">
          <SearchTreeItems nodes={searchTree(steps)} best={best} />
        </div>
      )}
      {!isLive && measuredBest && row.state !== 'running' && (
        <div>
          {/* A second look at the held-out split is allowed, but only on purpose, as the run form asks: the report counts every one. */}
          {looks > 0 && (
            <label className="notice notice-warning">
              <input type="checkbox" data-testid="confirm-search-test-look" checked={lookAgain} onChange={(event) => setLookAgain(event.target.checked)} /> The
              held-out test split has been looked at {looks === 1 ? 'once' : `${looks} times`} already. Run on it again: the report counts this run as look{' '}
              {looks + 1}.
            </label>
          )}
          <button
            type="button"
            className="chip"
            disabled={looks > 0 && !lookAgain}
            onClick={() => {
              setLookAgain(false);
              void runBestOnTest();
            }}
            data-testid="search-run-best-on-test"
          >
            Run the best on the held-out test split
          </button>{' '}
          <span className="muted small">
            Runs {best} once on the test split. The development figures above are optimistic, for the search chose by them; every run on the test split is
            counted, and the report says how many there were.
          </span>
        </div>
      )}
      {problem !== undefined && (
        <div className="notice notice-error small" role="alert">
          {problem}
        </div>
      )}
    </li>
  );
}

export function PromptSearchSection({ study }: { study: Study }) {
  const { db, platform, workers } = useServices();
  const choice = useEndpointAndVersion(study.id);
  const { endpoints, endpoint, version: baseName } = choice;
  const searches = useLiveQuery(() => listPromptSearches(db, study.id), [db, study.id]);
  const [candidates, setCandidates] = useState('3');
  const [tokens, setTokens] = useState('');
  const [seed, setSeed] = useState('1');
  const [problem, setProblem] = useState<string>();
  const whyNot = useId();

  const cannotStart =
    study.judgeSplit === undefined
      ? 'Set the split for improving the judge first: the search tunes on its development split and keeps its test split held out.'
      : endpoints !== undefined && endpoints.length === 0
        ? 'Add an endpoint first: the search asks its model for revised prompts and runs each on the development split.'
        : undefined;

  const start = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const count = Number(candidates);
    const budget = tokens.trim() === '' ? null : Number(tokens);
    if (endpoint === undefined) return setProblem('Add an endpoint first.');
    if (baseName === undefined) return setProblem('Choose the version to start from.');
    if (!Number.isInteger(count) || count < 1) return setProblem('Candidates must be a whole number of at least 1.');
    if (budget !== null && (!Number.isInteger(budget) || budget < 1))
      return setProblem('The token budget must be a whole number of at least 1, or left empty for none.');
    if (!Number.isInteger(Number(seed))) return setProblem('The seed must be a whole number.');
    createPromptSearch(db, { studyId: study.id, endpoint, base: baseName, budget: { candidates: count, tokens: budget }, seed: Number(seed) }).then(
      (search) => searchInWorker(workers.judge, platform.judgeEndpoints, search.id),
      (error: unknown) => setProblem(`The search did not start: ${messageOf(error)}`),
    );
  };

  return (
    <section aria-labelledby="judges-search" className="judges-search">
      <h2 id="judges-search">Search for a better prompt</h2>
      <p className="muted small">
        The model reads where a version and people disagree on the development split and proposes a revised prompt; each candidate is saved as a prompt version
        under its parent and run on the development split, and the best by chance-corrected agreement (Cohen&apos;s κ) is kept.
      </p>
      <form onSubmit={start} className="judge-search-form" aria-label="Search for a better prompt">
        <EndpointAndVersionFields choice={choice} versionLabel="Start from version" />
        <label className="field">
          <span>Candidates</span>
          <input inputMode="numeric" value={candidates} onChange={(event) => setCandidates(event.target.value)} />
        </label>
        <label className="field">
          <span>Token budget (empty: none)</span>
          <input inputMode="numeric" value={tokens} onChange={(event) => setTokens(event.target.value)} />
        </label>
        <label className="field">
          <span>Seed of the disagreements shown</span>
          <input inputMode="numeric" value={seed} onChange={(event) => setSeed(event.target.value)} />
        </label>
        {problem !== undefined && (
          <div className="notice notice-error" role="alert">
            {problem}
          </div>
        )}
        <button
          type="submit"
          className="primary"
          disabled={cannotStart !== undefined || endpoints === undefined}
          {...(cannotStart !== undefined ? { 'aria-describedby': whyNot } : {})}
        >
          Start the search
        </button>
        {cannotStart !== undefined && (
          <p id={whyNot} className="hint small" data-testid="search-cannot-start">
            {cannotStart}
          </p>
        )}
      </form>
      {searches !== undefined && searches.length > 0 && (
        <ul className="plain-list" data-testid="prompt-searches" aria-label="Searches of this study">
          {searches.map((row) => (
            <SearchEntry key={row.id} row={row} looks={study.judgeSplit?.testRuns.length ?? 0} />
          ))}
        </ul>
      )}
    </section>
  );
}
