// Every schema version after 1, opened on a frozen database of the version before it (v1 to v5): the
// fixtures in test/fixtures/db are written with the old schema (renderer/db/migrations), then
// opened at the newer version, which must keep every record exactly and have its new tables.

import { readFileSync } from 'node:fs';
// node:url's URL, not the global, as in db-fixtures.ts.
import { fileURLToPath, URL } from 'node:url';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { GoldLabel, Label } from '../../../shared/domain/model';
import { StudioDatabase } from '../../../renderer/db/database';
import { SCHEMA_V1 } from '../../../renderer/db/migrations/v1-tables';
import { SCHEMA_V2 } from '../../../renderer/db/migrations/v2-assignments';
import { SCHEMA_V3 } from '../../../renderer/db/migrations/v3-gold';
import { SCHEMA_V4 } from '../../../renderer/db/migrations/v4-judge-runs';
import { SCHEMA_V5 } from '../../../renderer/db/migrations/v5-team-server';
import { SCHEMA_V6 } from '../../../renderer/db/migrations/v6-prompt-searches';

/** Table name -> rows in primary-key order, as a database of that version holds them. */
type Dump = Record<string, unknown[]>;

type Stores = Readonly<Record<string, string>>;

/** The tables of the versions after 3, empty in any database an older app wrote. */
const EMPTY_SINCE_V4: Dump = Object.fromEntries([...Object.keys(SCHEMA_V4), ...Object.keys(SCHEMA_V5), ...Object.keys(SCHEMA_V6)].map((table) => [table, []]));

/** The current schema version, which every migration ends at. */
const CURRENT = 6;

function fixture(version: 1 | 2 | 3 | 4 | 5): Dump {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/db/v${version}.json`, import.meta.url)), 'utf8')) as Dump;
}

async function dump(db: Dexie): Promise<Dump> {
  const rows: Dump = {};
  for (const table of db.tables) rows[table.name] = await table.toArray();
  return rows;
}

/** The object stores of the opened database with their key paths and index names, read from IndexedDB itself. */
function storesOf(db: Dexie): Record<string, { keyPath: unknown; indexes: string[] }> {
  const idb = db.backendDB();
  const names = Array.from(idb.objectStoreNames);
  const tx = idb.transaction(names, 'readonly');
  return Object.fromEntries(
    names.map((name) => {
      const store = tx.objectStore(name);
      return [name, { keyPath: store.keyPath, indexes: Array.from(store.indexNames).sort() }];
    }),
  );
}

/**
 * Makes a database as the app at the fixture's version made it (the frozen store definitions of
 * every version up to it), writes the fixture into it and closes it. Reading it back first
 * proves the fixture covers every table and lists each table's rows in primary-key order.
 */
async function writeOldDatabase(name: string, versions: readonly Stores[], rows: Dump): Promise<IDBFactory> {
  const indexedDB = new IDBFactory();
  const old = new Dexie(name, { indexedDB, IDBKeyRange });
  versions.forEach((stores, index) => old.version(index + 1).stores(stores));
  await old.open();
  expect(old.tables.map((table) => table.name).sort()).toEqual(Object.keys(rows).sort());
  await old.transaction('rw', old.tables, async () => {
    for (const [table, list] of Object.entries(rows)) await old.table(table).bulkAdd(list);
  });
  expect(await dump(old)).toStrictEqual(rows);
  old.close();
  return indexedDB;
}

async function openCurrent(name: string, indexedDB: IDBFactory): Promise<StudioDatabase> {
  const db = new StudioDatabase(name, { indexedDB, IDBKeyRange });
  await db.open();
  return db;
}

/** The labels of a fixture that were stored without createdAt (imported from label files). */
const withoutCreatedAt = (rows: Dump) => (rows.labels as Label[]).filter((label) => !('createdAt' in label));

describe('the frozen fixtures', () => {
  it('hold every kind of record the migrations must keep, including labels without createdAt', () => {
    const v1 = fixture(1);
    const v2 = fixture(2);
    const v3 = fixture(3);
    expect(Object.keys(v1).sort()).toEqual(Object.keys(SCHEMA_V1).sort());
    expect(Object.keys(v2).sort()).toEqual([...Object.keys(SCHEMA_V1), ...Object.keys(SCHEMA_V2)].sort());
    expect(Object.keys(v3).sort()).toEqual([...new Set([...Object.keys(SCHEMA_V1), ...Object.keys(SCHEMA_V2), ...Object.keys(SCHEMA_V3)])].sort());
    // Version 3 is version 2 with gold labels: the same records, so each migration is tried on one known database.
    expect({ ...v3, gold: undefined }).toStrictEqual({ ...v2, gold: undefined });
    for (const rows of [v1, v2, v3]) {
      for (const [table, list] of Object.entries(rows)) expect(list.length, table).toBeGreaterThan(0);
      expect(withoutCreatedAt(rows).length).toBeGreaterThan(0);
    }
  });
});

describe('migration to version 2 (migrations/v2-assignments.ts)', () => {
  it('keeps every record of a version 1 database as it was and adds the empty assignments table', async () => {
    const rows = fixture(1);
    const indexedDB = await writeOldDatabase('to-v2', [SCHEMA_V1], rows);
    const db = new Dexie('to-v2', { indexedDB, IDBKeyRange });
    db.version(1).stores(SCHEMA_V1);
    db.version(2).stores(SCHEMA_V2);
    await db.open();
    try {
      expect(db.verno).toBe(2);
      expect(await dump(db)).toStrictEqual({ ...rows, assignments: [] });
      // No backfill: `at` is when a label was last set, so it cannot stand in for createdAt.
      const key = (label: Label) => [label.studyId, label.annotatorId, label.task, label.unitId];
      for (const label of withoutCreatedAt(rows)) expect(await db.table('labels').get(key(label))).toStrictEqual(label);
      const stores = storesOf(db);
      expect(stores.assignments).toEqual({ keyPath: ['studyId', 'annotatorId', 'task'], indexes: [] });
      // Version 2 still had the label indexes that version 3 drops.
      expect(stores.labels?.indexes).toEqual(['[studyId+annotatorId]', '[studyId+task]', '[studyId+unitId]']);
    } finally {
      db.close();
    }
  });
});

describe('migration to version 3 (migrations/v3-gold.ts)', () => {
  it('keeps every record of a version 2 database as it was, adds the empty gold table and drops the label indexes', async () => {
    const rows = fixture(2);
    const indexedDB = await writeOldDatabase('to-v3', [SCHEMA_V1, SCHEMA_V2], rows);
    const db = await openCurrent('to-v3', indexedDB);
    try {
      expect(db.verno).toBe(CURRENT);
      expect(await dump(db)).toStrictEqual({ ...rows, gold: [], ...EMPTY_SINCE_V4 });
      const stores = storesOf(db);
      expect(stores.gold).toEqual({ keyPath: ['studyId', 'task', 'unitId'], indexes: [] });
      expect(stores.labels).toEqual({ keyPath: ['studyId', 'annotatorId', 'task', 'unitId'], indexes: [] });
      // Only the label indexes go: the others stay as version 1 made them.
      expect(stores.sessions?.indexes).toEqual(['[studyId+puzzleId]']);
      expect(stores.turns?.indexes).toEqual(['[studyId+sessionId+index]', '[studyId+type]']);
      expect(stores.audit?.indexes).toEqual(['at', 'studyId']);
      expect(Object.keys(stores).sort()).toEqual(
        [...Object.keys(SCHEMA_V1), ...Object.keys(SCHEMA_V2), 'gold', ...Object.keys(SCHEMA_V4), ...Object.keys(SCHEMA_V5), ...Object.keys(SCHEMA_V6)].sort(),
      );
      expect(Object.keys(SCHEMA_V3).every((table) => table in stores)).toBe(true);
    } finally {
      db.close();
    }
  });
});

describe('migration to version 4 (migrations/v4-judge-runs.ts)', () => {
  it('keeps every record of a version 3 database as it was and adds the four empty judge tables', async () => {
    const rows = fixture(3);
    const indexedDB = await writeOldDatabase('to-v4', [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3], rows);
    const db = await openCurrent('to-v4', indexedDB);
    try {
      expect(db.verno).toBe(CURRENT);
      expect(await dump(db)).toStrictEqual({ ...rows, ...EMPTY_SINCE_V4 });
      const stores = storesOf(db);
      expect(stores.judgeEndpoints).toEqual({ keyPath: 'id', indexes: [] });
      expect(stores.promptVersions).toEqual({ keyPath: 'name', indexes: [] });
      expect(stores.judgeRuns).toEqual({ keyPath: 'id', indexes: ['studyId'] });
      expect(stores.judgeAnswers).toEqual({ keyPath: ['runId', 'key'], indexes: [] });
      // The tables version 3 had are as it made them.
      expect(stores.gold).toEqual({ keyPath: ['studyId', 'task', 'unitId'], indexes: [] });
      expect(stores.audit?.indexes).toEqual(['at', 'studyId']);
      const gold = rows.gold as GoldLabel[];
      expect(await db.gold.get([gold[0]!.studyId, gold[0]!.task, gold[0]!.unitId])).toStrictEqual(gold[0]);
    } finally {
      db.close();
    }
  });
});

describe('migration to version 5 (migrations/v5-team-server.ts)', () => {
  it('keeps every record of a version 4 database as it was, judge runs included, and adds the two empty team server tables', async () => {
    const rows = fixture(4);
    // Version 4 is version 3 with a judge endpoint, a prompt version, a run and its answers.
    const { judgeEndpoints, promptVersions, judgeRuns, judgeAnswers, ...older } = rows;
    expect(older).toStrictEqual(fixture(3));
    for (const list of [judgeEndpoints, promptVersions, judgeRuns, judgeAnswers]) expect(list?.length).toBeGreaterThan(0);
    const indexedDB = await writeOldDatabase('to-v5', [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4], rows);
    const db = await openCurrent('to-v5', indexedDB);
    try {
      expect(db.verno).toBe(CURRENT);
      expect(await dump(db)).toStrictEqual({ ...rows, syncConnections: [], teamDatabases: [], promptSearches: [] });
      const stores = storesOf(db);
      expect(stores.syncConnections).toEqual({ keyPath: 'studyId', indexes: [] });
      expect(stores.teamDatabases).toEqual({ keyPath: ['studyId', 'annotatorId'], indexes: ['studyId'] });
      // The tables version 4 had are as it made them.
      expect(stores.judgeRuns).toEqual({ keyPath: 'id', indexes: ['studyId'] });
      expect(stores.judgeAnswers).toEqual({ keyPath: ['runId', 'key'], indexes: [] });
      expect(await db.judgeRuns.get('run-91c2')).toStrictEqual(judgeRuns?.[0]);
    } finally {
      db.close();
    }
  });
});

describe('migration to version 6 (migrations/v6-prompt-searches.ts)', () => {
  it('keeps every record of a version 5 database as it was, team servers included, and adds the empty prompt searches table', async () => {
    const rows = fixture(5);
    // Version 5 is version 4 with a study's team server connection and an annotator's database on it.
    const { syncConnections, teamDatabases, ...older } = rows;
    expect(older).toStrictEqual(fixture(4));
    for (const list of [syncConnections, teamDatabases]) expect(list?.length).toBeGreaterThan(0);
    const indexedDB = await writeOldDatabase('to-v6', [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5], rows);
    const db = await openCurrent('to-v6', indexedDB);
    try {
      expect(db.verno).toBe(CURRENT);
      expect(await dump(db)).toStrictEqual({ ...rows, promptSearches: [] });
      const stores = storesOf(db);
      expect(stores.promptSearches).toEqual({ keyPath: 'id', indexes: ['studyId'] });
      // The tables version 5 had are as it made them.
      expect(stores.teamDatabases).toEqual({ keyPath: ['studyId', 'annotatorId'], indexes: ['studyId'] });
      expect(stores.judgeRuns).toEqual({ keyPath: 'id', indexes: ['studyId'] });
      expect(await db.teamDatabases.get(['fixture-study', 'ann-1'])).toStrictEqual(teamDatabases?.[0]);
    } finally {
      db.close();
    }
  });
});

describe('a version 1 database opened by the current app (both migrations in turn)', () => {
  it('keeps every record, has every table of the current schema, and takes new rows in the new tables', async () => {
    const rows = fixture(1);
    const indexedDB = await writeOldDatabase('v1-to-current', [SCHEMA_V1], rows);
    const db = await openCurrent('v1-to-current', indexedDB);
    try {
      expect(db.backendDB().version).toBe(db.verno * 10);
      expect(await dump(db)).toStrictEqual({ ...rows, assignments: [], gold: [], ...EMPTY_SINCE_V4 });
      expect(storesOf(db).labels?.indexes).toEqual([]);

      const gold: GoldLabel = {
        studyId: 'fixture-study',
        task: 'answer',
        unitId: 's-coffee-orca/1',
        value: 'no',
        note: '',
        by: 'Lead',
        at: '2026-11-23T09:00:00.000Z',
        basis: ['ann-1=irrelevant', 'ann-2=no'],
      };
      await db.gold.put(gold);
      await db.assignments.put({ studyId: 'fixture-study', annotatorId: 'ann-1', task: 'answer', units: ['s-coffee-orca/1'] });
      expect(await db.gold.get(['fixture-study', 'answer', 's-coffee-orca/1'])).toStrictEqual(gold);
      expect(await db.assignments.count()).toBe(1);
      // The audit log keeps counting from the fixture's last id.
      expect(await db.audit.add({ studyId: 'fixture-study', at: '2026-11-23T09:00:00.000Z', kind: 'gold:set', detail: '' })).toBe(rows.audit!.length + 1);
    } finally {
      db.close();
    }
  });
});
