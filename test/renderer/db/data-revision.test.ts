// The revision marks of data-revision.ts against fake-indexeddb: a write to a study's labels ends
// that study's mark (in the same transaction, also when the transaction did not name the meta
// table) and leaves other studies' marks alone; a range across studies ends every mark of the table.

import { afterEach, describe, expect, it } from 'vitest';
import { markRevisions, revisionKey } from '../../../renderer/db/data-revision';
import { importStudies } from '../../../renderer/db/import-study';
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

  it('marks nothing for a study not in the library', async () => {
    const db = freshDatabase();
    await markRevisions(db, 'no-such-study');
    expect(await db.meta.count()).toBe(0);
  });
});
