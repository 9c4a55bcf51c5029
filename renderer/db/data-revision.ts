// A revision mark per study for the tables the report's provenance hashes (labels, gold labels,
// team databases with their open conflicts): a report puts a random mark in the meta table before
// it reads, and every write to those tables, from any window, worker or code path, deletes the
// marks of the studies it touches in the same transaction. A checksum kept with the mark it was
// computed at is current exactly while that mark is still there.

import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import type { StudioDatabase } from './database';

/** The tables whose writes end a study's revision; each has studyId first in its primary key. */
export const REVISED_TABLES = ['labels', 'gold', 'teamDatabases'] as const;
export type RevisedTable = (typeof REVISED_TABLES)[number];

const META = 'meta';
const REVISED: ReadonlySet<string> = new Set(REVISED_TABLES);

/** The meta key of one study's revision mark of a table. */
export function revisionKey(table: RevisedTable, studyId: string): string {
  return `revision.${table}/${studyId}`;
}

/**
 * Puts a fresh mark for each of the study's tables that has none, in its own transaction, so the
 * read that follows sees either that mark or, if a write came in between, none (and keeps nothing).
 */
export async function markRevisions(db: StudioDatabase, studyId: string): Promise<void> {
  const keys = REVISED_TABLES.map((table) => revisionKey(table, studyId));
  const marks = await db.meta.bulkGet(keys);
  if (marks.every((mark) => mark !== undefined)) return;
  await db.transaction('rw', [db.studies, db.meta], async () => {
    // A study not in the library gets no marks: its read will say so.
    if ((await db.studies.get(studyId)) === undefined) return;
    const current = await db.meta.bulkGet(keys);
    const missing = keys.filter((_, index) => current[index] === undefined);
    await db.meta.bulkPut(missing.map((key) => ({ key, value: crypto.randomUUID() })));
  });
}

/**
 * Widens every read-write transaction on a revised table to the meta table, and with each write
 * deletes the marks of the studies it touches (every mark of the table when it cannot name them).
 * Deleting needs no read, so a label write costs one more request and no round trip; a study
 * without a mark (no report since its last change) leaves the meta table as it was.
 */
export const revisionMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'study-revision',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const widen = mode === 'readwrite' && !stores.includes(META) && stores.some((store) => REVISED.has(store));
        return down.transaction(widen ? [...stores, META] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return REVISED.has(name) ? revisedTable(down, table, name as RevisedTable) : table;
      },
    };
  },
};

function revisedTable(down: DBCore, table: DBCoreTable, name: RevisedTable): DBCoreTable {
  return {
    ...table,
    async mutate(request) {
      const studies = touchedStudies(request);
      if (studies.length === 0) return table.mutate(request);
      const meta = down.table(META);
      const trans = request.trans;
      const forget = studies.includes(undefined)
        ? meta.mutate({
            type: 'deleteRange',
            trans,
            // type 2 is DBCoreRangeType.Range, every key between the bounds.
            range: { type: 2, lower: revisionKey(name, ''), lowerOpen: false, upper: revisionKey(name, '\uffff'), upperOpen: false },
          })
        : meta.mutate({ type: 'delete', trans, keys: [...new Set(studies)].map((studyId) => revisionKey(name, studyId as string)) });
      // Both requests go out at once in the same transaction, so no write commits with its study's
      // mark left; a mark ended by a write that then fails costs only one needless hash.
      const [, response] = await Promise.all([forget, table.mutate(request)]);
      return response;
    },
  };
}

/** The studies a write touches; undefined stands for one it cannot name. */
function touchedStudies(request: DBCoreMutateRequest): Array<string | undefined> {
  switch (request.type) {
    case 'add':
    case 'put':
      return request.values.map((value: { studyId?: unknown }) => studyOf(value.studyId));
    case 'delete':
      return request.keys.map((key: unknown) => studyOf(Array.isArray(key) ? key[0] : undefined));
    case 'deleteRange': {
      const { lower, upper } = request.range;
      const first = Array.isArray(lower) && Array.isArray(upper) ? studyOf(lower[0]) : undefined;
      return [first !== undefined && upper[0] === first ? first : undefined];
    }
  }
}

function studyOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
