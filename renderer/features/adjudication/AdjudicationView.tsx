// The lead's adjudication of disagreements: per task, the units where raters disagree, lowest
// agreement first; the current one in full with a gold value and note to set, the queue beside
// it. The current unit is in the address, so a reload or a link from the report's heatmap opens
// it. Lead mode only, like the report: annotator mode and pack studies get a short note.

import { useCallback, useMemo, useRef, useState } from 'react';
import type { LabelValue, Study } from '../../../shared/domain/model';
import type { ReportTask } from '../../../shared/report/report-model';
import { usePreferences, useServices } from '../../app/services';
import type { UnitDisagreement } from '../../workers/report-protocol';
import { buildKeyMap, displayKey } from '../labelling/key-map';
import { LeadOnlyPage } from '../mode/LeadOnlyPage';
import { percentText } from '../report/report-text';
import { AdjudicationUnit } from './AdjudicationUnit';
import { useAdjudication, type Gold } from './useAdjudication';
import { useAdjudicationKeys } from './useAdjudicationKeys';

const DEFAULT_TASK: ReportTask = 'match';
const TASK_TABS: Array<{ task: ReportTask; text: string }> = [
  { task: 'match', text: 'M: final answers' },
  { task: 'answer', text: 'R: questions' },
];
/** Queue entries listed around the current one; Next and Previous reach the rest. */
const LIST_BEFORE = 10;
const LIST_AFTER = 40;

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

function QueueList({ queue, current, goldOf, onOpen }: { queue: readonly UnitDisagreement[]; current: number; goldOf: (unit: UnitDisagreement) => Gold | undefined; onOpen: (unitId: string) => void }) {
  const start = Math.max(0, current - LIST_BEFORE);
  const end = Math.min(queue.length, Math.max(current, 0) + LIST_AFTER);
  return (
    <nav className="adjudication-queue" aria-label="Disagreements, lowest agreement first">
      {start > 0 && <div className="muted small queue-more">{count(start, 'earlier unit', 'earlier units')}</div>}
      <ol start={start + 1}>
        {queue.slice(start, end).map((unit, offset) => {
          const gold = goldOf(unit);
          const index = start + offset;
          return (
            <li key={unit.unitId}>
              <button
                type="button"
                className={`queue-item${index === current ? ' current' : ''}`}
                data-queue-unit={unit.unitId}
                data-decided={gold !== undefined}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => onOpen(unit.unitId)}
              >
                <span className="queue-agreement">{percentText(unit.agreement, 0)}</span>
                <span className="queue-text">{unit.text}</span>
                <span className={gold === undefined ? 'muted small' : `badge label-${String(gold.value)}`}>{gold === undefined ? 'open' : String(gold.value)}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {end < queue.length && <div className="muted small queue-more">{count(queue.length - end, 'later unit', 'later units')}</div>}
    </nav>
  );
}

function LeadAdjudicationPage({ study, task, unitId }: { study: Study; task: ReportTask; unitId: string | undefined }) {
  const { store } = useServices();
  // Arriving at one unit (from the heatmap) it may already have gold; show decided units too.
  const [openOnly, setOpenOnly] = useState(unitId === undefined);
  const { queue, loading, error, open, goldLoaded, goldOf, setGold, clearGold, write, reload } = useAdjudication(study.id, task, openOnly);
  const keyOverrides = usePreferences((state) => state.keyOverrides);
  const keyMap = useMemo(() => buildKeyMap(keyOverrides), [keyOverrides]);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const requested = queue !== undefined && unitId !== undefined ? queue.findIndex((unit) => unit.unitId === unitId) : -1;
  // Without a unit in the address, the first unit open when the queue was listed: deciding it
  // must not swap it for the next one under the lead's eyes.
  const firstOpen = queue?.findIndex((unit) => unit.gold === undefined) ?? -1;
  const current = requested !== -1 ? requested : unitId === undefined ? Math.max(0, firstOpen) : -1;
  const unit = queue?.[current];

  const go = useCallback(
    (next: { task?: ReportTask; unitId?: string }) =>
      store.getState().navigate({ view: 'adjudicate', studyId: study.id, task: next.task ?? task, ...(next.unitId === undefined ? {} : { unitId: next.unitId }) }),
    [store, study.id, task],
  );
  const move = useCallback(
    (step: 1 | -1) => {
      const next = queue?.[current + step];
      if (next) go({ unitId: next.unitId });
    },
    [queue, current, go],
  );
  const nextOpen = queue?.slice(current + 1).find((candidate) => goldOf(candidate) === undefined);

  const keyActions = useMemo(
    () => ({
      label: (value: LabelValue) => {
        if (unit) void setGold(unit, value, noteRef.current?.value ?? '');
      },
      move,
      focusNote: () => noteRef.current?.focus(),
    }),
    [unit, setGold, move],
  );
  useAdjudicationKeys(task, study.scheme, keyMap, keyActions);

  return (
    <section className="page adjudication-page" aria-labelledby="adjudication-title" data-testid="adjudication-view" data-task={task} data-open={open ?? ''} data-loading={loading}>
      <div className="page-header">
        <h1 id="adjudication-title">Adjudicate: {study.name}</h1>
        <button type="button" className="chip" onClick={() => store.getState().navigate({ view: 'report', studyId: study.id })}>
          Report
        </button>
      </div>
      <div className="adjudication-toolbar">
        <div className="segmented" role="group" aria-label="Task">
          {TASK_TABS.map((tab) => (
            <button key={tab.task} type="button" className="chip" data-adjudication-task={tab.task} aria-pressed={task === tab.task} onClick={() => go({ task: tab.task })}>
              {tab.text}
            </button>
          ))}
        </div>
        <label className="inline-field">
          <input type="checkbox" data-testid="open-only" checked={openOnly} onChange={(event) => setOpenOnly(event.target.checked)} />
          <span>Open only</span>
        </label>
        <button type="button" className="chip" onClick={reload} disabled={loading}>
          {loading ? 'Listing…' : 'Refresh'}
        </button>
        <span className="strong" role="status" data-testid="open-count">
          {open === undefined ? 'Listing the disagreements…' : `${count(open, 'open disagreement', 'open disagreements')}`}
        </span>
      </div>
      <p className="hint small">
        Units where raters disagree, lowest agreement first. Choose the gold value with a button or the labelling keys; {keyMap.keysOf('next').map(displayKey).join(' or ')} and{' '}
        {keyMap.keysOf('previous').map(displayKey).join(' or ')} move, {keyMap.keysOf('note').map(displayKey).join(' or ')} writes a note. Gold labels go into the exports and, when chosen, into the report as the rater “gold”.
      </p>
      {error !== undefined && (
        <div className="notice notice-error" role="alert">
          The disagreements could not be listed: {error}
        </div>
      )}
      {queue !== undefined && queue.length === 0 && <p className="empty">{openOnly ? 'No open disagreements: every one has a gold label.' : 'The raters agree on every unit of this task.'}</p>}
      {queue !== undefined && unitId !== undefined && requested === -1 && (
        <div className="notice notice-warning" role="status">
          {unitId} is not in this list: it has no disagreement{openOnly ? ', or it has a gold label already' : ''}.{' '}
          {openOnly && (
            <button type="button" className="link-button" onClick={() => setOpenOnly(false)}>
              Show decided units too
            </button>
          )}
        </div>
      )}
      {queue !== undefined && queue.length > 0 && (
        <div className="adjudication-body">
          <QueueList queue={queue} current={current} goldOf={goldOf} onOpen={(id) => go({ unitId: id })} />
          <div className="adjudication-main">
            {/* Mounted once the stored gold labels are read, so the note starts from the stored one. */}
            {unit !== undefined && goldLoaded && (
              <>
                <AdjudicationUnit
                  key={unit.unitId}
                  studyId={study.id}
                  unit={unit}
                  task={task}
                  scheme={study.scheme}
                  keyMap={keyMap}
                  gold={goldOf(unit)}
                  write={write?.unitId === unit.unitId ? write : undefined}
                  position={`${(current + 1).toLocaleString('en-US')} of ${queue.length.toLocaleString('en-US')}`}
                  noteRef={noteRef}
                  onSetGold={(value, note) => void setGold(unit, value, note)}
                  onClearGold={() => void clearGold(unit)}
                  onOpenSession={() => store.getState().navigate({ view: 'transcript', studyId: study.id, sessionId: unit.sessionId })}
                />
                <div className="adjudication-moves">
                  <button type="button" className="chip" disabled={current <= 0} onClick={() => move(-1)}>
                    Previous
                  </button>
                  <button type="button" className="chip" disabled={current >= queue.length - 1} onClick={() => move(1)}>
                    Next
                  </button>
                  <button type="button" className={goldOf(unit) === undefined ? 'chip' : 'primary'} disabled={nextOpen === undefined} onClick={() => {
                      if (nextOpen) go({ unitId: nextOpen.unitId });
                    }}>
                    Next open disagreement
                  </button>
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

export function AdjudicationView({ studyId, task, unitId }: { studyId: string; task?: ReportTask; unitId?: string }) {
  return (
    <LeadOnlyPage studyId={studyId} testId="adjudication-lead-only" what="adjudication" leadModeReason="Adjudication shows every rater’s labels, so it is only in lead mode.">
      {(study) => <LeadAdjudicationPage study={study} task={task ?? DEFAULT_TASK} unitId={unitId} />}
    </LeadOnlyPage>
  );
}
