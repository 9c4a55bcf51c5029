// The study's annotator expertise (expert, skilled or crowd), which sets the Alt-Test's epsilon in
// the report, kept on the study record so every report of the study, and its backup, use it.

import type { Study } from '../../shared/domain/model';
import type { AnnotatorExpertise } from '../../shared/domain/model';
import type { StudioDatabase } from './database';

/** Stores the setting, with an audit entry. Returns false when the study already had it; throws a RangeError for a missing study. */
export async function setAnnotatorExpertise(db: StudioDatabase, studyId: string, value: AnnotatorExpertise, now: string = new Date().toISOString()): Promise<boolean> {
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    const old = study.annotatorExpertise ?? 'expert';
    if (old === value) return false;
    // The default is stored as no field, so a study that never changed it stays as it was imported.
    const next: Study = { ...study, annotatorExpertise: value };
    if (value === 'expert') delete next.annotatorExpertise;
    await db.studies.put(next);
    await db.audit.add({ studyId, at: now, kind: 'study:annotator-expertise', detail: JSON.stringify({ old, new: value }) });
    return true;
  });
}
