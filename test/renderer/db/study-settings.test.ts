// The study's report settings against fake-indexeddb (setUnparseableReplies, setAnnotatorExpertise):
// the study keeps each with an audit entry, the default is stored as no field, and a missing study
// changes nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { importStudies } from '../../../renderer/db/import-study';
import { setAnnotatorExpertise, setUnparseableReplies } from '../../../renderer/db/study-settings';
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

describe('setAnnotatorExpertise', () => {
  it('stores the setting on the study and audits the change; back to expert leaves no field', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    expect(await setAnnotatorExpertise(db, demo.study.id, 'expert', NOW)).toBe(false);
    expect(await setAnnotatorExpertise(db, demo.study.id, 'crowd', NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual({ ...demo.study, annotatorExpertise: 'crowd' });
    const audit = await db.audit.where('studyId').equals(demo.study.id).toArray();
    expect(audit.at(-1)).toMatchObject({ at: NOW, kind: 'study:annotator-expertise', detail: JSON.stringify({ old: 'expert', new: 'crowd' }) });
    expect(await setAnnotatorExpertise(db, demo.study.id, 'crowd', NOW)).toBe(false);
    expect(await setAnnotatorExpertise(db, demo.study.id, 'expert', NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual(demo.study);
  });

  it('refuses a missing study, changing nothing', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    await refusedUnchanged(db, () => setAnnotatorExpertise(db, 'no-such-study', 'skilled', NOW), RangeError);
  });
});
