// Intervals for each rater's MACE competence (issue 33 point 1): a percentile cluster bootstrap
// that draws whole clusters of items (puzzles), fits MACE again on each replicate's draws as item
// weights from the fit's own parameters (one start, so a replicate finds the same raters' roles
// rather than a restart's), and takes the 2.5th and 97.5th percentiles.

import type { BootstrapOptions } from '../bootstrap';
import type { Interval } from '../interval';
import { clusterReplicates } from './cluster-replicates';
import type { CrowdRatings } from './crowd-ratings';
import { fitMace, type MaceOptions, type MaceResult } from './mace';

export interface MaceIntervals {
  /** Each rater's interval for its competence; null where no replicate gave one. */
  competenceCi95: (Interval | null)[];
  replicates: number;
}

/**
 * The intervals of `fit`'s competences, the fit of `ratings` with `options`. `clusterOfItem[i]`
 * is item i's cluster, 0 to clusterCount - 1 (the item itself when items are independent).
 */
export function maceIntervals(
  ratings: CrowdRatings,
  fit: MaceResult,
  clusterOfItem: ArrayLike<number>,
  clusterCount: number,
  bootstrap: BootstrapOptions,
  options: MaceOptions = {},
): MaceIntervals {
  const { itemCount, raterCount } = ratings;
  if (clusterOfItem.length !== itemCount) throw new RangeError(`the clusters must name one per item (${itemCount}), not ${clusterOfItem.length}`);
  // Under 'vb' the fit's weights of knowing and spamming sum to a little under 1; a start needs a competence inside (0, 1).
  const start = { competence: Array.from(fit.competence, (value) => Math.min(Math.max(value, 1e-6), 1 - 1e-6)), strategies: fit.strategies };
  const results = clusterReplicates(
    clusterOfItem,
    clusterCount,
    raterCount,
    (itemWeights) => Array.from(fitMace(ratings, { ...options, itemWeights, starts: [start] }).competence),
    bootstrap,
  );
  return { competenceCi95: results.map((result) => result.ci95), replicates: bootstrap.replicates };
}
