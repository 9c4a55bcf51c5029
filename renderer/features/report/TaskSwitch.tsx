// The M/R switch of every page that shows one task at a time (the heatmap, the judges, the
// adjudication list): the chips of a group named "Task", one per task.

import type { ReportTask } from '../../../shared/report/model/report-model';
import { TASK_ORDER } from '../../../shared/report/table-layout';
import { ChoiceChips } from './ChoiceChips';
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
  return <ChoiceChips label="Task" options={order} chosen={task} onChoose={onTask} attribute={`${name}-task`} text={(option) => TASK_NAMES[option]} />;
}
