// The study's settings against fake-indexeddb (setUnparseableReplies, setAnnotatorExpertise,
// setModelFamilies, setMultipleAnswers, setJudgeSplit):
// the study keeps each with an audit entry, the default is stored as no field, and a missing study
// changes nothing; the judge split keeps what was counted on it and is refused once the test split was run.

import { afterEach, describe, expect, it } from 'vitest';
import type { StudioDatabase } from '../../../renderer/db/database';
import { setAnnotatorExpertise, setJudgeSplit, setModelFamilies, setMultipleAnswers, setUnparseableReplies } from '../../../renderer/db/study-settings';
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

describe('setModelFamilies', () => {
  it('keeps the families given, trimmed and in name order, drops blank ones, audits each change, and none removes the field', async () => {
    const db = await databaseWith([demo]);
    expect(await setModelFamilies(db, demo.study.id, { 'orca-13b-chat': ' ', 'lumen-70b-instruct': '' }, NOW)).toBe(false);
    expect(await setModelFamilies(db, demo.study.id, { 'orca-13b-chat': ' Microsoft ', 'arbiter-large': 'Lumen', 'lumen-70b-instruct': 'Lumen' }, NOW)).toBe(
      true,
    );
    const stored = await db.studies.get(demo.study.id);
    expect(stored?.modelFamilies).toEqual({ 'arbiter-large': 'Lumen', 'lumen-70b-instruct': 'Lumen', 'orca-13b-chat': 'Microsoft' });
    expect(Object.keys(stored?.modelFamilies ?? {})).toEqual(['arbiter-large', 'lumen-70b-instruct', 'orca-13b-chat']);
    const audit = await db.audit.where('studyId').equals(demo.study.id).toArray();
    expect(audit.at(-1)).toMatchObject({ kind: 'study:model-families', detail: JSON.stringify({ old: {}, new: stored?.modelFamilies }) });
    expect(await setModelFamilies(db, demo.study.id, { 'arbiter-large': 'Lumen', 'lumen-70b-instruct': 'Lumen', 'orca-13b-chat': 'Microsoft' }, NOW)).toBe(
      false,
    );
    expect(await setModelFamilies(db, demo.study.id, {}, NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual(demo.study);
  });

  it('refuses a missing study and a family name over 100 characters, changing nothing', async () => {
    const db = await databaseWith([demo]);
    await refusedUnchanged(db, () => setModelFamilies(db, 'no-such-study', { a: 'b' }, NOW), RangeError);
    await refusedUnchanged(db, () => setModelFamilies(db, demo.study.id, { a: 'x'.repeat(101) }, NOW), RangeError);
  });
});

describe('setMultipleAnswers', () => {
  it('stores the setting in the study scheme and audits the change; off leaves no field', async () => {
    const db = await databaseWith([demo]);
    expect(await setMultipleAnswers(db, demo.study.id, false, NOW)).toBe(false);
    expect(await setMultipleAnswers(db, demo.study.id, true, NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual({ ...demo.study, scheme: { ...demo.study.scheme, multipleAnswers: true } });
    const audit = await db.audit.where('studyId').equals(demo.study.id).toArray();
    expect(audit.at(-1)).toMatchObject({ at: NOW, kind: 'study:multiple-answers', detail: JSON.stringify({ old: false, new: true }) });
    expect(await setMultipleAnswers(db, demo.study.id, true, NOW)).toBe(false);
    expect(await setMultipleAnswers(db, demo.study.id, false, NOW)).toBe(true);
    expect(await db.studies.get(demo.study.id)).toEqual(demo.study);
  });

  it('refuses a missing study, changing nothing', async () => {
    const db = await databaseWith([demo]);
    await refusedUnchanged(db, () => setMultipleAnswers(db, 'no-such-study', true, NOW), RangeError);
  });
});

describe('setJudgeSplit', () => {
  const rule = { seed: 7, shares: { examples: 0.15, development: 0.55, test: 0.3 } };

  it('stores the split with when it was set, audits the old and new rule, and keeps the versions tried on development', async () => {
    const db = await databaseWith([demo]);
    expect(await setJudgeSplit(db, demo.study.id, rule, NOW)).toBe(true);
    expect((await db.studies.get(demo.study.id))?.judgeSplit).toEqual({ ...rule, setAt: NOW, developmentJudges: [], testRuns: [] });
    expect(await setJudgeSplit(db, demo.study.id, rule, NOW)).toBe(false);
    const study = (await db.studies.get(demo.study.id))!;
    await db.studies.put({ ...study, judgeSplit: { ...study.judgeSplit!, developmentJudges: ['llama3@studio-1'] } });
    const moved = { seed: 8, shares: { examples: 0.1, development: 0.6, test: 0.3 } };
    expect(await setJudgeSplit(db, demo.study.id, moved, '2026-11-22T12:00:00.000Z')).toBe(true);
    expect((await db.studies.get(demo.study.id))?.judgeSplit).toEqual({
      ...moved,
      setAt: '2026-11-22T12:00:00.000Z',
      developmentJudges: ['llama3@studio-1'],
      testRuns: [],
    });
    const audit = (await db.audit.where('studyId').equals(demo.study.id).toArray()).filter((entry) => entry.kind === 'study:judge-split');
    expect(audit.map((entry) => [entry.kind, JSON.parse(entry.detail)])).toEqual([
      ['study:judge-split', { old: null, new: rule }],
      ['study:judge-split', { old: rule, new: moved }],
    ]);
  });

  it('refuses a rule checkSplitRule refuses with its message, a missing study, and any change once the test split was run', async () => {
    const db = await databaseWith([demo]);
    const refusal = await refusedUnchanged(
      db,
      () => setJudgeSplit(db, demo.study.id, { seed: 7, shares: { examples: 0.3, development: 0.4, test: 0.3 } }, NOW),
      RangeError,
    );
    expect(refusal.message).toBe('the examples split must hold 10% to 20% of the puzzles, not 30%');
    await refusedUnchanged(db, () => setJudgeSplit(db, 'no-such-study', rule, NOW), RangeError);
    await setJudgeSplit(db, demo.study.id, rule, NOW);
    const study = (await db.studies.get(demo.study.id))!;
    const testRuns = [
      { judge: 'llama3@studio-1', at: NOW },
      { judge: 'llama3@studio-2', at: NOW },
    ];
    await db.studies.put({ ...study, judgeSplit: { ...study.judgeSplit!, testRuns } });
    const locked = await refusedUnchanged(db, () => setJudgeSplit(db, demo.study.id, { ...rule, seed: 8 }, NOW), Error);
    expect(locked.message).toBe(
      'the judge split can no longer change: 2 judge runs have looked at the test split, and moving puzzles now would leak what was seen there into development',
    );
  });
});
