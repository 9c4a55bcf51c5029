// The window's side of the report worker: the report with progress, disagreements for the
// heatmap and the adjudication queue, and the labelled dataset export. The worker starts on
// first use: the lead's study page warms it ahead of the report (prepare). A service, so tests hand in their own.

import type { DatasetRequest, DisagreementQuery, ReportProgress, ReportRequest, StudyReport, UnitDisagreement } from '../workers/report-protocol';
import type { ReportWorkerApi } from '../workers/report.worker';
import type { OutgoingFile, WorkProgress } from '../workers/team-protocol';
import { lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface ReportClient {
  /** Starts the worker and warms its engine for a study of `turns` turns, ahead of its report; nothing is answered, and a failure only means the report warms as it reads. */
  prepare(turns: number): void;
  /** The same report as `agreement-studio report` on the same study and labels. Rejects with a message the UI can show. */
  computeReport(databaseName: string, studyId: string, request: ReportRequest, onProgress: (progress: ReportProgress) => void): Promise<StudyReport>;
  listDisagreements(databaseName: string, studyId: string, query: DisagreementQuery): Promise<UnitDisagreement[]>;
  /** The labelled dataset (docs/formats.md#labelled-dataset), one row per unit, with its provenance. */
  exportDataset(databaseName: string, studyId: string, request: DatasetRequest, onProgress: (progress: WorkProgress) => void): Promise<OutgoingFile>;
}

export function createReportClient(): ReportClient {
  const remote = lazyWorker<ReportWorkerApi>(
    () => new Worker(new URL('../workers/report.worker.ts', import.meta.url), { type: 'module', name: 'report' }),
    'the report',
  );
  return {
    prepare: (turns) => {
      remote()
        .prepare(turns)
        .catch(() => undefined);
    },
    computeReport: (databaseName, studyId, request, onProgress) =>
      withProgress(onProgress, (progress) => remote().computeReport(databaseName, studyId, request, progress)),
    listDisagreements: (databaseName, studyId, query) => remote().listDisagreements(databaseName, studyId, query),
    exportDataset: (databaseName, studyId, request, onProgress) =>
      withProgress(onProgress, (progress) => remote().exportDataset(databaseName, studyId, request, progress)),
  };
}
