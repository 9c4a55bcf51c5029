// One button per label value of the task, each showing its keys; the chosen value is pressed.

import type { LabelValue } from '../../../shared/domain/model';
import { labelChoices, type KeyMap } from '../settings';
import { LabelButton } from './LabelButton';
import { useWorkspace } from './useWorkspace';

export function LabelButtons({ selected, keyMap }: { selected: LabelValue | undefined; keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { task, study } = controller.data;
  return (
    <div className={`label-buttons label-buttons-${task}`} role="group" aria-label="Label">
      {labelChoices(task, study.scheme).map((choice) => (
        <LabelButton
          key={choice.action}
          value={choice.value}
          keys={keyMap.keysOf(choice.action)}
          pressed={selected === choice.value}
          data={{ 'data-testid': 'label-button', 'data-value': String(choice.value) }}
          title={choice.description}
          // Clicking must not leave focus on the button, or Enter and Space would label again.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => controller.label(choice.value)}
        />
      ))}
    </div>
  );
}
