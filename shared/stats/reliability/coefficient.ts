// The shape every reliability coefficient takes inside the engine: its value with the observed
// and expected agreement it was made from, or null with the reason it is undefined (never NaN,
// never a silent 0 or 1). Also the reasons, worded once.

export interface Coefficient {
  value: number | null;
  observed: number | null;
  expected: number | null;
  /** Why `value` is null. */
  reason?: string;
}

export const REASONS = {
  noPairableUnit: 'no unit has two ratings',
  noVariation: 'no variation: every rating is the same category',
  noPairableVariation: 'no variation: every pairable value (rating of a unit with two or more ratings) is the same category',
  oneCategoryAC1: "the scale has one category, and AC1's chance agreement divides by q - 1 = 0",
  oneCategory: 'the scale has one category, so chance agreement is 1',
  oneCategoryWeights: 'the scale has one category, so quadratic weights (which divide by its range) are undefined',
  oneRater: 'there is one rater; the statistic compares raters',
  noCompleteUnit: 'no unit is rated by every rater',
  noCompleteVariation: 'no variation: every rating of the units rated by every rater is the same category',
  noCommonUnit: 'the two raters rated no unit in common',
  noPairVariation: 'no variation: both raters gave one and the same category on every unit they share',
  negativeRatio: 'the ratio level needs values of zero or more',
  nominalWeights:
    'the labels are nominal (not numbers, no declared order), so no category is nearer to one than to another; declare an order (--order a,b,c) to weight by position',
} as const;

/** (observed - expected) / (1 - expected), the form of every kappa-like coefficient; the caller rules out expected = 1. */
export function chanceCorrected(observed: number, expected: number): Coefficient {
  return { value: (observed - expected) / (1 - expected), observed, expected };
}

export function undefinedCoefficient(reason: string, observed: number | null = null, expected: number | null = null): Coefficient {
  return { value: null, observed, expected, reason };
}
