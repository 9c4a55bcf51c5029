// Storage facts the user must see: quota errors recognised however Dexie wraps them and told in
// plain words, and persistent storage asked for with usage and quota reported.

import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeStorageError, isQuotaError, requestPersistentStorage } from '../../../renderer/db/storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

type FakeStorage = Pick<StorageManager, 'persisted' | 'persist' | 'estimate'>;

function fakeStorage(options: { persisted: boolean; grants: boolean; usage?: number; quota?: number }) {
  const storage = {
    persisted: vi.fn(async () => options.persisted),
    persist: vi.fn(async () => options.grants),
    estimate: vi.fn(async (): Promise<StorageEstimate> => ({ usage: options.usage, quota: options.quota })),
  } satisfies FakeStorage;
  return { storage, manager: storage as FakeStorage as StorageManager };
}

describe('isQuotaError', () => {
  it('recognises a QuotaExceededError', () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe(true);
  });

  it('recognises it as the inner error of an abort, as Dexie reports it', () => {
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', new DOMException('full', 'QuotaExceededError')))).toBe(true);
  });

  it('recognises it nested two levels deep', () => {
    expect(isQuotaError({ name: 'BulkError', inner: { name: 'AbortError', inner: { name: 'QuotaExceededError' } } })).toBe(true);
    expect(isQuotaError(new Dexie.OpenFailedError('open failed', new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError'))))).toBe(true);
  });

  it('rejects other errors and non-errors', () => {
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false);
    expect(isQuotaError({ name: 'AbortError' })).toBe(false);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'ConstraintError' } })).toBe(false);
    expect(isQuotaError({ name: 'AbortError', inner: null })).toBe(false);
    expect(isQuotaError(new Dexie.ConstraintError('Key already exists in the object store.'))).toBe(false);
    expect(isQuotaError(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isQuotaError({ message: 'QuotaExceededError' })).toBe(false);
    for (const value of [undefined, null, 0, '', 'QuotaExceededError', true]) expect(isQuotaError(value), String(value)).toBe(false);
  });

  it('stops on an error that is its own inner error', () => {
    const loop: { name: string; inner?: unknown } = { name: 'AbortError' };
    loop.inner = loop;
    expect(isQuotaError(loop)).toBe(false);
  });
});

describe('describeStorageError', () => {
  it('tells the user the disk is full and what to do (free space, delete a study, export a backup), for quota errors however wrapped', () => {
    for (const error of [
      { name: 'QuotaExceededError' },
      { name: 'AbortError', inner: { name: 'QuotaExceededError' } },
      new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')),
    ]) {
      const message = describeStorageError(error);
      expect(message).toMatch(/disk space/);
      expect(message).toMatch(/nothing was saved/);
      expect(message).toMatch(/delete a study/);
      expect(message).toMatch(/export a backup/);
    }
  });

  it("gives the error's own message otherwise", () => {
    expect(describeStorageError(new Error('the bundle is broken'))).toBe('the bundle is broken');
    expect(describeStorageError(new Dexie.ConstraintError('Key already exists'))).toBe('Key already exists');
    expect(describeStorageError('plain text')).toBe('plain text');
    expect(describeStorageError(new Error('no room at the inn'))).not.toMatch(/disk space/);
  });
});

describe('requestPersistentStorage', () => {
  it('reports storage that is already persistent, with usage and quota, without asking again', async () => {
    const { storage, manager } = fakeStorage({ persisted: true, grants: false, usage: 1_234, quota: 50_000 });
    expect(await requestPersistentStorage(manager)).toEqual({ persisted: true, usageBytes: 1_234, quotaBytes: 50_000 });
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('asks for persistence when it is not yet granted', async () => {
    const { storage, manager } = fakeStorage({ persisted: false, grants: true, usage: 10, quota: 100 });
    expect(await requestPersistentStorage(manager)).toEqual({ persisted: true, usageBytes: 10, quotaBytes: 100 });
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('reports a refusal as not persisted, still with usage and quota', async () => {
    const { manager } = fakeStorage({ persisted: false, grants: false, usage: 0, quota: 2_000 });
    expect(await requestPersistentStorage(manager)).toEqual({ persisted: false, usageBytes: 0, quotaBytes: 2_000 });
  });

  it('uses navigator.storage when given no manager', async () => {
    const { manager } = fakeStorage({ persisted: true, grants: true, usage: 5, quota: 6 });
    vi.stubGlobal('navigator', { storage: manager });
    expect(await requestPersistentStorage()).toEqual({ persisted: true, usageBytes: 5, quotaBytes: 6 });
  });

  it('returns { persisted: false } and nothing else where there is no StorageManager', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toStrictEqual({ persisted: false });
    expect(await requestPersistentStorage(undefined)).toStrictEqual({ persisted: false });
    vi.stubGlobal('navigator', undefined);
    expect(await requestPersistentStorage()).toStrictEqual({ persisted: false });
  });
});
