// One button per label value of the task, each showing its keys; the chosen value is pressed.
// Where the answer keys mark answers (a study that allows several), every marked answer is
// pressed, the first marked says so, a click marks or unmarks, and a line says Enter saves.

import type { Label, LabelValue } from '../../../shared/domain/model';
import { labelChoices, type KeyMap } from '../settings';
import { LabelButton } from './LabelButton';
import { useWorkspace, useWorkspaceState } from './useWorkspace';

export function LabelButtons({ unitId, label, keyMap }: { unitId: string; label: Label | undefined; keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { task, study } = controller.data;
  const { marksAnswers } = controller;
  // Read to re-render on a mark; marksOf reads the same store.
  const marks = useWorkspaceState((state) => state.marks);
  const chosen: readonly LabelValue[] = marksAnswers ? controller.marksOf(unitId, marks) : label === undefined ? [] : [label.value];
  return (
    <>
      <div className={`label-buttons label-buttons-${task}`} role="group" aria-label={marksAnswers ? 'Acceptable answers' : 'Label'}>
        {labelChoices(task, study.scheme).map((choice) => (
          <LabelButton
            key={choice.action}
            value={choice.value}
            keys={keyMap.keysOf(choice.action)}
            pressed={chosen.includes(choice.value)}
            first={marksAnswers && chosen.length > 1 && chosen[0] === choice.value}
            data={{ 'data-testid': 'label-button', 'data-value': String(choice.value) }}
            title={marksAnswers ? `Mark or unmark: ${choice.description}` : choice.description}
            // Clicking must not leave focus on the button, or Enter and Space would label again.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (marksAnswers ? controller.toggleMark(choice.value) : controller.label(choice.value))}
          />
        ))}
      </div>
      {marksAnswers && (
        <p className="muted small" data-testid="marks-hint">
          Mark every acceptable answer, first the one you would give if you had to pick one.{' '}
          <button type="button" className="chip" onMouseDown={(event) => event.preventDefault()} onClick={() => controller.saveMarks()}>
            Save the marked answers <kbd>Enter</kbd>
          </button>
        </p>
      )}
    </>
  );
}
