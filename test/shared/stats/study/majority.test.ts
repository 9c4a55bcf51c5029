// humanMajority counts a few labels pair by pair and many through a map: both give the strict
// majority strictMajorityOfCounts finds in the labels' counts, ties and empty units included.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { humanLabelCounts, humanMajority, strictMajorityOfCounts } from '../../../../shared/stats/study/majority';
import type { TaskUnit } from '../../../../shared/stats/study/study-units';

describe('humanMajority', () => {
  it('is the strict majority of the counts, with few labels and with many', () => {
    const random = createPrng(36);
    const values = ['yes', 'no', 'irrelevant', ''];
    let ties = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const humans = Array.from({ length: random.int(0, 14) }, (_, i) => ({ annotator: `a${i}`, value: values[random.int(0, 2 + (trial % 2))] as string }));
      const unit = { humans } as unknown as TaskUnit;
      const expected = strictMajorityOfCounts(humanLabelCounts(unit));
      if (expected === null) ties++;
      expect(humanMajority(unit)).toBe(expected);
    }
    // The trials hold ties and empty units as well as majorities.
    expect(ties).toBeGreaterThan(100);
    expect(ties).toBeLessThan(1900);
  });
});
