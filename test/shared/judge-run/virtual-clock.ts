// Test helper: a clock whose sleeps are timers in virtual time, and a driver that runs a promise
// to the end by firing the earliest timer whenever nothing else can happen, so runner tests see
// exact waits without real waiting.

import type { RunnerClock } from '../../../shared/judge-run/runner';

export interface VirtualClock extends RunnerClock {
  /** Every sleep asked for, in milliseconds, in order. */
  sleeps: number[];
  /** Settles `promise`, advancing virtual time as the work under it sleeps. */
  drive<T>(promise: Promise<T>): Promise<T>;
}

const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function virtualClock(start = 1_000_000): VirtualClock {
  let now = start;
  const timers: Array<{ at: number; wake: () => void }> = [];
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    sleep(ms) {
      sleeps.push(ms);
      return new Promise<void>((wake) => timers.push({ at: now + ms, wake }));
    },
    async drive(promise) {
      let settled = false;
      void promise.then(
        () => (settled = true),
        () => (settled = true),
      );
      while (!settled) {
        await idle();
        if (settled) break;
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (next) {
          now = Math.max(now, next.at);
          next.wake();
        }
      }
      return promise;
    },
  };
}
