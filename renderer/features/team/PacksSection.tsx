// The lead's packs: one file per annotator with their assigned units only, written in the
// team worker and saved into one folder (the browser's downloads on the web).

import { useId } from 'react';
import { WorkProgressNotice } from './WorkProgressNotice';
import { usePackWriter } from './usePackWriter';

export function PacksSection({ studyId, assigned }: { studyId: string; assigned: boolean }) {
  const { state, writeAll } = usePackWriter(studyId);
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Packs</h2>
      <p className="hint">
        One pack per annotator with only their puzzles and turns, without any judge label. An annotator opens their pack in Agreement Studio, labels, and sends
        back a label file.
      </p>
      <div className="team-actions">
        <button type="button" className="primary" data-testid="write-packs" disabled={!assigned || state.status === 'running'} onClick={() => void writeAll()}>
          Write packs…
        </button>
        {!assigned && <span className="muted small">Assign the study first.</span>}
      </div>
      {state.status === 'running' && <WorkProgressNotice progress={state.progress} fallback="Writing packs" name="Pack progress" />}
      {state.status === 'done' && (
        <p className="notice notice-success" role="status" data-testid="packs-status">
          {state.message}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="packs-status">
          {state.message}
        </div>
      )}
    </section>
  );
}
