// The human majority label of a unit (SPEC §4, "judge vs the human majority label"): the
// strictly most frequent label among its human labels. A tie for first place is no majority,
// and such a unit is left out of every figure that compares against the majority.

import type { TaskUnit } from './study-units';

export function humanLabelCounts(unit: TaskUnit): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { value } of unit.humans) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * The unit's strictly most frequent human label, or null when there is none (no human labels,
 * or a tie for first place). A single label is its own majority: one of one is a strict majority.
 */
export function humanMajority(unit: TaskUnit): string | null {
  const { humans } = unit;
  if (humans.length > FEW_LABELS) return strictMajorityOfCounts(humanLabelCounts(unit));
  // A few labels are counted pair by pair, with no map: the report asks for the majority of every
  // unit many times over.
  let majority: string | null = null;
  let majorityCount = 0;
  let tied = false;
  for (let i = 0; i < humans.length; i++) {
    const value = (humans[i] as TaskUnit['humans'][number]).value;
    let counted = false;
    for (let j = 0; j < i && !counted; j++) counted = humans[j]?.value === value;
    if (counted) continue;
    let count = 1;
    for (let j = i + 1; j < humans.length; j++) if (humans[j]?.value === value) count++;
    if (count > majorityCount) {
      majority = value;
      majorityCount = count;
      tied = false;
    } else if (count === majorityCount) tied = true;
  }
  return tied ? null : majority;
}

/** Up to this many labels on a unit are counted pair by pair. */
const FEW_LABELS = 8;

/**
 * The most frequent labels of the counts, optionally with one `without` label taken out: one
 * label when there is a strict majority, several on a tie for first place, none when no label is left.
 */
export function topLabelsOfCounts(counts: ReadonlyMap<string, number>, without?: string): string[] {
  let top: string[] = [];
  let topCount = 0;
  for (const [value, total] of counts) {
    const count = value === without ? total - 1 : total;
    if (count <= 0 || count < topCount) continue;
    if (count > topCount) {
      top = [value];
      topCount = count;
    } else {
      top.push(value);
    }
  }
  return top;
}

/**
 * The strict majority of label counts, optionally with one `without` label taken out (the
 * majority of the other annotators, for per-annotator reliability); null on a tie or when no
 * label is left.
 */
export function strictMajorityOfCounts(counts: ReadonlyMap<string, number>, without?: string): string | null {
  const top = topLabelsOfCounts(counts, without);
  return top.length === 1 ? (top[0] as string) : null;
}

/** What the judges' tests read of each unit, taken in one pass: the human majority, the bucket and the puzzle (as a cluster key). */
export interface MajorityColumns {
  majorities: Array<string | null>;
  bucketOf: string[];
  puzzleOf: Array<{ puzzleId: string }>;
}

export function majorityColumns(units: readonly TaskUnit[]): MajorityColumns {
  const majorities = new Array<string | null>(units.length);
  const bucketOf = new Array<string>(units.length);
  const puzzleOf = new Array<{ puzzleId: string }>(units.length);
  units.forEach((unit, u) => {
    majorities[u] = humanMajority(unit);
    bucketOf[u] = unit.bucket;
    puzzleOf[u] = { puzzleId: unit.puzzleId };
  });
  return { majorities, bucketOf, puzzleOf };
}
