// Which way a judge errs against the human majority (issue 15 point 4): lenient (it says yes or
// matched where people say no or unmatched) or severe (the reverse), with an exact McNemar test
// of the skew. On the answer task irrelevant and unknown stay out of that test and are counted apart.

import { ratio, type LabelPair, type Ratio } from './classification';
import { mcnemarExact, type McNemar } from './mcnemar';

/** The two labels leniency and severity are defined on. */
export interface Poles {
  positive: string;
  negative: string;
}

/** Answer task: yes against no; match task: matched against unmatched. */
export const JUDGE_POLES = {
  answer: { positive: 'yes', negative: 'no' },
  match: { positive: 'matched', negative: 'unmatched' },
} as const satisfies Record<string, Poles>;

/** The labels of a task that are neither pole: on the answer task, the judge declining to answer yes or no. */
export const NON_POLAR_LABELS = {
  answer: ['irrelevant', 'unknown'],
  match: [],
} as const satisfies Record<keyof typeof JUDGE_POLES, readonly string[]>;

/** Errors between a pole and a non-polar label, which are neither lenient nor severe. */
export interface NonPolarErrors {
  label: string;
  /** The judge gave this label where people said yes or no. */
  judgeOnly: number;
  /** People gave this label where the judge said yes or no. */
  peopleOnly: number;
}

export interface ErrorDirection {
  positive: string;
  negative: string;
  /** Judge says the positive label where people say the negative one. */
  lenient: number;
  /** Judge says the negative label where people say the positive one. */
  severe: number;
  /** Units where people say the negative label, whatever the judge says (the denominator of the leniency rate). */
  peopleNegative: number;
  /** Units where people say the positive label (the denominator of the severity rate). */
  peoplePositive: number;
  /** lenient / peopleNegative: how often a "no" of people becomes the judge's "yes". */
  leniencyRate: Ratio;
  /** severe / peoplePositive. */
  severityRate: Ratio;
  /** lenient / (lenient + severe): 0.5 is no skew. */
  lenientShare: Ratio;
  /** Exact McNemar test of lenient (b) against severe (c). */
  mcnemar: McNemar;
  /** Per non-polar label asked for, its errors against the poles. */
  nonPolar: NonPolarErrors[];
}

/**
 * Counts the direction of the judge's errors. Only the pole-against-pole errors are lenient or
 * severe; errors between a pole and a label of `nonPolar` (irrelevant, unknown) are counted per
 * label; other pairs (agreements, errors between two non-polar labels, unparseable) add nothing
 * but their share of the rates' denominators.
 */
export function errorDirection(pairs: Iterable<LabelPair>, poles: Poles, nonPolar: readonly string[] = []): ErrorDirection {
  const { positive, negative } = poles;
  let lenient = 0;
  let severe = 0;
  let peopleNegative = 0;
  let peoplePositive = 0;
  const side = new Map(nonPolar.map((label) => [label, { label, judgeOnly: 0, peopleOnly: 0 }]));
  const isPole = (label: string) => label === positive || label === negative;
  for (const { judge, reference } of pairs) {
    if (reference === negative) peopleNegative++;
    if (reference === positive) peoplePositive++;
    if (judge === positive && reference === negative) lenient++;
    if (judge === negative && reference === positive) severe++;
    const judgeSide = side.get(judge);
    if (judgeSide !== undefined && isPole(reference)) judgeSide.judgeOnly++;
    const peopleSide = side.get(reference);
    if (peopleSide !== undefined && isPole(judge)) peopleSide.peopleOnly++;
  }
  return {
    positive,
    negative,
    lenient,
    severe,
    peopleNegative,
    peoplePositive,
    leniencyRate: ratio(lenient, peopleNegative, `people never said "${negative}"`),
    severityRate: ratio(severe, peoplePositive, `people never said "${positive}"`),
    lenientShare: ratio(lenient, lenient + severe, `the judge never confused "${positive}" and "${negative}"`),
    mcnemar: mcnemarExact(lenient, severe),
    nonPolar: [...side.values()],
  };
}
