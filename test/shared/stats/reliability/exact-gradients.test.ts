// Proves the exact gradients in the pattern weights of alpha at every level (alpha-gradient.ts) and
// of the Gwet family (gwet-gradient.ts) equal central differences of the statistics themselves on
// random ratings and weights, to 1e-6 relative, and that linearizedEstimates' standard errors from
// them are those a numeric gradient gives (the forward difference they replace erred ~1e-7).

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { alphaWithGradient } from '../../../../shared/stats/reliability/alpha-gradient';
import { exchangeableModel, tally, type ExchangeableModel } from '../../../../shared/stats/reliability/exchangeable';
import { alphaEstimator } from '../../../../shared/stats/reliability/krippendorff-alpha';
import { gwetFamily, type GwetFamily } from '../../../../shared/stats/reliability/gwet';
import { gwetFamilyWithGradient } from '../../../../shared/stats/reliability/gwet-gradient';
import { linearizedEstimates, type ClusterPatterns, type DifferentiableStatistic } from '../../../../shared/stats/reliability/linearized';
import { buildRatingTable, ratingColumns, type MeasurementLevel, type Rating } from '../../../../shared/stats/reliability/rating-table';
import { unitPatterns } from '../../../../shared/stats/reliability/unit-patterns';

const LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** Ratings 1-9 by up to four raters, near each unit's level, some missing (so units with one rating too). */
function randomModel(units: number, seed: number): ExchangeableModel {
  const prng = createPrng(seed);
  const ratings: Rating[] = [];
  for (let u = 0; u < units; u++) {
    const level = 1 + Math.floor(prng.next() * 9);
    for (let r = 0; r < 4; r++) {
      if (prng.chance(0.3)) continue;
      const value = Math.min(9, Math.max(1, level + Math.round((prng.next() - 0.5) * 5)));
      ratings.push({ unit: `u${u}`, rater: `r${r}`, value: String(value) });
    }
  }
  const table = buildRatingTable(ratingColumns(ratings));
  return exchangeableModel(table, unitPatterns(table));
}

/** Random weights, some 0, as a bootstrap replicate's (but not whole, so nothing is special). */
function randomWeights(model: ExchangeableModel, seed: number): Float64Array {
  const prng = createPrng(seed);
  return Float64Array.from({ length: model.patterns.count }, () => (prng.chance(0.2) ? 0 : 0.5 + prng.next() * 4));
}

interface Case {
  name: string;
  exact: (model: ExchangeableModel) => DifferentiableStatistic;
  value: (model: ExchangeableModel, weights: Float64Array) => number | null;
}

const FAMILY: readonly (keyof GwetFamily)[] = ['percentAgreement', 'gwetAC', 'fleissKappa', 'brennanPrediger'];

const CASES: readonly Case[] = [
  ...LEVELS.map((level) => ({
    name: `${level} alpha`,
    exact: (model: ExchangeableModel) => alphaWithGradient(model, level),
    value: (model: ExchangeableModel, weights: Float64Array) => alphaEstimator(model, level)(tally(model, weights)).value,
  })),
  ...FAMILY.map((key, i) => ({
    name: key,
    exact: (model: ExchangeableModel) => gwetFamilyWithGradient(model)[i] as DifferentiableStatistic,
    value: (model: ExchangeableModel, weights: Float64Array) => gwetFamily(model, tally(model, weights))[key].value,
  })),
];

/** d value / d weight of pattern p by central difference: error h^2 x the third derivative, rounding 1e-16 / h, both far below 1e-6. */
function numericGradient(model: ExchangeableModel, at: Case['value'], weights: Float64Array): Float64Array {
  return Float64Array.from(weights, (weight, p) => {
    const h = 1e-4 * Math.max(weight, 1);
    const up = Float64Array.from(weights);
    const down = Float64Array.from(weights);
    up[p] = weight + h;
    down[p] = weight - h;
    return ((at(model, up) as number) - (at(model, down) as number)) / (2 * h);
  });
}

describe('exact gradients of the exchangeable statistics', () => {
  for (const { name, exact, value: at } of CASES) {
    it(`${name}: equals a central difference in every pattern weight`, () => {
      for (const seed of [1, 2, 3]) {
        const model = randomModel(120, seed);
        const weights = randomWeights(model, seed + 100);
        const gradient = new Float64Array(model.patterns.count);
        const value = exact(model)(tally(model, weights), gradient);
        // The value is the statistic's own, to the bit.
        expect(value).toBe(at(model, weights));
        const numeric = numericGradient(model, at, weights);
        const scale = Math.max(...Array.from(numeric, Math.abs));
        expect(scale).toBeGreaterThan(0);
        numeric.forEach((slope, p) => {
          expect(Math.abs((gradient[p] as number) - slope)).toBeLessThanOrEqual(1e-6 * Math.max(Math.abs(slope), 1e-3 * scale));
        });
      }
    });
  }

  it("linearizedEstimates' standard errors are those of a numeric gradient, for every statistic at once", () => {
    const model = randomModel(200, 7);
    // One cluster per pattern with one unit in it; a replicate draws each 0-3 times, so a
    // cluster's influence is its pattern's slope and se^2 = sum_g drawn_g (h_g - mean h)^2.
    const groups = model.patterns.count;
    const clusters: ClusterPatterns = {
      groups,
      start: Uint32Array.from({ length: groups + 1 }, (_, g) => g),
      pattern: Uint32Array.from({ length: groups }, (_, g) => g),
      count: new Uint32Array(groups).fill(1),
    };
    const estimates = linearizedEstimates(
      model,
      clusters,
      CASES.map((c) => c.exact(model)),
    );
    const prng = createPrng(11);
    for (let r = 0; r < 3; r++) {
      const drawn = Uint32Array.from({ length: groups }, () => prng.int(0, 3));
      const weights = Float64Array.from(drawn);
      const drawnClusters = drawn.reduce((sum, d) => sum + d, 0);
      const results = estimates(drawn);
      CASES.forEach((c, s) => {
        const slopes = numericGradient(model, c.value, weights);
        const mean = slopes.reduce((sum, h, g) => sum + (drawn[g] as number) * h, 0) / drawnClusters;
        const se = Math.sqrt(slopes.reduce((sum, h, g) => sum + (drawn[g] as number) * (h - mean) ** 2, 0));
        const result = results[s];
        expect(result?.value).toBe(c.value(model, weights));
        expect(se).toBeGreaterThan(0);
        expect(Math.abs((result?.se as number) - se)).toBeLessThanOrEqual(1e-6 * se);
      });
    }
  });
});
