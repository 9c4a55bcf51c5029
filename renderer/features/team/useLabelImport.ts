// The lead's label-file import: choose many files (label JSON or annotator,unit,task,value
// CSV), import them in the team worker, each file whole or not at all, and keep the report:
// totals and every rejected file with its located errors.

import { useCallback, useState } from 'react';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import type { LabelImportReport, WorkProgress } from '../../workers/team-protocol';

export type LabelImportState =
  | { status: 'idle' }
  | { status: 'running'; fileNames: string[]; progress?: WorkProgress }
  | { status: 'done'; report: LabelImportReport }
  | { status: 'failed'; message: string };

export const LABEL_FILE_REQUEST = { title: 'Import label files', extensions: ['json', 'csv'], multiple: true } as const;

export function useLabelImport(studyId: string, onImported: () => void) {
  const { db, platform, workers } = useServices();
  const [state, setState] = useState<LabelImportState>({ status: 'idle' });

  const chooseAndImport = useCallback(async () => {
    try {
      const files = await platform.openFiles(LABEL_FILE_REQUEST);
      if (files.length === 0) return;
      const fileNames = files.map((file) => file.name);
      setState({ status: 'running', fileNames });
      const report = await workers.team.importLabelFiles(db.name, studyId, files, (progress) => setState({ status: 'running', fileNames, progress }));
      setState({ status: 'done', report });
      onImported();
    } catch (error) {
      setState({ status: 'failed', message: `The label files were not imported: ${describeStorageError(error)}` });
    }
  }, [db, platform, studyId, onImported, workers]);

  return { state, chooseAndImport };
}
