// ratingColumnsBuilder makes, a unit at a time and with no Rating object per rating, exactly the
// columns ratingColumns makes of the same ratings: indices, first-seen order, missing ratings left
// out with each kept rating's place among those given.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { ratingColumns, ratingColumnsBuilder, type Rating } from '../../../../shared/stats/reliability/rating-table';

describe('ratingColumnsBuilder', () => {
  it('gives the columns ratingColumns gives the same ratings, unit by unit', () => {
    const random = createPrng(37);
    for (let trial = 0; trial < 30; trial++) {
      const builder = ratingColumnsBuilder();
      const ratings: Rating[] = [];
      const units = random.int(0, 400);
      for (let u = 0; u < units; u++) {
        const unit = `unit-${random.int(0, 1_000_000)}-${u}`;
        builder.unit(unit);
        const raters = random.int(0, 5);
        for (let r = 0; r < raters; r++) {
          const rater = `r${random.int(0, 6)}-${r}`;
          // Now and then an empty value: a missing rating.
          const value = trial % 3 === 0 && random.next() < 0.1 ? '' : ['yes', 'no', 'irrelevant'][random.int(0, 2)]!;
          builder.rate(rater, value);
          ratings.push({ unit, rater, value });
        }
      }
      const built = builder.columns();
      const expected = ratingColumns(ratings);
      expect({ ...built, units: [...built.units], raters: [...built.raters], values: [...built.values] }).toEqual({
        ...expected,
        units: [...expected.units],
        raters: [...expected.raters],
        values: [...expected.values],
      });
    }
  });
});
