// Collapses units to their category-count vectors ("patterns"): for every rater-exchangeable
// statistic a unit is nothing but how many of its ratings fell in each category, so the
// statistics, and each bootstrap replicate, cost one step per distinct pattern, not per unit.

import type { RatingTable } from './rating-table';

export interface UnitPatterns {
  count: number;
  /** The pattern of each unit of the table. */
  groupOfUnit: Uint32Array;
  /** Units that share each pattern. */
  size: Uint32Array;
  /** Ratings in each pattern (m). */
  ratings: Uint32Array;
  /** Pattern g's nonzero categories are `category[start[g] .. start[g + 1])`, ascending, with their `frequency`. */
  start: Uint32Array;
  category: Uint32Array;
  frequency: Uint32Array;
}

/** One pass over the table's rows: each unit's codes are sorted, run-length coded and hashed. */
export function unitPatterns(table: RatingTable): UnitPatterns {
  const { codes } = table;
  const raterCount = table.raters.length;
  const unitCount = table.unitCount;
  let capacity = 16;
  while (capacity < 2 * unitCount) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(-1);
  const hashOf = new Uint32Array(unitCount);
  const groupOfUnit = new Uint32Array(unitCount);
  const size = new Uint32Array(unitCount);
  const ratings = new Uint32Array(unitCount);
  const start = new Uint32Array(unitCount + 1);
  const category = new Uint32Array(table.ratingCount);
  const frequency = new Uint32Array(table.ratingCount);
  const sorted = new Int32Array(raterCount);
  const runCategory = new Uint32Array(raterCount);
  const runFrequency = new Uint32Array(raterCount);
  let groups = 0;
  let used = 0;
  for (let u = 0; u < unitCount; u++) {
    let m = 0;
    const row = u * raterCount;
    for (let r = 0; r < raterCount; r++) {
      const c = codes[row + r] as number;
      if (c < 0) continue;
      // Insertion sort: a unit has a handful of ratings.
      let k = m++;
      while (k > 0 && (sorted[k - 1] as number) > c) {
        sorted[k] = sorted[k - 1] as number;
        k--;
      }
      sorted[k] = c;
    }
    let runs = 0;
    let hash = Math.imul(m, 0x9e3779b1);
    for (let k = 0; k < m; k++) {
      const c = sorted[k] as number;
      if (runs > 0 && runCategory[runs - 1] === c) {
        runFrequency[runs - 1] = (runFrequency[runs - 1] as number) + 1;
      } else {
        runCategory[runs] = c;
        runFrequency[runs] = 1;
        runs++;
      }
      hash = Math.imul(hash ^ (c + 1), 0x85ebca6b) ^ (hash >>> 13);
    }
    hash >>>= 0;
    let slot = hash & mask;
    let group = -1;
    for (;;) {
      const g = slots[slot] as number;
      if (g < 0) break;
      if (hashOf[g] === hash && samePattern(start, category, frequency, g, runCategory, runFrequency, runs)) {
        group = g;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (group < 0) {
      group = groups++;
      slots[slot] = group;
      hashOf[group] = hash;
      ratings[group] = m;
      for (let k = 0; k < runs; k++) {
        category[used] = runCategory[k] as number;
        frequency[used] = runFrequency[k] as number;
        used++;
      }
      start[group + 1] = used;
    }
    groupOfUnit[u] = group;
    size[group] = (size[group] as number) + 1;
  }
  return {
    count: groups,
    groupOfUnit,
    size: size.slice(0, groups),
    ratings: ratings.slice(0, groups),
    start: start.slice(0, groups + 1),
    category: category.slice(0, used),
    frequency: frequency.slice(0, used),
  };
}

function samePattern(
  start: Uint32Array,
  category: Uint32Array,
  frequency: Uint32Array,
  g: number,
  runCategory: Uint32Array,
  runFrequency: Uint32Array,
  runs: number,
): boolean {
  const from = start[g] as number;
  if ((start[g + 1] as number) - from !== runs) return false;
  for (let k = 0; k < runs; k++) {
    if (category[from + k] !== runCategory[k] || frequency[from + k] !== runFrequency[k]) return false;
  }
  return true;
}
