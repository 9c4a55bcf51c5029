// The workspace's keyboard: one window listener that turns a key into an action through the
// key map. Keys typed into a text field never label, nor do keys with Ctrl, Cmd or Alt (those
// belong to the browser and the system), nor a held-down label key repeating. Where the answer
// keys mark answers (a study that allows several), Enter saves the marked ones.

import { useEffect, useRef } from 'react';
import type { LabelScheme, Task } from '../../../shared/domain/model';
import { actionInfo, type KeyMap, type WorkspaceAction } from '../settings';
import type { WorkspaceController } from './workspace-controller';

/** True when the key went to something the user types into. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return element.isContentEditable === true || element.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/** True when the key went to a button or link, whose own Enter must still press it. */
function isControlTarget(target: EventTarget | null): boolean {
  return typeof (target as Element | null)?.closest === 'function' && (target as Element).closest('button, a[href], summary') !== null;
}

/** The search box's input (JumpToUnit.tsx), focused by the find key. */
const FIND_INPUT_ID = 'jump-to-unit';

function runAction(controller: WorkspaceController, action: WorkspaceAction): void {
  const state = controller.store.getState();
  const info = actionInfo(action);
  if (info.value !== undefined) return controller.marksAnswers ? controller.toggleMark(info.value) : controller.label(info.value);
  switch (action) {
    case 'next':
      return controller.move(1);
    case 'previous':
      return controller.move(-1);
    case 'unsure':
      return controller.toggleUnsure();
    case 'note':
      return state.openModal('note');
    case 'undo':
      return controller.undo();
    case 'help':
      return state.modal === 'help' ? state.closeModal() : state.openModal('help');
    case 'guidelines':
      return state.toggleGuidelines();
    case 'find':
      return document.getElementById(FIND_INPUT_ID)?.focus();
  }
}

export function useWorkspaceKeys(controller: WorkspaceController, task: Task, scheme: LabelScheme, keyMap: KeyMap): void {
  // The listener is added once per workspace; the key map can change (settings) without re-adding it.
  const latest = useRef({ task, scheme, keyMap });
  useEffect(() => {
    latest.current = { task, scheme, keyMap };
  }, [task, scheme, keyMap]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const state = controller.store.getState();
      if (event.key === 'Escape') {
        if (state.modal !== 'none') state.closeModal();
        else if (state.guidelinesOpen) state.toggleGuidelines();
        return;
      }
      // The note editor and the settings take the keyboard for themselves.
      if (state.modal === 'note' || state.modal === 'settings') return;
      if (event.key === 'Enter' && controller.marksAnswers && state.modal === 'none' && !isControlTarget(event.target)) {
        event.preventDefault();
        if (!event.repeat) controller.saveMarks();
        return;
      }
      const action = latest.current.keyMap.actionFor(latest.current.task, latest.current.scheme, event.key);
      if (action === undefined) return;
      // Handled keys must not also type or scroll: "e" opens the note editor and must not land in it.
      event.preventDefault();
      if (state.modal === 'help' && action !== 'help') return;
      if (event.repeat && actionInfo(action).value !== undefined) return;
      runAction(controller, action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [controller]);
}
