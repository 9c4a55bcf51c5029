// Agreement on set-valued labels (issue 33 point 4), where a rater marks every acceptable label of
// a unit: the MASI distance between two sets (Passonneau 2006), Krippendorff's alpha with it, and
// the share of rater pairs whose sets share a label. A set is a bitmask of category indices, so a
// distance is a few bit operations and a unit's values are counted by their distinct sets.

import { REASONS } from './coefficient';

/** A set of acceptable labels: bit c is set when category c is one of them. Never empty. */
export type LabelSet = number;

/**
 * MASI's monotonicity weight for a pair of sets that is not identical but shares a label: one set
 * inside the other (subset), or each with a label of its own (overlap). Disjoint sets weigh 0.
 */
export interface MasiWeights {
  subset: number;
  overlap: number;
}

/** Passonneau's (2006) weights, 2/3 and 1/3. NLTK's masi_distance rounds them to 0.67 and 0.33. */
export const PASSONNEAU_WEIGHTS: MasiWeights = { subset: 2 / 3, overlap: 1 / 3 };

/** The most categories a set holds: a bitmask of 31 bits keeps every operation on small integers. */
export const MAX_SET_CATEGORIES = 31;

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function checkSet(set: LabelSet, where: string): void {
  if (!Number.isInteger(set) || set <= 0 || set >= 2 ** MAX_SET_CATEGORIES)
    throw new RangeError(`${where}: a label set must hold at least one of up to ${MAX_SET_CATEGORIES} categories (a bitmask from 1 to 2^31 - 1), not ${set}`);
}

/**
 * 1 - J M: J the Jaccard share |A ∩ B| / |A ∪ B|, M the monotonicity weight (1 identical, then
 * subset, overlap, 0 disjoint). Identical sets are 0 apart, disjoint ones 1.
 */
export function masiDistance(a: LabelSet, b: LabelSet, weights: MasiWeights = PASSONNEAU_WEIGHTS): number {
  checkSet(a, 'the first set');
  checkSet(b, 'the second set');
  const shared = bitCount(a & b);
  if (shared === 0) return 1;
  const sizeA = bitCount(a);
  const sizeB = bitCount(b);
  const monotonicity = sizeA === sizeB && shared === sizeA ? 1 : shared === Math.min(sizeA, sizeB) ? weights.subset : weights.overlap;
  return 1 - (shared / bitCount(a | b)) * monotonicity;
}

export interface SetAlpha {
  value: number | null;
  /** Krippendorff's Do and De: mean distance within units, and between any two pairable values. */
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
  /** Sets in units with two or more: alpha's n. */
  pairableValues: number;
  reason?: string;
}

/**
 * Krippendorff's alpha over units of set-valued labels (each unit the sets its raters gave), with
 * `distance` between sets: Do = (1/n) sum_u 1/(m_u - 1) sum of the distances of its ordered pairs
 * of values, De = 1/(n (n - 1)) the same over every ordered pair of pairable values; units with
 * one set are left out, as in every alpha. Null with the reason where it is undefined.
 */
export function setAlpha(units: readonly (readonly LabelSet[])[], distance: (a: LabelSet, b: LabelSet) => number = masiDistance): SetAlpha {
  // Distinct sets and their counts overall; each unit's within-unit sum over its distinct sets.
  const indexOfSet = new Map<LabelSet, number>();
  const totals: number[] = [];
  let within = 0;
  let pairable = 0;
  units.forEach((sets, u) => {
    sets.forEach((set, r) => checkSet(set, `unit ${u}, set ${r}`));
    if (sets.length < 2) return;
    const counts = new Map<LabelSet, number>();
    for (const set of sets) counts.set(set, (counts.get(set) ?? 0) + 1);
    let unitSum = 0;
    for (const [a, na] of counts) for (const [b, nb] of counts) if (a !== b) unitSum += na * nb * distance(a, b);
    within += unitSum / (sets.length - 1);
    pairable += sets.length;
    for (const [set, count] of counts) {
      const index = indexOfSet.get(set) ?? totals.length;
      if (index === totals.length) {
        indexOfSet.set(set, index);
        totals.push(0);
      }
      totals[index] = (totals[index] as number) + count;
    }
  });
  if (pairable === 0) return { value: null, observedDisagreement: null, expectedDisagreement: null, pairableValues: 0, reason: REASONS.noPairableUnit };
  const sets = [...indexOfSet.keys()];
  let between = 0;
  sets.forEach((a, i) => sets.forEach((b, j) => i !== j && (between += (totals[i] as number) * (totals[j] as number) * distance(a, b))));
  const observedDisagreement = within / pairable;
  const expectedDisagreement = between / (pairable * (pairable - 1));
  if (expectedDisagreement === 0)
    return { value: null, observedDisagreement, expectedDisagreement, pairableValues: pairable, reason: 'no variation: every pairable set is the same set' };
  return { value: 1 - observedDisagreement / expectedDisagreement, observedDisagreement, expectedDisagreement, pairableValues: pairable };
}

/** The share of pairs of raters on a unit whose sets share a label, over every unit's pairs; null when no unit has two sets. */
export function intersectingPairShare(units: readonly (readonly LabelSet[])[]): { share: number | null; pairs: number } {
  let pairs = 0;
  let intersecting = 0;
  units.forEach((sets, u) => {
    sets.forEach((set, r) => checkSet(set, `unit ${u}, set ${r}`));
    for (let i = 0; i < sets.length; i++)
      for (let j = i + 1; j < sets.length; j++) {
        pairs++;
        if (((sets[i] as number) & (sets[j] as number)) !== 0) intersecting++;
      }
  });
  return { share: pairs === 0 ? null : intersecting / pairs, pairs };
}
