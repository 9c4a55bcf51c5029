// The labelling bench's settling rule (scripts/bench/settle.ts): it waits while repeated raw
// reads still get faster, as they do after 1,000,000 labels are written, and stops once the
// fastest recent read beats the fastest before it by no more than 5%, whatever one slow read does.

import { describe, expect, it } from 'vitest';
import { readsSettled } from '../../scripts/bench/settle';

describe('readsSettled', () => {
  it('needs two windows of reads', () => {
    expect(readsSettled([])).toBe(false);
    expect(readsSettled([100, 100, 100, 100, 100])).toBe(false);
    expect(readsSettled([100, 100, 100, 100, 100, 100])).toBe(true);
  });

  it('waits while the reads still fall, as right after a large write', () => {
    expect(readsSettled([6000, 4000, 3500, 3000, 2600, 2300])).toBe(false);
    expect(readsSettled([6000, 4000, 3500, 3000, 2600, 2300, 2250, 2300, 2280])).toBe(true);
  });

  it('reads the fastest of each window, so one slow read on a busy machine neither settles nor unsettles it', () => {
    // The bench's run after seeding: one slow first read, then flat.
    expect(readsSettled([5998, 2026, 2193, 2219, 2300, 2604])).toBe(true);
    // Still falling, with a slow read among the recent ones: a median would call it settled.
    expect(readsSettled([3000, 3000, 3000, 2500, 9000, 9000])).toBe(false);
  });
});
