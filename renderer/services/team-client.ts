// The window's side of the team worker: packs out, label files in, coverage, label export.
// The worker starts on first use; progress is forwarded to the caller. A service, so tests
// hand in their own.

import type { SourceFile } from '../../shared/formats/limits';
import type { LabelImportReport, OutgoingFile, PackRequest, StudyCoverage, WorkProgress } from '../workers/team-protocol';
import type { TeamWorkerApi } from '../workers/team.worker';
import { lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export interface TeamClient {
  /** One pack per requested annotator, ready to save. Rejects with a message the UI can show. */
  writePacks(databaseName: string, studyId: string, request: PackRequest, onProgress: (progress: WorkProgress) => void): Promise<OutgoingFile[]>;
  /** Imports each file on its own: a file with any error is rejected whole, the others go in. */
  importLabelFiles(databaseName: string, studyId: string, files: SourceFile[], onProgress: (progress: WorkProgress) => void): Promise<LabelImportReport>;
  loadCoverage(databaseName: string, studyId: string): Promise<StudyCoverage>;
  /** The annotator's label file (docs/formats.md#label-file) with every label they made in the study. */
  exportLabels(databaseName: string, studyId: string, annotatorId: string): Promise<OutgoingFile>;
}

export function createTeamClient(): TeamClient {
  const remote = lazyWorker<TeamWorkerApi>(
    () => new Worker(new URL('../workers/team.worker.ts', import.meta.url), { type: 'module', name: 'team' }),
    'the work on packs and label files',
  );
  return {
    writePacks: (databaseName, studyId, request, onProgress) =>
      withProgress(onProgress, (progress) => remote().writePacks(databaseName, studyId, request, progress)),
    importLabelFiles: (databaseName, studyId, files, onProgress) =>
      withProgress(onProgress, (progress) => remote().importLabelFiles(databaseName, studyId, files, progress)),
    loadCoverage: (databaseName, studyId) => remote().loadCoverage(databaseName, studyId),
    exportLabels: (databaseName, studyId, annotatorId) => remote().exportLabels(databaseName, studyId, annotatorId),
  };
}
