// The adjudication page's controls: which task's disagreements (M or R), whether decided units are
// listed too, a refresh of the list, and how many disagreements are still open.

import type { ReportTask } from '../../../shared/report/model/report-model';
import { countText } from './count-text';

const TASK_TABS: Array<{ task: ReportTask; text: string }> = [
  { task: 'match', text: 'M: final answers' },
  { task: 'answer', text: 'R: questions' },
];

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
      <div className="segmented" role="group" aria-label="Task">
        {TASK_TABS.map((tab) => (
          <button
            key={tab.task}
            type="button"
            className="chip"
            data-adjudication-task={tab.task}
            aria-pressed={task === tab.task}
            onClick={() => onTask(tab.task)}
          >
            {tab.text}
          </button>
        ))}
      </div>
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
