// Fleiss' kappa in its 1971 form (Fleiss 1971, Psychological Bulletin 76:378), on the units
// rated by every rater: P-bar = mean of sum_k n_ik (n_ik - 1) / (r (r - 1)), P_e = sum_k p_k^2 with
// p_k the share of all those ratings in category k. The generalized form is in gwet.ts.

import { chanceCorrected, REASONS, undefinedCoefficient, type Coefficient } from './coefficient';
import type { ExchangeableModel } from './exchangeable';

export interface CompleteCaseKappa extends Coefficient {
  /** Units rated by every rater: the statistic's denominator. */
  units: number;
}

export function fleissKappaCompleteCases(model: ExchangeableModel): CompleteCaseKappa {
  const { patterns, maxRatings: r } = model;
  const counts = new Float64Array(model.categoryCount);
  let units = 0;
  let agreeing = 0;
  for (let g = 0; g < patterns.count; g++) {
    if (patterns.ratings[g] !== r) continue;
    const w = patterns.size[g] as number;
    units += w;
    agreeing += w * (model.agreeing[g] as number);
    for (let j = patterns.start[g] as number; j < (patterns.start[g + 1] as number); j++) {
      const k = patterns.category[j] as number;
      counts[k] = (counts[k] as number) + w * (patterns.frequency[j] as number);
    }
  }
  if (r < 2) return { ...undefinedCoefficient(REASONS.oneRater), units };
  if (units === 0) return { ...undefinedCoefficient(REASONS.noCompleteUnit), units };
  const observed = agreeing / (units * r * (r - 1));
  const total = units * r;
  let squares = 0;
  let used = 0;
  for (const count of counts) {
    squares += count * count;
    if (count > 0) used++;
  }
  if (used < 2) return { ...undefinedCoefficient(REASONS.noCompleteVariation, observed, 1), units };
  return { ...chanceCorrected(observed, squares / (total * total)), units };
}
