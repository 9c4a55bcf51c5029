// Web Worker for the study planner, the report's estimated truth and a prompt version's few-shot
// examples: seconds of simulated studies and of refits, and the reading and indexing of a whole
// study, off the window's thread, and off the report worker's too, so none holds up the report or
// the heatmap's lists the lead asks for meanwhile (nor waits for them). Holds nothing but one open
// database per name.

import * as Comlink from 'comlink';
import type { EstimatedTruthSection, TruthRaters } from '../../shared/report/model/estimated-truth';
import type { ExamplesChoice, ExamplesRequest, PlanProgress, PlanRequest, StudyPlan } from './plan-protocol';
import type { ReportRequest } from './report-protocol';
import { choosePromptExamples } from './study-examples';
import { computeStudyPlan } from './study-plan';
import { computeEstimatedTruth } from './study-truth';
import { readable, workerDatabase } from './worker-support';

const api = {
  planStudy(databaseName: string, studyId: string, request: PlanRequest, onProgress: (progress: PlanProgress) => void): Promise<StudyPlan> {
    return readable(() => computeStudyPlan(workerDatabase(databaseName), studyId, request, onProgress));
  },
  estimateTruth(
    databaseName: string,
    studyId: string,
    request: ReportRequest,
    raters: TruthRaters,
    onProgress: (progress: PlanProgress) => void,
  ): Promise<EstimatedTruthSection> {
    return readable(() => computeEstimatedTruth(workerDatabase(databaseName), studyId, request, raters, onProgress));
  },
  chooseExamples(databaseName: string, studyId: string, request: ExamplesRequest): Promise<ExamplesChoice> {
    return readable(() => choosePromptExamples(workerDatabase(databaseName), studyId, request));
  },
};

export type PlanWorkerApi = typeof api;

Comlink.expose(api);
