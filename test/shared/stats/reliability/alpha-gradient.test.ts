// Proves alpha's exact gradient in the pattern weights (alpha-gradient.ts) at every level equals a
// central difference of alpha itself on random ratings and random weights, to 1e-6 relative, and
// that the delta-method standard errors from it match the forward-difference ones they replace.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/demo/prng';
import { alphaWithGradient } from '../../../../shared/stats/reliability/alpha-gradient';
import { exchangeableModel, tally, type ExchangeableModel } from '../../../../shared/stats/reliability/exchangeable';
import { alphaEstimator } from '../../../../shared/stats/reliability/krippendorff-alpha';
import { linearizedEstimates, type ClusterPatterns } from '../../../../shared/stats/reliability/linearized';
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

function alphaAt(model: ExchangeableModel, level: MeasurementLevel, weights: Float64Array): number {
  const value = alphaEstimator(model, level)(tally(model, weights)).value;
  if (value === null) throw new Error('alpha undefined on the test weights');
  return value;
}

describe('alpha gradient', () => {
  for (const level of LEVELS) {
    it(`${level}: equals a central difference of alpha in every pattern weight`, () => {
      for (const seed of [1, 2, 3]) {
        const model = randomModel(120, seed);
        const weights = randomWeights(model, seed + 100);
        const gradient = new Float64Array(model.patterns.count);
        const value = alphaWithGradient(model, level)(tally(model, weights), gradient);
        expect(value).toBe(alphaAt(model, level, weights));
        const scale = Math.max(...Array.from(gradient, Math.abs));
        expect(scale).toBeGreaterThan(0);
        for (let p = 0; p < model.patterns.count; p++) {
          const weight = weights[p] as number;
          // Central difference: error h^2 x the third derivative, rounding 1e-16 / h, both far below 1e-6.
          const h = 1e-4 * Math.max(weight, 1);
          const up = Float64Array.from(weights);
          const down = Float64Array.from(weights);
          up[p] = weight + h;
          down[p] = weight - h;
          const numeric = (alphaAt(model, level, up) - alphaAt(model, level, down)) / (2 * h);
          expect(Math.abs((gradient[p] as number) - numeric)).toBeLessThanOrEqual(1e-6 * Math.max(Math.abs(numeric), 1e-3 * scale));
        }
      }
    });
  }

  it('gives the standard errors the forward difference gives, to its own error (about 1e-7 relative)', () => {
    const model = randomModel(200, 7);
    // One cluster per pattern with one unit in it; a replicate draws each 0-3 times.
    const groups = model.patterns.count;
    const clusters: ClusterPatterns = {
      groups,
      start: Uint32Array.from({ length: groups + 1 }, (_, g) => g),
      pattern: Uint32Array.from({ length: groups }, (_, g) => g),
      count: new Uint32Array(groups).fill(1),
    };
    const prng = createPrng(11);
    for (const level of LEVELS) {
      const estimator = alphaEstimator(model, level);
      const exact = linearizedEstimates(model, clusters, [alphaWithGradient(model, level)]);
      const forward = linearizedEstimates(model, clusters, [], { count: 1, values: (replicate) => [estimator(replicate).value] });
      for (let r = 0; r < 5; r++) {
        const drawn = Uint32Array.from({ length: groups }, () => prng.int(0, 3));
        const [a] = exact(drawn);
        const [b] = forward(drawn);
        expect(a?.value).toBe(b?.value);
        expect(a?.se).toBeGreaterThan(0);
        expect(Math.abs((a?.se as number) - (b?.se as number))).toBeLessThanOrEqual(1e-5 * (b?.se as number));
      }
    }
  });
});
