// The adjudication keyboard, with the workspace's keys (and the lead's remappings): a label key
// sets that gold value and moves on (or, where the lead marks a gold set, marks or unmarks that
// answer, and Enter saves the marked ones), next and previous move through the queue, the note
// key goes to the note, undo takes back the last gold change. While the page asks whether to
// replace a gold label, Enter replaces and Escape keeps, and no other key acts. Keys typed into a field,
// with Ctrl, Cmd or Alt, or held down to repeat, do nothing.

import { useEffect, useRef } from 'react';
import type { LabelScheme, LabelValue } from '../../../shared/domain/model';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { actionInfo, type KeyMap } from '../settings';

export interface AdjudicationKeyActions {
  label(value: LabelValue): void;
  /** Whether the label keys mark answers of a gold set on this unit, for Enter to save. */
  marksAnswers(): boolean;
  saveMarks(): void;
  move(step: 1 | -1): void;
  focusNote(): void;
  undo(): void;
  /** Whether a replacement waits for Enter or Escape. */
  asking(): boolean;
  replace(): void;
  keep(): void;
}

/** Marks the question's own buttons, so Enter on a focused one does what the button says. */
export const GOLD_QUESTION_ATTRIBUTE = 'data-gold-question';

function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/** A button or link keeps its own Enter. */
function isControlTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a[href], summary') !== null;
}

function isQuestionButton(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${GOLD_QUESTION_ATTRIBUTE}] button`) !== null;
}

export function useAdjudicationKeys(task: ReportTask, scheme: LabelScheme, keyMap: KeyMap, actions: AdjudicationKeyActions): void {
  // One listener for the page's life; the latest task, keys and actions are read when a key comes.
  const latest = useRef({ task, scheme, keyMap, actions });
  useEffect(() => {
    latest.current = { task, scheme, keyMap, actions };
  }, [task, scheme, keyMap, actions]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const current = latest.current;
      if (current.actions.asking()) {
        // Enter on the question's Keep button keeps: the button's own click answers.
        if (event.key === 'Enter' && isQuestionButton(event.target)) return;
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          if (event.repeat) return;
          if (event.key === 'Enter') current.actions.replace();
          else current.actions.keep();
          return;
        }
        if (current.keyMap.actionFor(current.task, current.scheme, event.key) !== undefined) event.preventDefault();
        return;
      }
      if (event.key === 'Enter' && current.actions.marksAnswers() && !isControlTarget(event.target)) {
        event.preventDefault();
        if (!event.repeat) current.actions.saveMarks();
        return;
      }
      const action = current.keyMap.actionFor(current.task, current.scheme, event.key);
      if (action === undefined) return;
      const info = actionInfo(action);
      if (info.value !== undefined) {
        event.preventDefault();
        if (!event.repeat) current.actions.label(info.value);
      } else if (action === 'next' || action === 'previous') {
        event.preventDefault();
        current.actions.move(action === 'next' ? 1 : -1);
      } else if (action === 'note') {
        // Without preventDefault the key would also be typed into the note it focuses.
        event.preventDefault();
        current.actions.focusNote();
      } else if (action === 'undo') {
        event.preventDefault();
        if (!event.repeat) current.actions.undo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
