// How adjudication works, in one paragraph with the lead's own keys: choosing gold (or marking a
// gold set), replacing it, moving, the note and undo.

import { displayKey, type KeyMap, type WorkspaceAction } from '../settings';

export function AdjudicationKeysHint({ keyMap, marksAnswers }: { keyMap: KeyMap; marksAnswers: boolean }) {
  const keysText = (action: WorkspaceAction) => keyMap.keysOf(action).map(displayKey).join(' or ') || 'no key';
  return (
    <p className="hint small" data-testid="adjudication-keys">
      Units where raters disagree, lowest agreement first.{' '}
      {marksAnswers
        ? 'On this question the gold label can be a set: mark every acceptable answer with a button or the labelling keys, the first marked being the gold value, and Enter saves them and the next unit comes.'
        : 'Choose the gold value with a button or the labelling keys: it is saved and the next unit comes.'}{' '}
      Replacing a gold label asks first (Enter replaces, Esc keeps). {keysText('next')} and {keysText('previous')} move, {keysText('note')} writes a note,{' '}
      {keysText('undo')} undoes the last gold change made on this page. Gold labels go into the exports and, when chosen, into the report as the rater “gold”.
    </p>
  );
}
