// Selects every record of one study by the studyId prefix of the compound primary key, which
// replaces a separate studyId index on each table.

import type { Table } from 'dexie';
import { withPrefix } from './key-range';

export function byStudy<T, K>(table: Table<T, K>, studyId: string) {
  return withPrefix(table.where(':id'), [studyId]);
}
