// Conger's kappa (Conger 1980, Psychological Bulletin 88:322), the multi-rater generalization of
// Cohen's kappa, with missing ratings as Gwet (2014) and irrCAC's conger.kappa.raw handle them:
// p_gk is the share of rater g's ratings in category k, over every unit g rated.

import { chanceCorrected, REASONS, undefinedCoefficient, type Coefficient } from './coefficient';
import type { RatingTable } from './rating-table';

/**
 * p_e = sum_k (pbar_k^2 - s2_k / r), s2_k the variance of p_gk over raters, which is
 * sum_k ((sum_g p_gk)^2 - sum_g p_gk^2) / (r (r - 1)): the mean over ordered pairs of distinct
 * raters of their chance agreement. `observed` is the family's p_a (gwet.ts).
 */
export function congerKappa(table: RatingTable, observed: number | null, ratedCategories: number): Coefficient {
  const r = table.raters.length;
  const q = table.categories.length;
  if (r < 2) return undefinedCoefficient(REASONS.oneRater, observed);
  if (observed === null) return undefinedCoefficient(REASONS.noPairableUnit);
  const counts = new Float64Array(r * q);
  const rated = new Float64Array(r);
  const { codes } = table;
  for (let row = 0; row < codes.length; row += r) {
    for (let g = 0; g < r; g++) {
      const c = codes[row + g] as number;
      if (c < 0) continue;
      counts[g * q + c] = (counts[g * q + c] as number) + 1;
      rated[g] = (rated[g] as number) + 1;
    }
  }
  let expected = 0;
  for (let k = 0; k < q; k++) {
    let sum = 0;
    let squares = 0;
    for (let g = 0; g < r; g++) {
      const p = (counts[g * q + k] as number) / (rated[g] as number);
      sum += p;
      squares += p * p;
    }
    expected += sum * sum - squares;
  }
  expected /= r * (r - 1);
  // Every rater's shares sit on one and the same category exactly when every rating does.
  if (ratedCategories < 2) return undefinedCoefficient(REASONS.noVariation, observed, 1);
  return chanceCorrected(observed, expected);
}
