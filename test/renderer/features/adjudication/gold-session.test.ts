// The GoldSession against fake-indexeddb, without React: a choice on a unit without gold is set
// at once; a different value on a unit with gold asks first and writes nothing until replaced;
// keep writes nothing; undo goes back through the sitting's changes, restoring each earlier gold
// label exactly (or none) and naming the unit; a choice while a write runs is ignored; a gold set
// on a question asks before replacing another set of the same value.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GoldLabel } from '../../../../shared/domain/model';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { loadGoldHistory, loadGoldLabels, setGoldLabel } from '../../../../renderer/db/gold';
import { importStudies } from '../../../../renderer/db/import-study';
import { GoldSession, type GoldUnit } from '../../../../renderer/features/adjudication/gold-session';
import { closeDatabases, demoStudy, dumpTables, freshDatabase } from '../../db/db-fixtures';

afterEach(closeDatabases);

const DEMO = 'demo-study';
const FINAL: GoldUnit = {
  unitId: 's-coffee-orca/10',
  labels: [
    { rater: 'human:ann-1', value: 'matched' },
    { rater: 'human:ann-2', value: 'unmatched' },
  ],
} as GoldUnit;
const EARLIER = '2026-11-20T08:00:00.000Z';

describe('a sitting of adjudication', () => {
  let db: StudioDatabase;
  let session: GoldSession;
  let clock: number;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demoStudy()]);
    clock = Date.parse('2026-11-24T10:00:00.000Z');
    session = new GoldSession(db, { studyId: DEMO, task: 'match', by: () => 'Lena Lead', now: () => new Date((clock += 1000)) });
  });

  /** FINAL's gold label "unmatched", set by an earlier lead before this sitting. */
  const setEarlierGold = (basis: string[]) =>
    setGoldLabel(db, { studyId: DEMO, task: 'match', unitId: FINAL.unitId, value: 'unmatched', note: 'old', by: 'Earlier lead', basis, now: EARLIER });
  const stored = async () => (await loadGoldLabels(db, DEMO)).find((gold) => gold.unitId === FINAL.unitId);

  it('sets gold on a unit without one at once, with the note and the labels it was decided on', async () => {
    expect(await session.choose(FINAL, 'matched', '  names the cause ')).toBe('set');
    expect(await stored()).toMatchObject({
      value: 'matched',
      note: 'names the cause',
      by: 'Lena Lead',
      basis: ['human:ann-1=matched', 'human:ann-2=unmatched'],
    });
    // The same value again only updates the note: no question.
    expect(await session.choose(FINAL, 'matched', 'names the cause, plainly')).toBe('set');
    expect((await stored())?.note).toBe('names the cause, plainly');
    expect(session.store.getState().asking).toBeUndefined();
  });

  it('asks before replacing a different gold label; keep writes nothing, replace writes the chosen value', async () => {
    await session.choose(FINAL, 'matched', 'names the cause');
    const before = await dumpTables(db);

    expect(await session.choose(FINAL, 'unmatched', 'names the cause')).toBe('asked');
    expect(session.store.getState().asking).toMatchObject({ value: 'unmatched', note: 'names the cause', stored: { value: 'matched' } });
    expect(await dumpTables(db)).toEqual(before);
    // While the question waits, another choice does nothing.
    expect(await session.choose(FINAL, 'matched', '')).toBe('ignored');

    session.keep();
    expect(session.store.getState()).toMatchObject({ asking: undefined, notice: 'Kept the gold label matched.' });
    expect(await dumpTables(db)).toEqual(before);

    await session.choose(FINAL, 'unmatched', 'too vague after all');
    expect(await session.replace()).toBe('set');
    expect(await stored()).toMatchObject({ value: 'unmatched', note: 'too vague after all' });
    expect(session.store.getState().asking).toBeUndefined();
  });

  it('asks about a gold label set elsewhere (before this sitting) too', async () => {
    await setEarlierGold([]);
    expect(await session.choose(FINAL, 'matched', '')).toBe('asked');
    expect(await session.replace()).toBe('set');
    expect((await stored())?.value).toBe('matched');
  });

  it('undoes the sitting’s changes newest first, restoring each earlier gold label exactly, audited', async () => {
    await setEarlierGold(['x=y']);
    const original = (await stored()) as GoldLabel;

    await session.choose(FINAL, 'matched', 'new');
    await session.replace();
    await session.clear(FINAL);
    expect(await stored()).toBeUndefined();

    expect(await session.undo()).toBe(FINAL.unitId);
    expect(await stored()).toMatchObject({ value: 'matched', note: 'new', by: 'Lena Lead' });
    expect(session.store.getState().notice).toBe(`Undone: ${FINAL.unitId} has the gold label matched again.`);

    expect(await session.undo()).toBe(FINAL.unitId);
    expect(await stored()).toEqual(original);

    // The set before the sitting is not the sitting's to undo.
    expect(await session.undo()).toBeUndefined();
    expect(session.store.getState().notice).toBe('Nothing to undo.');
    expect(await stored()).toEqual(original);

    expect((await loadGoldHistory(db, DEMO, 'match', FINAL.unitId)).map((entry) => [entry.kind, entry.by, entry.new?.value ?? null])).toEqual([
      ['set', 'Earlier lead', 'unmatched'],
      ['set', 'Lena Lead', 'matched'],
      ['clear', 'Lena Lead', null],
      ['undo', 'Lena Lead', 'matched'],
      ['undo', 'Lena Lead', 'unmatched'],
    ]);
  });

  it('undoes a first gold label by clearing it again', async () => {
    await session.choose(FINAL, 'matched', '');
    await session.undo();
    expect(await stored()).toBeUndefined();
    expect(session.store.getState().notice).toBe(`Undone: ${FINAL.unitId} has no gold label again.`);
  });

  it('ignores a choice made while a write runs', async () => {
    const first = session.choose(FINAL, 'matched', '');
    expect(await session.choose(FINAL, 'unmatched', '')).toBe('ignored');
    expect(await first).toBe('set');
    expect((await stored())?.value).toBe('matched');
  });
});

describe('a gold set on a question', () => {
  const QUESTION: GoldUnit = { unitId: 's-coffee-orca/1', labels: [{ rater: 'human:ann-1', value: 'no' }] } as GoldUnit;

  it('sets a set, asks before replacing it with another set of the same value, and undoes back to it', async () => {
    const db = freshDatabase();
    await importStudies(db, [demoStudy()]);
    const session = new GoldSession(db, { studyId: DEMO, task: 'answer', by: () => 'Lena Lead' });
    expect(await session.choose(QUESTION, 'no', '', ['no', 'irrelevant'])).toBe('set');
    expect(await session.choose(QUESTION, 'no', '', ['no', 'irrelevant'])).toBe('set');
    expect(await session.choose(QUESTION, 'no', '')).toBe('asked');
    expect(session.store.getState().asking).toMatchObject({ value: 'no', stored: { acceptable: ['no', 'irrelevant'] } });
    session.keep();
    expect(session.store.getState().notice).toBe('Kept the gold label no + irrelevant.');
    expect(await session.choose(QUESTION, 'no', '', ['no', 'yes'])).toBe('asked');
    expect(await session.replace()).toBe('set');
    expect(await loadGoldLabels(db, DEMO)).toMatchObject([{ value: 'no', acceptable: ['no', 'yes'] }]);
    expect(await session.undo()).toBe(QUESTION.unitId);
    expect(session.store.getState().notice).toBe(`Undone: ${QUESTION.unitId} has the gold label no + irrelevant again.`);
    expect(await loadGoldLabels(db, DEMO)).toMatchObject([{ value: 'no', acceptable: ['no', 'irrelevant'] }]);
  });
});
