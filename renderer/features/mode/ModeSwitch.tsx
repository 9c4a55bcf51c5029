// The mode switch in the app header. The current mode is always in view: lead mode as a
// coloured badge, annotator mode plain. Entering annotator mode is immediate; leaving it asks
// first, so an annotator does not reveal judge labels and agreement figures by a stray click.

import { useServices } from '../../services/services';
import { useStudioMode } from './useStudioMode';

const EXPLANATIONS = {
  lead: 'Lead mode: judge labels, judge replies and agreement figures are shown. Switch to annotator mode before anyone labels here.',
  annotator: 'Annotator mode: judge labels, judge replies and agreement figures are hidden, so labels stay blind.',
} as const;

interface ModeSwitchProps {
  /** Why the mode cannot be changed here (e.g. a study opened from a pack); shown instead of the switch. */
  lockedReason?: string;
}

export function ModeSwitch({ lockedReason }: ModeSwitchProps) {
  const { preferences } = useServices();
  const mode = useStudioMode();
  const toggle = () => {
    if (mode === 'lead') preferences.getState().setMode('annotator');
    else if (window.confirm('Lead mode shows judge labels and agreement figures. Switch?')) preferences.getState().setMode('lead');
  };

  return (
    <div className="mode-switch" role="group" aria-label="Mode">
      <span className={`mode-badge mode-${mode}`} title={EXPLANATIONS[mode]} data-testid="mode">
        {mode === 'lead' ? 'Lead mode' : 'Annotator mode'}
      </span>
      {lockedReason !== undefined ? (
        <span className="muted small" data-testid="mode-locked">
          {lockedReason}
        </span>
      ) : (
        <button type="button" className="mode-toggle" onClick={toggle}>
          {mode === 'lead' ? 'Switch to annotator mode' : 'Switch to lead mode…'}
        </button>
      )}
    </div>
  );
}
