// When the labelling bench may start timing after a large IndexedDB write: the same raw read,
// repeated in one open browser, has stopped getting faster. The bench cannot force LevelDB's
// compaction from a page, so it waits for the effect of it instead.

/** Reads compared at a time: the last ones against the ones before them. */
const SETTLE_WINDOW = 3;
/** The most reads the bench makes before it times anyway, and says the database had not settled. */
export const SETTLE_MAX_READS = 40;

/**
 * Settled: the fastest of the last SETTLE_WINDOW reads no more than 5% faster than the fastest of
 * the window before it. The fastest, not the median: a busy machine only ever slows a read. A
 * write of 1,000,000 labels leaves LevelDB many files to merge, and the reads right after it run
 * two to three times as long as a minute later (issue 30's opens after seeding: 12.0, 7.3, 5.1 s).
 */
export function readsSettled(readsMs: readonly number[]): boolean {
  if (readsMs.length < 2 * SETTLE_WINDOW) return false;
  const last = Math.min(...readsMs.slice(-SETTLE_WINDOW));
  const before = Math.min(...readsMs.slice(-2 * SETTLE_WINDOW, -SETTLE_WINDOW));
  return last >= 0.95 * before;
}
