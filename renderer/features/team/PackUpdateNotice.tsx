// What the page says about the team server's packs where the assignment changes: that a change
// also updates the annotator's pack on the server, and how the last update went.

import type { PackUpdateState } from './usePackUpdates';

/** `idleText`: what to say before any update; without it nothing shows until one starts. */
export function PackUpdateNotice({ connected, state, idleText }: { connected: boolean; state: PackUpdateState; idleText?: string }) {
  if (!connected || (state.status === 'idle' && idleText === undefined)) return null;
  return (
    <p
      className={`small ${state.status === 'failed' ? 'notice notice-error' : 'muted'}`}
      role={state.status === 'failed' ? 'alert' : 'status'}
      data-testid="pack-update-status"
      data-status={state.status}
    >
      {state.status === 'idle' && idleText}
      {state.status === 'running' && 'Updating the pack on the team server…'}
      {(state.status === 'done' || state.status === 'failed') && state.message}
    </p>
  );
}
