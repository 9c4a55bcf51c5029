// Holds the window open while the renderer snapshots the studies that changed: the data lives in
// the renderer's IndexedDB, so only it can write the snapshot. Main process only; takes the
// window and the app as parameters so tests drive it with fakes.

import { IPC_CHANNELS } from '../../shared/ipc/contract';

/** How long closing waits for the renderer's snapshots before it goes ahead anyway. */
export const SNAPSHOT_WAIT_MS = 5_000;

export interface ClosingEvent {
  preventDefault(): void;
}

/** The part of Electron's BrowserWindow the guard uses. */
export interface GuardedWindow {
  on(event: 'close', listener: (event: ClosingEvent) => void): unknown;
  close(): void;
  isDestroyed(): boolean;
  readonly webContents: { send(channel: string): void };
}

/** The part of Electron's app the guard uses. */
export interface QuittingApp {
  on(event: 'before-quit', listener: () => void): unknown;
  quit(): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface CloseGuard {
  /** Holds this window's first close until the renderer answers (or SNAPSHOT_WAIT_MS pass). */
  watch(window: GuardedWindow): void;
  /** The renderer's answer on `app:quit-ready`: its snapshots are written. */
  snapshotsDone(): void;
}

const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createCloseGuard(app: QuittingApp, options: { waitMs?: number; timers?: Timers } = {}): CloseGuard {
  const waitMs = options.waitMs ?? SNAPSHOT_WAIT_MS;
  const timers = options.timers ?? systemTimers;
  // Quitting (Cmd+Q, the menu) closes the windows; a close held here cancels that quit, so
  // the guard quits again afterwards instead of only closing the window.
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  const released = new WeakSet<GuardedWindow>();
  let waiting: { window: GuardedWindow; timer: unknown } | undefined;

  const release = () => {
    if (waiting === undefined) return;
    const { window, timer } = waiting;
    waiting = undefined;
    timers.clearTimeout(timer);
    released.add(window);
    if (quitting) app.quit();
    else if (!window.isDestroyed()) window.close();
  };

  return {
    watch(window) {
      window.on('close', (event) => {
        if (released.has(window)) return;
        if (waiting === undefined) {
          try {
            window.webContents.send(IPC_CHANNELS.beforeQuit);
          } catch {
            // A renderer that cannot be asked cannot answer: close without waiting.
            return;
          }
          waiting = { window, timer: timers.setTimeout(release, waitMs) };
        }
        event.preventDefault();
      });
    },
    snapshotsDone: release,
  };
}
