// Starting a judge run: the endpoint, the prompt version (one usable on the study), which turns
// (all, only those people labelled, a seeded sample, or the labelled turns of the judge split's
// development or held-out test part) and how many samples per item; then the live progress of each
// run this window's worker runs, with Pause, Resume and Cancel. All the asking is in the worker.

import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { MAX_JUDGE_SAMPLES, type JudgeSplitSetting } from '../../../shared/domain/model';
import type { RunProgress } from '../../../shared/judge-run/runner';
import type { StoredSelection } from '../../../shared/judge-run/stored-records';
import { createJudgeRun, listJudgeRuns } from '../../db/judge-runs';
import { useServices } from '../../services/services';
import { EndpointAndVersionFields, useEndpointAndVersion } from './EndpointAndVersionFields';
import { runInWorker, useLiveRuns } from './live-runs';
import { cutOffAdvice, progressText } from './run-text';

type TurnsChoice = Exclude<StoredSelection['kind'], 'split'> | 'development' | 'test';

function selectionOf(turns: TurnsChoice, size: number, seed: number): StoredSelection {
  if (turns === 'sample') return { kind: 'sample', size, seed };
  if (turns === 'development' || turns === 'test') return { kind: 'split', part: turns };
  return { kind: turns };
}

const SPLIT_CHOICES = [
  { part: 'development', text: 'The development split (labelled turns)' },
  { part: 'test', text: 'The held-out test split (labelled turns)' },
] as const;

function looksText(looks: number): string {
  return looks === 1 ? 'once' : `${looks} times`;
}

function LiveRun({ runId, judgeName, progress, maxTokens }: { runId: string; judgeName: string; progress: RunProgress | undefined; maxTokens?: number }) {
  const { workers } = useServices();
  const paused = progress?.state === 'paused';
  const advice = progress === undefined || maxTokens === undefined ? undefined : cutOffAdvice(progress.cutOff, maxTokens);
  return (
    <div className="notice notice-progress" role="status" data-testid="judge-run-live" data-run-state={progress?.state ?? 'starting'}>
      <strong>{judgeName}</strong> {progress === undefined ? 'starting…' : `${progress.state}: ${progressText(progress)}`}
      {progress !== undefined && (
        <progress max={progress.total} value={progress.done + progress.alreadyAnswered + progress.failed} aria-label={`${judgeName} progress`} />
      )}{' '}
      {paused ? (
        <button type="button" className="chip" onClick={() => workers.judge.resume(runId)}>
          Resume
        </button>
      ) : (
        <button type="button" className="chip" onClick={() => workers.judge.pause(runId)}>
          Pause
        </button>
      )}{' '}
      <button type="button" className="chip" onClick={() => workers.judge.cancel(runId)}>
        Cancel
      </button>
      {advice !== undefined && <div className="small">{advice}</div>}
    </div>
  );
}

export function RunSection({ studyId, judgeSplit }: { studyId: string; judgeSplit?: JudgeSplitSetting | undefined }) {
  const { db, platform, workers } = useServices();
  const choice = useEndpointAndVersion(studyId);
  const { endpoints, endpoint, version: prompt } = choice;
  const runs = useLiveQuery(() => listJudgeRuns(db, studyId), [db, studyId]);
  const live = useLiveRuns(workers.judge, (state) => state.live);
  const [turns, setTurns] = useState<TurnsChoice>('labelled');
  const [size, setSize] = useState('50');
  const [seed, setSeed] = useState('1');
  const [samples, setSamples] = useState('1');
  const samplesHint = useId();
  const splitHint = useId();
  const [lookAgain, setLookAgain] = useState(false);
  const [problem, setProblem] = useState<string>();
  const looks = judgeSplit?.testRuns.length ?? 0;
  // A second look at the held-out split is allowed, but only on purpose: the report counts every one.
  const needsConfirmation = turns === 'test' && looks > 0;

  const start = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const k = Number(samples);
    const sampleSize = Number(size);
    const sampleSeed = Number(seed);
    if (endpoint === undefined) return setProblem('Add an endpoint first.');
    if (prompt === undefined) return setProblem('Choose a prompt version.');
    if (!Number.isInteger(k) || k < 1 || k > MAX_JUDGE_SAMPLES) return setProblem(`Samples per item must be a whole number from 1 to ${MAX_JUDGE_SAMPLES}.`);
    if (turns === 'sample' && (!Number.isInteger(sampleSize) || sampleSize < 1 || !Number.isInteger(sampleSeed)))
      return setProblem('The sample needs a whole number of turns (at least 1) and a whole-number seed.');
    if ((turns === 'development' || turns === 'test') && judgeSplit === undefined) return setProblem('Set the split for improving the judge first.');
    if (needsConfirmation && !lookAgain)
      return setProblem(`The held-out test split has been looked at ${looksText(looks)}; tick the box to run on it again, which the report counts.`);
    setLookAgain(false);
    createJudgeRun(db, { studyId, endpoint, promptName: prompt, selection: selectionOf(turns, sampleSize, sampleSeed), samples: k }).then(
      (run) => runInWorker(workers.judge, platform.judgeEndpoints, run.id),
      (error: unknown) => setProblem(`The run did not start: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  const liveIds = Object.keys(live);
  return (
    <section aria-labelledby="judges-run" className="judges-run">
      <h2 id="judges-run">Run a judge</h2>
      <form onSubmit={start} className="judge-run-form">
        <EndpointAndVersionFields choice={choice} versionLabel="Prompt version" />
        <fieldset>
          <legend>Turns</legend>
          <label>
            <input type="radio" name="judge-turns" checked={turns === 'labelled'} onChange={() => setTurns('labelled')} /> Only the turns people labelled
          </label>
          <label>
            <input type="radio" name="judge-turns" checked={turns === 'all'} onChange={() => setTurns('all')} /> All turns
          </label>
          <label>
            <input type="radio" name="judge-turns" checked={turns === 'sample'} onChange={() => setTurns('sample')} /> A seeded sample of turns
          </label>
          {SPLIT_CHOICES.map(({ part, text }) => (
            <label key={part}>
              <input
                type="radio"
                name="judge-turns"
                checked={turns === part}
                disabled={judgeSplit === undefined}
                aria-describedby={judgeSplit === undefined ? splitHint : undefined}
                onChange={() => setTurns(part)}
              />{' '}
              {text}
            </label>
          ))}
          {judgeSplit === undefined && (
            <span id={splitHint} className="hint small">
              The split choices wait for a split: set one under Split for improving the judge.
            </span>
          )}
          {needsConfirmation && (
            <label className="notice notice-warning">
              <input type="checkbox" data-testid="confirm-test-look" checked={lookAgain} onChange={(event) => setLookAgain(event.target.checked)} /> The
              held-out test split has been looked at {looksText(looks)} already. Run on it again: the report counts this run as look {looks + 1}.
            </label>
          )}
          {turns === 'sample' && (
            <>
              <label className="field">
                <span>Turns in the sample</span>
                <input inputMode="numeric" value={size} onChange={(event) => setSize(event.target.value)} />
              </label>
              <label className="field">
                <span>Seed</span>
                <input inputMode="numeric" value={seed} onChange={(event) => setSeed(event.target.value)} />
              </label>
            </>
          )}
        </fieldset>
        <label className="field">
          <span>Samples per item</span>
          <input inputMode="numeric" value={samples} onChange={(event) => setSamples(event.target.value)} aria-describedby={samplesHint} />
        </label>
        <p id={samplesHint} className="hint small">
          2 or more (at a temperature above 0): the report measures how well the judge&apos;s confidence matches its agreement, and how far it agrees with
          itself. A sample of turns keeps the cost down.
        </p>
        {problem !== undefined && (
          <div className="notice notice-error" role="alert">
            {problem}
          </div>
        )}
        <button type="submit" className="primary" disabled={endpoints === undefined || endpoints.length === 0}>
          Start the run
        </button>
      </form>
      {liveIds.map((runId) => {
        const run = runs?.find((candidate) => candidate.id === runId);
        return (
          <LiveRun
            key={runId}
            runId={runId}
            judgeName={run?.judge ?? 'Judge'}
            progress={live[runId]}
            {...(run !== undefined ? { maxTokens: run.parameters.maxTokens } : {})}
          />
        );
      })}
    </section>
  );
}
