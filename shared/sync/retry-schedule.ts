// When a team sync tries again after the server could not be reached (issue 29): soon at first,
// then every few seconds however long the outage lasted, so labels that wait go within seconds of
// the server answering again; and when the next try is, which the sync state shows.

/** The wait after the first failure. */
export const RETRY_FIRST_MS = 500;
/**
 * The longest wait between tries. A doubling back-off left to grow (PouchDB's own reaches
 * minutes) would keep labels waiting long after a server restart; a try costs one refused request.
 */
export const RETRY_MAX_MS = 2_000;

/** The wait before the next try, after a wait of `previous` ms (0, or anything not a positive number: the first failure). */
export function nextRetryDelay(previous: number): number {
  if (!(previous > 0)) return RETRY_FIRST_MS;
  return Math.min(previous * 2, RETRY_MAX_MS);
}

/** When the next try is, as an ISO 8601 time: `delay` ms after `nowMs` (milliseconds since 1970). */
export function nextTryAt(nowMs: number, delay: number): string {
  return new Date(nowMs + delay).toISOString();
}

/** Whole seconds until the try at `at` (rounded up, so "in 1 s" until it starts), 0 once it is due; undefined for a time that does not parse. */
export function secondsUntilTry(at: string, nowMs: number): number | undefined {
  const due = Date.parse(at);
  if (Number.isNaN(due)) return undefined;
  return Math.max(0, Math.ceil((due - nowMs) / 1000));
}
