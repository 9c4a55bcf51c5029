// Web Worker for the study planner: seconds of simulated studies off the window's thread, and off
// the report worker's too, so a plan never holds up the report or the heatmap's lists the lead
// asks for meanwhile (nor waits for them). Holds nothing but one open database per name.

import * as Comlink from 'comlink';
import type { PlanProgress, PlanRequest, StudyPlan } from './plan-protocol';
import { computeStudyPlan } from './study-plan';
import { readable, workerDatabase } from './worker-support';

const api = {
  planStudy(databaseName: string, studyId: string, request: PlanRequest, onProgress: (progress: PlanProgress) => void): Promise<StudyPlan> {
    return readable(() => computeStudyPlan(workerDatabase(databaseName), studyId, request, onProgress));
  },
};

export type PlanWorkerApi = typeof api;

Comlink.expose(api);
