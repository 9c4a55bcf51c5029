// The place of the current unit: the unit under the cursor, or a word on why there is none.

import { displayKey, labelChoices, type KeyMap } from '../settings';
import { UnitConflictNote } from '../sync';
import type { LabelValue } from '../../../shared/domain/model';
import { UnitPanel } from './UnitPanel';
import { useWorkspace, useWorkspaceState } from './useWorkspace';
import { currentPosition } from './workspace-store';

export function CurrentUnit({ keyMap }: { keyMap: KeyMap }) {
  const { data } = useWorkspace();
  const position = useWorkspaceState(currentPosition);
  const filter = useWorkspaceState((state) => state.filter);
  const searching = useWorkspaceState((state) => state.query.trim() !== '');
  const unit = data.units[position];
  if (!unit) {
    return (
      <div className="current-unit empty">
        {searching
          ? 'No unit matches this search. Press Esc in the search box to clear it.'
          : filter === 'all'
            ? 'This task has no units in this study.'
            : 'No unit matches this filter. Choose "All" to see every unit.'}
      </div>
    );
  }
  const keyOf = (value: LabelValue) => {
    const choice = labelChoices(data.task, data.study.scheme).find((one) => one.value === value);
    const key = choice === undefined ? undefined : keyMap.keysOf(choice.action)[0];
    return key === undefined ? undefined : displayKey(key);
  };
  return (
    <>
      <UnitConflictNote studyId={data.study.id} task={data.task} unitId={unit.id} keyOf={keyOf} />
      <UnitPanel unit={unit} position={position} keyMap={keyMap} />
    </>
  );
}
