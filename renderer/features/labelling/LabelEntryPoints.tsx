// The study overview's way into labelling: one entry per task with this annotator's progress.
// Counts keys in one primary-key range per task, so it stays quick with a million labels stored.

import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { TASKS, type Study, type Task } from '../../../shared/domain/model';
import { usePreferences, useServices } from '../../app/services';
import { TASK_TITLES, TASK_UNITS } from './task-titles';

function unitCount(study: Study, task: Task): number {
  return task === 'answer' ? study.counts.questions : task === 'match' ? study.counts.finals : study.counts.puzzles;
}

export function LabelEntryPoints({ study }: { study: Study }) {
  const { db, store } = useServices();
  const annotator = usePreferences((state) => state.annotator);
  const done = useLiveQuery(
    () =>
      Promise.all(
        TASKS.map((task) =>
          db.labels
            .where(':id')
            .between([study.id, annotator.id, task, Dexie.minKey], [study.id, annotator.id, task, Dexie.maxKey], true, true)
            .count(),
        ),
      ),
    [db, study.id, annotator.id],
  );

  return (
    <div className="label-entry-points" aria-label="Label this study">
      {TASKS.map((task, index) => {
        const total = unitCount(study, task);
        const labelled = Math.min(done?.[index] ?? 0, total);
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
