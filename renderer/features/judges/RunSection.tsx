// Starting a judge run: the endpoint, the prompt version (one usable on the study), which turns
// (all, only those people labelled, or a seeded sample) and how many samples per item; then the live
// progress of each run this window's worker runs, with Pause, Resume and Cancel. All the asking is
// in the worker.

import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { MAX_JUDGE_SAMPLES } from '../../../shared/domain/model';
import type { RunProgress } from '../../../shared/judge-run/runner';
import type { StoredSelection } from '../../../shared/judge-run/stored-records';
import { listJudgeEndpoints } from '../../db/judge-endpoints';
import { createJudgeRun, listJudgeRuns } from '../../db/judge-runs';
import { listPromptVersions, promptVersionUsableOn } from '../../db/prompt-versions';
import { useServices } from '../../services/services';
import { runInWorker, useLiveRuns } from './live-runs';
import { cutOffAdvice, progressText } from './run-text';

type TurnsChoice = Exclude<StoredSelection['kind'], 'split'>;

function selectionOf(turns: TurnsChoice, size: number, seed: number): StoredSelection {
  if (turns === 'sample') return { kind: 'sample', size, seed };
  return { kind: turns };
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

export function RunSection({ studyId }: { studyId: string }) {
  const { db, platform, workers } = useServices();
  const endpoints = useLiveQuery(() => listJudgeEndpoints(db), [db]);
  // A version with few-shot examples of another study cannot run here (createJudgeRun refuses it).
  const versions = useLiveQuery(async () => (await listPromptVersions(db)).filter((version) => promptVersionUsableOn(version, studyId)), [db, studyId]);
  const runs = useLiveQuery(() => listJudgeRuns(db, studyId), [db, studyId]);
  const live = useLiveRuns(workers.judge, (state) => state.live);
  const [endpointId, setEndpointId] = useState('');
  const [promptName, setPromptName] = useState('');
  const [turns, setTurns] = useState<TurnsChoice>('labelled');
  const [size, setSize] = useState('50');
  const [seed, setSeed] = useState('1');
  const [samples, setSamples] = useState('1');
  const samplesHint = useId();
  const [problem, setProblem] = useState<string>();

  const endpoint = endpoints?.find((candidate) => candidate.id === endpointId) ?? endpoints?.[0];
  const prompt = promptName === '' ? versions?.[0]?.name : promptName;

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
        <label className="field">
          <span>Endpoint</span>
          <select value={endpoint?.id ?? ''} onChange={(event) => setEndpointId(event.target.value)}>
            {endpoints?.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.model})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Prompt version</span>
          <select value={prompt ?? ''} onChange={(event) => setPromptName(event.target.value)}>
            {versions?.map((version) => (
              <option key={version.name} value={version.name}>
                {version.name}
              </option>
            ))}
          </select>
        </label>
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
