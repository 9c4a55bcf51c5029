// The place of the current unit: the unit under the cursor, or a word on why there is none.

import type { KeyMap } from '../settings';
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
  return <UnitPanel unit={unit} position={position} keyMap={keyMap} />;
}
