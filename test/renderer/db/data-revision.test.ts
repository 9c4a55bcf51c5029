// The revision marks of data-revision.ts against fake-indexeddb: a write to a study's labels ends
// that study's mark (in the same transaction, also when the transaction did not name the meta
// table) and leaves other studies' marks alone; a range across studies ends every mark of the table;
// a write to the study record, its transcripts or its annotators ends its `study` mark alone.

import { afterEach, describe, expect, it } from 'vitest';
import { markRevisions, revisionKey, type Revision } from '../../../renderer/db/data-revision';
import { deleteStudy, importStudies } from '../../../renderer/db/import-study';
import { renameStudy } from '../../../renderer/db/rename-study';
import { closeDatabases, demoStudy, freshDatabase, label } from './db-fixtures';

afterEach(closeDatabases);

const DEMO = 'demo-study';

describe('study revision marks', () => {
  it('ends the mark of the study a write touches, and only that one', async () => {
    const db = freshDatabase();
    await importStudies(db, [demoStudy()]);
    const mark = async (key: string) => (await db.meta.get(key))?.value;
    const other = revisionKey('labels', 'other-study');
    await db.meta.put({ key: other, value: 'other' });
    await markRevisions(db, DEMO);
    const first = await mark(revisionKey('labels', DEMO));
    expect(typeof first).toBe('string');
    // Marks that are there stay: a second report reads against the same ones.
    await markRevisions(db, DEMO);
    expect(await mark(revisionKey('labels', DEMO))).toBe(first);

    await db.transaction('rw', [db.labels], async () => {
      await db.labels.put(label(DEMO, 'ann-1', 'u1', 'answer', 'no'));
    });
    expect(await mark(revisionKey('labels', DEMO))).toBeUndefined();
    expect(typeof (await mark(revisionKey('gold', DEMO)))).toBe('string');
    expect(await mark(other)).toBe('other');

    await markRevisions(db, DEMO);
    expect(await mark(revisionKey('labels', DEMO))).not.toBe(first);
    await db.labels.delete([DEMO, 'ann-1', 'answer', 'u1']);
    expect(await mark(revisionKey('labels', DEMO))).toBeUndefined();

    // A range over every study names none of them: every labels mark ends.
    await markRevisions(db, DEMO);
    await db.labels.clear();
    expect(await mark(revisionKey('labels', DEMO))).toBeUndefined();
    expect(await mark(other)).toBeUndefined();
    expect(typeof (await mark(revisionKey('gold', DEMO)))).toBe('string');
  });

  it("ends the study mark with a write to the study record, its transcripts or its annotators, and on the study's deletion", async () => {
    const db = freshDatabase();
    await importStudies(db, [demoStudy()]);
    const mark = async (revision: Revision) => (await db.meta.get(revisionKey(revision, DEMO)))?.value;
    const writes: Array<() => Promise<unknown>> = [
      () => renameStudy(db, DEMO, 'Another name'),
      async () => db.turns.put((await db.turns.toCollection().first())!),
      async () => db.sessions.put((await db.sessions.toCollection().first())!),
      async () => db.puzzles.put((await db.puzzles.toCollection().first())!),
      () => db.annotators.put({ studyId: DEMO, id: 'ann-1', name: 'Ann' }),
      () => deleteStudy(db, DEMO),
    ];
    for (const write of writes) {
      await markRevisions(db, DEMO);
      expect(typeof (await mark('study'))).toBe('string');
      await write();
      expect(await mark('study')).toBeUndefined();
    }
    await importStudies(db, [demoStudy()]);
    await markRevisions(db, DEMO);
    await renameStudy(db, DEMO, 'A third name');
    expect(typeof (await mark('labels'))).toBe('string');
    expect(typeof (await mark('gold'))).toBe('string');
  });

  it('marks nothing for a study not in the library', async () => {
    const db = freshDatabase();
    await markRevisions(db, 'no-such-study');
    expect(await db.meta.count()).toBe(0);
  });
});
