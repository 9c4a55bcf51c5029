// groupsByNumbers groups items by keys of numbers exactly as groupsByKey groups them by the keys'
// text: the same groups, numbered the same, on random keys with repeats, 0 and -0, and NaN.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { groupsByKey, groupsByNumbers } from '../../../shared/stats/bootstrap';

describe('groupsByNumbers', () => {
  it('gives the groups groupsByKey gives the same numbers as text', () => {
    const random = createPrng(35);
    const odd = [0, -0, Number.NaN, 0.1 + 0.2, 0.3, 1e-300, -1];
    for (let trial = 0; trial < 20; trial++) {
      const count = random.int(0, 3000);
      const width = random.int(0, 6);
      // Few distinct values, so that keys repeat and collide in the table.
      const keys = Array.from({ length: count }, () =>
        Array.from({ length: width }, () => (random.next() < 0.3 ? (odd[random.int(0, odd.length - 1)] as number) : random.int(0, 3) / 4)),
      );
      const byNumbers = groupsByNumbers(count, width, (i, row) => row.set(keys[i] as number[]));
      const byText = groupsByKey(count, (i) => (keys[i] as number[]).map(String).join(' '));
      expect(Array.from(byNumbers.groupOf)).toEqual(Array.from(byText.groupOf));
      expect(byNumbers.firstOf).toEqual(byText.firstOf);
    }
  });

  it('tells apart keys that differ in one number only, however many items', () => {
    const count = 50_000;
    const grouped = groupsByNumbers(count, 3, (i, row) => row.set([1, i % 20_000, 2]));
    expect(grouped.firstOf).toHaveLength(20_000);
    expect(grouped.groupOf[20_000 + 7]).toBe(7);
  });
});
