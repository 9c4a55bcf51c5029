// The library's Backups section: "Restore from backup…" for a backup file, and in the desktop app
// the stored automatic snapshots, each restorable, with the last automatic pass. Shows the
// restore's progress, its result with each member of the file that was not read, or every
// located error of a refused backup (nothing changed then).

import { useCallback, useEffect, useState } from 'react';
import type { StoredBackup } from '../../../shared/platform/studio-platform';
import { useServices } from '../../services/services';
import { useLastAutoBackup } from '../../services/queries';
import { DoneNotice, RefusedNotice } from './ResultNotices';
import { useRestoreBackup, type RestoreState } from './useRestoreBackup';

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function RestoreStatus({ state, dismiss }: { state: RestoreState; dismiss: () => void }) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'checking':
    case 'running':
      return (
        <div className="notice notice-progress" role="status" aria-live="polite" data-testid="restore-status" data-state={state.status}>
          <div>
            {state.status === 'checking' ? 'Checking' : 'Restoring from'} {state.fileName}…
          </div>
          {state.status === 'running' && <progress max={state.progress?.total || 1} value={state.progress?.done ?? 0} aria-label="Restore progress" />}
        </div>
      );
    case 'done':
      return (
        <DoneNotice onDismiss={dismiss} data={{ 'data-testid': 'restore-status', 'data-state': 'done', 'data-study-id': state.studyId }}>
          {state.message}
          {state.notRead.length > 0 && (
            <ul className="error-list" data-testid="restore-not-read">
              {state.notRead.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </DoneNotice>
      );
    case 'failed':
      return (
        <RefusedNotice
          undone="restored"
          where={`with ${state.fileName}`}
          errors={state.errors}
          onDismiss={dismiss}
          data={{ 'data-testid': 'restore-status', 'data-state': 'failed' }}
        />
      );
  }
}

function StoredSnapshots({ restore, busy }: { restore: (snapshot: StoredBackup) => void; busy: boolean }) {
  const { platform } = useServices();
  const [snapshots, setSnapshots] = useState<StoredBackup[] | { error: string }>();
  const lastRun = useLastAutoBackup();
  const store = platform.backups;
  const refresh = useCallback(() => {
    store?.list().then(setSnapshots, (error: unknown) => setSnapshots({ error: error instanceof Error ? error.message : String(error) }));
  }, [store]);
  // A new automatic pass means new files to list.
  useEffect(() => refresh(), [refresh, lastRun?.at]);
  if (store === undefined) return null;

  return (
    <div className="card" data-testid="stored-backups">
      <div className="card-title">Automatic snapshots</div>
      <p className="muted small">
        Every 30 minutes and when the app closes, each study that changed is saved in the app&apos;s data folder; the last 10 of each study are kept.
        {lastRun && ` Last snapshot ${new Date(lastRun.at).toLocaleString()}.`}
      </p>
      {lastRun && lastRun.failures.length > 0 && (
        <ul className="error-list" data-testid="auto-backup-failures">
          {lastRun.failures.map((failure) => (
            <li key={failure.studyId}>
              {failure.studyId}: {failure.message}
            </li>
          ))}
        </ul>
      )}
      {snapshots === undefined ? null : 'error' in snapshots ? (
        <p className="export-failed small">The stored snapshots could not be listed: {snapshots.error}</p>
      ) : snapshots.length === 0 ? (
        <p className="muted small">No snapshots yet.</p>
      ) : (
        <ul className="session-list">
          {snapshots.map((snapshot) => (
            <li key={`${snapshot.studyId}/${snapshot.name}`} data-backup-name={snapshot.name}>
              <span className="strong">{snapshot.studyId}</span>{' '}
              <span className="muted small">
                {new Date(snapshot.createdAt).toLocaleString()} · {formatSize(snapshot.size)}
              </span>{' '}
              <button type="button" className="link-button" data-testid="restore-snapshot" disabled={busy} onClick={() => restore(snapshot)}>
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function BackupSection() {
  const { state, chooseAndRestore, restoreStored, dismiss } = useRestoreBackup();
  const busy = state.status === 'checking' || state.status === 'running';
  return (
    <section aria-labelledby="backups-title">
      <div className="section-header">
        <h2 id="backups-title">Backups</h2>
        <button type="button" className="chip" data-testid="restore-backup" disabled={busy} onClick={() => void chooseAndRestore()}>
          Restore from backup…
        </button>
      </div>
      <p className="hint">
        Back up a study to save everything of it (labels, assignments, gold labels, history) in one .backup.json file; restoring one puts the study back exactly
        as it was then.
      </p>
      <RestoreStatus state={state} dismiss={dismiss} />
      <StoredSnapshots restore={(snapshot) => void restoreStored(snapshot)} busy={busy} />
    </section>
  );
}
