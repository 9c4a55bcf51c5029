// A judge scored as a classifier against the human majority (issue 15 point 4): per label its
// precision, recall, F1 and support, macro and micro averages, and for two-label tasks the true-
// positive and true-negative rates. Undefined values are null with a reason, as scikit-learn warns.

/** One unit: the judge's label and the reference label (the human majority). */
export interface LabelPair {
  judge: string;
  reference: string;
}

/** A proportion, or null with the reason it is undefined (never NaN). */
export interface Ratio {
  value: number | null;
  reason?: string;
}

export function ratio(numerator: number, denominator: number, reason: string): Ratio {
  return denominator === 0 ? { value: null, reason } : { value: numerator / denominator };
}

export interface LabelScore {
  label: string;
  /** Units whose reference label is this one. */
  support: number;
  /** Units the judge gave this label. */
  predicted: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** truePositives / predicted; null when the judge never gave the label. */
  precision: Ratio;
  /** truePositives / support; null when people never gave the label. */
  recall: Ratio;
  /** 2 truePositives / (predicted + support), scikit-learn's form (1.3 on): 0, not null, when only one of the two is 0. */
  f1: Ratio;
}

/** The unweighted mean over the labels where the figure is defined, as scikit-learn's `zero_division=np.nan` averages. */
export interface MacroAverage extends Ratio {
  /** The labels the mean is over; the rest had the figure undefined. */
  over: string[];
}

export interface Classification {
  labels: string[];
  /** Pairs counted: those whose reference label is one of `labels`. */
  n: number;
  /** Pairs left out because their reference label is not one of `labels`. */
  leftOut: number;
  /** counts[judge][reference] in `labels` order: rows the judge's label, columns the reference's, as the report's confusion matrix. */
  counts: number[][];
  /** Per reference label, the pairs whose judge label is none of `labels` (an unparseable reply the lead counts as wrong): a miss of that label. */
  otherJudgeLabel: number[];
  perLabel: LabelScore[];
  macro: { precision: MacroAverage; recall: MacroAverage; f1: MacroAverage };
  /**
   * Pooled over labels. Precision divides by the judge's labels that are among `labels`, recall
   * by every pair, so both equal `accuracy` unless the judge gave labels outside the set.
   */
  micro: { precision: Ratio; recall: Ratio; f1: Ratio };
  /** Pairs where the judge's label is the reference label, over n. */
  accuracy: Ratio;
  /** For a two-label task with a positive label (yes or matched): recall of the positive and of the negative label. */
  rates?: { positive: string; negative: string; truePositiveRate: Ratio; trueNegativeRate: Ratio };
}

export const CLASSIFICATION_REASONS = {
  noUnit: 'no unit has both a judge label and a human majority',
  neverPredicted: (label: string) => `the judge never said "${label}", so precision divides by 0`,
  noSupport: (label: string) => `people never said "${label}", so recall divides by 0`,
  neither: (label: string) => `neither the judge nor people said "${label}"`,
  noLabelDefined: (figure: string) => `no label has a defined ${figure}`,
  noPrediction: 'the judge gave none of the labels',
} as const;

function macroAverage(figures: readonly Ratio[], labels: readonly string[], figure: string): MacroAverage {
  const over = labels.filter((_, i) => figures[i]?.value !== null);
  const values = figures.flatMap((f) => (f.value === null ? [] : [f.value]));
  if (values.length === 0) return { value: null, reason: CLASSIFICATION_REASONS.noLabelDefined(figure), over };
  return { value: values.reduce((sum, v) => sum + v, 0) / values.length, over };
}

/**
 * Scores the judge's labels against the reference labels over `labels` (answer: yes, no,
 * irrelevant, unknown; match: matched, unmatched). Give `positive` (yes or matched) for a two-
 * label task to get its true-positive and true-negative rates.
 */
export function classify(pairs: Iterable<LabelPair>, labels: readonly string[], positive?: string): Classification {
  const index = new Map(labels.map((label, i) => [label, i]));
  const counts = labels.map(() => labels.map(() => 0));
  const otherJudgeLabel = labels.map(() => 0);
  let leftOut = 0;
  for (const { judge, reference } of pairs) {
    const column = index.get(reference);
    if (column === undefined) {
      leftOut++;
      continue;
    }
    const row = counts[index.get(judge) ?? -1];
    if (row === undefined) otherJudgeLabel[column] = (otherJudgeLabel[column] ?? 0) + 1;
    else row[column] = (row[column] ?? 0) + 1;
  }
  const cell = (row: number, column: number) => counts[row]?.[column] ?? 0;
  const perLabel = labels.map((label, i): LabelScore => {
    const truePositives = cell(i, i);
    const predicted = labels.reduce((sum, _, column) => sum + cell(i, column), 0);
    const support = labels.reduce((sum, _, row) => sum + cell(row, i), 0) + (otherJudgeLabel[i] ?? 0);
    return {
      label,
      support,
      predicted,
      truePositives,
      falsePositives: predicted - truePositives,
      falseNegatives: support - truePositives,
      precision: ratio(truePositives, predicted, CLASSIFICATION_REASONS.neverPredicted(label)),
      recall: ratio(truePositives, support, CLASSIFICATION_REASONS.noSupport(label)),
      f1: ratio(2 * truePositives, predicted + support, CLASSIFICATION_REASONS.neither(label)),
    };
  });
  const sum = (pick: (score: LabelScore) => number) => perLabel.reduce((total, score) => total + pick(score), 0);
  const truePositives = sum((s) => s.truePositives);
  const predicted = sum((s) => s.predicted);
  const n = sum((s) => s.support);
  const result: Classification = {
    labels: [...labels],
    n,
    leftOut,
    counts,
    otherJudgeLabel,
    perLabel,
    macro: {
      precision: macroAverage(
        perLabel.map((s) => s.precision),
        labels,
        'precision',
      ),
      recall: macroAverage(
        perLabel.map((s) => s.recall),
        labels,
        'recall',
      ),
      f1: macroAverage(
        perLabel.map((s) => s.f1),
        labels,
        'F1',
      ),
    },
    micro: {
      precision: ratio(truePositives, predicted, n === 0 ? CLASSIFICATION_REASONS.noUnit : CLASSIFICATION_REASONS.noPrediction),
      recall: ratio(truePositives, n, CLASSIFICATION_REASONS.noUnit),
      f1: ratio(2 * truePositives, predicted + n, CLASSIFICATION_REASONS.noUnit),
    },
    accuracy: ratio(truePositives, n, CLASSIFICATION_REASONS.noUnit),
  };
  const positiveScore = perLabel.find((s) => s.label === positive);
  const negativeScore = perLabel.find((s) => s.label !== positive);
  if (labels.length === 2 && positiveScore !== undefined && negativeScore !== undefined) {
    result.rates = {
      positive: positiveScore.label,
      negative: negativeScore.label,
      truePositiveRate: positiveScore.recall,
      trueNegativeRate: negativeScore.recall,
    };
  }
  return result;
}
