// Reads what the team's coverage needs (the stored assignment, the annotators and the study's
// labels) in one read transaction, and computes it with the pure computeCoverage. IndexedDB
// reads a label whole; computeCoverage keeps only its key, `unsure` and `at`.

import { computeCoverage, type StudyCoverage } from '../../shared/study/coverage';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';

/** Throws an Error the UI can show when the study is not in the library. */
export async function loadCoverage(db: StudioDatabase, studyId: string): Promise<StudyCoverage> {
  return db.transaction('r', [db.studies, db.assignments, db.annotators, db.labels], async () => {
    if ((await db.studies.get(studyId)) === undefined) throw new Error(`The study "${studyId}" is not in the library.`);
    const [assignments, annotators, labels] = await Promise.all([
      byStudy(db.assignments, studyId).toArray(),
      byStudy(db.annotators, studyId).toArray(),
      byStudy(db.labels, studyId).toArray(),
    ]);
    return computeCoverage({ assignments, annotators, labels });
  });
}
