// A judge's calibration against scikit-learn 1.2.1 (test/fixtures/calibration): the Brier score
// equals brier_score_loss, the bins equal calibration_curve's (counts, agreement and mean
// confidence, confidences on an edge included), and the ECE equals a plain sum over those bins.

import { describe, expect, it } from 'vitest';
import reference from '../../../fixtures/calibration/reference.json';
import { calibration } from '../../../../shared/stats/judge/calibration';

interface Case {
  name: string;
  y: number[];
  p: number[];
  bins: number;
  brier: number;
  bin_counts: number[];
  prob_true: number[];
  prob_pred: number[];
}

const close = (actual: number | null, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-12);
};

describe('calibration', () => {
  it.each(reference.cases as Case[])('equals scikit-learn on $name', ({ y, p, bins, brier, bin_counts, prob_true, prob_pred }) => {
    const result = calibration(
      p,
      y.map((value) => value === 1),
      bins,
    );
    close(result.brier, brier);
    expect(result.bins.map((bin) => bin.n)).toEqual(bin_counts);
    const filled = result.bins.filter((bin) => bin.n > 0);
    filled.forEach((bin, b) => {
      close(bin.agreement, prob_true[b] as number);
      close(bin.meanConfidence, prob_pred[b] as number);
    });
    // The second computation: the ECE summed plainly over scikit-learn's bins.
    const nonEmpty = bin_counts.filter((count) => count > 0);
    const plainEce = nonEmpty.reduce((sum, count, b) => sum + (count / y.length) * Math.abs((prob_true[b] as number) - (prob_pred[b] as number)), 0);
    close(result.ece, plainEce);
  });

  it('puts a confidence on an edge in the lower bin, as scikit-learn and Guo et al. do', () => {
    // One verdict at 0.5 that agrees, one at 0.9 that does not: (0, 0.5] and (0.5, 1].
    expect(calibration([0.5, 0.9], [true, false], 2).ece).toBeCloseTo(0.7, 12);
    expect(calibration([0.6, 0.65], [true, false], 10).bins.map((bin) => bin.n)).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('is null without verdicts and refuses a confidence outside [0, 1] or unpaired input', () => {
    expect(calibration([], [])).toMatchObject({ n: 0, ece: null, brier: null });
    expect(() => calibration([1.2], [true])).toThrow(RangeError);
    expect(() => calibration([Number.NaN], [true])).toThrow(RangeError);
    expect(() => calibration([0.5], [])).toThrow(RangeError);
  });
});
