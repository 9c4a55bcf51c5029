// The team sync's retry schedule (issue 29): after the first failure it waits half a second, then
// doubles, and however long the outage lasts it never waits more than 2 s, so a server back after an
// hour is tried within 2 s; the next try's time and the whole seconds left until it, as shown.

import { describe, expect, it } from 'vitest';
import { nextRetryDelay, nextTryAt, RETRY_FIRST_MS, RETRY_MAX_MS, secondsUntilTry } from '../../../shared/sync/retry-schedule';

describe('the retry schedule', () => {
  it('starts at half a second and doubles up to its bound', () => {
    const waits: number[] = [];
    let delay = 0;
    for (let attempt = 0; attempt < 6; attempt++) waits.push((delay = nextRetryDelay(delay)));
    expect(waits).toEqual([500, 1000, 2000, 2000, 2000, 2000]);
    expect(RETRY_FIRST_MS).toBe(500);
  });

  it('never waits longer than 2 s, whatever the outage (an hour of tries), so a server back is tried within 5 s', () => {
    let delay = 0;
    let elapsed = 0;
    let longest = 0;
    while (elapsed < 3_600_000) {
      delay = nextRetryDelay(delay);
      longest = Math.max(longest, delay);
      elapsed += delay;
    }
    expect(longest).toBe(RETRY_MAX_MS);
    expect(RETRY_MAX_MS).toBeLessThanOrEqual(2_000);
    // PouchDB hands back whatever the function last returned, or its own larger figures after a restart of the schedule.
    expect(nextRetryDelay(600_000)).toBe(RETRY_MAX_MS);
  });

  it('starts again from the first wait for a delay that is not a positive number', () => {
    for (const previous of [0, -5, Number.NaN]) expect(nextRetryDelay(previous)).toBe(RETRY_FIRST_MS);
  });

  it('puts the next try the wait after now, and counts whole seconds until it, rounded up, 0 once due', () => {
    const now = Date.parse('2026-11-24T10:00:00.000Z');
    const at = nextTryAt(now, 3_000);
    expect(at).toBe('2026-11-24T10:00:03.000Z');
    expect(secondsUntilTry(at, now)).toBe(3);
    expect(secondsUntilTry(at, now + 2_001)).toBe(1);
    expect(secondsUntilTry(at, now + 3_000)).toBe(0);
    expect(secondsUntilTry(at, now + 60_000)).toBe(0);
    expect(secondsUntilTry('not a time', now)).toBeUndefined();
  });
});
