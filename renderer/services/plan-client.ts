// The window's side of the plan worker: a study's plan for a target, and the report's estimated
// truth, each with progress; and a prompt version's few-shot examples. The worker starts on first use. A service, so tests hand in their own.

import type { EstimatedTruthSection, TruthRaters } from '../../shared/report/model/estimated-truth';
import type { ExamplesChoice, ExamplesRequest, PlanProgress, PlanRequest, StudyPlan } from '../workers/plan-protocol';
import type { ReportRequest } from '../workers/report-protocol';
import type { PlanWorkerApi } from '../workers/plan.worker';
import { lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface PlanClient {
  /** The same plan as `agreement-studio plan` on the same study, labels and target. Rejects with a message the UI can show. */
  planStudy(databaseName: string, studyId: string, request: PlanRequest, onProgress: (progress: PlanProgress) => void): Promise<StudyPlan>;
  /** The Estimated truth section of the report of `request`, as `agreement-studio report --estimated-truth` gives it. */
  estimateTruth(
    databaseName: string,
    studyId: string,
    request: ReportRequest,
    raters: TruthRaters,
    onProgress: (progress: PlanProgress) => void,
  ): Promise<EstimatedTruthSection>;
  /** Few-shot examples from the examples part of the study's judge split, as `agreement-studio judge --examples` chooses them, or why there are none. */
  chooseExamples(databaseName: string, studyId: string, request: ExamplesRequest): Promise<ExamplesChoice>;
}

export function createPlanClient(): PlanClient {
  const remote = lazyWorker<PlanWorkerApi>(
    () => new Worker(new URL('../workers/plan.worker.ts', import.meta.url), { type: 'module', name: 'plan' }),
    'the plan',
  );
  return {
    planStudy: (databaseName, studyId, request, onProgress) =>
      withProgress(onProgress, (progress) => remote().planStudy(databaseName, studyId, request, progress)),
    estimateTruth: (databaseName, studyId, request, raters, onProgress) =>
      withProgress(onProgress, (progress) => remote().estimateTruth(databaseName, studyId, request, raters, progress)),
    chooseExamples: (databaseName, studyId, request) => remote().chooseExamples(databaseName, studyId, request),
  };
}
