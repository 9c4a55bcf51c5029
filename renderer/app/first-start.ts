// On the very first start, import the shipped demo study so a newcomer sees something real
// at once. Remembered in the meta table, so deleting the demo does not bring it back.

import demoStudyUrl from '../../assets/demo-study.json?url';
import type { StudioDatabase } from '../db/database';
import type { OpenedFile } from '../../shared/platform/studio-platform';

const DEMO_OFFERED_KEY = 'demoOffered';

export async function importDemoOnFirstStart(db: StudioDatabase, importFiles: (files: OpenedFile[]) => Promise<unknown>): Promise<void> {
  if (await db.meta.get(DEMO_OFFERED_KEY)) return;
  if ((await db.studies.count()) > 0) {
    await db.meta.put({ key: DEMO_OFFERED_KEY, value: true });
    return;
  }
  await db.meta.put({ key: DEMO_OFFERED_KEY, value: true });
  const response = await fetch(demoStudyUrl);
  const text = await response.text();
  await importFiles([{ name: 'demo-study.json', size: text.length, text }]);
}
