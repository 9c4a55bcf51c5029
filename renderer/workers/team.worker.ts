// Web Worker for the team features: writes the lead's packs, imports label files, computes
// coverage and exports an annotator's label file, off the window's thread. Holds nothing but one
// open database per name; every failure reaches the window as an Error with a readable message.

import * as Comlink from 'comlink';
import type { SourceFile } from '../../shared/formats/limits';
import { loadCoverage } from '../db/coverage';
import { exportLabelFile } from '../db/export-labels';
import { importLabelSources } from '../db/import-label-files';
import { writeTeamPacks } from '../db/team-packs';
import type { LabelImportReport, OutgoingFile, PackRequest, StudyCoverage, WorkProgress } from './team-protocol';
import { APP } from '../db/app-stamp';
import { readable, workerDatabase } from './worker-support';

const api = {
  writePacks(databaseName: string, studyId: string, request: PackRequest, onProgress: (progress: WorkProgress) => void): Promise<OutgoingFile[]> {
    return readable(() => writeTeamPacks(workerDatabase(databaseName), studyId, request, { createdAt: new Date().toISOString(), app: APP }, onProgress));
  },
  importLabelFiles(databaseName: string, studyId: string, files: SourceFile[], onProgress: (progress: WorkProgress) => void): Promise<LabelImportReport> {
    return readable(() => importLabelSources(workerDatabase(databaseName), studyId, files, {}, onProgress));
  },
  loadCoverage(databaseName: string, studyId: string): Promise<StudyCoverage> {
    return readable(() => loadCoverage(workerDatabase(databaseName), studyId));
  },
  exportLabels(databaseName: string, studyId: string, annotatorId: string): Promise<OutgoingFile> {
    return readable(() => exportLabelFile(workerDatabase(databaseName), studyId, annotatorId, { app: APP }));
  },
};

export type TeamWorkerApi = typeof api;

Comlink.expose(api);
