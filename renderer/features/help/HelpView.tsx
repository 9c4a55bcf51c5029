// The Help page: what the studio is for, the lead's and the annotator's path through it as short
// guides whose steps link to their pages of a chosen study, and every key from the key map.

import { useMemo, useState } from 'react';
import { useStudies } from '../../services/queries';
import { usePreferences } from '../../services/services';
import { buildKeyMap, displayKey } from '../settings';
import { ANNOTATOR_PATH, LEAD_PATH, type KeysOf } from './help-steps';
import { HelpPathSection } from './HelpPathSection';
import { KeysTables } from './KeysTables';
import { StudyChoice } from './StudyChoice';

export function HelpView() {
  const overrides = usePreferences((state) => state.keyOverrides);
  const keyMap = useMemo(() => buildKeyMap(overrides), [overrides]);
  const keysOf = useMemo<KeysOf>(
    () => (action) => {
      const keys = keyMap.keysOf(action);
      return keys.length === 0 ? '(no key)' : keys.map(displayKey).join(' / ');
    },
    [keyMap],
  );
  const studies = useStudies();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // A study deleted since it was chosen falls back to the first, as before any choice.
  const studyId = studies?.find((study) => study.id === chosen)?.id ?? studies?.[0]?.id;
  return (
    <article className="help-page" data-testid="help-page" aria-labelledby="help-title">
      <h1 id="help-title">Help</h1>
      <p>
        Agreement Studio checks whether an LLM judge of situation puzzles agrees with people. People re-label what the judge decided (the answer to each
        question, whether each final answer matched, how hard each puzzle is) without seeing the judge, and the studio measures how often humans agree with the
        judge and with each other. Everything stays on this computer.
      </p>
      {studies !== undefined && <StudyChoice studies={studies} studyId={studyId} onChoose={setChosen} />}
      <HelpPathSection path={LEAD_PATH} keysOf={keysOf} studyId={studyId} />
      <HelpPathSection path={ANNOTATOR_PATH} keysOf={keysOf} studyId={studyId} />
      <KeysTables keyMap={keyMap} />
    </article>
  );
}
