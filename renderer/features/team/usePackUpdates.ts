// Keeps the annotators' packs on the team server in step with the assignment: when the study is
// connected as the lead's, a hand edit of the assignment or a pack of missing units also puts the
// annotator's current pack in their database. One update at a time, in the order asked.

import { useCallback, useRef, useState } from 'react';
import { countText } from '../../../shared/domain/count-text';
import { describeStorageError } from '../../db/storage';
import { useSyncConnection } from '../../services/queries';
import { useServices } from '../../services/services';
import { hostFetch } from '../../services/team-sync';

export type PackUpdateState = { status: 'idle' } | { status: 'running' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

export function usePackUpdates(studyId: string) {
  const { platform, workers } = useServices();
  const connection = useSyncConnection(studyId);
  const connected = connection?.role === 'lead';
  const [state, setState] = useState<PackUpdateState>({ status: 'idle' });
  const chain = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback(
    (annotatorIds: readonly string[]): Promise<void> => {
      if (!connected || annotatorIds.length === 0) return Promise.resolve();
      const next = chain.current.then(async () => {
        setState({ status: 'running' });
        try {
          await workers.sync.updatePacks(studyId, annotatorIds, hostFetch(platform));
          setState({
            status: 'done',
            message: `Updated the team server pack of ${annotatorIds.length === 1 ? annotatorIds[0] : countText(annotatorIds.length, 'annotator')}.`,
          });
        } catch (error) {
          setState({
            status: 'failed',
            message: `The team server pack was not updated (${describeStorageError(error)}); change the assignment again, or invite again, to retry.`,
          });
        }
      });
      chain.current = next;
      return next;
    },
    [connected, platform, workers, studyId],
  );

  return { connected, state, update };
}
