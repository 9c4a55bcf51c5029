// The study's report settings against fake-indexeddb (setUnparseableReplies, setAnnotatorExpertise):
// the study keeps each with an audit entry, the default is stored as no field, and a missing study
// changes nothing.

import { afterEach, describe, expect, it } from 'vitest';
import type { StudioDatabase } from '../../../renderer/db/database';
import { setAnnotatorExpertise, setUnparseableReplies } from '../../../renderer/db/study-settings';
import { closeDatabases, databaseWith, demoStudy, NOW, refusedUnchanged } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();

/** A setting's setter, with its values widened so both settings run through the same checks. */
type Setter = (db: StudioDatabase, studyId: string, value: string, now: string) => Promise<boolean>;

/** Each setting: its study field and audit kind, its default, another value, and one the missing study is refused with. */
const SETTINGS = [
  {
    name: 'setUnparseableReplies',
    set: setUnparseableReplies as Setter,
    field: 'unparseableReplies',
    kind: 'study:unparseable-replies',
    defaultValue: 'left-out',
    other: 'disagreement',
    refusedWith: 'disagreement',
    backToDefault: 'back to the default leaves no field',
  },
  {
    name: 'setAnnotatorExpertise',
    set: setAnnotatorExpertise as Setter,
    field: 'annotatorExpertise',
    kind: 'study:annotator-expertise',
    defaultValue: 'expert',
    other: 'crowd',
    refusedWith: 'skilled',
    backToDefault: 'back to expert leaves no field',
  },
];

describe.each(SETTINGS)('$name', ({ set, field, kind, defaultValue, other, refusedWith, backToDefault }) => {
  it(`stores the setting on the study and audits the change; ${backToDefault}`, async () => {
    const db = await databaseWith([demo]);
    expect(await set(db, demo.study.id, defaultValue, NOW)).toBe(false);
    expect(await set(db, demo.study.id, other, NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual({ ...demo.study, [field]: other });
    const audit = await db.audit.where('studyId').equals(demo.study.id).toArray();
    expect(audit.at(-1)).toMatchObject({ at: NOW, kind, detail: JSON.stringify({ old: defaultValue, new: other }) });
    expect(await set(db, demo.study.id, other, NOW)).toBe(false);
    expect(await set(db, demo.study.id, defaultValue, NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual(demo.study);
  });

  it('refuses a missing study, changing nothing', async () => {
    const db = await databaseWith([demo]);
    await refusedUnchanged(db, () => set(db, 'no-such-study', refusedWith, NOW), RangeError);
  });
});
