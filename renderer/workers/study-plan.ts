// The plan worker's computation: the study read as the report reads it, its labels counted and
// indexed as the report indexes them, the chosen task and bucket estimated, and the planner run
// on those estimates with its progress passed on.

import { countedLabels } from '../../shared/report/unsure-labels';
import { planStudy } from '../../shared/stats/planner/plan';
import { estimateStudy } from '../../shared/stats/planner/study-estimates';
import { inLabelOrder, inStudyOrder } from '../../shared/stats/study/study-order';
import { indexStudy } from '../../shared/stats/study/study-units';
import type { StudioDatabase } from '../db/database';
import { loadReportData } from '../db/report-inputs';
import type { PlanProgress, PlanRequest, StudyPlan } from './plan-protocol';
import { READING } from './study-report';

const SIMULATING = 'Simulating studies';

/** The plan `agreement-studio plan` gives on the same study, labels and target, with its default seed, repeats and replicates. */
export async function computeStudyPlan(
  db: StudioDatabase,
  studyId: string,
  request: PlanRequest,
  onProgress?: (progress: PlanProgress) => void,
): Promise<StudyPlan> {
  onProgress?.({ label: READING, done: 0, total: 1 });
  // Gold labels take no part in the estimates: the planner reads people's labels and the judges'.
  const { study, labels } = await loadReportData(db, studyId, { gold: false });
  const counted = countedLabels(inLabelOrder(labels), request.leaveOutUnsure ? 'left-out' : 'counted');
  const units = indexStudy(inStudyOrder(study), counted, [], request.unparseable);
  const estimates = estimateStudy(units, request.task, request.bucket);
  return planStudy(estimates, request.target, { vary: request.vary }, (done, total) => onProgress?.({ label: SIMULATING, done, total }));
}
