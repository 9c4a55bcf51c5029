// Saves a study's guidelines as the lead edits them, with an audit entry, in one durable
// transaction. Removing them (undefined) brings back the default guidelines.

import type { StudioDatabase } from '../../db/database';

export async function saveGuidelines(
  db: StudioDatabase,
  studyId: string,
  guidelines: string | undefined,
  now: string = new Date().toISOString(),
): Promise<void> {
  await db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new Error(`The study "${studyId}" is not in the library.`);
    const next = { ...study };
    if (guidelines === undefined) delete next.guidelines;
    else next.guidelines = guidelines;
    await db.studies.put(next);
    await db.audit.add({
      studyId,
      at: now,
      kind: 'study:guidelines',
      detail: guidelines === undefined ? 'restored the default guidelines' : `saved guidelines (${guidelines.length} characters)`,
    });
  });
}
