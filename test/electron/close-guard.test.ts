// The close guard with a fake window, app and timers: the first close is held and the renderer
// asked for its snapshots; its answer (or the time limit) closes the window, or quits the app
// when closing was part of quitting; a second close while waiting asks nothing more.

import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import { createCloseGuard, SNAPSHOT_WAIT_MS, type GuardedWindow, type QuittingApp, type Timers } from '../../electron/backup/close-guard';

function fakes() {
  const closeListeners: Array<(event: { preventDefault(): void }) => void> = [];
  let destroyed = false;
  const window = {
    on: vi.fn((_event: 'close', listener: (event: { preventDefault(): void }) => void) => void closeListeners.push(listener)),
    close: vi.fn(() => {
      // Electron emits 'close' again for the real close.
      if (emitClose().prevented === false) destroyed = true;
    }),
    isDestroyed: () => destroyed,
    webContents: { send: vi.fn<(channel: string) => void>() },
  } satisfies GuardedWindow;
  function emitClose() {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    for (const listener of closeListeners) listener(event);
    return event;
  }
  let beforeQuit: () => void = () => {};
  const app = {
    on: vi.fn((_event: 'before-quit', listener: () => void) => (beforeQuit = listener)),
    quit: vi.fn(() => beforeQuit()),
  } satisfies QuittingApp;
  const pending: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      pending.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  const fireTimers = () => pending.filter((timer) => !timer.cleared).forEach((timer) => timer.callback());
  return { window, app, timers, pending, emitClose, fireTimers, quitFromMenu: () => beforeQuit(), isDestroyed: () => destroyed };
}

describe('close guard', () => {
  it('holds the first close, asks the renderer, and closes once it answers', () => {
    const fake = fakes();
    const guard = createCloseGuard(fake.app, { timers: fake.timers });
    guard.watch(fake.window);

    expect(fake.emitClose().prevented).toBe(true);
    expect(fake.window.webContents.send).toHaveBeenCalledExactlyOnceWith(IPC_CHANNELS.beforeQuit);
    expect(fake.pending.map((timer) => timer.ms)).toEqual([SNAPSHOT_WAIT_MS]);
    expect(fake.isDestroyed()).toBe(false);

    guard.snapshotsDone();
    expect(fake.window.close).toHaveBeenCalledOnce();
    expect(fake.isDestroyed()).toBe(true);
    expect(fake.pending[0]?.cleared).toBe(true);
    expect(fake.app.quit).not.toHaveBeenCalled();
  });

  it('closes after the time limit when the renderer never answers', () => {
    const fake = fakes();
    const guard = createCloseGuard(fake.app, { timers: fake.timers, waitMs: 1234 });
    guard.watch(fake.window);
    fake.emitClose();
    expect(fake.pending[0]?.ms).toBe(1234);
    fake.fireTimers();
    expect(fake.isDestroyed()).toBe(true);
    // A late answer changes nothing.
    guard.snapshotsDone();
    expect(fake.window.close).toHaveBeenCalledOnce();
  });

  it('asks only once while waiting, however often the user closes', () => {
    const fake = fakes();
    createCloseGuard(fake.app, { timers: fake.timers }).watch(fake.window);
    expect(fake.emitClose().prevented).toBe(true);
    expect(fake.emitClose().prevented).toBe(true);
    expect(fake.window.webContents.send).toHaveBeenCalledOnce();
    expect(fake.pending).toHaveLength(1);
  });

  it('quits again after the snapshots when the close was part of quitting', () => {
    const fake = fakes();
    const guard = createCloseGuard(fake.app, { timers: fake.timers });
    guard.watch(fake.window);
    fake.quitFromMenu();
    expect(fake.emitClose().prevented).toBe(true);
    guard.snapshotsDone();
    expect(fake.app.quit).toHaveBeenCalledOnce();
    // The quit closes the window again, and this time nothing holds it.
    expect(fake.emitClose().prevented).toBe(false);
    expect(fake.window.webContents.send).toHaveBeenCalledOnce();
  });

  it('ignores an answer nobody asked for', () => {
    const fake = fakes();
    const guard = createCloseGuard(fake.app, { timers: fake.timers });
    guard.watch(fake.window);
    guard.snapshotsDone();
    expect(fake.window.close).not.toHaveBeenCalled();
    expect(fake.emitClose().prevented).toBe(true);
  });

  it('closes at once when the renderer cannot be asked', () => {
    const fake = fakes();
    fake.window.webContents.send.mockImplementation(() => {
      throw new Error('Render frame was disposed');
    });
    createCloseGuard(fake.app, { timers: fake.timers }).watch(fake.window);
    expect(fake.emitClose().prevented).toBe(false);
    expect(fake.pending).toEqual([]);
  });
});
