// setUnparseableReplies against fake-indexeddb: the study keeps the setting with an audit entry,
// the default is stored as no field, and a missing study changes nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { importStudies } from '../../../renderer/db/import-study';
import { setUnparseableReplies } from '../../../renderer/db/unparseable-setting';
import { closeDatabases, demoStudy, freshDatabase, NOW, refusedUnchanged } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();

describe('setUnparseableReplies', () => {
  it('stores the setting on the study and audits the change; back to the default leaves no field', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    expect(await setUnparseableReplies(db, demo.study.id, 'left-out', NOW)).toBe(false);
    expect(await setUnparseableReplies(db, demo.study.id, 'disagreement', NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual({ ...demo.study, unparseableReplies: 'disagreement' });
    const audit = await db.audit.where('studyId').equals(demo.study.id).toArray();
    expect(audit.at(-1)).toMatchObject({ at: NOW, kind: 'study:unparseable-replies', detail: JSON.stringify({ old: 'left-out', new: 'disagreement' }) });
    expect(await setUnparseableReplies(db, demo.study.id, 'disagreement', NOW)).toBe(false);
    expect(await setUnparseableReplies(db, demo.study.id, 'left-out', NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual(demo.study);
  });

  it('refuses a missing study, changing nothing', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    await refusedUnchanged(db, () => setUnparseableReplies(db, 'no-such-study', 'disagreement', NOW), RangeError);
  });
});
