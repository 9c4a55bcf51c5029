// Writes packs in the team worker and hands them to the host to save: every annotator's pack
// into one folder (or the browser's downloads), or one annotator's pack of only the units they
// still owe. Reports progress while the worker runs, then where the files went.

import { countText } from '../../../shared/domain/count-text';
import { useCallback, useState } from 'react';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import type { WorkProgress } from '../../workers/team-protocol';
import { usePackUpdates } from './usePackUpdates';

export type PackWriterState =
  | { status: 'idle' }
  | { status: 'running'; annotatorId?: string; progress?: WorkProgress }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

export function usePackWriter(studyId: string) {
  const { db, platform, workers } = useServices();
  const [state, setState] = useState<PackWriterState>({ status: 'idle' });
  const packUpdates = usePackUpdates(studyId);
  const updatePacks = packUpdates.update;

  const writeAll = useCallback(async () => {
    setState({ status: 'running' });
    try {
      const files = await workers.team.writePacks(db.name, studyId, { missingOnly: false }, (progress) => setState({ status: 'running', progress }));
      const saved = await platform.saveFiles({
        title: `Choose a folder for ${countText(files.length, 'pack', 'packs')}`,
        files: files.map((file) => ({ suggestedName: file.name, text: file.text, mimeType: file.mimeType })),
      });
      setState({
        status: 'done',
        message: saved.saved ? `${countText(saved.count, 'pack', 'packs')} saved to ${saved.where}.` : 'No folder chosen, so no pack was saved.',
      });
    } catch (error) {
      setState({ status: 'failed', message: `No packs were saved: ${describeStorageError(error)}` });
    }
  }, [db, platform, studyId, workers]);

  const writeMissing = useCallback(
    async (annotatorId: string) => {
      setState({ status: 'running', annotatorId });
      try {
        const [file] = await workers.team.writePacks(db.name, studyId, { annotatorIds: [annotatorId], missingOnly: true }, (progress) =>
          setState({ status: 'running', annotatorId, progress }),
        );
        if (file === undefined) throw new Error(`no pack was written for ${annotatorId}`);
        const saved = await platform.saveFile({ suggestedName: file.name, text: file.text, mimeType: file.mimeType });
        setState({ status: 'done', message: saved.saved ? `Saved ${saved.name} with the units ${annotatorId} has not labelled yet.` : 'Not saved.' });
        // An annotator syncing with the team server gets their whole current pack there as well.
        void updatePacks([annotatorId]);
      } catch (error) {
        setState({ status: 'failed', message: `The pack of missing units was not saved: ${describeStorageError(error)}` });
      }
    },
    [db, platform, studyId, workers, updatePacks],
  );

  return { state, writeAll, writeMissing, packUpdates };
}
