// renameStudy against fake-indexeddb: the name changes with an audit entry, the id stays, and an
// empty name or a missing study changes nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { importStudies } from '../../../renderer/db/import-study';
import { renameStudy } from '../../../renderer/db/rename-study';
import { closeDatabases, demoStudy, freshDatabase, NOW, refusedUnchanged } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();

describe('renameStudy', () => {
  it('renames the study, trimmed, and audits the old and new name', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    expect(await renameStudy(db, demo.study.id, '  Pilot, round 2 ', NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual({ ...demo.study, name: 'Pilot, round 2' });
    const audit = await db.audit.where('studyId').equals(demo.study.id).toArray();
    expect(audit.at(-1)).toMatchObject({ at: NOW, kind: 'study:rename', detail: JSON.stringify({ old: demo.study.name, new: 'Pilot, round 2' }) });
    expect(await renameStudy(db, demo.study.id, 'Pilot, round 2', NOW)).toBe(false);
  });

  it('refuses an empty name and a missing study, changing nothing', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    await refusedUnchanged(db, () => renameStudy(db, demo.study.id, '   ', NOW), RangeError);
    await refusedUnchanged(db, () => renameStudy(db, 'no-such-study', 'Name', NOW), RangeError);
  });
});
