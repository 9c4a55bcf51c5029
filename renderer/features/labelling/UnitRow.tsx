// One row of the unit list: number, text, the annotator's label (every acceptable answer, when
// it is a set) and its save state. Memoised
// and subscribed to its own unit only, so labelling re-renders just the row that changed.

import { memo } from 'react';
import { acceptedValues } from '../../../shared/domain/model';
import { answersText } from './answer-marks';
import { useUnitLabel, useWorkspace } from './useWorkspace';

interface UnitRowProps {
  listIndex: number;
  position: number;
  top: number;
  current: boolean;
  onSelect(listIndex: number): void;
}

const STATE_TITLES = { saved: 'saved', saving: 'saving', unsaved: 'not labelled', error: 'not saved' } as const;

export const UnitRow = memo(function UnitRow({ listIndex, position, top, current, onSelect }: UnitRowProps) {
  const { data } = useWorkspace();
  const unit = data.units[position];
  const view = useUnitLabel(unit?.id ?? '');
  if (!unit) return null;
  const label = view.label;
  const text = unit.kind === 'puzzle' ? (data.puzzles.get(unit.puzzleId)?.title ?? unit.id) : unit.text;
  return (
    <div
      className={`unit-row${current ? ' current' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      role="option"
      aria-selected={current}
      data-unit-row=""
      data-unit-id={unit.id}
      data-label={label === undefined ? '' : String(label.value)}
      data-acceptable={label?.acceptable?.join(' ') ?? ''}
      data-state={view.state}
      data-unsure={label?.unsure ? 'true' : 'false'}
      data-has-note={label !== undefined && label.note !== '' ? 'true' : 'false'}
      onClick={() => onSelect(listIndex)}
    >
      <span className="unit-row-number">{position + 1}</span>
      <span className="unit-row-text">{text}</span>
      {label?.unsure && (
        <span className="unit-row-flag" title="unsure">
          ?
        </span>
      )}
      {label !== undefined && label.note !== '' && (
        <span className="unit-row-flag" title="has a note">
          ✎
        </span>
      )}
      {label !== undefined && (
        <span className={`badge ${typeof label.value === 'number' ? 'label-level' : `label-${label.value}`}`}>{answersText(acceptedValues(label))}</span>
      )}
      <span className={`save-dot save-${view.state}`} title={STATE_TITLES[view.state]} />
    </div>
  );
});
