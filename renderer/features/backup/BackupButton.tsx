// The "Back up" button with its status line, on each library row, the backup reminder and the
// study overview: saves one file with everything of the study, to restore from later.

import { useStudyBackup } from './useStudyBackup';

export function BackupButton({ studyId, studyName, className }: { studyId: string; studyName: string; className: string }) {
  const { state, backUp } = useStudyBackup(studyId);
  return (
    <span className="export-labels">
      <button
        type="button"
        className={className}
        data-testid="backup-study"
        data-study-id={studyId}
        disabled={state.status === 'running'}
        aria-label={`Back up ${studyName}`}
        title="Save a backup file with the study, its labels, assignments, gold labels and history"
        onClick={() => void backUp()}
      >
        {state.status === 'running' ? 'Backing up…' : 'Back up'}
      </button>
      {/* A polite live region, not role="status": the library has one per row, and its import status stays the page's one status. */}
      <span
        className={`small ${state.status === 'failed' ? 'export-failed' : 'muted'}`}
        aria-live="polite"
        data-testid="backup-status"
        data-state={state.status}
      >
        {state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </span>
    </span>
  );
}
