// "Back up": the study's snapshot written in the backup worker and saved through the host (a
// download in a browser, a save dialog in the desktop app), remembered once saved, so the
// library's reminder knows the study is backed up.

import { useCallback, useState } from 'react';
import { useServices } from '../../services/services';
import { recordBackup } from '../../db/backup';
import { describeStorageError } from '../../db/storage';

export type StudyBackupState = { status: 'idle' } | { status: 'running' } | { status: 'done' | 'failed'; message: string };

export function useStudyBackup(studyId: string) {
  const { db, platform, workers } = useServices();
  const [state, setState] = useState<StudyBackupState>({ status: 'idle' });
  const backUp = useCallback(async () => {
    setState({ status: 'running' });
    try {
      const snapshot = await workers.backup.snapshot(db.name, studyId);
      const saved = await platform.saveFile({ suggestedName: snapshot.file.name, text: snapshot.file.text, mimeType: snapshot.file.mimeType });
      if (!saved.saved) {
        setState({ status: 'done', message: 'Not saved.' });
        return;
      }
      await recordBackup(db, 'export', snapshot);
      setState({ status: 'done', message: `Saved ${saved.name}.` });
    } catch (error) {
      setState({ status: 'failed', message: `The study was not backed up: ${describeStorageError(error)}` });
    }
  }, [db, platform, studyId, workers]);
  return { state, backUp };
}
