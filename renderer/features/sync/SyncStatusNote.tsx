// The annotator's sync state, compact, for a study joined from a team server invitation: on the
// study overview and in the labelling workspace's header, with the next try and Retry now while
// offline. Only a note: labelling never waits on it.

import { useStore } from 'zustand';
import { useSyncConnection } from '../../services/queries';
import { useServices } from '../../services/services';
import { NextTry } from '../team';
import { annotatorSyncText } from './sync-status-text';

export function SyncStatusNote({ studyId }: { studyId: string }) {
  const { syncStatuses } = useServices();
  const connection = useSyncConnection(studyId);
  const status = useStore(syncStatuses, (state) => state.annotator[studyId]);
  const ended = useStore(syncStatuses, (state) => state.ended[studyId]);
  if (connection?.role !== 'annotator') return null;
  const state = ended !== undefined ? 'ended' : (status?.state ?? 'connecting');
  const troubled = state === 'refused' || state === 'ended';
  return (
    <>
      <span
        className={`sync-status small ${troubled ? 'sync-status-trouble' : 'muted'}`}
        role="status"
        aria-live="polite"
        data-testid="sync-status"
        data-state={state}
        data-waiting={status?.waiting ?? 0}
        title={`Team server: ${connection.server}`}
      >
        {annotatorSyncText(status, ended)}
      </span>
      {state === 'offline' && <NextTry studyId={studyId} at={status?.nextTryAt} />}
    </>
  );
}
