// The cluster-bootstrap intervals of MACE's competences (issue 33 point 1): in a seeded simulation
// of MACE's own model (each rater knows an item's label with its own chance, else spams), the
// intervals cover the true chance of knowing at about 95% (printed). They fall a little short: 91.0%
// here ('em' the same; 92.5% with 400 items), with the estimates unbiased within 0.02 and the
// replicates' fits converged (300 updates give the same intervals as 50).

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { ratingColumns, type CrowdRating, type CrowdRatings } from '../../../../shared/stats/crowd/crowd-ratings';
import { fitMace } from '../../../../shared/stats/crowd/mace';
import { maceIntervals } from '../../../../shared/stats/crowd/mace-intervals';

const KNOWING = [0.9, 0.75, 0.6, 0.45, 0.3];
const K = 3;

function simulatedStudy(seed: number, items: number): CrowdRatings {
  const random = createPrng(seed);
  const ratings: CrowdRating[] = [];
  for (let item = 0; item < items; item++) {
    const truth = random.int(0, K - 1);
    KNOWING.forEach((knowing, rater) => {
      // A spammer's own leaning: rater r favours label r mod K half the time.
      const spammed = random.chance(0.5) ? rater % K : random.int(0, K - 1);
      ratings.push({ item, rater, label: random.chance(knowing) ? truth : spammed });
    });
  }
  return { itemCount: items, raterCount: KNOWING.length, categoryCount: K, ...ratingColumns(ratings) };
}

describe('maceIntervals', () => {
  it("covers each rater's true chance of knowing at about 95% (seeded simulation, printed)", () => {
    const studies = 40;
    const items = 150;
    let covered = 0;
    let defined = 0;
    for (let study = 0; study < studies; study++) {
      const ratings = simulatedStudy(8000 + study, items);
      const fit = fitMace(ratings, { seed: study });
      const identity = Array.from({ length: items }, (_, i) => i);
      const { competenceCi95 } = maceIntervals(ratings, fit, identity, items, { replicates: 200, seed: study });
      KNOWING.forEach((knowing, rater) => {
        const interval = competenceCi95[rater];
        if (!interval) return;
        defined++;
        if (interval[0] <= knowing && knowing <= interval[1]) covered++;
      });
    }
    const coverage = covered / defined;
    const se = Math.sqrt((0.95 * 0.05) / defined);
    console.log(
      `MACE cluster bootstrap, ${studies} studies of ${items} items x ${KNOWING.length} raters, ${K} labels: competences covered ${(100 * coverage).toFixed(1)}% of ${defined} (±${(100 * se).toFixed(1)}%)`,
    );
    expect(defined).toBe(studies * KNOWING.length);
    expect(Math.abs(coverage - 0.95)).toBeLessThanOrEqual(3 * se);
  });
});
