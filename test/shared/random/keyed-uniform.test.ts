// keyedUniform: one seeded number in [0, 1) per key, the same on every call, independent of
// other keys, and spread evenly even over keys that differ only in their last character.

import { describe, expect, it } from 'vitest';
import { keyedUniform } from '../../../shared/random/keyed-uniform';

describe('keyedUniform', () => {
  it('gives the same number for the same seed and key, another for another seed', () => {
    expect(keyedUniform(7, 'puzzle-1')).toBe(keyedUniform(7, 'puzzle-1'));
    expect(keyedUniform(7, 'puzzle-1')).not.toBe(keyedUniform(8, 'puzzle-1'));
    // Seeds are taken modulo 2^32, as createPrng takes them.
    expect(keyedUniform(-1, 'puzzle-1')).toBe(keyedUniform(4294967295, 'puzzle-1'));
  });

  it('spreads keys that differ in their last character evenly over ten bins', () => {
    const draws = 20_000;
    const bins = new Array<number>(10).fill(0);
    for (let i = 0; i < draws; i++) {
      const value = keyedUniform(3, `p${i}`);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      bins[Math.floor(value * 10)]!++;
    }
    // Chi-square with 9 degrees of freedom: 27.9 is its 0.999 quantile.
    const chiSquare = bins.reduce((sum, count) => sum + (count - draws / 10) ** 2 / (draws / 10), 0);
    console.log(`keyedUniform over ${draws} keys, ten bins: chi-square ${chiSquare.toFixed(2)} (9 df)`);
    expect(chiSquare).toBeLessThan(27.9);
  });
});
