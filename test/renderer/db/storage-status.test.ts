// The window's one storage state: persistence asked for once, then usage and the persisted flag
// re-read after every burst of writes, so the footer never shows a figure from before the last
// write (the footer once said "0 B used" on one page and "479.8 KB used" on the next).

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { StorageStatusSource } from '../../../renderer/db/storage-status';
import { demoStudy } from '../features/labelling/workspace-fixtures';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function fakeStorage() {
  let usage = 0;
  const storage = {
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => true),
    estimate: vi.fn(async (): Promise<StorageEstimate> => ({ usage, quota: 1_000_000 })),
  };
  return { storage, manager: storage as unknown as StorageManager, grow: (bytes: number) => (usage += bytes) };
}

describe('StorageStatusSource', () => {
  it('asks for persistence once, then follows writes with fresh usage and the persisted flag', async () => {
    const fake = fakeStorage();
    const source = new StorageStatusSource(fake.manager);
    const seen: unknown[] = [];
    source.subscribe(() => seen.push(source.get()));
    stops.push(source.start());
    await expect.poll(() => source.get()).toEqual({ persisted: true, usageBytes: 0, quotaBytes: 1_000_000 });

    // Once granted, the browser reports it persisted; the source reads that, it never asks again.
    fake.storage.persisted.mockResolvedValue(true);
    fake.grow(491_315);
    const db = new StudioDatabase('storage-status-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    await importStudies(db, [demoStudy()]);
    await expect.poll(() => source.get()?.usageBytes, { timeout: 5_000 }).toBe(491_315);
    expect(source.get()?.persisted).toBe(true);
    expect(fake.storage.persist).toHaveBeenCalledTimes(1);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    db.close();
  });

  it('reads nothing and says not persisted where the browser has no storage manager', async () => {
    const source = new StorageStatusSource(undefined);
    stops.push(source.start());
    await expect.poll(() => source.get()).toEqual({ persisted: false });
  });
});
