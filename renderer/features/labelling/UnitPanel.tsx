// One unit to label, with what the annotator needs to judge it: the puzzle's story and
// reference answer, the session's earlier questions (never the judge's replies), the item,
// the label buttons, the unsure flag and the note. Text is rendered as text, never as HTML.

import { useMemo } from 'react';
import { displayKey, type KeyMap } from '../settings';
import { LabelButtons } from './LabelButtons';
import { SavedIndicator } from './SavedIndicator';
import { earlierQuestions, type WorkUnit } from './unit-queue';
import { useUnitLabel, useWorkspace, useWorkspaceState } from './useWorkspace';
import { PuzzlePanels } from '../transcript';

export function UnitPanel({ unit, position, keyMap }: { unit: WorkUnit; position: number; keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { data } = controller;
  const puzzle = data.puzzles.get(unit.puzzleId);
  const view = useUnitLabel(unit.id);
  const draft = useWorkspaceState((state) => state.drafts.get(unit.id));
  const earlier = useMemo(() => earlierQuestions(data.units, position), [data.units, position]);
  const unsure = view.label ? view.label.unsure : (draft?.unsure ?? false);
  const note = view.label ? view.label.note : (draft?.note ?? '');
  const keys = (action: 'unsure' | 'note') => keyMap.keysOf(action).map((key) => <kbd key={key}>{displayKey(key)}</kbd>);
  const { openModal } = controller.store.getState();

  const heading =
    unit.kind === 'question'
      ? `Question ${unit.turnIndex + 1}`
      : unit.kind === 'final'
        ? `Final answer (turn ${unit.turnIndex + 1})`
        : (puzzle?.title ?? unit.id);
  return (
    <article className="current-unit" data-testid="current-unit" data-unit-id={unit.id} aria-labelledby="current-unit-title">
      <header className="unit-header">
        <div>
          <h2 id="current-unit-title">{heading}</h2>
          <span className="muted small">
            {(position + 1).toLocaleString('en-US')} of {data.units.length.toLocaleString('en-US')} · {unit.id}
            {unit.kind !== 'puzzle' && puzzle?.title !== undefined ? ` · ${puzzle.title}` : ''}
          </span>
        </div>
        <SavedIndicator view={view} />
      </header>

      {/* The context scrolls on its own, so a long story never pushes the item and its buttons off screen. */}
      <div className="unit-context" data-testid="unit-context" tabIndex={-1}>
        {puzzle && <PuzzlePanels puzzle={puzzle} showKeyClues={unit.kind === 'puzzle'} />}

        {earlier.length > 0 && (
          <details className="earlier-questions" open={earlier.length <= 12}>
            <summary className="small muted">Earlier questions in this session ({earlier.length})</summary>
            <ol>
              {earlier.map((question) => (
                <li key={question.id} value={question.turnIndex + 1} className="small">
                  {question.text}
                </li>
              ))}
            </ol>
          </details>
        )}
      </div>

      <div className="unit-actions" data-testid="unit-actions">
        <div className="unit-item">
          {unit.kind === 'puzzle' ? (
            <p className="prose unit-prompt">How hard is this puzzle to solve by asking yes/no questions? 1 is the easiest, 9 the hardest.</p>
          ) : (
            <>
              <span className="turn-kind">{unit.kind === 'question' ? 'The player asks' : 'The player’s final answer'}</span>
              <p className="prose unit-text">{unit.text}</p>
            </>
          )}
        </div>

        <LabelButtons unitId={unit.id} label={view.label} keyMap={keyMap} />

        <div className="unit-flags">
          <button
            type="button"
            className="chip"
            aria-pressed={unsure}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => controller.toggleUnsure()}
          >
            Unsure {keys('unsure')}
          </button>
          <button type="button" className="chip" onMouseDown={(event) => event.preventDefault()} onClick={() => openModal('note')}>
            {note === '' ? 'Add note' : 'Edit note'} {keys('note')}
          </button>
          {!view.label && (unsure || note !== '') && <span className="muted small">Saved together with your label.</span>}
        </div>
        {note !== '' && (
          <p className="unit-note prose">
            <span className="muted">Note: </span>
            {note}
          </p>
        )}
      </div>
    </article>
  );
}
