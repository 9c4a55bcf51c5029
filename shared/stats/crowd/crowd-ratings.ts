// The ratings every estimator of the true label reads (Dawid-Skene, MACE): parallel columns of
// item, rater and label indices with the counts they run over, and the columns of a list.

/** The ratings as parallel columns, one entry per rating, every index 0-based. */
export interface CrowdRatings {
  itemCount: number;
  raterCount: number;
  /** K, the number of labels a rater may give. */
  categoryCount: number;
  item: ArrayLike<number>;
  rater: ArrayLike<number>;
  /** The label the rater gave the item, in 0..K-1. */
  label: ArrayLike<number>;
}

/** One rating, for callers that hold a list rather than columns (see ratingColumns). */
export interface CrowdRating {
  item: number;
  rater: number;
  label: number;
}

/**
 * The columns of a list of ratings, to pass with the counts. Float64Array keeps a stray 1.5 or
 * NaN as it is, for the estimator to refuse, where an integer array would round it.
 */
export function ratingColumns(ratings: readonly CrowdRating[]): { item: Float64Array; rater: Float64Array; label: Float64Array } {
  const item = new Float64Array(ratings.length);
  const rater = new Float64Array(ratings.length);
  const label = new Float64Array(ratings.length);
  for (const [n, rating] of ratings.entries()) {
    item[n] = rating.item;
    rater[n] = rating.rater;
    label[n] = rating.label;
  }
  return { item, rater, label };
}
