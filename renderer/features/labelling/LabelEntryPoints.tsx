// The study overview's way into labelling: one entry per task with the labelling annotator's
// progress, over the units assigned to them when the study has an assignment for them, else
// over every unit. Reads label keys only, so it stays quick with a million labels stored.

import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { TASKS, type Study, type Task } from '../../../shared/domain/model';
import { useServices } from '../../app/services';
import type { StudioDatabase } from '../../db/database';
import { useLabellingAnnotator } from '../mode';
import { TASK_TITLES, TASK_UNITS } from './task-titles';

function unitCount(study: Study, task: Task): number {
  return task === 'answer' ? study.counts.questions : task === 'match' ? study.counts.finals : study.counts.puzzles;
}

interface TaskProgress {
  labelled: number;
  total: number;
}

async function taskProgress(db: StudioDatabase, study: Study, annotatorId: string, task: Task): Promise<TaskProgress> {
  const range = db.labels.where(':id').between([study.id, annotatorId, task, Dexie.minKey], [study.id, annotatorId, task, Dexie.maxKey], true, true);
  const assignment = await db.assignments.get([study.id, annotatorId, task]);
  if (assignment === undefined) {
    const total = unitCount(study, task);
    return { labelled: Math.min(await range.count(), total), total };
  }
  const assigned = new Set(assignment.units);
  const keys = await range.primaryKeys();
  return { labelled: keys.filter((key) => assigned.has(key[3])).length, total: assigned.size };
}

export function LabelEntryPoints({ study }: { study: Study }) {
  const { db, store } = useServices();
  const annotator = useLabellingAnnotator(study.id);
  const annotatorId = annotator?.id;
  const progress = useLiveQuery(
    async () => (annotatorId === undefined ? undefined : { annotatorId, tasks: await Promise.all(TASKS.map((task) => taskProgress(db, study, annotatorId, task))) }),
    [db, study, annotatorId],
  );
  if (annotator === undefined) return null;
  // A previous annotator's counts are never shown as this one's.
  const current = progress?.annotatorId === annotator.id ? progress.tasks : undefined;

  return (
    <div className="label-entry-points" aria-label="Label this study">
      {TASKS.map((task, index) => {
        const total = current?.[index]?.total ?? unitCount(study, task);
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
