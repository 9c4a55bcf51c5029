// A visually hidden live region that announces each acknowledged durable save ("Saved yes on
// question 3") and carries its facts as data attributes for the tests that check them.

import { useSyncExternalStore } from 'react';
import { useWorkspace } from './useWorkspace';

export function SaveLogRegion() {
  const { saveLog } = useWorkspace();
  const entries = useSyncExternalStore(saveLog.subscribe, saveLog.getEntries);
  return (
    <div className="visually-hidden" data-testid="save-log" role="status" aria-live="polite">
      {entries.map((entry) => (
        <span
          key={entry.seq}
          data-unit-id={entry.unitId}
          data-task={entry.task}
          data-value={String(entry.value)}
          data-acceptable={entry.acceptable?.join(' ') ?? ''}
          data-rev={entry.rev}
          data-unsure={entry.unsure ? 'true' : 'false'}
          data-note-length={entry.noteLength}
        >
          {entry.message}.{' '}
        </span>
      ))}
    </div>
  );
}
