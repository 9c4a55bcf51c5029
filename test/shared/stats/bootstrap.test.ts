// The seeded unit bootstrap: deterministic for a seed, different for another, draws N units per
// replicate, counts undefined replicates without using them, percentile intervals as R's
// quantile type 7, and the intervals the reliability engine reports.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { bootstrapGroups, bootstrapGroupsMany, percentileInterval } from '../../../shared/stats/bootstrap';
import { computeReliability, type Rating } from '../../../shared/stats/reliability';

/** 300 units in 3 groups of 100: a mean over groups weighted by draws. */
const groupOfUnit = Uint32Array.from({ length: 300 }, (_, i) => i % 3);
const scores = [0, 0.5, 1];
const mean = (draws: Uint32Array) => {
  let sum = 0;
  let n = 0;
  draws.forEach((d, g) => {
    sum += d * (scores[g] as number);
    n += d;
  });
  return sum / n;
};

describe('percentileInterval', () => {
  it('interpolates between order statistics (type 7)', () => {
    const values = Float64Array.from({ length: 101 }, (_, i) => 100 - i);
    const [low, high] = percentileInterval(values) as [number, number];
    expect(low).toBeCloseTo(2.5, 12);
    expect(high).toBeCloseTo(97.5, 12);
    expect(percentileInterval(Float64Array.from([1, 2, 3, 4]), 0.5)).toEqual([1.75, 3.25]);
    expect(percentileInterval(Float64Array.from([7]))).toEqual([7, 7]);
  });

  it('is null for no values and refuses a level outside (0, 1)', () => {
    expect(percentileInterval(new Float64Array(0))).toBeNull();
    expect(() => percentileInterval(Float64Array.from([1]), 1)).toThrow(RangeError);
  });

  it('leaves its input unsorted', () => {
    const values = Float64Array.from([3, 1, 2]);
    percentileInterval(values);
    expect(Array.from(values)).toEqual([3, 1, 2]);
  });
});

describe('bootstrapGroups', () => {
  it('draws N units with replacement in every replicate', () => {
    const totals: number[] = [];
    bootstrapGroups(groupOfUnit, 3, (draws) => (totals.push(draws.reduce((a, b) => a + b, 0)), 0), { replicates: 20, seed: 1 });
    expect(totals).toEqual(new Array(20).fill(300));
  });

  it('is deterministic for a seed and differs for another', () => {
    const a = bootstrapGroups(groupOfUnit, 3, mean, { replicates: 500, seed: 7 });
    const b = bootstrapGroups(groupOfUnit, 3, mean, { replicates: 500, seed: 7 });
    const c = bootstrapGroups(groupOfUnit, 3, mean, { replicates: 500, seed: 8 });
    expect(a).toEqual(b);
    expect(c.ci95).not.toEqual(a.ci95);
    expect(a).toMatchObject({ replicates: 500, undefinedReplicates: 0 });
  });

  it('contains the point estimate on well-behaved data, about +-1.96 standard errors wide', () => {
    const { ci95 } = bootstrapGroups(groupOfUnit, 3, mean, { replicates: 1000, seed: 3 });
    const [low, high] = ci95 as [number, number];
    expect(low).toBeLessThan(0.5);
    expect(high).toBeGreaterThan(0.5);
    // sd of the scores is sqrt(1/6); the mean of 300 has SE 0.0236.
    expect(high - low).toBeGreaterThan(0.07);
    expect(high - low).toBeLessThan(0.115);
  });

  it('counts undefined replicates and leaves them out of the interval', () => {
    let call = 0;
    const result = bootstrapGroups(groupOfUnit, 3, () => (call++ % 4 === 0 ? null : call), { replicates: 100, seed: 1 });
    expect(result.undefinedReplicates).toBe(25);
    expect(result.ci95).not.toBeNull();
    const none = bootstrapGroups(groupOfUnit, 3, () => null, { replicates: 10, seed: 1 });
    expect(none).toEqual({ ci95: null, replicates: 10, undefinedReplicates: 10, constant: false });
  });

  it('says when every defined replicate gave the same value', () => {
    expect(bootstrapGroups(groupOfUnit, 3, () => 0.5, { replicates: 50, seed: 1 })).toMatchObject({ ci95: [0.5, 0.5], constant: true });
    let call = 0;
    expect(bootstrapGroups(groupOfUnit, 3, () => (call++ === 0 ? null : 0.5), { replicates: 50, seed: 1 }).constant).toBe(true);
    expect(bootstrapGroups(groupOfUnit, 3, mean, { replicates: 50, seed: 1 }).constant).toBe(false);
  });

  it('treats a NaN from a statistic as undefined', () => {
    expect(bootstrapGroups(groupOfUnit, 3, () => Number.NaN, { replicates: 5, seed: 1 }).undefinedReplicates).toBe(5);
  });

  it('gives no interval for 0 replicates or no units, and refuses a negative count', () => {
    expect(bootstrapGroups(groupOfUnit, 3, mean, { replicates: 0, seed: 1 })).toEqual({ ci95: null, replicates: 0, undefinedReplicates: 0, constant: false });
    expect(bootstrapGroups(new Uint32Array(0), 0, () => 1, { replicates: 5, seed: 1 })).toEqual({
      ci95: null,
      replicates: 5,
      undefinedReplicates: 5,
      constant: false,
    });
    expect(() => bootstrapGroups(groupOfUnit, 3, mean, { replicates: -1, seed: 1 })).toThrow(RangeError);
  });

  it('gives each of several statistics the interval it would get alone', () => {
    const options = { replicates: 300, seed: 11 };
    const [first, second] = bootstrapGroupsMany(groupOfUnit, 3, 2, (draws) => [mean(draws), 1 - mean(draws)], options);
    expect(first).toEqual(bootstrapGroups(groupOfUnit, 3, mean, options));
    expect(second?.ci95?.[0]).toBeCloseTo(1 - (first?.ci95?.[1] as number), 12);
  });
});

describe('intervals of the reliability engine', () => {
  const prng = createPrng(21);
  const ratings: Rating[] = [];
  for (let u = 0; u < 400; u++) {
    const truth = prng.int(1, 5);
    for (const rater of ['a', 'b', 'c']) {
      if (prng.chance(0.1)) continue;
      ratings.push({ unit: `u${u}`, rater, value: String(prng.chance(0.7) ? truth : prng.int(1, 5)) });
    }
  }

  it('contain every point estimate, at the requested level, and repeat for a seed', () => {
    const result = computeReliability(ratings, { level: 'interval', bootstrap: { replicates: 400, seed: 5 } });
    const points = {
      alpha: result.alpha.interval,
      percentAgreement: result.percentAgreement,
      gwetAC1: result.gwetAC1,
      fleissKappa: result.fleissKappa,
      brennanPrediger: result.brennanPrediger,
    };
    for (const [key, point] of Object.entries(points)) {
      const interval = result.ci95?.[key as keyof typeof points];
      expect(interval, key).not.toBeNull();
      const [low, high] = interval as [number, number];
      expect(low, key).toBeLessThan(point as number);
      expect(high, key).toBeGreaterThan(point as number);
    }
    expect(result.bootstrap).toEqual({
      replicates: 400,
      seed: 5,
      method: 'studentized',
      undefinedReplicates: { alpha: 0, percentAgreement: 0, gwetAC1: 0, fleissKappa: 0, brennanPrediger: 0 },
    });
    expect(computeReliability(ratings, { level: 'interval', bootstrap: { replicates: 400, seed: 5 } }).ci95).toEqual(result.ci95);
    expect(computeReliability(ratings, { level: 'interval', bootstrap: { replicates: 400, seed: 6 } }).ci95).not.toEqual(result.ci95);
  });

  it('gives a null interval with a reason when the statistic is undefined in every replicate', () => {
    const same = ratings.map((r) => ({ ...r, value: '3' }));
    const result = computeReliability(same, { bootstrap: { replicates: 50, seed: 1 } });
    expect(result.ci95?.alpha).toBeNull();
    expect(result.bootstrap?.undefinedReplicates.alpha).toBe(50);
    expect(result.undefinedReasons['ci95.alpha']).toBe('the statistic is undefined on the sample');
    // Percent agreement is 1 on every unit: no spread to studentize, so no interval, and why.
    expect(result.ci95?.percentAgreement).toBeNull();
    expect(result.undefinedReasons['ci95.percentAgreement']).toMatch(/gives the statistic the same value/);
    // The percentile interval of a plain proportion with no spread is still shown, and alpha's says why it is missing.
    const percentile = computeReliability(same, { bootstrap: { replicates: 50, seed: 1 }, interval: 'percentile' });
    expect(percentile.ci95?.percentAgreement).toEqual([1, 1]);
    expect(percentile.undefinedReasons['ci95.alpha']).toMatch(/every bootstrap replicate/);
  });

  it('leaves ci95 out without a bootstrap', () => {
    expect(computeReliability(ratings)).not.toHaveProperty('ci95');
  });
});

describe('the draws', () => {
  it('are the draws of createPrng (mulberry32) for the seed: unit floor(next() x N) per draw, N per replicate', () => {
    const seen: number[][] = [];
    bootstrapGroupsMany(
      Uint32Array.from({ length: 7 }, (_, i) => i),
      7,
      1,
      (draws) => {
        seen.push([...draws]);
        return [0];
      },
      { replicates: 5, seed: -3 },
    );
    const prng = createPrng(-3);
    const expected = Array.from({ length: 5 }, () => {
      const draws = new Array<number>(7).fill(0);
      for (let i = 0; i < 7; i++) {
        const unit = Math.floor(prng.next() * 7);
        draws[unit] = (draws[unit] as number) + 1;
      }
      return draws;
    });
    expect(seen).toEqual(expected);
  });
});
