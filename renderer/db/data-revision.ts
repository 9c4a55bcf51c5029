// Revision marks per study: one for each table the report's provenance hashes (labels, gold
// labels, team databases with their open conflicts) and one, `study`, for everything else a report
// reads (the study record, its transcripts, its annotators' names). A report puts a random mark in
// the meta table before it reads, and every write to those tables, from any window, worker or code
// path, deletes the marks of the studies it touches in the same transaction. A checksum or a kept
// report stored with the marks it was computed at is current exactly while they are still there.

import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import type { MetaEntry, StudioDatabase } from './database';

/** The marks a study has; together they change with every write to anything a report reads. */
export const REVISIONS = ['labels', 'gold', 'teamDatabases', 'study'] as const;
export type Revision = (typeof REVISIONS)[number];

const META = 'meta';

/**
 * The mark a write to each revised table ends. Every one but `studies` has studyId first in its
 * primary key; a study record's key is its id.
 */
const ENDS: Readonly<Record<string, Revision>> = {
  labels: 'labels',
  gold: 'gold',
  teamDatabases: 'teamDatabases',
  studies: 'study',
  puzzles: 'study',
  sessions: 'study',
  turns: 'study',
  annotators: 'study',
};

/** The meta key of one study's revision mark. */
export function revisionKey(revision: Revision, studyId: string): string {
  return `revision.${revision}/${studyId}`;
}

/** The meta keys of a study's marks, in the order of REVISIONS. */
export function revisionKeys(studyId: string): string[] {
  return REVISIONS.map((revision) => revisionKey(revision, studyId));
}

/**
 * The marks as one text to keep a result against; undefined when one was gone when they were read
 * (a write came in since the last markRevisions), so nothing computed from that read is kept.
 */
export function revisionText(marks: ReadonlyArray<MetaEntry | undefined>): string | undefined {
  return marks.every((mark) => mark !== undefined) ? JSON.stringify(marks.map((mark) => mark.value)) : undefined;
}

/**
 * Puts a fresh mark for each of the study's tables that has none, in its own transaction, so the
 * read that follows sees either that mark or, if a write came in between, none (and keeps nothing).
 */
export async function markRevisions(db: StudioDatabase, studyId: string): Promise<void> {
  const keys = revisionKeys(studyId);
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
        const widen = mode === 'readwrite' && !stores.includes(META) && stores.some((store) => ENDS[store] !== undefined);
        return down.transaction(widen ? [...stores, META] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        const revision = ENDS[name];
        return revision === undefined ? table : revisedTable(down, table, revision, name === 'studies' ? STUDY_RECORD : BY_STUDY);
      },
    };
  },
};

function revisedTable(down: DBCore, table: DBCoreTable, name: Revision, keys: StudyOf): DBCoreTable {
  return {
    ...table,
    async mutate(request) {
      const studies = touchedStudies(request, keys);
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
      // mark left; a mark ended by a write that then fails costs only one needless hash or report.
      const [, response] = await Promise.all([forget, table.mutate(request)]);
      return response;
    },
  };
}

/** How a table's records and primary keys name their study. */
interface StudyOf {
  record(value: { id?: unknown; studyId?: unknown }): string | undefined;
  key(key: unknown): string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** A table keyed [studyId, ...]. */
const BY_STUDY: StudyOf = { record: (value) => text(value.studyId), key: (key) => (Array.isArray(key) ? text(key[0]) : undefined) };
/** The studies table, keyed by the study's id. */
const STUDY_RECORD: StudyOf = { record: (value) => text(value.id), key: text };

/** The studies a write touches; undefined stands for one it cannot name. */
function touchedStudies(request: DBCoreMutateRequest, studyOf: StudyOf): Array<string | undefined> {
  switch (request.type) {
    case 'add':
    case 'put':
      return request.values.map(studyOf.record);
    case 'delete':
      return request.keys.map(studyOf.key);
    case 'deleteRange': {
      const first = studyOf.key(request.range.lower);
      return [first !== undefined && studyOf.key(request.range.upper) === first ? first : undefined];
    }
  }
}
