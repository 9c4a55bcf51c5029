// "Export my labels": the labelling annotator's label file (docs/formats.md#label-file, with provenance and
// SHA-256) written in the team worker and saved through the host, with a status line.

import { useCallback, useState } from 'react';
import { TASKS } from '../../../shared/domain/model';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';

export type LabelExportState = { status: 'idle' } | { status: 'running' } | { status: 'done' | 'failed'; message: string };

export function useLabelExport(studyId: string, annotatorId: string | undefined) {
  const { db, platform, workers, labelWrites } = useServices();
  const [state, setState] = useState<LabelExportState>({ status: 'idle' });
  const exportLabels = useCallback(async () => {
    if (annotatorId === undefined) return;
    setState({ status: 'running' });
    try {
      // A label just given in the workspace may still be on its way to disk; the file must hold it.
      await Promise.all(TASKS.map((task) => labelWrites.settled(studyId, annotatorId, task)));
      const file = await workers.team.exportLabels(db.name, studyId, annotatorId);
      const saved = await platform.saveFile({ suggestedName: file.name, text: file.text, mimeType: file.mimeType });
      setState({ status: 'done', message: saved.saved ? `Saved ${saved.name}. Send it to the study lead.` : 'Not saved.' });
    } catch (error) {
      setState({ status: 'failed', message: `Your labels were not exported: ${describeStorageError(error)}` });
    }
  }, [db, platform, studyId, annotatorId, workers, labelWrites]);
  return { state, exportLabels };
}
