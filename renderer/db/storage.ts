// Browser storage facts the user should see: asking for persistent storage (so the browser
// does not evict labels under pressure), current usage, and quota errors in plain words.

export interface StorageStatus {
  persisted: boolean;
  usageBytes?: number;
  quotaBytes?: number;
}

export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<StorageStatus> {
  if (!storage) return { persisted: false };
  const persisted = (await storage.persisted?.()) || (await storage.persist?.()) || false;
  const estimate = await storage.estimate?.();
  return { persisted, usageBytes: estimate?.usage, quotaBytes: estimate?.quota };
}

/** True for QuotaExceededError, also when Dexie wraps it as the inner error of an abort. */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'name' in current && (current as { name: unknown }).name === 'QuotaExceededError') return true;
    current = typeof current === 'object' && 'inner' in current ? (current as { inner: unknown }).inner : undefined;
  }
  return false;
}

export function describeStorageError(error: unknown): string {
  if (isQuotaError(error)) {
    // A browser short of space may also clear its storage (see eviction.ts), hence the backup.
    return "The disk or the browser's storage quota is full, so nothing was saved. Free some disk space or delete a study you no longer need, and try again; then export a backup of your labels (Export my labels), since a browser short of disk space may clear its storage.";
  }
  return error instanceof Error ? error.message : String(error);
}
