// Who labels a study on this computer: in a study opened from a pack, the annotator the pack
// was written for (their labels must go back under that id); in the lead's own studies, the
// annotator set in this computer's preferences.

import { useLiveQuery } from 'dexie-react-hooks';
import type { AnnotatorProfile } from '../../services/preferences-store';
import { usePreferences, useServices } from '../../services/services';

/** Undefined while the study's record loads, so no label is ever written under the wrong id. */
export function useLabellingAnnotator(studyId: string): AnnotatorProfile | undefined {
  const { db } = useServices();
  const preferred = usePreferences((state) => state.annotator);
  // Tagged with its study id: a live query keeps the previous study's answer while the next loads.
  const answer = useLiveQuery(async () => ({ studyId, packAnnotator: (await db.studies.get(studyId))?.origin?.annotator }), [db, studyId]);
  if (answer === undefined || answer.studyId !== studyId) return undefined;
  return answer.packAnnotator ?? preferred;
}
