// One disagreement in full: the puzzle's story and reference answer, the unit's text, every
// rater's label (a person's set of acceptable answers where they gave one) and the human
// majority, then the lead's decision: a gold value (one button per value of the task's scheme,
// with its keys; on a question where sets are marked, the answers of a gold set) and a note, kept with who decided, when and on
// which labels; the question before a replacement, and the unit's gold history. Text from the
// study is rendered as text, never HTML.

import { useId, useState, type RefObject } from 'react';
import type { AcceptableAnswers, LabelScheme, LabelValue } from '../../../shared/domain/model';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { usePuzzle } from '../../services/queries';
import type { UnitDisagreement } from '../../workers/report-protocol';
import { labelChoices, type KeyMap } from '../settings';
import { LabelButton } from '../labelling';
import { valueText } from '../../../shared/domain/task-words';
import { BucketBadge } from '../study';
import { PuzzlePanels } from '../transcript';
import { percentText } from '../report';
import { goldText, type GoldQuestion } from './gold-session';
import { GoldHistory } from './GoldHistory';
import { ReplaceQuestion } from './ReplaceQuestion';
import type { Gold } from './useAdjudication';

const UNIT_KIND: Record<ReportTask, string> = { answer: 'Question', match: 'Final answer' };

interface Props {
  studyId: string;
  unit: UnitDisagreement;
  task: ReportTask;
  scheme: LabelScheme;
  keyMap: KeyMap;
  gold: Gold | undefined;
  /** The people's sets of acceptable answers on the unit, by rater id. */
  peopleSets: ReadonlyMap<string, AcceptableAnswers>;
  /** The answers marked for a gold set, first first, where the buttons mark answers; undefined where a button sets the gold value. */
  marks: readonly LabelValue[] | undefined;
  /** A gold write is running: the buttons wait. */
  busy: boolean;
  /** Why this unit's last gold change failed, until one succeeds. */
  failure: string | undefined;
  /** The replacement waiting for an answer on this unit. */
  question: GoldQuestion | undefined;
  position: string;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  onSetGold: (value: LabelValue, note: string) => void;
  onMark: (value: LabelValue) => void;
  onSaveMarks: () => void;
  onClearGold: () => void;
  onReplace: () => void;
  onKeep: () => void;
  onOpenSession: () => void;
}

function atText(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

export function AdjudicationUnit({
  studyId,
  unit,
  task,
  scheme,
  keyMap,
  gold,
  peopleSets,
  marks,
  busy,
  failure,
  question,
  position,
  noteRef,
  onSetGold,
  onMark,
  onSaveMarks,
  onClearGold,
  onReplace,
  onKeep,
  onOpenSession,
}: Props) {
  const puzzle = usePuzzle(studyId, unit.puzzleId);
  const storedNote = gold?.note ?? '';
  const [note, setNote] = useState(storedNote);
  // The note follows the stored gold label's (set, replaced or undone, here or in another
  // window) unless the lead has started a new one.
  const [shownNote, setShownNote] = useState(storedNote);
  if (storedNote !== shownNote) {
    setShownNote(storedNote);
    if (note === shownNote) setNote(storedNote);
  }
  const id = useId();
  const waiting = busy || question !== undefined;
  const choices = labelChoices(task, scheme);

  return (
    <article className="current-unit adjudication-unit" data-testid="adjudication-unit" data-unit-id={unit.unitId} aria-labelledby={id}>
      <div className="unit-header">
        <div>
          <h2 id={id}>
            {UNIT_KIND[task]} <span className="muted small">{position}</span>
          </h2>
          <div className="muted small">
            {unit.unitId} · <BucketBadge bucket={unit.bucket} /> · agreement {percentText(unit.agreement, 0)} ·{' '}
            <button type="button" className="link-button" onClick={onOpenSession}>
              Open the session {unit.sessionId}
            </button>
          </div>
        </div>
      </div>
      {puzzle && <PuzzlePanels puzzle={puzzle} showKeyClues />}
      <div className="unit-item">
        <div className="unit-text">{unit.text}</div>
      </div>
      <table className="data-table compact-table" aria-label="Labels of every rater">
        <thead>
          <tr>
            <th scope="col">Rater</th>
            <th scope="col">Label</th>
          </tr>
        </thead>
        <tbody>
          {unit.labels.map((label) => {
            const set = peopleSets.get(label.rater);
            return (
              <tr key={label.rater} data-rater={label.rater} data-acceptable={set?.join(' ') ?? ''}>
                <td>{label.rater}</td>
                <td>
                  <span className={`badge label-${label.value}`}>{set?.join(' + ') ?? label.value}</span>
                </td>
              </tr>
            );
          })}
          <tr data-rater="human-majority">
            <td className="strong">Human majority</td>
            <td>
              {unit.humanMajority === null ? (
                <span className="muted">no strict majority</span>
              ) : (
                <span className={`badge label-${unit.humanMajority}`}>{unit.humanMajority}</span>
              )}
            </td>
          </tr>
        </tbody>
      </table>

      <div className="gold-decision">
        <label className="strong" htmlFor={`${id}-note`}>
          Note
        </label>
        <span className="muted small" id={`${id}-note-hint`}>
          Why this label: write it first, then choose the value; it is saved with the note and the next unit comes. Choosing the same value again updates the
          note.
        </span>
        <textarea
          id={`${id}-note`}
          ref={noteRef}
          className="note-editor"
          data-testid="gold-note"
          rows={2}
          value={note}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={(event) => {
            // Escape leaves the note, so the label keys work again.
            if (event.key === 'Escape') event.currentTarget.blur();
          }}
        />
        <div className="label-buttons" role="group" aria-label={marks === undefined ? 'Gold label' : 'Gold set'}>
          {choices.map((choice) => (
            <LabelButton
              key={choice.action}
              value={choice.value}
              keys={keyMap.keysOf(choice.action)}
              pressed={marks === undefined ? gold?.value === choice.value : marks.includes(choice.value)}
              first={marks !== undefined && marks.length > 1 && marks[0] === choice.value}
              data={{ 'data-gold-value': String(choice.value) }}
              disabled={waiting}
              title={marks === undefined ? `Gold label: ${valueText(choice.value)}` : `Mark or unmark for the gold set: ${valueText(choice.value)}`}
              onClick={() => (marks === undefined ? onSetGold(choice.value, note) : onMark(choice.value))}
            />
          ))}
        </div>
        {marks !== undefined && (
          <p className="muted small" data-testid="gold-marks-hint">
            Mark every acceptable answer, the gold value first.{' '}
            <button type="button" className="chip" disabled={waiting} onClick={onSaveMarks}>
              Save the marked answers <kbd>Enter</kbd>
            </button>
          </p>
        )}
        {gold !== undefined && (
          <div
            className="notice notice-success gold-saved"
            data-testid="gold-saved"
            data-gold-value={String(gold.value)}
            data-gold-acceptable={gold.acceptable?.join(' ') ?? ''}
            role="status"
          >
            <span>
              Gold label <span className={`badge label-${String(gold.value)}`}>{goldText(gold)}</span>, set by {gold.by} on {atText(gold.at)}
              {gold.note !== '' && <>: “{gold.note}”</>}
            </span>
            <button type="button" className="link-button danger" disabled={waiting} onClick={onClearGold}>
              Clear
            </button>
          </div>
        )}
        {question !== undefined && <ReplaceQuestion question={question} keyMap={keyMap} onReplace={onReplace} onKeep={onKeep} />}
        {failure !== undefined && (
          <div className="notice notice-error" role="alert">
            {failure}
          </div>
        )}
      </div>
      <GoldHistory studyId={studyId} task={task} unitId={unit.unitId} />
    </article>
  );
}
