// Selects every record of one study by the studyId prefix of the compound primary key, which
// replaces a separate studyId index on each table.

import Dexie, { type Table } from 'dexie';

export function byStudy<T, K>(table: Table<T, K>, studyId: string) {
  return table.where(':id').between([studyId], [studyId, Dexie.maxKey], true, true);
}
