// The one reading of the browser's storage state that every page shows: persistent storage is
// asked for once per window, then usage and the persisted flag are re-read after writes (from
// this tab, another tab or a worker), so no page shows a figure older than the last write.

import Dexie from 'dexie';
import { requestPersistentStorage, type StorageStatus } from './storage';

/** Writes come in bursts (a label per key press, an import in chunks): one re-read per burst. */
const REFRESH_DELAY_MS = 400;

export class StorageStatusSource {
  private status: StorageStatus | undefined;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onMutated = () => this.refreshSoon();

  constructor(private readonly storage: StorageManager | undefined = globalThis.navigator?.storage) {}

  /** Asks for persistent storage and reads usage, then follows every write; returns the stop. */
  start(): () => void {
    requestPersistentStorage(this.storage).then(
      (status) => this.set(status),
      () => this.set({ persisted: false }),
    );
    Dexie.on('storagemutated', this.onMutated);
    return () => {
      Dexie.on.storagemutated.unsubscribe(this.onMutated);
      if (this.timer !== undefined) clearTimeout(this.timer);
    };
  }

  /** Re-reads without asking again: asking is the user's choice after the first time. */
  async refresh(): Promise<void> {
    if (!this.storage) return;
    const [persisted, estimate] = await Promise.all([this.storage.persisted?.() ?? false, this.storage.estimate?.()]);
    this.set({ persisted, usageBytes: estimate?.usage, quotaBytes: estimate?.quota });
  }

  refreshSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refresh().catch(() => undefined);
    }, REFRESH_DELAY_MS);
  }

  get = (): StorageStatus | undefined => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(status: StorageStatus) {
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}
