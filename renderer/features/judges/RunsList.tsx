// The study's judge runs, newest first: each with its judge name (the rater name its labels got,
// and the one it ran as when the lead has since merged that judge into another),
// what produced them (endpoint, prompt, temperature, max tokens, k), state and counts (from its
// record once its labels are applied, from its last progress before), its failures with their
// reasons, and Resume for a run that is paused or was interrupted by a closed window.

import { useLiveQuery } from 'dexie-react-hooks';
import type { JudgeRunRow } from '../../../shared/judge-run/stored-records';
import { listJudgeRuns } from '../../db/judge-runs';
import { useServices } from '../../services/services';
import { runInWorker, useLiveRuns } from './live-runs';
import { useLiveSearches } from './live-searches';
import { canResume, cutOffAdvice, elapsedText, failureLines, identityText, progressText, stateText } from './run-text';

function RecordCounts({ row }: { row: JudgeRunRow }) {
  const record = row.record;
  if (record === undefined) return <>{progressText(row.progress)}</>;
  const { counts } = record;
  const parts = [
    `${counts.answered + counts.alreadyAnswered} answered`,
    `${counts.failed} failed`,
    `${counts.unparseable} unparseable`,
    // Records stored before issue 26 have no cut-off count and no working time.
    ...(counts.cutOff ? [`${counts.cutOff} cut off at ${record.parameters.maxTokens.toLocaleString('en')} tokens`] : []),
    ...(counts.repliesCut ? [`${counts.repliesCut} ${counts.repliesCut === 1 ? 'reply' : 'replies'} over 1 MB kept cut in the middle`] : []),
    ...(record.selfAgreement === null ? [] : [`self-agreement ${record.selfAgreement.toFixed(2)}`]),
    `${counts.tokensIn.toLocaleString('en')} tokens in, ${counts.tokensOut.toLocaleString('en')} out`,
    // Working time, not the days a paused run lay waiting.
    elapsedText(counts.elapsedMs ?? Date.parse(record.finishedAt) - Date.parse(record.startedAt)),
  ];
  return <>{parts.join(' · ')}</>;
}

function CutOffAdvice({ row }: { row: JudgeRunRow }) {
  const advice = cutOffAdvice(row.record?.counts.cutOff ?? row.progress.cutOff, row.parameters.maxTokens);
  if (advice === undefined) return null;
  return (
    <div className="notice small" data-testid="judge-run-cut-off">
      {advice}
    </div>
  );
}

function Failures({ row }: { row: JudgeRunRow }) {
  const failures = row.record?.failures ?? [];
  if (failures.length === 0) return null;
  const { lines, more } = failureLines(failures);
  return (
    <ul className="small judge-run-failures">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
      {more > 0 && <li>and {more} more</li>}
    </ul>
  );
}

export function RunsList({ studyId }: { studyId: string }) {
  const { db, platform, workers } = useServices();
  const runs = useLiveQuery(() => listJudgeRuns(db, studyId), [db, studyId]);
  const live = useLiveRuns(workers.judge, (state) => state.live);
  const stopped = useLiveRuns(workers.judge, (state) => state.stopped);
  // A prompt search runs its candidates' runs itself: they are live, not interrupted, while it does, and its own Resume goes on with them.
  const searching = useLiveSearches(workers.judge, (state) => state.live);
  const searchRuns = new Set(Object.values(searching).flatMap((progress) => (progress?.runId === undefined ? [] : [progress.runId])));
  return (
    <section aria-labelledby="judges-runs" className="judges-runs">
      <h2 id="judges-runs">Runs of this study</h2>
      {runs !== undefined && runs.length === 0 && <p className="empty">No judge has run on this study yet.</p>}
      <ul className="plain-list" data-testid="judge-runs">
        {runs?.map((row) => {
          const isLive = row.id in live || searchRuns.has(row.id);
          return (
            <li key={row.id} data-judge={row.judge} data-run-state={row.state}>
              <strong>{row.judge}</strong>
              {row.ranAs !== undefined && <span className="muted small"> (ran as {row.ranAs}, merged into it)</span>}{' '}
              <span className="muted small">{new Date(row.createdAt).toLocaleString()}</span> — {stateText(row, isLive)}
              <div className="muted small" data-testid="judge-run-identity">
                {identityText(row)}
              </div>
              <div className="small">
                <RecordCounts row={row} />
              </div>
              <Failures row={row} />
              <CutOffAdvice row={row} />
              {stopped[row.id] !== undefined && (
                <div className="notice notice-error small" role="alert">
                  {stopped[row.id]}
                </div>
              )}
              {canResume(row, isLive) && !searchRuns.has(row.id) && (
                <button
                  type="button"
                  className="chip"
                  aria-label={`Resume ${row.judge}`}
                  onClick={() =>
                    row.state === 'paused' && isLive ? workers.judge.resume(row.id) : runInWorker(workers.judge, platform.judgeEndpoints, row.id)
                  }
                >
                  Resume
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
