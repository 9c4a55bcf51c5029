// The Gwet family on units with missing ratings (Gwet 2014, Handbook of Inter-Rater Reliability,
// 4th ed., ch. 2-3, as irrCAC computes them): observed agreement over units with two or more
// ratings; chance agreement from pi_k over every rated unit. Percent agreement, Gwet's AC1/AC2,
// Fleiss' kappa generalized to missing ratings, Brennan-Prediger, each unweighted and quadratic.

import { chanceCorrected, REASONS, undefinedCoefficient, type Coefficient } from './coefficient';
import { patternDisagreement, sumByRatings, type ExchangeableModel, type Tally } from './exchangeable';

export interface GwetFamily {
  percentAgreement: Coefficient;
  gwetAC: Coefficient;
  fleissKappa: Coefficient;
  brennanPrediger: Coefficient;
}

/** p_a = (1 / n') sum over units with r_i >= 2 of sum_k r_ik (r_ik - 1) / (r_i (r_i - 1)). */
export function observedAgreement(model: ExchangeableModel, tally: Tally): number | null {
  if (tally.pairableUnits === 0) return null;
  let sum = 0;
  for (let m = 2; m <= model.maxRatings; m++) {
    const agreeing = tally.agreeingByRatings[m] as number;
    if (agreeing !== 0) sum += agreeing / (m * (m - 1));
  }
  return sum / tally.pairableUnits;
}

/** The unweighted family: AC1 p_e = sum_k pi_k (1 - pi_k) / (q - 1), Fleiss p_e = sum_k pi_k^2, Brennan-Prediger p_e = 1 / q. */
export function gwetFamily(model: ExchangeableModel, tally: Tally): GwetFamily {
  const q = model.categoryCount;
  const pa = observedAgreement(model, tally);
  if (pa === null) {
    const none = undefinedCoefficient(REASONS.noPairableUnit);
    return { percentAgreement: none, gwetAC: none, fleissKappa: none, brennanPrediger: none };
  }
  let squares = 0;
  for (const pi of tally.prevalence) squares += pi * pi;
  const fleissKappa = tally.ratedCategories < 2 ? undefinedCoefficient(REASONS.noVariation, pa, 1) : chanceCorrected(pa, squares);
  return {
    percentAgreement: { value: pa, observed: pa, expected: null },
    gwetAC: q < 2 ? undefinedCoefficient(REASONS.oneCategoryAC1, pa) : chanceCorrected(pa, (1 - squares) / (q - 1)),
    fleissKappa,
    brennanPrediger: q < 2 ? undefinedCoefficient(REASONS.oneCategory, pa, 1) : chanceCorrected(pa, 1 / q),
  };
}

export type GwetFamilyEstimator = (tally: Tally) => GwetFamily;

/**
 * The family with quadratic weights w_kl = 1 - (x_k - x_l)^2 / (x_max - x_min)^2 over the scale's
 * coordinates x (category values when numeric, as irrCAC's quadratic.weights, else positions in the
 * declared order). Weighted p_a = 1 - sum_u D_u / (r_u (r_u - 1)) / (n' (x_max - x_min)^2), with D_u
 * the unit's sum of squared differences over ordered pairs of its ratings; AC2 p_e = T_w / (q (q - 1))
 * sum_k pi_k (1 - pi_k); Fleiss p_e = sum_kl w_kl pi_k pi_l; Brennan-Prediger p_e = T_w / q^2.
 */
export function quadraticGwetFamily(model: ExchangeableModel, coordinates: Float64Array): GwetFamilyEstimator {
  const q = model.categoryCount;
  let low = Infinity;
  let high = -Infinity;
  for (const x of coordinates) {
    low = Math.min(low, x);
    high = Math.max(high, x);
  }
  const range2 = (high - low) * (high - low);
  const disagreement = patternDisagreement(model.patterns, (c, k) => {
    const d = (coordinates[c] as number) - (coordinates[k] as number);
    return d * d;
  });
  // T_w = sum_kl w_kl = q^2 - sum_kl (x_k - x_l)^2 / range^2, the latter 2 q sum_k (x_k - mean)^2.
  const mean = coordinates.reduce((sum, x) => sum + x, 0) / q;
  const spread = coordinates.reduce((sum, x) => sum + (x - mean) * (x - mean), 0);
  const totalWeight = q * q - (2 * q * spread) / range2;
  return (tally) => {
    if (tally.pairableUnits === 0) {
      const none = undefinedCoefficient(REASONS.noPairableUnit);
      return { percentAgreement: none, gwetAC: none, fleissKappa: none, brennanPrediger: none };
    }
    if (q < 2) {
      const none = undefinedCoefficient(REASONS.oneCategoryWeights);
      return { percentAgreement: none, gwetAC: none, fleissKappa: none, brennanPrediger: none };
    }
    const weightedDisagreement = sumByRatings(
      model,
      tally.weights,
      (g) => disagreement[g] as number,
      (m) => m * (m - 1),
    );
    const pa = 1 - weightedDisagreement / (tally.pairableUnits * range2);
    let piMean = 0;
    let squares = 0;
    tally.prevalence.forEach((pi, k) => {
      piMean += pi * (coordinates[k] as number);
      squares += pi * pi;
    });
    let piSpread = 0;
    tally.prevalence.forEach((pi, k) => {
      const t = (coordinates[k] as number) - piMean;
      piSpread += pi * t * t;
    });
    const fleissExpected = 1 - (2 * piSpread) / range2;
    return {
      percentAgreement: { value: pa, observed: pa, expected: null },
      gwetAC: chanceCorrected(pa, (totalWeight * (1 - squares)) / (q * (q - 1))),
      fleissKappa: tally.ratedCategories < 2 ? undefinedCoefficient(REASONS.noVariation, pa, 1) : chanceCorrected(pa, fleissExpected),
      brennanPrediger: chanceCorrected(pa, totalWeight / (q * q)),
    };
  };
}
