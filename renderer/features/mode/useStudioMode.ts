// The mode the views render in: lead (everything) or annotator (blind, SPEC §5). Views ask
// this hook rather than the preferences store: inside a study opened from a pack it is always
// annotator mode, and while the study's record is still loading it is annotator mode too, so
// lead content never flashes up before the pack is recognised.

import { useLiveQuery } from 'dexie-react-hooks';
import type { StudioMode } from '../../services/preferences-store';
import { usePreferences, useServices, useStudio } from '../../services/services';

export const PACK_LOCK_REASON = 'Opened from a pack: annotator mode';

/** Whether a study is this computer's own, an annotator's copy from a pack, or not known yet. */
type StudyKind = 'loading' | 'pack' | 'own' | 'none';

/** The study a view shows: the one it names, else the one in the address. */
function useStudyInView(studyId?: string): string | undefined {
  const routeStudyId = useStudio((state) => ('studyId' in state.route ? state.route.studyId : undefined));
  return studyId ?? routeStudyId;
}

function useStudyKind(studyId: string | undefined): StudyKind {
  const { db } = useServices();
  // The answer carries its study id: a live query keeps the previous study's answer while the
  // next one loads, and that must read as "loading", never as the other study's kind.
  const answer = useLiveQuery(async () => {
    if (studyId === undefined) return { studyId, kind: 'none' as const };
    const study = await db.studies.get(studyId);
    return { studyId, kind: study?.origin !== undefined ? ('pack' as const) : ('own' as const) };
  }, [db, studyId]);
  return answer !== undefined && answer.studyId === studyId ? answer.kind : 'loading';
}

/** The mode for the given study (default: the study in the address). */
export function useStudioMode(studyId?: string): StudioMode {
  const preferred = usePreferences((state) => state.mode);
  const id = useStudyInView(studyId);
  const kind = useStudyKind(id);
  if (id === undefined) return preferred;
  return kind === 'own' ? preferred : 'annotator';
}

/** Why the mode cannot be switched where the user is, or undefined when it can. */
export function useModeLockReason(studyId?: string): string | undefined {
  return useStudyKind(useStudyInView(studyId)) === 'pack' ? PACK_LOCK_REASON : undefined;
}
