// The lead's adjudication of disagreements: per task, the units where raters disagree, lowest
// agreement first; the current one in full with a gold value and note to set, the queue beside
// it. Setting gold moves on to the next unit, as labelling does. The current unit is in the
// address, so a reload or a link from the report's heatmap opens it. Lead mode only, like the
// report: annotator mode and pack studies get a short note.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { LabelValue, Study } from '../../../shared/domain/model';
import type { ReportTask } from '../../../shared/report/report-model';
import { usePreferences, useServices } from '../../app/services';
import type { UnitDisagreement } from '../../workers/report-protocol';
import { buildKeyMap, displayKey, type WorkspaceAction } from '../labelling';
import { LeadOnlyPage } from '../mode';
import { percentText } from '../report';
import { AdjudicationUnit } from './AdjudicationUnit';
import { GoldSession, type ChoiceResult } from './gold-session';
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
  const { store, db, preferences } = useServices();
  // Arriving at one unit (from the heatmap) it may already have gold; show decided units too.
  const [openOnly, setOpenOnly] = useState(unitId === undefined);
  const { queue, loading, error, open, goldLoaded, goldOf, reload } = useAdjudication(study.id, task, openOnly);
  // One sitting per page: its undo reaches back to the page's first change.
  const [session] = useState(() => new GoldSession(db, { studyId: study.id, task, by: () => preferences.getState().annotator.name }));
  const question = useStore(session.store, (state) => state.asking);
  const busy = useStore(session.store, (state) => state.busy);
  const notice = useStore(session.store, (state) => state.notice);
  const failure = useStore(session.store, (state) => state.failure);
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

  /** After a gold label is set on a unit: the unit after it in the queue, as labelling moves on. */
  const moveOnFrom = useCallback(
    (decided: string, result: ChoiceResult) => {
      if (result !== 'set' || !queue) return;
      const next = queue[queue.findIndex((candidate) => candidate.unitId === decided) + 1];
      if (next) go({ unitId: next.unitId });
      else session.say('That was the last disagreement in this list.');
    },
    [queue, go, session],
  );
  const choose = useCallback(
    (value: LabelValue, note: string) => {
      if (!unit) return;
      void session.choose(unit, value, note).then((result) => moveOnFrom(unit.unitId, result));
    },
    [unit, session, moveOnFrom],
  );
  const replace = useCallback(() => {
    const asked = session.store.getState().asking?.unit.unitId;
    if (asked !== undefined) void session.replace().then((result) => moveOnFrom(asked, result));
  }, [session, moveOnFrom]);
  const undo = useCallback(() => {
    void session.undo().then((undone) => {
      if (undone !== undefined) go({ unitId: undone });
    });
  }, [session, go]);

  // A question belongs to its unit: leaving the unit (with the mouse) keeps its gold label.
  const shownUnitId = unit?.unitId;
  useEffect(() => {
    const asked = session.store.getState().asking;
    if (asked !== undefined && asked.unit.unitId !== shownUnitId) session.keep();
  }, [session, shownUnitId]);

  const keyActions = useMemo(
    () => ({
      label: (value: LabelValue) => choose(value, noteRef.current?.value ?? ''),
      move,
      focusNote: () => noteRef.current?.focus(),
      undo,
      asking: () => session.store.getState().asking !== undefined,
      replace,
      keep: () => session.keep(),
    }),
    [choose, move, undo, replace, session],
  );
  useAdjudicationKeys(task, study.scheme, keyMap, keyActions);
  const keysText = (action: WorkspaceAction) => keyMap.keysOf(action).map(displayKey).join(' or ') || 'no key';

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
      <p className="hint small" data-testid="adjudication-keys">
        Units where raters disagree, lowest agreement first. Choose the gold value with a button or the labelling keys: it is saved and the next unit comes. Replacing a gold label asks first (Enter
        replaces, Esc keeps). {keysText('next')} and {keysText('previous')} move, {keysText('note')} writes a note, {keysText('undo')} undoes the last gold change made on this page. Gold labels
        go into the exports and, when chosen, into the report as the rater “gold”.
      </p>
      {notice !== undefined && (
        <p className="notice" role="status" data-testid="adjudication-notice">
          {notice}
        </p>
      )}
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
                  busy={busy}
                  failure={failure?.unitId === unit.unitId ? failure.message : undefined}
                  question={question?.unit.unitId === unit.unitId ? question : undefined}
                  position={`${(current + 1).toLocaleString('en-US')} of ${queue.length.toLocaleString('en-US')}`}
                  noteRef={noteRef}
                  onSetGold={choose}
                  onClearGold={() => void session.clear(unit)}
                  onReplace={replace}
                  onKeep={() => session.keep()}
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
      {/* One page per task, keyed by the task it shows: the address gains the default task at the
          first move, and that must not start a new sitting (its undo would be lost). */}
      {(study) => <LeadAdjudicationPage key={task ?? DEFAULT_TASK} study={study} task={task ?? DEFAULT_TASK} unitId={unitId} />}
    </LeadOnlyPage>
  );
}
