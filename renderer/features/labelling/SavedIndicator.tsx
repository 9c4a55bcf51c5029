// Whether the current unit's label is on disk: "Saved" appears only after the durable write
// resolved; a failed write says why (for example a full disk) and stays until saved again.

import type { UnitLabelView } from './label-index';

export function SavedIndicator({ view }: { view: UnitLabelView }) {
  const text =
    view.state === 'saved'
      ? 'Saved'
      : view.state === 'saving'
        ? 'Saving…'
        : view.state === 'error'
          ? `Not saved: ${view.error ?? 'the write failed'}`
          : 'Not labelled yet';
  return (
    <span
      className={`saved-indicator saved-${view.state}`}
      data-testid="saved-indicator"
      data-state={view.state}
      role={view.state === 'error' ? 'alert' : undefined}
    >
      {text}
    </span>
  );
}
