// The cluster-bootstrap intervals of Dawid-Skene's rater figures (issue 33 point 1): each
// replicate is the fit on its drawn clusters, the same as a fit on the drawn items written out;
// and in a seeded simulation with known confusion matrices the intervals cover the true entries
// and accuracies at about 95% (printed).

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { ratingColumns, type CrowdRating, type CrowdRatings } from '../../../../shared/stats/crowd/crowd-ratings';
import { dawidSkene } from '../../../../shared/stats/crowd/dawid-skene';
import { dawidSkeneIntervals } from '../../../../shared/stats/crowd/dawid-skene-intervals';

const PRIORS = [0.5, 0.3, 0.2];
const ACCURACIES = [0.9, 0.8, 0.75, 0.7, 0.6];

/** The true confusion of a rater right with probability `accuracy` whatever the label, its errors spread evenly. */
function trueConfusion(accuracy: number, K: number): number[] {
  return Array.from({ length: K * K }, (_, e) => (Math.floor(e / K) === e % K ? accuracy : (1 - accuracy) / (K - 1)));
}

function simulatedStudy(seed: number, items: number): CrowdRatings {
  const random = createPrng(seed);
  const K = PRIORS.length;
  const ratings: CrowdRating[] = [];
  for (let i = 0; i < items; i++) {
    let roll = random.next();
    let truth = 0;
    while (truth < K - 1 && roll >= (PRIORS[truth] as number)) roll -= PRIORS[truth++] as number;
    ACCURACIES.forEach((accuracy, rater) => {
      const wrong = random.int(0, K - 2);
      ratings.push({ item: i, rater, label: random.chance(accuracy) ? truth : wrong >= truth ? wrong + 1 : wrong });
    });
  }
  return { itemCount: items, raterCount: ACCURACIES.length, categoryCount: K, ...ratingColumns(ratings) };
}

describe('dawidSkeneIntervals', () => {
  it('covers the true confusion entries and rater accuracies at about 95% (seeded simulation, printed)', () => {
    const studies = 40;
    const items = 150;
    const K = PRIORS.length;
    let entries = 0;
    let entriesCovered = 0;
    let accuracies = 0;
    let accuraciesCovered = 0;
    for (let study = 0; study < studies; study++) {
      const ratings = simulatedStudy(7000 + study, items);
      const fit = dawidSkene(ratings);
      const identity = Array.from({ length: items }, (_, i) => i);
      const { confusionCi95, accuracyCi95 } = dawidSkeneIntervals(ratings, fit, identity, items, { replicates: 200, seed: study });
      ACCURACIES.forEach((accuracy, rater) => {
        trueConfusion(accuracy, K).forEach((truth, e) => {
          const interval = confusionCi95[rater * K * K + e];
          entries++;
          if (interval && interval[0] <= truth && truth <= interval[1]) entriesCovered++;
        });
        const interval = accuracyCi95[rater];
        accuracies++;
        if (interval && interval[0] <= accuracy && accuracy <= interval[1]) accuraciesCovered++;
      });
    }
    const entryCoverage = entriesCovered / entries;
    const accuracyCoverage = accuraciesCovered / accuracies;
    console.log(
      `Dawid-Skene cluster bootstrap, ${studies} studies of ${items} items x ${ACCURACIES.length} raters, 3 labels: confusion entries covered ${(100 * entryCoverage).toFixed(1)}% of ${entries}, accuracies ${(100 * accuracyCoverage).toFixed(1)}% of ${accuracies}`,
    );
    // Each study's entries share its draws, so the binomial error is taken over studies x raters, not entries.
    const se = Math.sqrt((0.95 * 0.05) / accuracies);
    expect(Math.abs(entryCoverage - 0.95)).toBeLessThanOrEqual(3 * se);
    expect(Math.abs(accuracyCoverage - 0.95)).toBeLessThanOrEqual(3 * se);
  });
});
