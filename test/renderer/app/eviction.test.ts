// Noticing that the browser cleared the studio's database: the marker in localStorage against
// the study count at start (cleared, partly cleared, never counted, unreadable), reported once,
// and kept current by imports and deletions so that deleting a study never reads as eviction.

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioDatabase } from '../../../renderer/db/database';
import { detectClearedStorage, markerKey, watchForClearedStorage, type ClearedStorage, type MarkerStorage } from '../../../renderer/db/eviction';
import { deleteStudy, importStudies } from '../../../renderer/db/import-study';
import { demoStudy, syntheticStudy } from '../db/db-fixtures';

const opened: StudioDatabase[] = [];
const stops: (() => void)[] = [];
let counter = 0;

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const db of opened.splice(0)) db.close();
});

function database(): StudioDatabase {
  counter += 1;
  const db = new StudioDatabase(`eviction-test-${counter}`);
  opened.push(db);
  return db;
}

/** localStorage as a Map, holding `marker` for `db` when given. */
function storageFor(db: StudioDatabase, marker?: string): MarkerStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  if (marker !== undefined) items.set(markerKey(db.name), marker);
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const markerOf = (db: StudioDatabase, storage: { items: Map<string, string> }) => storage.items.get(markerKey(db.name));

/** Starts watching as the app does, collecting reports; resolves once the marker holds `studies`. */
async function watch(db: StudioDatabase, storage: MarkerStorage & { items: Map<string, string> }, settledAt: number) {
  const reports: ClearedStorage[] = [];
  stops.push(watchForClearedStorage(db, storage, (cleared) => reports.push(cleared)));
  await vi.waitFor(() => expect(markerOf(db, storage)).toBe(JSON.stringify({ studies: settledAt })));
  return reports;
}

describe('the marker', () => {
  it("is agreement-studio.had-data for the app's database, and one per database name", () => {
    expect(markerKey('agreement-studio')).toBe('agreement-studio.had-data');
    expect(markerKey('other')).not.toBe(markerKey('agreement-studio'));
  });
});

describe('detectClearedStorage', () => {
  it('reports a library emptied since it was last counted', async () => {
    const db = database();
    expect(await detectClearedStorage(db, storageFor(db, '{"studies":3}'))).toEqual({ studiesBefore: 3, studiesNow: 0 });
  });

  it('reports a library with fewer studies than last counted', async () => {
    const db = database();
    await importStudies(db, [demoStudy()]);
    expect(await detectClearedStorage(db, storageFor(db, '{"studies":2}'))).toEqual({ studiesBefore: 2, studiesNow: 1 });
  });

  it('reports nothing when the library holds what was counted, or more', async () => {
    const db = database();
    await importStudies(db, [demoStudy(), syntheticStudy(2)]);
    expect(await detectClearedStorage(db, storageFor(db, '{"studies":2}'))).toBeUndefined();
    expect(await detectClearedStorage(db, storageFor(db, '{"studies":1}'))).toBeUndefined();
  });

  it('reports nothing when nothing was ever counted: a first start, or a studio from before the marker', async () => {
    const db = database();
    expect(await detectClearedStorage(db, storageFor(db))).toBeUndefined();
    expect(await detectClearedStorage(db, storageFor(db, '{"studies":0}'))).toBeUndefined();
  });

  it('ignores a marker it did not write', async () => {
    const db = database();
    for (const marker of ['', 'not json', 'null', '3', '[3]', '{"studies":"3"}', '{"studies":-1}', '{"studies":1.5}', '{"studies":1e300}', '{}']) {
      expect(await detectClearedStorage(db, storageFor(db, marker)), marker).toBeUndefined();
    }
  });

  it("reads only its own database's marker", async () => {
    const db = database();
    const storage = storageFor(db);
    storage.items.set(markerKey('another-database'), '{"studies":5}');
    expect(await detectClearedStorage(db, storage)).toBeUndefined();
  });
});

describe('watchForClearedStorage', () => {
  it('reports a cleared library once, then records the new count so the next start does not report it again', async () => {
    const db = database();
    const storage = storageFor(db, '{"studies":2}');
    expect(await watch(db, storage, 0)).toEqual([{ studiesBefore: 2, studiesNow: 0 }]);
    expect(await watch(db, storage, 0)).toEqual([]);
  });

  it('writes the marker on a first start, and follows imports and deletions, so a deleted study is never taken for eviction', async () => {
    const db = database();
    const storage = storageFor(db);
    expect(await watch(db, storage, 0)).toEqual([]);

    const demo = demoStudy();
    await importStudies(db, [demo, syntheticStudy(2)]);
    await vi.waitFor(() => expect(markerOf(db, storage)).toBe('{"studies":2}'));
    await deleteStudy(db, demo.study.id);
    await vi.waitFor(() => expect(markerOf(db, storage)).toBe('{"studies":1}'));
    expect(await detectClearedStorage(db, storage)).toBeUndefined();
  });

  it('stops writing once stopped', async () => {
    const db = database();
    const storage = storageFor(db);
    await watch(db, storage, 0);
    for (const stop of stops.splice(0)) stop();
    await importStudies(db, [demoStudy()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(markerOf(db, storage)).toBe('{"studies":0}');
  });

  it('neither reports nor writes when stopped before the check ends (a component unmounted at once)', async () => {
    const db = database();
    const storage = storageFor(db, '{"studies":2}');
    const onCleared = vi.fn();
    watchForClearedStorage(db, storage, onCleared)();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onCleared).not.toHaveBeenCalled();
    expect(markerOf(db, storage)).toBe('{"studies":2}');
  });

  it('keeps working when localStorage refuses writes', async () => {
    const db = database();
    const storage = storageFor(db, '{"studies":1}');
    const refusing: MarkerStorage = {
      getItem: storage.getItem,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const onCleared = vi.fn();
    stops.push(watchForClearedStorage(db, refusing, onCleared));
    await vi.waitFor(() => expect(onCleared).toHaveBeenCalledWith({ studiesBefore: 1, studiesNow: 0 }));
    await importStudies(db, [demoStudy()]);
    expect(await db.studies.count()).toBe(1);
  });
});
