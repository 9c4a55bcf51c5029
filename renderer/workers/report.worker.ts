// Web Worker for the lead's report: the agreement report (the command line's engine and numbers),
// disagreements for the heatmap and the adjudication queue, and the labelled dataset export, off
// the window's thread. Holds nothing but one open database per name; the report is kept in the
// database per study, settings and data revision (report-keeping.ts), everything else read afresh.

import * as Comlink from 'comlink';
import { datasetFile } from '../../shared/export/dataset';
import { listDisagreements } from '../../shared/stats/study/disagreements';
import { loadReportData, loadReportInputs } from '../db/report-inputs';
import type { DatasetRequest, DisagreementQuery, ReportProgress, ReportRequest, StudyReport, UnitDisagreement } from './report-protocol';
import type { OutgoingFile, WorkProgress } from './team-protocol';
import { APP } from '../db/app-stamp';
import { keptOrComputed } from './report-keeping';
import { computeStudyReport, READING } from './study-report';
import { warmReportEngine } from './report-warm-up';
import { readable, workerDatabase } from './worker-support';

/** The report page's default replicates (the command line's); its other defaults are the engine's. */
const REPORT_PAGE_BOOTSTRAP = 1000;

// Labels change in the window (and in other windows) with no signal here: a report is kept only
// against the study's revision marks, which every write to anything it reads ends.
const api = {
  /**
   * Warms the engine for a study of `turns` turns with the report page's default settings, before
   * its report is asked for: the lead's study page asks when it shows the Report entry, so the
   * report's own read and build do not wait for the warm-up.
   */
  prepare(turns: number): void {
    warmReportEngine({ bootstrap: REPORT_PAGE_BOOTSTRAP, seed: 1, average: 'micro' }, turns);
  },
  computeReport(databaseName: string, studyId: string, request: ReportRequest, onProgress: (progress: ReportProgress) => void): Promise<StudyReport> {
    return readable(async () => {
      const db = workerDatabase(databaseName);
      return keptOrComputed(db, studyId, request, () => computeStudyReport(db, studyId, request, { app: APP, now: new Date().toISOString(), onProgress }));
    });
  },
  listDisagreements(databaseName: string, studyId: string, query: DisagreementQuery): Promise<UnitDisagreement[]> {
    return readable(async () => listDisagreements(await loadReportData(workerDatabase(databaseName), studyId), query));
  },
  exportDataset(databaseName: string, studyId: string, request: DatasetRequest, onProgress: (progress: WorkProgress) => void): Promise<OutgoingFile> {
    return readable(async () => {
      onProgress({ label: READING, done: 0, total: 1 });
      const { study, labels, gold, annotatorNames, inputs } = await loadReportInputs(workerDatabase(databaseName), studyId);
      return datasetFile({
        study,
        labels,
        gold,
        annotatorNames,
        includeJudges: request.includeJudges,
        format: request.format,
        app: APP,
        now: new Date().toISOString(),
        inputs,
        onProgress: (done, total) => onProgress({ label: 'Writing the dataset', done, total }),
      });
    });
  },
};

export type ReportWorkerApi = typeof api;

Comlink.expose(api);
