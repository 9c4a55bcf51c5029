// The labelling workspace of one task of a study, for the study's labelling annotator (the
// pack's in a pack study, else this computer's): loads the task's units and the annotator's
// labels once (showing progress while a large study opens), then hands a WorkspaceController
// to the layout. Reopens when the annotator changes.

import { useEffect, useRef, useState } from 'react';
import type { Task } from '../../../shared/domain/model';
import { useServices } from '../../services/services';
import { labelsWritten, unitInConflict } from '../../services/team-sync';
import { useStudyExists } from '../../services/queries';
import { describeStorageError } from '../../db/storage';
import { useLabellingAnnotator } from '../mode';
import { loadWorkspace, StudyMissingError, type LoadProgress } from './load-workspace';
import { TASK_TITLES } from '../../../shared/domain/task-words';
import { WorkspaceContext } from './workspace-context';
import { WorkspaceController } from './workspace-controller';
import { WorkspaceLayout } from './WorkspaceLayout';

interface LoadState {
  /** Which study, task and annotator this state belongs to; a state of another key is stale. */
  key: string;
  progress?: LoadProgress;
  controller?: WorkspaceController;
  error?: string;
}

export function LabellingWorkspace({ studyId, task, unitId }: { studyId: string; task: Task; unitId?: string }) {
  const services = useServices();
  const { db, store: studio, labelWrites } = services;
  const annotator = useLabellingAnnotator(studyId);
  const annotatorId = annotator?.id;
  // The controller asks for the name when it records the annotator; it reads the latest one.
  const annotatorName = useRef('');
  useEffect(() => {
    if (annotator) annotatorName.current = annotator.name;
  }, [annotator]);
  const studyExists = useStudyExists(studyId);
  const key = `${studyId}\u0000${task}\u0000${annotatorId ?? ''}`;
  const [load, setLoad] = useState<LoadState>({ key: '' });

  useEffect(() => {
    if (!studyExists || annotatorId === undefined) return;
    let cancelled = false;
    let controller: WorkspaceController | undefined;
    labelWrites
      .settled(studyId, annotatorId, task)
      .then(() =>
        loadWorkspace(db, studyId, task, annotatorId, (progress) => {
          if (!cancelled) setLoad({ key, progress });
        }),
      )
      .then((data) => {
        if (cancelled) return;
        controller = new WorkspaceController(db, data, {
          annotatorName: () => annotatorName.current,
          labelWrites,
          onLabelsWritten: (units) => labelsWritten(services, studyId, units),
          inConflict: (unitId) => unitInConflict(services, studyId, task, unitId),
        });
        setLoad({ key, controller });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setLoad({ key, error: error instanceof StudyMissingError ? error.message : `The workspace could not open: ${describeStorageError(error)}` });
      });
    return () => {
      cancelled = true;
      void controller?.dispose();
    };
  }, [db, services, labelWrites, studyId, task, annotatorId, studyExists, key]);

  const current = load.key === key ? load : { key };
  const controller = current.controller;

  // A unit in the address opens the workspace there once; the address then drops it, so a
  // reload resumes where the annotator left off rather than at the old jump.
  useEffect(() => {
    if (!controller || unitId === undefined) return;
    controller.jumpTo(unitId);
    studio.getState().navigate({ view: 'label', studyId, task });
  }, [controller, unitId, studio, studyId, task]);

  if (studyExists === false) return <p className="empty">This study is not in the library.</p>;
  if (!controller) {
    const progress = current.progress;
    return (
      <section className="page workspace" data-testid="workspace" data-task={task} data-ready="false" aria-busy={current.error === undefined}>
        <h1>{TASK_TITLES[task]}</h1>
        {current.error !== undefined ? (
          <div className="notice notice-error" role="alert">
            {current.error}
          </div>
        ) : (
          <div className="notice notice-progress" role="status">
            {progress && progress.total > 0
              ? `Opening the workspace: read ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} records…`
              : 'Opening the workspace…'}
            <progress max={progress?.total || 1} value={progress?.done ?? 0} />
          </div>
        )}
      </section>
    );
  }
  return (
    <WorkspaceContext.Provider value={controller}>
      <WorkspaceLayout />
    </WorkspaceContext.Provider>
  );
}
