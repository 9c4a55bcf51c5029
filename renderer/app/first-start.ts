// On the very first start, import the shipped demo study so a newcomer sees something real
// at once, flagged as the sample so an annotator's pack of it may replace it while untouched.
// Remembered in the meta table, so deleting the demo does not bring it back.

import demoStudyUrl from '../../assets/demo-study.json?url';
import type { StudioDatabase } from '../db/database';
import { markSampleStudies, SAMPLE_FILE_NAME } from '../db/sample-study';
import type { OpenedFile } from '../../shared/platform/studio-platform';
import type { ImportOutcome } from '../workers/import-protocol';

const DEMO_OFFERED_KEY = 'demoOffered';

export async function importDemoOnFirstStart(db: StudioDatabase, importFiles: (files: OpenedFile[]) => Promise<ImportOutcome | undefined>): Promise<void> {
  if (await db.meta.get(DEMO_OFFERED_KEY)) return;
  if ((await db.studies.count()) > 0) {
    await db.meta.put({ key: DEMO_OFFERED_KEY, value: true });
    return;
  }
  await db.meta.put({ key: DEMO_OFFERED_KEY, value: true });
  const response = await fetch(demoStudyUrl);
  const text = await response.text();
  const outcome = await importFiles([{ name: SAMPLE_FILE_NAME, size: text.length, text }]);
  if (outcome?.ok)
    await markSampleStudies(
      db,
      outcome.studies.map((study) => study.id),
    );
}
