// One label value as a button: its text, the anchor words of the difficulty scale, and the keys
// that set it; pressed when it is the chosen value (or one of the marked answers, the first of
// them marked "first"). The labelling workspace and the lead's
// adjudication both label with it, so a value looks and reads the same in both.

import type { ButtonHTMLAttributes } from 'react';
import type { LabelValue } from '../../../shared/domain/model';
import { displayKey } from '../settings';
import { valueText } from '../../../shared/domain/task-words';

const DIFFICULTY_HINTS: Record<number, string> = { 1: 'easiest', 5: 'middle', 9: 'hardest' };

type DataAttributes = { [key: `data-${string}`]: string };

interface Props extends Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'title' | 'disabled' | 'onClick' | 'onMouseDown'> {
  value: LabelValue;
  /** The keys that set the value, after the user's overrides. */
  keys: readonly string[];
  pressed: boolean;
  /** The first of several marked answers: the one the rater would give if made to pick one. */
  first?: boolean;
  /** data-* attributes tests find the button by. */
  data: DataAttributes;
}

export function LabelButton({ value, keys, pressed, first = false, data, ...button }: Props) {
  return (
    <button type="button" className={`label-button label-${String(value)}`} {...data} aria-pressed={pressed} data-first={first} {...button}>
      <span className="label-button-text">{valueText(value)}</span>
      {first && <span className="label-button-first">first</span>}
      {typeof value === 'number' && DIFFICULTY_HINTS[value] !== undefined && <span className="label-button-hint">{DIFFICULTY_HINTS[value]}</span>}
      <span className="label-button-keys">
        {keys.map((key) => (
          <kbd key={key}>{displayKey(key)}</kbd>
        ))}
      </span>
    </button>
  );
}
