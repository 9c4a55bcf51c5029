// Ratings whose values are sets of acceptable labels (issue 33), as the `reliability` command
// reads them from the reliability CSV of docs/command-line.md: a value `no|irrelevant` is the set {no, irrelevant}, its first
// label the rater's forced choice. Splits such ratings into the forced choices, which every
// statistic of computeReliability reads, and the sets' own agreement: MASI alpha and the share of
// rater pairs whose sets intersect (set-agreement.ts).

import type { RatingColumns } from './rating-table';
import { intersectingPairShare, MAX_SET_CATEGORIES, setAlpha, type LabelSet } from './set-agreement';

/** Between the labels of a set value: `no|irrelevant`. */
export const SET_SEPARATOR = '|';

export interface SetAgreement {
  /** How a set is written, and that the other statistics read each set's first label. */
  notation: string;
  /** Every label that occurs in a set, in order of first appearance. */
  categories: string[];
  /** Krippendorff's alpha with the MASI distance (Passonneau 2006); null with the reason when undefined. */
  masiAlpha: number | null;
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
  pairableValues: number;
  /** The share of pairs of raters on a unit whose sets share a label, and how many pairs. */
  intersectingPairShare: number | null;
  pairs: number;
  undefinedReasons: Record<string, string>;
}

export type SetRatings =
  | { ok: true; forcedChoices: RatingColumns; agreement: SetAgreement }
  /** `value` is the index in `columns.values` of the value that is not a set. */
  | { ok: false; value: number; message: string };

/** The ratings split into forced choices and the sets' agreement; undefined when no value holds SET_SEPARATOR (plain ratings). */
export function setRatings(columns: RatingColumns): SetRatings | undefined {
  if (!columns.values.some((value) => value.includes(SET_SEPARATOR))) return undefined;
  const categories: string[] = [];
  const masks: LabelSet[] = [];
  const firstOf: string[] = [];
  for (const [v, value] of columns.values.entries()) {
    const labels = value.split(SET_SEPARATOR).map((label) => label.trim());
    if (labels.some((label) => label === ''))
      return {
        ok: false,
        value: v,
        message: `the value ${JSON.stringify(value)} has an empty label; write a set as labels joined by ${SET_SEPARATOR}, such as no${SET_SEPARATOR}irrelevant`,
      };
    const twice = labels.find((label, i) => labels.indexOf(label) !== i);
    if (twice !== undefined) return { ok: false, value: v, message: `the value ${JSON.stringify(value)} names ${JSON.stringify(twice)} twice` };
    let mask = 0;
    for (const label of labels) {
      let index = categories.indexOf(label);
      if (index < 0) {
        if (categories.length === MAX_SET_CATEGORIES)
          return {
            ok: false,
            value: v,
            message: `sets of labels can use at most ${MAX_SET_CATEGORIES} different labels; ${JSON.stringify(label)} is one more`,
          };
        index = categories.push(label) - 1;
      }
      mask |= 1 << index;
    }
    masks.push(mask);
    firstOf.push(labels[0] as string);
  }

  const choices = [...new Set(firstOf)];
  const forcedValueOf = new Int32Array(columns.valueOf.length);
  const units: LabelSet[][] = Array.from({ length: columns.unitCount }, () => []);
  for (let i = 0; i < columns.valueOf.length; i++) {
    const v = columns.valueOf[i] as number;
    forcedValueOf[i] = choices.indexOf(firstOf[v] as string);
    (units[columns.unitOf[i] as number] as LabelSet[]).push(masks[v] as LabelSet);
  }
  const alpha = setAlpha(units);
  const share = intersectingPairShare(units);
  return {
    ok: true,
    forcedChoices: { ...columns, values: choices, valueOf: forcedValueOf },
    agreement: {
      notation: `labels joined by ${SET_SEPARATOR}, the first the forced choice every other statistic reads`,
      categories,
      masiAlpha: alpha.value,
      observedDisagreement: alpha.observedDisagreement,
      expectedDisagreement: alpha.expectedDisagreement,
      pairableValues: alpha.pairableValues,
      intersectingPairShare: share.share,
      pairs: share.pairs,
      undefinedReasons: {
        ...(alpha.reason === undefined ? {} : { masiAlpha: alpha.reason }),
        ...(share.share === null ? { intersectingPairShare: 'no unit has two raters' } : {}),
      },
    },
  };
}
