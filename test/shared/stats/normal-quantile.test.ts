// The normal quantile behind every judge interval, against scipy's norm.ppf across the centre,
// the tails and the far tails (each of AS 241's three branches).

import { describe, expect, it } from 'vitest';
import { normalQuantile } from '../../../shared/stats/normal-quantile';
import { REFERENCE } from './judge/judge-reporting-reference';

describe('normalQuantile', () => {
  it.each(REFERENCE.normalQuantiles)('matches scipy at %s', (probability, z) => {
    expect(Math.abs(normalQuantile(probability) - z)).toBeLessThanOrEqual(1e-14 * Math.max(1, Math.abs(z)));
  });

  it('is symmetric about one half', () => {
    for (const p of [0.001, 0.01, 0.2, 0.4999]) expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 10);
  });

  it('refuses probabilities outside (0, 1), where the quantile is infinite or meaningless', () => {
    for (const p of [0, 1, -0.5, 2, Number.NaN]) expect(() => normalQuantile(p)).toThrow(RangeError);
  });
});
