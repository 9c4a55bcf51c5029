// The report worker's progress: the phase in words (announced politely) and a bar with its
// value for assistive technology and the end-to-end tests (aria-valuenow).

import type { ReportProgress } from '../../workers/report-protocol';

export function ReportProgressBar({ progress }: { progress: ReportProgress | undefined }) {
  const total = Math.max(1, progress?.total ?? 1);
  const done = Math.min(total, progress?.done ?? 0);
  return (
    <div className="notice notice-progress">
      <div role="status" aria-live="polite">
        {progress?.label ?? 'Computing the report'}…
      </div>
      <div
        className="progress-track"
        data-testid="report-progress"
        role="progressbar"
        aria-label="Report progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <span className="progress-fill" style={{ width: `${(done / total) * 100}%` }} />
      </div>
    </div>
  );
}
