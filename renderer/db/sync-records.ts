// A study's team server records on this computer (issue 18): its connection and, on the lead's
// computer, the records of the annotators' databases. They go together, when the lead disconnects
// the study or deletes it; the server keeps its databases, and the labels already pulled stay.

import type { StudioDatabase } from './database';

/** Removes the study's connection and annotator database records; inside a caller's transaction too. */
export async function deleteSyncRecords(db: StudioDatabase, studyId: string): Promise<void> {
  await db.transaction('rw', [db.syncConnections, db.teamDatabases], async () => {
    await db.syncConnections.delete(studyId);
    await db.teamDatabases.where('studyId').equals(studyId).delete();
  });
}
