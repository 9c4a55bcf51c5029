// The study's setting for unparseable judge replies (left out of the report's figures, or counted
// as disagreements), kept on the study record so every report of the study, and its backup, use it.

import type { Study, UnparseableReplies } from '../../shared/domain/model';
import type { StudioDatabase } from './database';

/** Stores the setting, with an audit entry. Returns false when the study already had it; throws a RangeError for a missing study. */
export async function setUnparseableReplies(db: StudioDatabase, studyId: string, value: UnparseableReplies, now: string = new Date().toISOString()): Promise<boolean> {
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    const old = study.unparseableReplies ?? 'left-out';
    if (old === value) return false;
    // The default is stored as no field, so a study that never changed it stays as it was imported.
    const next: Study = { ...study, unparseableReplies: value };
    if (value === 'left-out') delete next.unparseableReplies;
    await db.studies.put(next);
    await db.audit.add({ studyId, at: now, kind: 'study:unparseable-replies', detail: JSON.stringify({ old, new: value }) });
    return true;
  });
}
