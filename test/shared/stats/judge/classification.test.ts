// The judge scored as a classifier against the human majority: every figure of scikit-learn's
// precision_recall_fscore_support on the committed cases (zero-division ones included), and a
// plainly written count on hand-made pairs.

import { describe, expect, it } from 'vitest';
import { classify, CLASSIFICATION_REASONS, type LabelPair } from '../../../../shared/stats/judge/classification';
import { close, REFERENCE } from './reference';

function pairsOf(reference: readonly string[], judge: readonly string[]): LabelPair[] {
  return reference.map((label, i) => ({ reference: label, judge: judge[i] ?? '' }));
}

describe('classify against scikit-learn', () => {
  for (const c of REFERENCE.classification) {
    it(c.name, () => {
      const result = classify(pairsOf(c.reference, c.judge), c.labels, c.rates?.positive);
      // scikit-learn's matrix is reference by judge; ours is judge by reference, as the report's.
      const transposed = c.labels.map((_, row) => c.labels.map((__, column) => c.confusionTrueByPredicted[column]?.[row]));
      expect(result.counts).toEqual(transposed);
      c.perLabel.forEach((expected, i) => {
        const actual = result.perLabel[i];
        expect(actual?.label).toBe(expected.label);
        expect(actual?.support).toBe(expected.support);
        for (const figure of ['precision', 'recall', 'f1'] as const) {
          expect(close(actual?.[figure].value ?? null, expected[figure]), `${expected.label} ${figure}: ${actual?.[figure].value} vs ${expected[figure]}`).toBe(
            true,
          );
          expect(actual?.[figure].reason === undefined).toBe(expected[figure] !== null);
        }
      });
      for (const figure of ['precision', 'recall', 'f1'] as const) {
        expect(close(result.macro[figure].value, c.macro[figure].value), `macro ${figure}`).toBe(true);
        expect(result.macro[figure].over).toEqual(c.macro[figure].over);
        expect(close(result.micro[figure].value, c.micro[figure]), `micro ${figure}`).toBe(true);
      }
      expect(close(result.accuracy.value, c.accuracy)).toBe(true);
      if (c.rates === undefined) expect(result.rates).toBeUndefined();
      else {
        expect(close(result.rates?.truePositiveRate.value ?? null, c.rates.truePositiveRate)).toBe(true);
        expect(close(result.rates?.trueNegativeRate.value ?? null, c.rates.trueNegativeRate)).toBe(true);
      }
    });
  }
});

describe('classify', () => {
  it('matches a plainly written count of true and false positives per label', () => {
    const labels = ['yes', 'no', 'irrelevant'];
    const c = REFERENCE.classification.find((x) => x.name === 'seeded, answer with unparseable, 120 units');
    if (c === undefined) throw new Error('fixture case missing');
    const pairs = pairsOf(c.reference, c.judge);
    const result = classify(pairs, labels);
    for (const score of result.perLabel) {
      const tp = pairs.filter((p) => p.judge === score.label && p.reference === score.label).length;
      const said = pairs.filter((p) => p.judge === score.label).length;
      const support = pairs.filter((p) => p.reference === score.label).length;
      expect(score).toMatchObject({ truePositives: tp, predicted: said, support, falsePositives: said - tp, falseNegatives: support - tp });
      expect(score.precision.value).toBeCloseTo(tp / said, 12);
      expect(score.recall.value).toBeCloseTo(tp / support, 12);
      expect(score.f1.value).toBeCloseTo((2 * (tp / said) * (tp / support)) / (tp / said + tp / support), 12);
    }
    const unparseable = pairs.filter((p) => p.judge === 'unparseable');
    expect(unparseable.length).toBeGreaterThan(0);
    expect(result.otherJudgeLabel.reduce((a, b) => a + b, 0)).toBe(unparseable.length);
    // Unparseable replies are misses: recall and accuracy count them, micro precision does not.
    expect(result.accuracy.value).toBeCloseTo(pairs.filter((p) => p.judge === p.reference).length / pairs.length, 12);
    expect(result.micro.precision.value).toBeGreaterThan(result.micro.recall.value ?? 1);
  });

  it('says why a figure is undefined instead of giving NaN', () => {
    const result = classify(
      [
        { judge: 'yes', reference: 'no' },
        { judge: 'no', reference: 'no' },
      ],
      ['yes', 'no', 'irrelevant'],
    );
    const [yes, , irrelevant] = result.perLabel;
    expect(yes?.recall).toEqual({ value: null, reason: CLASSIFICATION_REASONS.noSupport('yes') });
    expect(yes?.precision.value).toBe(0);
    expect(yes?.f1.value).toBe(0);
    expect(irrelevant?.precision).toEqual({ value: null, reason: CLASSIFICATION_REASONS.neverPredicted('irrelevant') });
    expect(irrelevant?.f1).toEqual({ value: null, reason: CLASSIFICATION_REASONS.neither('irrelevant') });
    expect(result.macro.recall).toEqual({ value: 0.5, over: ['no'] });
  });

  it('gives every figure as null with a reason when there is no unit', () => {
    const result = classify([], ['matched', 'unmatched'], 'matched');
    expect(result.n).toBe(0);
    expect(result.accuracy).toEqual({ value: null, reason: CLASSIFICATION_REASONS.noUnit });
    expect(result.micro.precision).toEqual({ value: null, reason: CLASSIFICATION_REASONS.noUnit });
    expect(result.macro.f1).toEqual({ value: null, reason: CLASSIFICATION_REASONS.noLabelDefined('F1'), over: [] });
    expect(result.rates?.truePositiveRate.reason).toBe(CLASSIFICATION_REASONS.noSupport('matched'));
    expect(JSON.stringify(result)).not.toContain('NaN');
  });

  it('leaves out pairs whose reference label is not in the set, and counts them', () => {
    const result = classify(
      [
        { judge: 'yes', reference: 'yes' },
        { judge: 'yes', reference: 'unknown' },
      ],
      ['yes', 'no'],
    );
    expect(result).toMatchObject({ n: 1, leftOut: 1, accuracy: { value: 1 } });
  });

  it('has no micro precision, with a reason, when every judge label is outside the set', () => {
    const result = classify([{ judge: 'unparseable', reference: 'yes' }], ['yes', 'no']);
    expect(result.micro.precision).toEqual({ value: null, reason: CLASSIFICATION_REASONS.noPrediction });
    expect(result.micro.recall.value).toBe(0);
    expect(result.otherJudgeLabel).toEqual([1, 0]);
  });

  it('gives true-positive and true-negative rates only to a two-label task with its positive label', () => {
    const pairs = [
      { judge: 'matched', reference: 'matched' },
      { judge: 'matched', reference: 'unmatched' },
      { judge: 'unmatched', reference: 'unmatched' },
    ];
    expect(classify(pairs, ['matched', 'unmatched'], 'matched').rates).toEqual({
      positive: 'matched',
      negative: 'unmatched',
      truePositiveRate: { value: 1 },
      trueNegativeRate: { value: 0.5 },
    });
    expect(classify(pairs, ['matched', 'unmatched']).rates).toBeUndefined();
    expect(classify([{ judge: 'yes', reference: 'yes' }], ['yes', 'no', 'irrelevant'], 'yes').rates).toBeUndefined();
  });
});
