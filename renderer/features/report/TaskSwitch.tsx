// The M/R switch of every page that shows one task at a time (the heatmap, the judges, the
// adjudication list): a group of pressed-state chips named "Task", one per task.

import type { ReportTask } from '../../../shared/report/model/report-model';
import { TASK_ORDER } from '../../../shared/report/table-layout';
import { TASK_NAMES } from './report-text';

interface Props {
  task: ReportTask;
  onTask: (task: ReportTask) => void;
  /** Names the chips' data attribute, `data-<name>-task`, that tests and styles find them by. */
  name: string;
  /** The heatmap opens on R, so it lists R first; elsewhere M comes first as in the report. */
  order?: readonly ReportTask[];
}

export function TaskSwitch({ task, onTask, name, order = TASK_ORDER }: Props) {
  return (
    <div className="segmented" role="group" aria-label="Task">
      {order.map((option) => (
        <button
          key={option}
          type="button"
          className="chip"
          {...{ [`data-${name}-task`]: option }}
          aria-pressed={task === option}
          onClick={() => onTask(option)}
        >
          {TASK_NAMES[option]}
        </button>
      ))}
    </div>
  );
}
