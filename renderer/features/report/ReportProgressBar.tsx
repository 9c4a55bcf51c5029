// The report worker's progress: the phase in words (announced politely) and a bar with its
// value for assistive technology and the end-to-end tests (aria-valuenow). The planner's progress
// shows in the same bar under its own name.

import type { ReportProgress } from '../../workers/report-protocol';

interface Props {
  progress: ReportProgress | undefined;
  /** The bar's accessible name. */
  name?: string;
  /** The words shown before the first progress arrives. */
  fallback?: string;
  testId?: string;
}

export function ReportProgressBar({ progress, name = 'Report progress', fallback = 'Computing the report', testId = 'report-progress' }: Props) {
  const total = Math.max(1, progress?.total ?? 1);
  const done = Math.min(total, progress?.done ?? 0);
  return (
    <div className="notice notice-progress">
      <div role="status" aria-live="polite">
        {progress?.label ?? fallback}…
      </div>
      <div className="progress-track" data-testid={testId} role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <span className="progress-fill" style={{ width: `${(done / total) * 100}%` }} />
      </div>
    </div>
  );
}
