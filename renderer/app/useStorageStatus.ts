// The storage state for the footer and the cleared-storage banner, from the window's one
// StorageStatusSource (see db/storage-status.ts), so every page says the same thing.

import { useEffect, useState, useSyncExternalStore } from 'react';
import { StorageStatusSource } from '../db/storage-status';
import type { StorageStatus } from '../db/storage';

/** Starts the window's source; App calls it once and hands the source down. */
export function useStorageStatusSource(): StorageStatusSource {
  const [source] = useState(() => new StorageStatusSource());
  useEffect(() => source.start(), [source]);
  return source;
}

export function useStorageStatus(source: StorageStatusSource): StorageStatus | undefined {
  return useSyncExternalStore(source.subscribe, source.get);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
