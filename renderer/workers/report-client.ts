// The window's side of the report worker: the report with progress, disagreements for the
// heatmap and the adjudication queue, and the labelled dataset export. Started on first use.

import * as Comlink from 'comlink';
import { withProgress } from './progress-proxy';
import type { OutgoingFile, WorkProgress } from './team-protocol';
import type { DatasetRequest, DisagreementQuery, ReportProgress, ReportRequest, StudyReport, UnitDisagreement } from './report-protocol';
import type { ReportWorkerApi } from './report.worker';

let worker: Comlink.Remote<ReportWorkerApi> | undefined;

function reportWorker(): Comlink.Remote<ReportWorkerApi> {
  worker ??= Comlink.wrap<ReportWorkerApi>(new Worker(new URL('./report.worker.ts', import.meta.url), { type: 'module', name: 'report' }));
  return worker;
}

/** The same report as `agreement-studio report` on the same study and labels. Rejects with a message the UI can show. */
export function computeReportInWorker(
  databaseName: string,
  studyId: string,
  request: ReportRequest,
  onProgress: (progress: ReportProgress) => void,
): Promise<StudyReport> {
  return withProgress(onProgress, (progress) => reportWorker().computeReport(databaseName, studyId, request, progress));
}

export function listDisagreementsInWorker(databaseName: string, studyId: string, query: DisagreementQuery): Promise<UnitDisagreement[]> {
  return reportWorker().listDisagreements(databaseName, studyId, query);
}

/** The labelled dataset (FORMATS §5), one row per unit, with its provenance. */
export function exportDatasetInWorker(
  databaseName: string,
  studyId: string,
  request: DatasetRequest,
  onProgress: (progress: WorkProgress) => void,
): Promise<OutgoingFile> {
  return withProgress(onProgress, (progress) => reportWorker().exportDataset(databaseName, studyId, request, progress));
}
