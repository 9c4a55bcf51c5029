// The window's side of the team worker: packs out, label files in, coverage, label export.
// The worker starts on first use; progress is forwarded to the caller.

import * as Comlink from 'comlink';
import type { SourceFile } from '../../shared/formats/limits';
import type { LabelImportReport, OutgoingFile, PackRequest, StudyCoverage, WorkProgress } from './team-protocol';
import { withProgress } from './progress-proxy';
import type { TeamWorkerApi } from './team.worker';

let worker: Comlink.Remote<TeamWorkerApi> | undefined;

function teamWorker(): Comlink.Remote<TeamWorkerApi> {
  worker ??= Comlink.wrap<TeamWorkerApi>(new Worker(new URL('./team.worker.ts', import.meta.url), { type: 'module', name: 'team' }));
  return worker;
}

/** One pack per requested annotator, ready to save. Rejects with a message the UI can show. */
export function writePacksInWorker(
  databaseName: string,
  studyId: string,
  request: PackRequest,
  onProgress: (progress: WorkProgress) => void,
): Promise<OutgoingFile[]> {
  return withProgress(onProgress, (progress) => teamWorker().writePacks(databaseName, studyId, request, progress));
}

/** Imports each file on its own: a file with any error is rejected whole, the others go in. */
export function importLabelFilesInWorker(
  databaseName: string,
  studyId: string,
  files: SourceFile[],
  onProgress: (progress: WorkProgress) => void,
): Promise<LabelImportReport> {
  return withProgress(onProgress, (progress) => teamWorker().importLabelFiles(databaseName, studyId, files, progress));
}

export function loadCoverageInWorker(databaseName: string, studyId: string): Promise<StudyCoverage> {
  return teamWorker().loadCoverage(databaseName, studyId);
}

/** The annotator's label file (FORMATS §3) with every label they made in the study. */
export function exportLabelsInWorker(databaseName: string, studyId: string, annotatorId: string): Promise<OutgoingFile> {
  return teamWorker().exportLabels(databaseName, studyId, annotatorId);
}
