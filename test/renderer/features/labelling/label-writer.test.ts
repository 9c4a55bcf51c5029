// The label writer against fake-indexeddb: each change is one strict transaction holding the
// label, its audit entry, the annotator record and the resume position; revisions count
// changes; undo puts back a changed label or removes a new one; a failed write leaves nothing;
// the same label set again writes nothing, unless it resolves a conflict between devices.

import type { DBCore, Middleware } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { Label } from '../../../../shared/domain/model';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { describeStorageError } from '../../../../renderer/db/storage';
import {
  NoLabelError,
  positionKey,
  readPosition,
  savePosition,
  undoLabelChange,
  writeLabelChange,
  type LabelAuditDetail,
  type LabelKey,
} from '../../../../renderer/features/labelling/label-writer';
import { closeDatabases, databaseWith, demoStudy, dumpTables } from '../../db/db-fixtures';
import { watchTransactions } from '../../db/middleware-fixtures';
import { quotaMiddleware } from '../../db/quota-failure';

afterEach(closeDatabases);

const demo = demoStudy();
const studyId = demo.study.id;
const KEY: LabelKey = { studyId, annotatorId: 'ann-1', task: 'answer', unitId: 's-coffee-orca/1' };
const T1 = '2026-11-22T10:00:00.000Z';
const T2 = '2026-11-22T10:00:05.000Z';
const T3 = '2026-11-22T10:00:09.000Z';
const context = (now: string, position?: string) => ({ annotatorName: 'Ada', now, ...(position !== undefined ? { position } : {}) });

/** The demo study imported, behind `middleware` if given. */
const withDemo = (middleware?: Middleware<DBCore>) => databaseWith([demo], middleware);

const stored = (db: StudioDatabase, key: LabelKey = KEY) => db.labels.get([key.studyId, key.annotatorId, key.task, key.unitId]);

async function labelAudit(db: StudioDatabase) {
  const entries = (await db.audit.toArray()).filter((entry) => entry.kind.startsWith('label:'));
  return entries.map((entry) => ({ kind: entry.kind, at: entry.at, detail: JSON.parse(entry.detail) as LabelAuditDetail }));
}

describe('writeLabelChange', () => {
  it('writes the same label again as a new revision only when it resolves a conflict between devices', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 10 }, context(T1));
    expect(await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 10 }, context(T2))).toMatchObject({ changed: false });
    const kept = await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 10, resolve: true }, context(T3));
    expect(kept).toMatchObject({ changed: true, after: { value: 'yes', rev: 2, at: T3 } });
    expect(await stored(db)).toMatchObject({ value: 'yes', rev: 2 });
  });

  it('stores a first label at revision 1 with its times, flags, audit entry and annotator record', async () => {
    const db = await withDemo();
    const write = await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1234.4 }, context(T1, 's-coffee-orca/2'));
    const expected: Label = { ...KEY, value: 'yes', at: T1, createdAt: T1, ms: 1234, rev: 1, unsure: false, note: '' };
    expect(write).toEqual({ before: undefined, after: expected, changed: true });
    expect(await stored(db)).toEqual(expected);
    expect(await labelAudit(db)).toEqual([
      {
        kind: 'label:set',
        at: T1,
        detail: { unit: KEY.unitId, task: 'answer', annotator: 'ann-1', old: null, new: 'yes', oldRev: null, rev: 1, unsure: false, note: '' },
      },
    ]);
    expect(await db.annotators.toArray()).toEqual([{ studyId, id: 'ann-1', name: 'Ada' }]);
    expect(await readPosition(db, studyId, 'ann-1', 'answer')).toBe('s-coffee-orca/2');
  });

  it('counts every change in rev, keeps createdAt, moves `at`, adds up time on screen and audits old and new', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1000 }, context(T1));
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'no', ms: 500 }, context(T2));
    await writeLabelChange(db, KEY, { kind: 'label:unsure', unsure: true }, context(T2));
    await writeLabelChange(db, KEY, { kind: 'label:note', note: 'the story never says' }, context(T3));
    expect(await stored(db)).toEqual({ ...KEY, value: 'no', at: T3, createdAt: T1, ms: 1500, rev: 4, unsure: true, note: 'the story never says' });
    const audit = await labelAudit(db);
    expect(audit.map((entry) => entry.kind)).toEqual(['label:set', 'label:set', 'label:unsure', 'label:note']);
    expect(audit.map((entry) => [entry.detail.old, entry.detail.new, entry.detail.oldRev, entry.detail.rev])).toEqual([
      [null, 'yes', null, 1],
      ['yes', 'no', 1, 2],
      ['no', 'no', 2, 3],
      ['no', 'no', 3, 4],
    ]);
    expect(audit[3]?.detail.note).toBe('the story never says');
  });

  it('writes nothing when the label would not change', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 10 }, context(T1));
    const before = await dumpTables(db);
    const write = await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 99 }, context(T2));
    expect(write.changed).toBe(false);
    expect(await dumpTables(db)).toEqual(before);
  });

  it('stores a set of acceptable answers, counts a set in another order or none as a change, and keeps it through flags and notes', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'no', acceptable: ['no', 'irrelevant'], ms: 10 }, context(T1));
    expect(await stored(db)).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'], rev: 1 });
    expect((await writeLabelChange(db, KEY, { kind: 'label:set', value: 'no', acceptable: ['no', 'irrelevant'], ms: 10 }, context(T2))).changed).toBe(false);
    await writeLabelChange(db, KEY, { kind: 'label:unsure', unsure: true }, context(T2));
    expect(await stored(db)).toMatchObject({ acceptable: ['no', 'irrelevant'], unsure: true, rev: 2 });
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'irrelevant', acceptable: ['irrelevant', 'no'], ms: 10 }, context(T2));
    expect(await stored(db)).toMatchObject({ value: 'irrelevant', acceptable: ['irrelevant', 'no'], rev: 3 });
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'irrelevant', ms: 10 }, context(T3));
    expect(await stored(db)).not.toHaveProperty('acceptable');
    const details = (await labelAudit(db)).map((entry) => entry.detail.acceptable);
    expect(details).toEqual([['no', 'irrelevant'], ['no', 'irrelevant'], ['irrelevant', 'no'], undefined]);
  });

  it('stores the unsure flag and note given before the first label with it', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'irrelevant', ms: 1, unsure: true, note: 'hmm' }, context(T1));
    expect(await stored(db)).toMatchObject({ value: 'irrelevant', unsure: true, note: 'hmm', rev: 1 });
  });

  it('refuses an unsure flag or a note on a unit without a label, and leaves the database as it was', async () => {
    const db = await withDemo();
    const before = await dumpTables(db);
    await expect(writeLabelChange(db, KEY, { kind: 'label:unsure', unsure: true }, context(T1))).rejects.toBeInstanceOf(NoLabelError);
    await expect(writeLabelChange(db, KEY, { kind: 'label:note', note: 'x' }, context(T1))).rejects.toBeInstanceOf(NoLabelError);
    expect(await dumpTables(db)).toEqual(before);
  });

  it('keeps labels apart per annotator and task, and renames the annotator record with the profile', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1 }, context(T1));
    await writeLabelChange(db, { ...KEY, annotatorId: 'ann-2' }, { kind: 'label:set', value: 'no', ms: 1 }, context(T1));
    await writeLabelChange(db, { ...KEY, task: 'match' }, { kind: 'label:set', value: 'matched', ms: 1 }, { annotatorName: 'Ada L.', now: T2 });
    expect(await db.labels.count()).toBe(3);
    expect(await stored(db)).toMatchObject({ value: 'yes', rev: 1 });
    expect((await db.annotators.toArray()).map((annotator) => annotator.name).sort()).toEqual(['Ada', 'Ada L.']);
  });

  it('opens its transactions strict, so a resolved write is on disk', async () => {
    const durabilities: unknown[] = [];
    const db = await withDemo(
      watchTransactions('record-durability', (tx, mode) => {
        if (mode === 'readwrite') durabilities.push(tx.durability);
      }),
    );
    durabilities.length = 0;
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1 }, context(T1));
    await undoLabelChange(db, KEY, undefined, context(T2));
    expect(durabilities).toEqual(['strict', 'strict']);
  });

  it('writes nothing at all when the audit entry cannot be written (a full disk)', async () => {
    let full = false;
    const db = await withDemo(quotaMiddleware((table) => (full && table === 'audit' ? 'direct' : undefined)));
    full = true;
    const before = await dumpTables(db);
    const error: unknown = await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1 }, context(T1, 's-coffee-orca/2')).catch(
      (caught: unknown) => caught,
    );
    expect(describeStorageError(error)).toMatch(/storage quota is full/);
    expect(await dumpTables(db)).toEqual(before);
  });
});

describe('undoLabelChange', () => {
  it('removes a label that the undone change created, with an audit entry', async () => {
    const db = await withDemo();
    const write = await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1 }, context(T1));
    const undo = await undoLabelChange(db, KEY, write.before, context(T2, KEY.unitId));
    expect(undo.after).toBeUndefined();
    expect(await stored(db)).toBeUndefined();
    const audit = await labelAudit(db);
    expect(audit.at(-1)).toEqual({
      kind: 'label:undo',
      at: T2,
      detail: { unit: KEY.unitId, task: 'answer', annotator: 'ann-1', old: 'yes', new: null, oldRev: 1, rev: null, unsure: null, note: null },
    });
  });

  it('puts back the value, flag and note a label had, as a new revision', async () => {
    const db = await withDemo();
    await writeLabelChange(db, KEY, { kind: 'label:set', value: 'yes', ms: 1, note: 'first' }, context(T1));
    const change = await writeLabelChange(db, KEY, { kind: 'label:set', value: 'no', ms: 1, unsure: true }, context(T2));
    await undoLabelChange(db, KEY, change.before, context(T3));
    expect(await stored(db)).toEqual({ ...KEY, value: 'yes', at: T3, createdAt: T1, ms: 1, rev: 3, unsure: false, note: 'first' });
    expect((await labelAudit(db)).at(-1)?.detail).toMatchObject({ old: 'no', new: 'yes', oldRev: 2, rev: 3 });
  });
});

describe('resume position', () => {
  it('is kept per study, annotator and task in the meta table', async () => {
    const db = await withDemo();
    await savePosition(db, studyId, 'ann-1', 'answer', 's-coffee-orca/5');
    await savePosition(db, studyId, 'ann-1', 'match', 's-coffee-orca/10');
    expect(await readPosition(db, studyId, 'ann-1', 'answer')).toBe('s-coffee-orca/5');
    expect(await readPosition(db, studyId, 'ann-1', 'match')).toBe('s-coffee-orca/10');
    expect(await readPosition(db, studyId, 'ann-2', 'answer')).toBeUndefined();
    expect(await db.meta.get(positionKey(studyId, 'ann-1', 'answer'))).toEqual({ key: `labelling.position/${studyId}/ann-1/answer`, value: 's-coffee-orca/5' });
  });
});
