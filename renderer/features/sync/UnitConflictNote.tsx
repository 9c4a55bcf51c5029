// A unit two of the annotator's devices gave different labels (issue 29), in the labelling
// workspace above the unit: each label with the device and time it came from, and the key that
// keeps it. Nothing is chosen until the annotator presses one; the sync then resolves it everywhere.

import { useStore } from 'zustand';
import type { LabelValue, Task } from '../../../shared/domain/model';
import { valueText } from '../../../shared/domain/task-words';
import { useServices } from '../../services/services';

export function UnitConflictNote({
  studyId,
  task,
  unitId,
  keyOf,
}: {
  studyId: string;
  task: Task;
  unitId: string;
  /** The key that sets a value in this workspace, as shown on its button. */
  keyOf: (value: LabelValue) => string | undefined;
}) {
  const { syncStatuses } = useServices();
  const conflict = useStore(syncStatuses, (state) => state.annotator[studyId]?.conflicts?.find((one) => one.task === task && one.unit === unitId));
  if (conflict === undefined) return null;
  return (
    <div className="notice notice-warning" role="alert" data-testid="unit-conflict" data-values={conflict.labels.map((one) => String(one.value)).join(' ')}>
      <p>Your devices gave this unit different labels:</p>
      <ul>
        {conflict.labels.map((one) => {
          const key = keyOf(one.value);
          return (
            <li key={one.couchRev} data-conflict-value={String(one.value)}>
              <strong>{valueText(one.value)}</strong>
              {one.unsure ? ' (unsure)' : ''}
              {one.note !== '' ? ` with the note “${one.note}”` : ''} on {one.device ?? 'a device that did not name itself'},{' '}
              {new Date(one.at).toLocaleString('en-GB')}
              {key !== undefined ? ` (press ${key} to keep it)` : ''}
            </li>
          );
        })}
      </ul>
      <p className="small">The lead sees this unit as conflicting until you choose; the label you press replaces both on every device.</p>
    </div>
  );
}
