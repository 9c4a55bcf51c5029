// Web Worker for the team features: writes the lead's packs, imports label files, computes
// coverage and exports an annotator's label file, off the window's thread. Holds nothing but one
// open database per name; every failure reaches the window as an Error with a readable message.

import * as Comlink from 'comlink';
import type { SourceFile } from '../../shared/formats/limits';
import { loadCoverage } from '../db/coverage';
import { StudioDatabase } from '../db/database';
import { exportLabelFile } from '../db/export-labels';
import { importLabelSources } from '../db/import-label-files';
import { describeStorageError } from '../db/storage';
import { writeTeamPacks } from '../db/team-packs';
import type { LabelImportReport, OutgoingFile, PackRequest, StudyCoverage, WorkProgress } from './team-protocol';

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

const api = {
  writePacks(databaseName: string, studyId: string, request: PackRequest, onProgress: (progress: WorkProgress) => void): Promise<OutgoingFile[]> {
    return readable(() => writeTeamPacks(database(databaseName), studyId, request, { createdAt: new Date().toISOString(), app: APP }, onProgress));
  },
  importLabelFiles(databaseName: string, studyId: string, files: SourceFile[], onProgress: (progress: WorkProgress) => void): Promise<LabelImportReport> {
    return readable(() => importLabelSources(database(databaseName), studyId, files, {}, onProgress));
  },
  loadCoverage(databaseName: string, studyId: string): Promise<StudyCoverage> {
    return readable(() => loadCoverage(database(databaseName), studyId));
  },
  exportLabels(databaseName: string, studyId: string, annotatorId: string): Promise<OutgoingFile> {
    return readable(() => exportLabelFile(database(databaseName), studyId, annotatorId, { app: APP }));
  },
};

export type TeamWorkerApi = typeof api;

Comlink.expose(api);
