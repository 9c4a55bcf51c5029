// Stores a study imported from a benchmark's own files: its transcripts through importStudies and
// its human raters' labels through importLabelFiles, as a label-file import would, in one
// transaction, so a failure of either leaves the library as it was.

import type { StudyData } from '../../shared/domain/model';
import type { LabelFile } from '../../shared/formats/label-file';
import type { StudioDatabase } from './database';
import { importLabelFiles } from './import-labels';
import { importStudies, type ImportProgress } from './import-study';

export async function storeImportedStudy(
  db: StudioDatabase,
  data: StudyData,
  raters: readonly LabelFile[],
  now: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<void> {
  await db.transaction('rw', [db.studies, db.puzzles, db.sessions, db.turns, db.promptVersions, db.annotators, db.labels, db.audit], async () => {
    await importStudies(db, [data], onProgress);
    if (raters.length > 0)
      await importLabelFiles(db, data.study.id, raters, {
        fileNames: raters.map((file) => `${file.annotator.name} (from ${data.study.sourceFiles.join(', ')})`),
        now,
      });
  });
}
