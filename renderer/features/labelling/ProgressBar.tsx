// How much of the task this annotator has labelled, counting labels still being saved.

import { TASK_UNITS } from '../../../shared/domain/task-words';
import { useLabelledCount, useWorkspace } from './useWorkspace';

export function ProgressBar() {
  const { data } = useWorkspace();
  const done = useLabelledCount();
  const total = data.units.length;
  const percent = total === 0 ? 0 : Math.floor((done / total) * 100);
  return (
    <div className="workspace-progress" data-testid="progress" data-done={done} data-total={total}>
      <progress max={Math.max(total, 1)} value={done} aria-label="Labelled" />
      <span className="small">
        {done.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {TASK_UNITS[data.task]} labelled ({percent}%)
      </span>
    </div>
  );
}
