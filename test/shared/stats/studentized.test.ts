// The studentized (bootstrap-t) interval equals R's boot.ci(type = "stud") on the authors' own
// ratio examples, replicate for replicate; its p-value is the level at which the interval's end
// reaches the null value; the normal distribution function matches scipy's.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { forEachReplicate } from '../../../shared/stats/bootstrap';
import { normalCdf } from '../../../shared/stats/normal-cdf';
import {
  bootstrapStudentizedMany,
  normInterQuantile,
  selectedNormInterQuantile,
  STUDENTIZED_REASONS,
  studentizedFromEstimates,
  studentizedInterval,
  studentizedPValue,
  weightedRatio,
  type Estimate,
} from '../../../shared/stats/studentized';

interface ReferenceCase {
  name: string;
  u: number[];
  x: number[];
  t0: number;
  var0: number;
  levels: number[];
  student: [number, number][];
  frequencies: number[][];
}
const reference = JSON.parse(readFileSync(new URL('../../fixtures/bootstrap-t/reference.json', import.meta.url), 'utf8')) as { cases: ReferenceCase[] };

describe('studentized interval against R boot 1.3-28 (Davison & Hinkley city data)', () => {
  for (const c of reference.cases) {
    it(`${c.name}: same ratio, variance and boot.ci(type = "stud") on boot's own replicates`, () => {
      const ones = new Uint32Array(c.u.length).fill(1);
      const [x, u] = [Float64Array.from(c.x), Float64Array.from(c.u)];
      const sample = weightedRatio(ones, x, u) as Estimate;
      expect(sample.value).toBeCloseTo(c.t0, 13);
      expect(sample.se ** 2).toBeCloseTo(c.var0, 13);
      const replicates = c.frequencies.map((row) => weightedRatio(Uint32Array.from(row), x, u));
      const result = studentizedFromEstimates(sample, replicates);
      expect(result.tStar.length).toBe(c.frequencies.length);
      const sortedT = Float64Array.from(result.tStar).sort();
      c.levels.forEach((level, i) => {
        const [low, high] = studentizedInterval(sample, sortedT, level);
        const [bootLow, bootHigh] = c.student[i] as [number, number];
        expect(low).toBeCloseTo(bootLow, 10);
        expect(high).toBeCloseTo(bootHigh, 10);
      });
      // The interval the result took by selection is the one a sort gives, to the bit.
      expect(result.ci95).toEqual(studentizedInterval(sample, sortedT, 0.95));
    });
  }
});

describe('normInterQuantile', () => {
  it('takes the order statistic where (B + 1) alpha is whole and the extremes beyond the ends', () => {
    const sorted = Float64Array.from({ length: 99 }, (_, i) => i + 1);
    expect(normInterQuantile(sorted, 0.05)).toBe(5);
    expect(normInterQuantile(sorted, 0.005)).toBe(1);
    expect(normInterQuantile(sorted, 0.999)).toBe(99);
    const between = normInterQuantile(sorted, 0.055);
    expect(between).toBeGreaterThan(5);
    expect(between).toBeLessThan(6);
  });

  it('by selection in any order equals it on the sorted values, with ties and infinite t*', () => {
    const prng = createPrng(3001);
    for (let trial = 0; trial < 200; trial++) {
      const count = 1 + Math.floor(prng.next() * 1200);
      const values = Float64Array.from({ length: count }, () => {
        const draw = prng.next();
        if (draw < 0.03) return -Infinity;
        if (draw < 0.06) return Infinity;
        // Few distinct values half the time: t* of a few clusters repeat.
        return trial % 2 === 0 ? Math.round(prng.next() * 6) - 3 : prng.next() * 8 - 4;
      });
      const sorted = Float64Array.from(values).sort();
      for (const alpha of [0.001, 0.025, 0.05, 0.5, 0.975, 0.999]) {
        expect(selectedNormInterQuantile(Float64Array.from(values), alpha)).toBe(normInterQuantile(sorted, alpha));
      }
    }
  });
});

describe('studentizedPValue', () => {
  it('is the level at which the interval reaches the null value, on seeded studies', () => {
    const prng = createPrng(2802);
    let checked = 0;
    for (let study = 0; study < 40; study++) {
      const clusters = 8 + Math.floor(prng.next() * 30);
      const units = Array.from({ length: clusters }, () => 1 + Math.floor(prng.next() * 6));
      const shift = prng.next() * 0.3 - 0.15;
      const differences = Float64Array.from(units, (n) => Math.round(n * (shift + (prng.next() - 0.5))));
      const unitCounts = Float64Array.from(units);
      const [result] = bootstrapStudentizedMany(Uint32Array.from(units.keys()), clusters, 1, (draws) => [weightedRatio(draws, differences, unitCounts)], {
        replicates: 499,
        seed: study,
      });
      if (result?.ci95 === null || result === undefined || result.estimate === null) continue;
      const sortedT = Float64Array.from(result.tStar).sort();
      const p = studentizedPValue(result.estimate, sortedT);
      const floor = 2 / (result.tStar.length + 1);
      expect(p).toBeGreaterThanOrEqual(floor);
      expect(p).toBeLessThanOrEqual(1);
      const [low, high] = result.ci95;
      expect(p < 0.05).toBe(low > 0 || high < 0);
      if (p > floor && p < 1) {
        const [atLow, atHigh] = studentizedInterval(result.estimate, sortedT, 1 - p);
        expect(Math.min(Math.abs(atLow), Math.abs(atHigh))).toBeLessThan(1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('bootstrapStudentizedMany', () => {
  it('draws the replicates forEachReplicate draws and says why there is no interval', () => {
    const groupOfUnit = Uint32Array.from([0, 1, 2, 3, 4, 5]);
    const y = Float64Array.of(1, 0, 2, 1, 3, 0);
    const x = Float64Array.of(2, 1, 3, 2, 3, 1);
    const options = { replicates: 200, seed: 7 };
    const [result] = bootstrapStudentizedMany(groupOfUnit, 6, 1, (draws) => [weightedRatio(draws, y, x)], options);
    const replicates: (Estimate | null)[] = [];
    forEachReplicate(groupOfUnit, 6, options, (draws) => replicates.push(weightedRatio(draws, y, x)));
    const sample = weightedRatio(new Uint32Array(6).fill(1), y, x);
    expect(result).toEqual(studentizedFromEstimates(sample, replicates));
    const [constant] = bootstrapStudentizedMany(groupOfUnit, 6, 1, (draws) => [weightedRatio(draws, x, x)], options);
    expect(constant?.ci95).toBeNull();
    expect(constant?.reason).toBe(STUDENTIZED_REASONS.noSpread);
  });
});

describe('normalCdf', () => {
  // scipy 1.10.1's norm.cdf at the same points.
  const scipy: [number, number][] = [
    [-40, 0],
    [-8, 6.22096057427174e-16],
    [-7.5, 3.1908916729108844e-14],
    [-5, 2.866515718791933e-7],
    [-3, 0.0013498980316300933],
    [-1.96, 0.024997895148220435],
    [-1, 0.15865525393145707],
    [-0.3, 0.3820885778110474],
    [0, 0.5],
    [0.3, 0.6179114221889526],
    [1, 0.8413447460685429],
    [1.96, 0.9750021048517795],
    [3, 0.9986501019683699],
    [5, 0.9999997133484281],
    [7.5, 0.9999999999999681],
  ];
  it.each(scipy)('Phi(%d) = %d to 1e-15 absolute', (z, expected) => {
    const value = normalCdf(z);
    expect(Math.abs(value - expected)).toBeLessThanOrEqual(1e-15);
  });
});
