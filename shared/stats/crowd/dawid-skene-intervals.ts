// Intervals for what Dawid-Skene estimates of each rater (issue 33 point 1): a percentile cluster
// bootstrap that draws whole clusters of items (puzzles, whose units share a story and raters),
// fits Dawid-Skene again on each replicate's draws as item weights, and takes the 2.5th and 97.5th
// percentiles of every confusion entry and every rater's accuracy.

import type { BootstrapOptions } from '../bootstrap';
import type { Interval } from '../interval';
import type { CrowdRatings } from './crowd-ratings';
import { clusterReplicates } from './cluster-replicates';
import { dawidSkene, raterAccuracies, type DawidSkeneFit, type DawidSkeneOptions } from './dawid-skene';

export interface DawidSkeneIntervals {
  /** Rater r's interval for the confusion entry (true c, observed k) at [(r * K + c) * K + k]; null where the fit has no such entry or no replicate gave one. */
  confusionCi95: (Interval | null)[];
  /** Each rater's interval for its accuracy (raterAccuracies). */
  accuracyCi95: (Interval | null)[];
  replicates: number;
}

/**
 * The intervals of `fit`'s confusion entries and accuracies, the fit of `ratings` with `options`.
 * `clusterOfItem[i]` is item i's cluster, 0 to clusterCount - 1 (the item itself when the items
 * are independent). A replicate in which a rater or a true label has no rating gives no figure
 * for its entries; the percentiles are of the replicates that do (bootstrapGroupsMany's rule).
 */
export function dawidSkeneIntervals(
  ratings: CrowdRatings,
  fit: DawidSkeneFit,
  clusterOfItem: ArrayLike<number>,
  clusterCount: number,
  bootstrap: BootstrapOptions,
  options: DawidSkeneOptions = {},
): DawidSkeneIntervals {
  const { itemCount, raterCount, categoryCount: K } = ratings;
  if (clusterOfItem.length !== itemCount) throw new RangeError(`the clusters must name one per item (${itemCount}), not ${clusterOfItem.length}`);
  const entries = raterCount * K * K;
  const results = clusterReplicates(
    clusterOfItem,
    clusterCount,
    entries + raterCount,
    (itemWeights) => {
      let replicate: DawidSkeneFit;
      try {
        replicate = dawidSkene(ratings, { ...options, itemWeights });
      } catch {
        // A replicate that drew no rated item has no figures at all.
        return new Array<null>(entries + raterCount).fill(null);
      }
      const accuracies = raterAccuracies(replicate);
      const values: (number | null)[] = [];
      for (let e = 0; e < entries; e++) values.push(definedOrNull(replicate.confusion[e] as number));
      for (let r = 0; r < raterCount; r++) values.push(definedOrNull(accuracies[r] as number));
      return values;
    },
    bootstrap,
  );
  // The fit itself is the caller's: the intervals are for its figures, so a figure the fit has none of has no interval.
  const interval = (index: number, value: number): Interval | null => (Number.isNaN(value) ? null : (results[index]?.ci95 ?? null));
  const accuracies = raterAccuracies(fit);
  return {
    confusionCi95: Array.from(fit.confusion, (value, e) => interval(e, value)),
    accuracyCi95: Array.from(accuracies, (value, r) => interval(entries + r, value)),
    replicates: bootstrap.replicates,
  };
}

const definedOrNull = (value: number): number | null => (Number.isNaN(value) ? null : value);
