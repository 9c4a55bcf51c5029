// The study overview's way into labelling: one entry per task with the labelling annotator's
// progress (over their assigned units when they have an assignment, see useTaskProgress) and
// the button that starts, continues or reviews it.

import { TASKS, type Study } from '../../../shared/domain/model';
import { useServices } from '../../services/services';
import { taskUnitCount, useTaskProgress } from '../../services/queries';
import { useLabellingAnnotator } from '../mode';
import { TASK_TITLES, TASK_UNITS } from '../../../shared/domain/task-words';

export function LabelEntryPoints({ study }: { study: Study }) {
  const { store } = useServices();
  const annotator = useLabellingAnnotator(study.id);
  const progress = useTaskProgress(study, annotator?.id);
  if (annotator === undefined) return null;
  // A previous annotator's counts are never shown as this one's.
  const current = progress?.annotatorId === annotator.id ? progress.tasks : undefined;

  return (
    <div className="label-entry-points" aria-label="Label this study">
      {TASKS.map((task, index) => {
        const total = current?.[index]?.total ?? taskUnitCount(study, task);
        const labelled = current?.[index]?.labelled ?? 0;
        return (
          <div className="card label-entry" key={task} data-testid="label-entry" data-task={task} data-done={labelled} data-total={total}>
            <div className="card-title">{TASK_TITLES[task]}</div>
            <progress max={Math.max(total, 1)} value={labelled} aria-label={`${TASK_TITLES[task]}: labelled`} />
            <div className="muted small">
              {labelled.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {TASK_UNITS[task]} labelled by {annotator.name}
            </div>
            <button
              type="button"
              className="primary"
              disabled={total === 0}
              onClick={() => store.getState().navigate({ view: 'label', studyId: study.id, task })}
            >
              {labelled === 0 ? 'Start labelling' : labelled >= total ? 'Review labels' : 'Continue labelling'}
            </button>
          </div>
        );
      })}
    </div>
  );
}
