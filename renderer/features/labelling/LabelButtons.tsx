// One button per label value of the task, each showing its keys; the chosen value is pressed.

import type { LabelValue } from '../../../shared/domain/model';
import { actionsForTask, displayKey, type KeyMap } from './key-map';
import { valueText } from './task-titles';
import { useWorkspace } from './useWorkspace';

const DIFFICULTY_HINTS: Record<number, string> = { 1: 'easiest', 5: 'middle', 9: 'hardest' };

export function LabelButtons({ selected, keyMap }: { selected: LabelValue | undefined; keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { task, study } = controller.data;
  const choices = actionsForTask(task, study.scheme).flatMap((info) => (info.value === undefined ? [] : [{ ...info, value: info.value }]));
  return (
    <div className={`label-buttons label-buttons-${task}`} role="group" aria-label="Label">
      {choices.map((choice) => (
        <button
          key={choice.action}
          type="button"
          className={`label-button label-${String(choice.value)}`}
          data-testid="label-button"
          data-value={String(choice.value)}
          aria-pressed={selected === choice.value}
          title={choice.description}
          // Clicking must not leave focus on the button, or Enter and Space would label again.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => controller.label(choice.value)}
        >
          <span className="label-button-text">{valueText(choice.value)}</span>
          {typeof choice.value === 'number' && DIFFICULTY_HINTS[choice.value] !== undefined && <span className="label-button-hint">{DIFFICULTY_HINTS[choice.value]}</span>}
          <span className="label-button-keys">
            {keyMap.keysOf(choice.action).map((key) => (
              <kbd key={key}>{displayKey(key)}</kbd>
            ))}
          </span>
        </button>
      ))}
    </div>
  );
}
