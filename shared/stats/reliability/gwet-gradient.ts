// The unweighted Gwet family (gwet.ts) with each coefficient's exact gradient in the pattern
// weights, for the delta-method standard errors of the studentized bootstrap (linearized.ts):
// p_a is a ratio of sums over the pairable patterns and p_e a function of pi_k, a ratio over the rated ones.

import { gwetFamily, type GwetFamily } from './gwet';
import type { ExchangeableModel, Tally } from './exchangeable';
import type { DifferentiableStatistic } from './linearized';

/**
 * Percent agreement, AC1, Fleiss' kappa and Brennan-Prediger, in that order, each valued as
 * gwetFamily values it (to the bit) and differentiated exactly. With n' the pairable units and
 * N the rated ones: dp_a / dw_g = (a_g / (m (m - 1)) - p_a) / n' for a pairable pattern g,
 * dpi_k / dw_g = (f_gk / m - pi_k) / N, so d sum_k pi_k^2 = 2 (sum_k pi_k f_gk / m - sum_k pi_k^2) / N;
 * and d (p_a - p_e) / (1 - p_e) = (dp_a (1 - p_e) + dp_e (p_a - 1)) / (1 - p_e)^2.
 */
export function gwetFamilyWithGradient(model: ExchangeableModel): DifferentiableStatistic[] {
  const q = model.categoryCount;
  const coefficient =
    (key: keyof GwetFamily, expectedSlope: (squaresSlope: number) => number): DifferentiableStatistic =>
    (tally, gradient) => {
      const family = gwetFamily(model, tally);
      const { value, expected } = family[key];
      if (value === null) return null;
      const observed = family.percentAgreement.value as number;
      // Percent agreement is p_a itself: p_e = 0 in the form above.
      const chance = expected ?? 0;
      writeGradient(
        model,
        tally,
        observed,
        (observedSlope, squaresSlope) => (observedSlope * (1 - chance) + expectedSlope(squaresSlope) * (observed - 1)) / ((1 - chance) * (1 - chance)),
        gradient,
      );
      return value;
    };
  // Percent agreement's and Brennan-Prediger's p_e (1 / q) do not move; AC1's and Fleiss' move with sum_k pi_k^2.
  return [
    coefficient('percentAgreement', () => 0),
    coefficient('gwetAC', (squaresSlope) => -squaresSlope / (q - 1)),
    coefficient('fleissKappa', (squaresSlope) => squaresSlope),
    coefficient('brennanPrediger', () => 0),
  ];
}

/** gradient[g] = slope(dp_a / dw_g, d sum_k pi_k^2 / dw_g) for every pattern g. */
function writeGradient(
  model: ExchangeableModel,
  tally: Tally,
  observed: number,
  slope: (observedSlope: number, squaresSlope: number) => number,
  gradient: Float64Array,
): void {
  const { patterns } = model;
  const prevalence = tally.prevalence;
  let squares = 0;
  for (const pi of prevalence) squares += pi * pi;
  for (let g = 0; g < patterns.count; g++) {
    const m = patterns.ratings[g] as number;
    if (m === 0) {
      gradient[g] = 0;
      continue;
    }
    const observedSlope = m >= 2 ? ((model.agreeing[g] as number) / (m * (m - 1)) - observed) / tally.pairableUnits : 0;
    let shared = 0;
    for (let j = patterns.start[g] as number; j < (patterns.start[g + 1] as number); j++)
      shared += (prevalence[patterns.category[j] as number] as number) * (patterns.frequency[j] as number);
    const squaresSlope = (2 * (shared / m - squares)) / tally.units;
    gradient[g] = slope(observedSlope, squaresSlope);
  }
}
