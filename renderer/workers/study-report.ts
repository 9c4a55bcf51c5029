// The report worker's computation of a study report: the study read, the report built with the
// lead's settings, the difficulty histogram beside it, and the revision marks the read saw (which
// say whether the report may be kept, report-keeping.ts).

import { buildReport, type ReportSettings } from '../../shared/report/build-report';
import { countedLabels } from '../../shared/report/unsure-labels';
import { difficultyHistogram } from '../../shared/stats/study/difficulty';
import type { StudioDatabase } from '../db/database';
import { loadReportInputs } from '../db/report-inputs';
import type { ReportProgress, ReportRequest, StudyReport } from './report-protocol';
import { warmReportEngine } from './report-warm-up';

export const READING = 'Reading the study';

/** What the report is stamped with: the app that computed it and when, and where its progress goes. */
export interface ReportStamp {
  app: string;
  now: string;
  onProgress?: (progress: ReportProgress) => void;
}

/** The engine's settings of the lead's request: the report's, and the estimated truth's that follows it. */
export function reportSettingsOf(request: ReportRequest): ReportSettings {
  return {
    bootstrap: request.bootstrap,
    seed: request.seed,
    average: request.average,
    unsure: request.leaveOutUnsure ? 'left-out' : 'counted',
    unparseable: request.unparseable,
    resample: request.resample,
    pairedTest: request.pairedTest,
    altTestEpsilon: request.altTestEpsilon,
    selectiveAgreement: request.selectiveAgreement,
    selectiveRisk: request.selectiveRisk,
    ...(Object.keys(request.modelFamilies).length > 0 ? { modelFamilies: request.modelFamilies } : {}),
  };
}

export async function computeStudyReport(
  db: StudioDatabase,
  studyId: string,
  request: ReportRequest,
  { app, now, onProgress }: ReportStamp,
): Promise<{ studyReport: StudyReport; revision: string | undefined }> {
  onProgress?.({ label: READING, done: 0, total: 1 });
  const settings = reportSettingsOf(request);
  const { study, labels, gold, annotatorNames, inputs, conflictingLabels, judgeRuns, revision } = await loadReportInputs(db, studyId, {
    gold: request.includeGold,
    whileReading: (counts) => warmReportEngine(settings, counts?.turns ?? 0),
  });
  const report = buildReport({
    study,
    labels,
    gold,
    annotatorNames,
    conflictingLabels,
    judgeRuns,
    settings,
    inputs,
    app,
    now,
    onProgress: (label, done, total) => onProgress?.({ label, done, total }),
  });
  const studyReport = { report, ratingsByLevel: difficultyHistogram(countedLabels(labels, report.settings.unsureLabels ?? 'counted')) };
  return { studyReport, revision };
}
