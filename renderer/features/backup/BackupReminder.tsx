// The library's backup reminder for a web page, whose storage the browser may clear: names each
// study whose labels changed since its last backup a day ago (or many labels ago), with a Back up
// button. The desktop app snapshots on its own and shows no reminder.

import { useState } from 'react';
import { useServices } from '../../services/services';
import { useStudiesDueForBackup } from '../../services/queries';
import { BackupButton } from './BackupButton';

export function BackupReminder() {
  const { platform } = useServices();
  const [dismissed, setDismissed] = useState(false);
  const hostKeepsSnapshots = platform.backups !== undefined;
  const due = useStudiesDueForBackup(hostKeepsSnapshots);
  if (dismissed || due === undefined || due.length === 0) return null;
  return (
    <div className="notice" role="status" data-testid="backup-reminder">
      <div className="notice-header">
        <strong>Back up your work: the browser may clear its storage, and labels kept only here would be lost.</strong>
        <button type="button" className="link-button" onClick={() => setDismissed(true)}>
          Not now
        </button>
      </div>
      <ul className="session-list">
        {due.map((study) => (
          <li key={study.id} data-reminder-study={study.id}>
            <span className="strong">{study.name}</span> <span className="muted small">has changes since its last backup</span>{' '}
            <BackupButton studyId={study.id} studyName={study.name} className="chip" />
          </li>
        ))}
      </ul>
    </div>
  );
}
