// The PPI++ mean (issue 32 point 1): equal to ppi_py's ppi_mean_pointestimate and ppi_mean_ci on
// its own example and on 206 seeded studies (test/fixtures/ppi), to a plainly written second
// computation, and covering the true mean at its nominal 95% in a seeded simulation that prints
// its coverage.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { predictionPoweredMean, predictionPoweredMeanOfSums, type PredictionPoweredSums } from '../../../shared/stats/prediction-powered';

type Values = number[] | string | { value: number; count: number };
interface Figures {
  estimate: number;
  ci95: [number, number];
}
interface ReferenceCase {
  name: string;
  Y: Values;
  Yhat: Values;
  Yu: Values;
  tuned: Figures;
  ppi: Figures;
  classical: Figures;
}

const reference = JSON.parse(readFileSync(new URL('../../fixtures/ppi/reference.json', import.meta.url), 'utf8')) as { alpha: number; cases: ReferenceCase[] };

/** The fixture's values: a list, a string of 0/1 values, or one value repeated. */
function valuesOf(values: Values): number[] {
  if (typeof values === 'string') return Array.from(values, Number);
  if (Array.isArray(values)) return values;
  return new Array<number>(values.count).fill(values.value);
}

/** Close to ppi_py's figure: numpy sums pairwise, these in order, so the last digits may differ. */
function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
}

describe('predictionPoweredMean', () => {
  it("equals ppi_py's point estimate and interval, tuned, as plain PPI and as the classical mean", () => {
    expect(reference.alpha).toBe(0.05);
    expect(reference.cases.length).toBeGreaterThan(200);
    for (const one of reference.cases) {
      const [y, yHat, unlabelled] = [valuesOf(one.Y), valuesOf(one.Yhat), valuesOf(one.Yu)];
      for (const [lambda, expected] of [
        [undefined, one.tuned],
        [1, one.ppi],
        [0, one.classical],
      ] as const) {
        const ppi = predictionPoweredMean(y, yHat, unlabelled, lambda);
        expectClose(ppi.estimate, expected.estimate);
        expectClose(ppi.ci95[0], expected.ci95[0]);
        expectClose(ppi.ci95[1], expected.ci95[1]);
      }
    }
  });

  it("computes the same from sums (what a cluster bootstrap adds up): ppi_py's figures and predictionPoweredMean's, to 1e-12 on 0/1 values", () => {
    for (const one of reference.cases) {
      const [y, yHat, unlabelled] = [valuesOf(one.Y), valuesOf(one.Yhat), valuesOf(one.Yu)];
      const sums = sumsOf(y, yHat, unlabelled);
      // Variances from sums of squares lose digits where values are far from 0 (ppi_py's own
      // example: predictions near 2 with a spread near 0); the report sums 0/1 values only.
      const binary = [y, yHat, unlabelled].every((values) => values.every((value) => value === 0 || value === 1));
      const tolerance = binary ? 1e-12 : 1e-7;
      for (const [lambda, expected] of [
        [undefined, one.tuned],
        [1, one.ppi],
        [0, one.classical],
      ] as const) {
        const fromSums = predictionPoweredMeanOfSums(sums, lambda);
        const fromItems = predictionPoweredMean(y, yHat, unlabelled, lambda);
        if (fromSums === null) throw new Error(`${one.name}: no figure from sums`);
        for (const [actual, wanted] of [
          [fromSums.estimate, expected.estimate],
          [fromSums.ci95[0], expected.ci95[0]],
          [fromSums.ci95[1], expected.ci95[1]],
          [fromSums.lambda, fromItems.lambda],
          // Where the judge is exact (ppi_py's example) se is 0 up to rounding and its ratio meaningless.
          ...(fromItems.se > 1e-6 ? ([[fromSums.effectiveLabels, fromItems.effectiveLabels]] as const) : []),
        ] as const) {
          expect(Math.abs(actual - wanted), one.name).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(wanted)));
        }
      }
    }
    expect(predictionPoweredMeanOfSums(sumsOf([1], [1], [0, 1]))).toBeNull();
    expect(predictionPoweredMeanOfSums(sumsOf([1, 0], [1, 0], []))).toBeNull();
  });

  it('equals a plainly written PPI++: the people mean corrected by lambda times the judge drift, lambda from the paper', () => {
    const random = createPrng(38);
    for (let trial = 0; trial < 100; trial++) {
      const n = random.int(5, 80);
      const N = random.int(5, 500);
      const y = Array.from({ length: n }, (): number => (random.chance(0.6) ? 1 : 0));
      const yHat = y.map((value) => (random.chance(0.8) ? value : 1 - value));
      const unlabelled = Array.from({ length: N }, (): number => (random.chance(0.55) ? 1 : 0));
      let sumY = 0;
      let sumHat = 0;
      for (let i = 0; i < n; i++) {
        sumY += y[i]!;
        sumHat += yHat[i]!;
      }
      const meanY = sumY / n;
      const meanHat = sumHat / n;
      const meanUnlabelled = unlabelled.reduce((a, b) => a + b, 0) / N;
      let covariance = 0;
      for (let i = 0; i < n; i++) covariance += (y[i]! - meanY) * (yHat[i]! - meanHat);
      covariance /= n;
      const pooled = [...yHat, ...unlabelled];
      const pooledMean = pooled.reduce((a, b) => a + b, 0) / pooled.length;
      const pooledVariance = pooled.reduce((sum, value) => sum + (value - pooledMean) ** 2, 0) / (pooled.length - 1);
      const lambda = pooledVariance === 0 ? 0 : Math.min(1, Math.max(0, covariance / ((1 + n / N) * pooledVariance)));
      // The same estimate written the other way round: the people's mean plus lambda times how far the judge's mean moves off the labelled items.
      const estimate = meanY + lambda * (meanUnlabelled - meanHat);
      const ppi = predictionPoweredMean(y, yHat, unlabelled);
      expect(ppi.lambda).toBeCloseTo(lambda, 12);
      expect(ppi.estimate).toBeCloseTo(estimate, 12);
      // The labels people alone would need for the same width: the people-only interval's squared
      // width over this one's, times n; at lambda 0 exactly n.
      const classical = predictionPoweredMean(y, yHat, unlabelled, 0);
      if (ppi.se > 0) expect(ppi.effectiveLabels).toBeCloseTo((n * (classical.ci95[1] - classical.ci95[0]) ** 2) / (ppi.ci95[1] - ppi.ci95[0]) ** 2, 9);
      expect(classical.effectiveLabels).toBeCloseTo(n, 9);
    }
  });

  it('covers the true mean at 95% on seeded studies with a known truth, and prints its coverage and width', () => {
    const random = createPrng(39);
    const studies = 1000;
    const rows: string[] = [];
    for (const [n, N, sensitivity, specificity] of [
      [40, 400, 0.9, 0.85],
      [100, 1000, 0.75, 0.7],
    ] as const) {
      let covered = 0;
      let classicalCovered = 0;
      let width = 0;
      let classicalWidth = 0;
      const truth = 0.4;
      for (let s = 0; s < studies; s++) {
        const judge = (value: number) => (value === 1 ? (random.chance(sensitivity) ? 1 : 0) : random.chance(specificity) ? 0 : 1);
        const y = Array.from({ length: n }, () => (random.chance(truth) ? 1 : 0));
        const yHat = y.map(judge);
        const unlabelled = Array.from({ length: N }, () => judge(random.chance(truth) ? 1 : 0));
        const tuned = predictionPoweredMean(y, yHat, unlabelled);
        const classical = predictionPoweredMean(y, yHat, unlabelled, 0);
        if (tuned.ci95[0] <= truth && truth <= tuned.ci95[1]) covered++;
        if (classical.ci95[0] <= truth && truth <= classical.ci95[1]) classicalCovered++;
        width += tuned.ci95[1] - tuned.ci95[0];
        classicalWidth += classical.ci95[1] - classical.ci95[0];
      }
      const coverage = covered / studies;
      const se = Math.sqrt((0.95 * 0.05) / studies);
      rows.push(
        `${String(n).padStart(4)} ${String(N).padStart(5)}  ${sensitivity}/${specificity}   ${(100 * coverage).toFixed(1)}%   ${(100 * (classicalCovered / studies)).toFixed(1)}%   ${(width / studies).toFixed(3)}  ${(classicalWidth / studies).toFixed(3)}  ±${(100 * se).toFixed(1)}%`,
      );
      // Within three binomial standard errors of 95%, and narrower than the people's own interval.
      expect(Math.abs(coverage - 0.95)).toBeLessThanOrEqual(3 * se);
      expect(width).toBeLessThan(classicalWidth);
    }
    console.log(
      `PPI++ mean, ${studies} seeded studies each, true mean 0.4:\n   n     N  sens/spec  covered  classical  width  classical width  (binomial SE)\n${rows.join('\n')}`,
    );
  });

  it('refuses mismatched or empty samples and a lambda outside 0 to 1, and takes the people mean where the judge never varies', () => {
    expect(() => predictionPoweredMean([1, 0], [1], [1])).toThrow(/a prediction per labelled item/);
    expect(() => predictionPoweredMean([], [], [1])).toThrow(/labelled and unlabelled items/);
    expect(() => predictionPoweredMean([1], [1], [])).toThrow(/labelled and unlabelled items/);
    expect(() => predictionPoweredMean([1], [1], [1], 1.5)).toThrow(/lambda must be from 0 to 1/);
    const flat = predictionPoweredMean([1, 0, 1, 1], [1, 1, 1, 1], [1, 1, 1]);
    expect(flat.lambda).toBe(0);
    expect(flat.estimate).toBe(0.75);
  });
});

function sumsOf(y: readonly number[], f: readonly number[], u: readonly number[]): PredictionPoweredSums {
  const sums: PredictionPoweredSums = { n: y.length, y: 0, yy: 0, f: 0, ff: 0, yf: 0, N: u.length, u: 0, uu: 0 };
  y.forEach((value, i) => {
    const predicted = f[i] as number;
    sums.y += value;
    sums.yy += value * value;
    sums.f += predicted;
    sums.ff += predicted * predicted;
    sums.yf += value * predicted;
  });
  for (const value of u) {
    sums.u += value;
    sums.uu += value * value;
  }
  return sums;
}
