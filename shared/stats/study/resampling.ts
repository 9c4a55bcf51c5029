// The clusters a bootstrap replicate draws (issue 15 point 1): each unit's puzzle, so a replicate
// keeps a puzzle's questions and finals together, or each unit on its own.

import type { Resampling } from '../../report/model/report-model';
import { groupsByKey } from '../bootstrap';

export interface ResamplingClusters {
  /** clusterOfUnit[u] is the cluster of units[u], numbered from 0 in order of first appearance. */
  clusterOfUnit: Uint32Array;
  clusters: number;
}

/** The cluster of every unit: its puzzle under `puzzles`, itself under `units`. */
export function resamplingClusters(units: readonly { puzzleId: string }[], resample: Resampling): ResamplingClusters {
  if (resample === 'units') return { clusterOfUnit: Uint32Array.from(units, (_, u) => u), clusters: units.length };
  const { groupOf, firstOf } = groupsByKey(units.length, (u) => (units[u] as { puzzleId: string }).puzzleId);
  return { clusterOfUnit: groupOf, clusters: firstOf.length };
}

/**
 * The fewest clusters the intervals were checked at: the studentized intervals covered 95% within
 * binomial error with 12, 40 and 200 puzzles in a seeded simulation with strong puzzle clustering
 * (test/shared/stats/interval-coverage.test.ts); with fewer, their coverage is unchecked.
 */
export const CHECKED_CLUSTERS = 12;
