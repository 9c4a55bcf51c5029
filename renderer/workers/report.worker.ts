// Web Worker for the lead's report: the agreement report (the command line's engine and numbers),
// disagreements for the heatmap and the adjudication queue, and the labelled dataset export, off
// the window's thread. Holds nothing but one open database per name; every call reads afresh.

import * as Comlink from 'comlink';
import { datasetFile } from '../../shared/export/dataset';
import { buildReport } from '../../shared/report/build-report';
import { difficultyHistogram } from '../../shared/stats/study/difficulty';
import { listDisagreements } from '../../shared/stats/study/disagreements';
import { StudioDatabase } from '../db/database';
import { loadReportData, loadReportInputs } from '../db/report-inputs';
import { describeStorageError } from '../db/storage';
import type { DatasetRequest, DisagreementQuery, ReportProgress, ReportRequest, StudyReport, UnitDisagreement } from './report-protocol';
import type { OutgoingFile, WorkProgress } from './team-protocol';

const APP = `agreement-studio ${__APP_VERSION__}`;

const databases = new Map<string, StudioDatabase>();

function database(name: string): StudioDatabase {
  let db = databases.get(name);
  if (!db) {
    db = new StudioDatabase(name);
    databases.set(name, db);
  }
  return db;
}

/** Comlink passes a thrown Error on by name and message; a plain Error with the storage-aware text keeps it readable. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(describeStorageError(error), { cause: error });
  }
}

const READING = 'Reading the study';

// Nothing is cached between calls: labels change in the window (and in other windows) with no
// signal here, and a stale report would be worse than the time a fresh read takes.
const api = {
  computeReport(databaseName: string, studyId: string, request: ReportRequest, onProgress: (progress: ReportProgress) => void): Promise<StudyReport> {
    return readable(async () => {
      onProgress({ label: READING, done: 0, total: 1 });
      const { study, labels, gold, inputs } = await loadReportInputs(database(databaseName), studyId, { gold: request.includeGold });
      const report = buildReport({
        study,
        labels,
        gold,
        settings: { bootstrap: request.bootstrap, seed: request.seed, average: request.average },
        inputs,
        app: APP,
        now: new Date().toISOString(),
        onProgress: (label, done, total) => onProgress({ label, done, total }),
      });
      return { report, ratingsByLevel: difficultyHistogram(labels) };
    });
  },
  listDisagreements(databaseName: string, studyId: string, query: DisagreementQuery): Promise<UnitDisagreement[]> {
    return readable(async () => listDisagreements(await loadReportData(database(databaseName), studyId), query));
  },
  exportDataset(databaseName: string, studyId: string, request: DatasetRequest, onProgress: (progress: WorkProgress) => void): Promise<OutgoingFile> {
    return readable(async () => {
      onProgress({ label: READING, done: 0, total: 1 });
      const { study, labels, gold, inputs } = await loadReportInputs(database(databaseName), studyId);
      return datasetFile({
        study,
        labels,
        gold,
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
