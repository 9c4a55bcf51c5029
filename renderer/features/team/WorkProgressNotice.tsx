// A worker's progress as the team page shows it: what is being done and a bar, announced politely.

import type { WorkProgress } from '../../workers/team-protocol';

export function WorkProgressNotice({ progress, fallback, name }: { progress: WorkProgress | undefined; fallback: string; name: string }) {
  return (
    <div className="notice notice-progress" role="status" aria-live="polite">
      <div>{progress?.label ?? fallback}…</div>
      <progress max={progress?.total || 1} value={progress?.done ?? 0} aria-label={name} />
    </div>
  );
}
