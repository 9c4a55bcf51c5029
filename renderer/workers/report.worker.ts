// Web Worker for the lead's report: the agreement report (the command line's engine and numbers),
// disagreements for the heatmap and the adjudication queue, and the labelled dataset export, off
// the window's thread. Holds nothing but one open database per name; every call reads afresh.

import * as Comlink from 'comlink';
import { datasetFile } from '../../shared/export/dataset';
import { buildReport } from '../../shared/report/build-report';
import { countedLabels } from '../../shared/report/unsure-labels';
import { difficultyHistogram } from '../../shared/stats/study/difficulty';
import { listDisagreements } from '../../shared/stats/study/disagreements';
import { loadReportData, loadReportInputs } from '../db/report-inputs';
import type { DatasetRequest, DisagreementQuery, ReportProgress, ReportRequest, StudyReport, UnitDisagreement } from './report-protocol';
import type { OutgoingFile, WorkProgress } from './team-protocol';
import { APP } from '../db/app-stamp';
import { readable, workerDatabase } from './worker-support';

const READING = 'Reading the study';

// Nothing is cached between calls: labels change in the window (and in other windows) with no
// signal here, and a stale report would be worse than the time a fresh read takes.
const api = {
  computeReport(databaseName: string, studyId: string, request: ReportRequest, onProgress: (progress: ReportProgress) => void): Promise<StudyReport> {
    return readable(async () => {
      onProgress({ label: READING, done: 0, total: 1 });
      const { study, labels, gold, annotatorNames, inputs, conflictingLabels } = await loadReportInputs(workerDatabase(databaseName), studyId, {
        gold: request.includeGold,
      });
      const report = buildReport({
        study,
        labels,
        gold,
        annotatorNames,
        conflictingLabels,
        settings: {
          bootstrap: request.bootstrap,
          seed: request.seed,
          average: request.average,
          unsure: request.leaveOutUnsure ? 'left-out' : 'counted',
          unparseable: request.unparseable,
          resample: request.resample,
          pairedTest: request.pairedTest,
          altTestEpsilon: request.altTestEpsilon,
        },
        inputs,
        app: APP,
        now: new Date().toISOString(),
        onProgress: (label, done, total) => onProgress({ label, done, total }),
      });
      return { report, ratingsByLevel: difficultyHistogram(countedLabels(labels, report.settings.unsureLabels ?? 'counted')) };
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
