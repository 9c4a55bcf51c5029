// The question asked before a gold label is replaced by another value: Enter (or Replace)
// replaces, Escape (or Keep) keeps. In the page rather than a window dialog, so it neither
// blocks the window nor hides the unit; its Replace button takes the focus, for screen readers.

import { useEffect, useRef } from 'react';
import { displayKey, type KeyMap } from '../settings';
import { goldText, type GoldQuestion } from './gold-session';
import { GOLD_QUESTION_ATTRIBUTE } from './useAdjudicationKeys';

export function ReplaceQuestion({
  question,
  keyMap,
  onReplace,
  onKeep,
}: {
  question: GoldQuestion;
  keyMap: KeyMap;
  onReplace: () => void;
  onKeep: () => void;
}) {
  const replaceRef = useRef<HTMLButtonElement>(null);
  useEffect(() => replaceRef.current?.focus(), []);
  const from = goldText(question.stored);
  const to = goldText(question);
  // The note box starts from the stored label's note, which argues for the old value.
  const staleNote = question.note.trim() !== '' && question.note.trim() === question.stored.note;
  const noteKeys = keyMap.keysOf('note').map(displayKey).join(' or ');
  return (
    <div
      className="notice notice-warning gold-question"
      role="alertdialog"
      aria-labelledby="gold-question-text"
      data-testid="gold-replace"
      data-from={from}
      data-to={to}
      {...{ [GOLD_QUESTION_ATTRIBUTE]: '' }}
    >
      <p id="gold-question-text">
        <span className="strong">
          Replace gold {from} with {to}?
        </span>{' '}
        Enter to replace, Esc to keep.
      </p>
      {staleNote && (
        <p className="small">
          The note “{question.note.trim()}” was written for {from} and would go with {to}. To rewrite it first, keep
          {noteKeys === '' ? '' : ` and press ${noteKeys}`}.
        </p>
      )}
      <div className="modal-actions">
        <button ref={replaceRef} type="button" className="primary" onClick={onReplace}>
          Replace with {to} <kbd>Enter</kbd>
        </button>
        <button type="button" className="chip" onClick={onKeep}>
          Keep {from} <kbd>Esc</kbd>
        </button>
      </div>
    </div>
  );
}
