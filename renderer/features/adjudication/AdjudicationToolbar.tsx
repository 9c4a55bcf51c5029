// The adjudication page's controls: which task's disagreements (M or R), whether decided units are
// listed too, a refresh of the list, and how many disagreements are still open.

import { countText } from '../../../shared/domain/count-text';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { TaskSwitch } from '../report';

interface Props {
  task: ReportTask;
  openOnly: boolean;
  loading: boolean;
  /** Open disagreements; undefined while they are listed. */
  open: number | undefined;
  onTask: (task: ReportTask) => void;
  onOpenOnly: (openOnly: boolean) => void;
  onRefresh: () => void;
}

export function AdjudicationToolbar({ task, openOnly, loading, open, onTask, onOpenOnly, onRefresh }: Props) {
  return (
    <div className="adjudication-toolbar">
      <TaskSwitch task={task} onTask={onTask} name="adjudication" />
      <label className="inline-field">
        <input type="checkbox" data-testid="open-only" checked={openOnly} onChange={(event) => onOpenOnly(event.target.checked)} />
        <span>Open only</span>
      </label>
      <button type="button" className="chip" onClick={onRefresh} disabled={loading}>
        {loading ? 'Listing…' : 'Refresh'}
      </button>
      <span className="strong" role="status" data-testid="open-count">
        {open === undefined ? 'Listing the disagreements…' : `${countText(open, 'open disagreement', 'open disagreements')}`}
      </span>
    </div>
  );
}
