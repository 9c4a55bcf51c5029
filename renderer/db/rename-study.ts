// Renames a study on this computer, with an audit entry, in one durable transaction. The name is
// for people only: the study id, which files and packs carry, never changes.

import type { StudioDatabase } from './database';

/** Longest study name accepted, so a name stays readable in lists and file headers. */
export const MAX_STUDY_NAME_CHARS = 200;

/** Sets the study's name (trimmed). Returns false when it was already that name; throws a RangeError for an empty or overlong name or a missing study. */
export async function renameStudy(db: StudioDatabase, studyId: string, name: string, now: string = new Date().toISOString()): Promise<boolean> {
  const next = name.trim();
  if (next === '') throw new RangeError('a study needs a name');
  if (next.length > MAX_STUDY_NAME_CHARS) throw new RangeError(`a study name is at most ${MAX_STUDY_NAME_CHARS} characters`);
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    if (study.name === next) return false;
    await db.studies.put({ ...study, name: next });
    await db.audit.add({ studyId, at: now, kind: 'study:rename', detail: JSON.stringify({ old: study.name, new: next }) });
    return true;
  });
}
