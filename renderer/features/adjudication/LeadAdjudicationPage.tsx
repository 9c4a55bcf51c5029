// The lead's sitting over one task's disagreements: the queue from useAdjudication, the current
// unit (from the address, else the first open one), gold set, replaced, cleared and undone
// through one GoldSession, and moving on after each gold label as labelling does. On a question
// of a study that allows several answers, or one where someone gave a set, the label keys mark
// the answers of a gold set and Enter saves them.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { acceptedValues, type AcceptableAnswers, type AnswerLabel, type LabelValue, type Study } from '../../../shared/domain/model';
import { annotatorRater } from '../../../shared/stats/study/pairwise';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { useTurnHumanLabels } from '../../services/queries';
import { usePreferences, useServices } from '../../services/services';
import { asAnswer, markedLabel, toggleMark } from '../labelling';
import { buildKeyMap } from '../settings';
import { AdjudicationKeysHint } from './AdjudicationKeysHint';
import { AdjudicationMoves } from './AdjudicationMoves';
import { AdjudicationNotices } from './AdjudicationNotices';
import { AdjudicationQueue } from './AdjudicationQueue';
import { AdjudicationToolbar } from './AdjudicationToolbar';
import { AdjudicationUnit } from './AdjudicationUnit';
import { GoldSession, type ChoiceResult } from './gold-session';
import { useAdjudication } from './useAdjudication';
import { useAdjudicationKeys } from './useAdjudicationKeys';

export function LeadAdjudicationPage({ study, task, unitId }: { study: Study; task: ReportTask; unitId: string | undefined }) {
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
  const shownUnitId = unit?.unitId;

  // The people's labels on the question as stored, for their sets: the disagreement list has one value each.
  const unitTurns = useMemo(
    () => (shownUnitId !== undefined && task === 'answer' ? [{ id: shownUnitId, type: 'question' as const }] : []),
    [shownUnitId, task],
  );
  const peopleLabels = useTurnHumanLabels(study.id, unitTurns)?.get(shownUnitId ?? '');
  const peopleSets = useMemo(
    () =>
      new Map(
        (peopleLabels ?? []).flatMap((label) => (label.acceptable === undefined ? [] : [[annotatorRater(label.annotatorId), label.acceptable] as const])),
      ),
    [peopleLabels],
  );
  const marksAnswers = task === 'answer' && (study.scheme.multipleAnswers === true || peopleSets.size > 0);
  // Answers marked for a gold set and not saved yet; the unit shows its stored gold's until then.
  const [marks, setMarks] = useState<{ unitId: string; values: readonly AnswerLabel[] }>();
  // Marks not saved with Enter stay behind, as in labelling: coming back shows the stored gold again.
  const [marksUnitId, setMarksUnitId] = useState(shownUnitId);
  if (marksUnitId !== shownUnitId) {
    setMarksUnitId(shownUnitId);
    setMarks(undefined);
  }
  const gold = unit === undefined ? undefined : goldOf(unit);
  const shownMarks = useMemo(
    () =>
      marks !== undefined && marks.unitId === shownUnitId
        ? marks.values
        : gold === undefined
          ? []
          : acceptedValues(gold).flatMap((value) => asAnswer(value) ?? []),
    [marks, shownUnitId, gold],
  );

  const go = useCallback(
    (next: { task?: ReportTask; unitId?: string }) =>
      store
        .getState()
        .navigate({ view: 'adjudicate', studyId: study.id, task: next.task ?? task, ...(next.unitId === undefined ? {} : { unitId: next.unitId }) }),
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
    (value: LabelValue, note: string, acceptable?: AcceptableAnswers) => {
      if (!unit) return;
      void session.choose(unit, value, note, acceptable).then((result) => moveOnFrom(unit.unitId, result));
    },
    [unit, session, moveOnFrom],
  );
  const mark = useCallback(
    (value: LabelValue) => {
      const answer = asAnswer(value);
      if (shownUnitId !== undefined && answer !== undefined) setMarks({ unitId: shownUnitId, values: toggleMark(shownMarks, answer) });
    },
    [shownUnitId, shownMarks],
  );
  const saveMarks = useCallback(() => {
    const marked = markedLabel(shownMarks);
    if (marked === undefined) session.say('Nothing is marked, so no gold label was saved: mark every acceptable answer with its key, then press Enter.');
    else choose(marked.value, noteRef.current?.value ?? '', marked.acceptable);
  }, [shownMarks, session, choose]);
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
  useEffect(() => {
    const asked = session.store.getState().asking;
    if (asked !== undefined && asked.unit.unitId !== shownUnitId) session.keep();
  }, [session, shownUnitId]);

  const keyActions = useMemo(
    () => ({
      label: (value: LabelValue) => (marksAnswers ? mark(value) : choose(value, noteRef.current?.value ?? '')),
      marksAnswers: () => marksAnswers,
      saveMarks,
      move,
      focusNote: () => noteRef.current?.focus(),
      undo,
      asking: () => session.store.getState().asking !== undefined,
      replace,
      keep: () => session.keep(),
    }),
    [marksAnswers, mark, saveMarks, choose, move, undo, replace, session],
  );
  useAdjudicationKeys(task, study.scheme, keyMap, keyActions);

  return (
    <section
      className="page adjudication-page"
      aria-labelledby="adjudication-title"
      data-testid="adjudication-view"
      data-task={task}
      data-open={open ?? ''}
      data-loading={loading}
    >
      <div className="page-header">
        <h1 id="adjudication-title">Adjudicate: {study.name}</h1>
        <button type="button" className="chip" onClick={() => store.getState().navigate({ view: 'report', studyId: study.id })}>
          Report
        </button>
      </div>
      <AdjudicationToolbar
        task={task}
        openOnly={openOnly}
        loading={loading}
        open={open}
        onTask={(next) => go({ task: next })}
        onOpenOnly={setOpenOnly}
        onRefresh={reload}
      />
      <AdjudicationKeysHint keyMap={keyMap} marksAnswers={marksAnswers} />
      <AdjudicationNotices
        notice={notice}
        error={error}
        empty={queue !== undefined && queue.length === 0}
        openOnly={openOnly}
        missingUnitId={queue !== undefined && unitId !== undefined && requested === -1 ? unitId : undefined}
        onShowDecided={() => setOpenOnly(false)}
      />
      {queue !== undefined && queue.length > 0 && (
        <div className="adjudication-body">
          <AdjudicationQueue queue={queue} current={current} goldOf={goldOf} onOpen={(id) => go({ unitId: id })} />
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
                  gold={gold}
                  peopleSets={peopleSets}
                  marks={marksAnswers ? shownMarks : undefined}
                  onMark={mark}
                  onSaveMarks={saveMarks}
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
                <AdjudicationMoves
                  canGoBack={current > 0}
                  canGoOn={current < queue.length - 1}
                  decided={goldOf(unit) !== undefined}
                  nextOpen={nextOpen?.unitId}
                  onMove={move}
                  onOpen={(id) => go({ unitId: id })}
                />
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
