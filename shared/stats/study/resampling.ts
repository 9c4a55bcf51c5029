// The clusters a bootstrap replicate draws (issue 15 point 1): each unit's puzzle, so a replicate
// keeps a puzzle's questions and finals together, or each unit on its own.

import type { Resampling } from '../../report/report-model';

export interface ResamplingClusters {
  /** clusterOfUnit[u] is the cluster of units[u], numbered from 0 in order of first appearance. */
  clusterOfUnit: Uint32Array;
  clusters: number;
}

/** The cluster of every unit: its puzzle under `puzzles`, itself under `units`. */
export function resamplingClusters(units: readonly { puzzleId: string }[], resample: Resampling): ResamplingClusters {
  const clusterOfUnit = new Uint32Array(units.length);
  if (resample === 'units') {
    for (let u = 0; u < units.length; u++) clusterOfUnit[u] = u;
    return { clusterOfUnit, clusters: units.length };
  }
  const clusterOfPuzzle = new Map<string, number>();
  units.forEach((unit, u) => {
    let cluster = clusterOfPuzzle.get(unit.puzzleId);
    if (cluster === undefined) {
      cluster = clusterOfPuzzle.size;
      clusterOfPuzzle.set(unit.puzzleId, cluster);
    }
    clusterOfUnit[u] = cluster;
  });
  return { clusterOfUnit, clusters: clusterOfPuzzle.size };
}
