// Reads one stored study whole (study, puzzles, sessions, turns, full records) for work that
// needs every text, such as writing packs. Records come in stored (primary-key) order, the
// study order the app's assignment and packs use.

import type { StudyData } from '../../shared/domain/model';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';

/** Throws an Error the UI can show when the study is not in the library. */
export async function loadStudyData(db: StudioDatabase, studyId: string): Promise<StudyData> {
  // One read transaction, so the records all come from the same state of the study.
  return db.transaction('r', [db.studies, db.puzzles, db.sessions, db.turns], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new Error(missingStudy(studyId));
    const [puzzles, sessions, turns] = await Promise.all([
      byStudy(db.puzzles, studyId).toArray(),
      byStudy(db.sessions, studyId).toArray(),
      byStudy(db.turns, studyId).toArray(),
    ]);
    return { study, puzzles, sessions, turns };
  });
}

/** The message for a study id the library does not hold. */
export function missingStudy(studyId: string): string {
  return `The study "${studyId}" is not in the library.`;
}
