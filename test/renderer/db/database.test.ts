// The schema (version 1, the assignments table of version 2, the gold table of version 3, the judge runs' tables of version 4, the team server's of version 5 and the prompt searches of version 6) as later features rely on it: every table, primary key and index, both as
// Dexie declares it and as IndexedDB actually created it; and every transaction opened durable.

import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { StudioDatabase } from '../../../renderer/db/database';
import { deleteStudy, importStudies } from '../../../renderer/db/import-study';
import { annotator, closeDatabases, demoStudy, freshDatabase, label } from './db-fixtures';
import { watchTransactions } from './middleware-fixtures';

afterEach(closeDatabases);

/**
 * What later features rely on: table -> primary key and the secondary indexes they query. A
 * table may carry more indexes; it may not lose one of these.
 */
const REQUIRED = {
  studies: { primKey: 'id', indexes: [] },
  puzzles: { primKey: '[studyId+id]', indexes: [] },
  sessions: { primKey: '[studyId+id]', indexes: ['[studyId+puzzleId]'] },
  turns: { primKey: '[studyId+id]', indexes: ['[studyId+sessionId+index]', '[studyId+type]'] },
  annotators: { primKey: '[studyId+id]', indexes: [] },
  labels: { primKey: '[studyId+annotatorId+task+unitId]', indexes: [] },
  audit: { primKey: 'id', indexes: ['studyId'] },
  meta: { primKey: 'key', indexes: [] },
  assignments: { primKey: '[studyId+annotatorId+task]', indexes: [] },
  gold: { primKey: '[studyId+task+unitId]', indexes: [] },
  judgeEndpoints: { primKey: 'id', indexes: [] },
  promptVersions: { primKey: 'name', indexes: [] },
  judgeRuns: { primKey: 'id', indexes: ['studyId'] },
  judgeAnswers: { primKey: '[runId+key]', indexes: [] },
  syncConnections: { primKey: 'studyId', indexes: [] },
  teamDatabases: { primKey: '[studyId+annotatorId]', indexes: ['studyId'] },
  promptSearches: { primKey: 'id', indexes: ['studyId'] },
} as const;

/** Tables whose rows belong to one study, and so must be selectable (and deletable) by study. */
const PER_STUDY = ['puzzles', 'sessions', 'turns', 'annotators', 'labels', 'assignments', 'gold'] as const;

const sorted = (names: Iterable<string>): string[] => [...names].sort();

/** Dexie's index name "[a+b]" as an IndexedDB key path. */
const keyPathOf = (name: string): string | string[] => (name.startsWith('[') ? name.slice(1, -1).split('+') : name);

describe('the schema, version 6', () => {
  it('declares every table with the primary key and indexes later features use, through db.tables', () => {
    const db = freshDatabase();
    expect(db.verno).toBe(6);
    expect(sorted(db.tables.map((table) => table.name))).toEqual(sorted(Object.keys(REQUIRED)));
    for (const table of db.tables) {
      const required = REQUIRED[table.name as keyof typeof REQUIRED];
      expect(table.schema.primKey.name, table.name).toBe(required.primKey);
      expect(
        table.schema.indexes.map((index) => index.name),
        table.name,
      ).toEqual(expect.arrayContaining([...required.indexes]));
    }
    expect(db.audit.schema.primKey.auto).toBe(true);
    // Version 3 dropped the label indexes: every label read is a range of the primary key.
    expect(db.labels.schema.indexes).toEqual([]);
    expect(db.turns.schema.indexes.find((index) => index.name === '[studyId+sessionId+index]')).toMatchObject({
      compound: true,
      keyPath: ['studyId', 'sessionId', 'index'],
    });
  });

  it('lets every per-study table select all of a study by key: a studyId index or a primary key that starts with studyId', () => {
    const db = freshDatabase();
    for (const name of PER_STUDY) {
      const { primKey, indexes } = db.table(name).schema;
      const byPrimaryKey = Array.isArray(primKey.keyPath) && primKey.keyPath[0] === 'studyId';
      const byIndex = indexes.some((index) => index.keyPath === 'studyId');
      expect(byPrimaryKey || byIndex, name).toBe(true);
    }
  });

  it('creates the same object stores and indexes in IndexedDB', async () => {
    const db = freshDatabase();
    await db.open();
    const idb = db.backendDB();
    expect(sorted(Array.from(idb.objectStoreNames))).toEqual(sorted(Object.keys(REQUIRED)));
    const tx = idb.transaction(Object.keys(REQUIRED), 'readonly');
    for (const [name, required] of Object.entries(REQUIRED)) {
      const store = tx.objectStore(name);
      expect(store.keyPath, name).toEqual(keyPathOf(required.primKey));
      expect(Array.from(store.indexNames), name).toEqual(expect.arrayContaining([...required.indexes]));
      for (const index of required.indexes) expect(store.index(index).keyPath, `${name}.${index}`).toEqual(keyPathOf(index));
    }
    expect(tx.objectStore('audit').autoIncrement).toBe(true);
  });

  it('answers the label queries the app makes by primary-key range: a study, an annotator in it, a task of theirs', async () => {
    const db = freshDatabase();
    await db.labels.bulkPut([
      label('s1', 'ann-1', 't-1', 'answer', 'yes'),
      label('s1', 'ann-2', 't-1', 'answer', 'no'),
      label('s1', 'ann-1', 't-2', 'match', 'matched'),
      label('s1', 'ann-1', 'p-1', 'difficulty', 3),
      label('s2', 'ann-1', 't-1', 'answer', 'yes'),
    ]);
    const keys = (labels: { annotatorId: string; unitId: string; task: string }[]) => labels.map((l) => `${l.annotatorId}/${l.task}/${l.unitId}`).sort();
    const range = (...prefix: string[]) =>
      db.labels
        .where(':id')
        .between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey], true, true)
        .toArray();

    expect(keys(await range('s1'))).toEqual(['ann-1/answer/t-1', 'ann-1/difficulty/p-1', 'ann-1/match/t-2', 'ann-2/answer/t-1']);
    expect(keys(await range('s1', 'ann-1'))).toEqual(['ann-1/answer/t-1', 'ann-1/difficulty/p-1', 'ann-1/match/t-2']);
    expect(keys(await range('s1', 'ann-1', 'answer'))).toEqual(['ann-1/answer/t-1']);
    // The primary key makes a label unique per annotator, task and unit: a second put replaces it.
    await db.labels.put({ ...label('s1', 'ann-1', 't-1', 'answer', 'irrelevant'), rev: 2 });
    expect(await db.labels.count()).toBe(5);
    expect(await db.labels.get(['s1', 'ann-1', 'answer', 't-1'])).toMatchObject({ value: 'irrelevant', rev: 2 });
  });

  it("names the default database as shipped, since a new name would lose every user's data", () => {
    const db = new StudioDatabase(undefined, { indexedDB: new IDBFactory(), IDBKeyRange });
    expect(db.name).toBe('agreement-studio');
  });
});

describe('databases made by the first version 1 schema', () => {
  // SCHEMA_V1 as committed in 2564a51, with a separate studyId index on every per-study table.
  // Version 1 was later changed in place to drop those indexes, so databases of either shape exist.
  const FIRST_V1 = {
    studies: 'id',
    puzzles: '[studyId+id], studyId',
    sessions: '[studyId+id], studyId, [studyId+puzzleId]',
    turns: '[studyId+id], studyId, [studyId+sessionId+index], [studyId+type]',
    annotators: '[studyId+id], studyId',
    labels: '[studyId+annotatorId+task+unitId], studyId, [studyId+unitId], [studyId+annotatorId], [studyId+task]',
    audit: '++id, studyId, at',
    meta: 'key',
  };

  it('still open, keep their rows, and import and delete studies', async () => {
    const indexedDB = new IDBFactory();
    const first = new Dexie('first-v1', { indexedDB, IDBKeyRange });
    first.version(1).stores(FIRST_V1);
    const demo = demoStudy();
    await first.table('meta').put({ key: 'demo-offered', value: true });
    await first.table('annotators').put(annotator('old-study', 'ann-1'));
    first.close();

    const db = new StudioDatabase('first-v1', { indexedDB, IDBKeyRange });
    try {
      await importStudies(db, [demo]);
      expect(await db.meta.get('demo-offered')).toEqual({ key: 'demo-offered', value: true });
      expect(await db.turns.count()).toBe(demo.turns.length);
      await deleteStudy(db, demo.study.id);
      expect(await db.turns.count()).toBe(0);
      expect(await db.annotators.toArray()).toEqual([annotator('old-study', 'ann-1')]);
    } finally {
      db.close();
    }
  });
});

describe('durability', () => {
  it('opens the import, delete and label transactions as strict, so acknowledged writes are on disk', async () => {
    const db = freshDatabase();
    const opened: { mode: string; requested: unknown; actual: unknown }[] = [];
    db.use(watchTransactions('record-transactions', (tx, mode, options) => opened.push({ mode, requested: options?.durability, actual: tx.durability })));
    const demo = demoStudy();
    await importStudies(db, [demo]);
    await db.transaction('rw', db.annotators, db.labels, async () => {
      await db.annotators.put(annotator(demo.study.id, 'ann-1'));
      await db.labels.put(label(demo.study.id, 'ann-1', demo.puzzles[0]?.id ?? '', 'difficulty', 5));
    });
    await deleteStudy(db, demo.study.id);

    const writes = opened.filter((tx) => tx.mode === 'readwrite');
    expect(writes.length).toBeGreaterThanOrEqual(3);
    expect(writes.every((tx) => tx.requested === 'strict' && tx.actual === 'strict')).toBe(true);
  });
});
