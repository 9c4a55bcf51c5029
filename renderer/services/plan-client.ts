// The window's side of the plan worker: a study's plan for a target, with progress. The worker
// starts on first use. A service, so tests hand in their own.

import type { PlanProgress, PlanRequest, StudyPlan } from '../workers/plan-protocol';
import type { PlanWorkerApi } from '../workers/plan.worker';
import { lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface PlanClient {
  /** The same plan as `agreement-studio plan` on the same study, labels and target. Rejects with a message the UI can show. */
  planStudy(databaseName: string, studyId: string, request: PlanRequest, onProgress: (progress: PlanProgress) => void): Promise<StudyPlan>;
}

export function createPlanClient(): PlanClient {
  const remote = lazyWorker<PlanWorkerApi>(
    () => new Worker(new URL('../workers/plan.worker.ts', import.meta.url), { type: 'module', name: 'plan' }),
    'the plan',
  );
  return {
    planStudy: (databaseName, studyId, request, onProgress) =>
      withProgress(onProgress, (progress) => remote().planStudy(databaseName, studyId, request, progress)),
  };
}
