// The bootstrap both estimators of the true label take their intervals from: each replicate draws
// whole clusters of items (puzzles) with replacement and hands the estimator each item's weight,
// its cluster's draws, so the estimator refits as if the drawn items were there that many times.

import { bootstrapGroupsMany, type BootstrapOptions, type BootstrapResult } from '../bootstrap';

/**
 * `count` figures per replicate from `figures(itemWeights)` (null where the replicate has none),
 * with their percentile intervals. `clusterOfItem[i]` is item i's cluster, 0 to clusterCount - 1.
 */
export function clusterReplicates(
  clusterOfItem: ArrayLike<number>,
  clusterCount: number,
  count: number,
  figures: (itemWeights: Float64Array) => readonly (number | null)[],
  bootstrap: BootstrapOptions,
): BootstrapResult[] {
  const itemCount = clusterOfItem.length;
  const itemWeights = new Float64Array(itemCount);
  // Each cluster its own group: a replicate's draws come per cluster.
  const groupOfCluster = new Uint32Array(clusterCount).map((_, c) => c);
  return bootstrapGroupsMany(
    groupOfCluster,
    clusterCount,
    count,
    (draws) => {
      for (let i = 0; i < itemCount; i++) itemWeights[i] = draws[clusterOfItem[i] as number] as number;
      return figures(itemWeights);
    },
    bootstrap,
  );
}
