// Asks once for persistent storage and reports usage, so the user can see that labels are
// kept and how much room they take.

import { useEffect, useState } from 'react';
import { requestPersistentStorage, type StorageStatus } from '../db/storage';

export function useStorageStatus(refreshKey: unknown): StorageStatus | undefined {
  const [status, setStatus] = useState<StorageStatus>();
  useEffect(() => {
    let cancelled = false;
    requestPersistentStorage()
      .then((next) => {
        if (!cancelled) setStatus(next);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);
  return status;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
