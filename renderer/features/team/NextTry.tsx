// When a sync that cannot reach the team server tries again, counted down each second, and the
// Retry now button that tries at once (issue 29): above the lead's list of annotator databases and,
// through the team feature's entry, beside an annotator's sync state.

import { useEffect, useState } from 'react';
import { secondsUntilTry } from '../../../shared/sync/retry-schedule';
import { useServices } from '../../services/services';
import { retrySyncNow } from '../../services/team-sync';

/** The next try, `seconds` (whole, rounded up) from now: 0 once it is due. */
function nextTryText(seconds: number): string {
  return seconds > 0 ? `next try in ${seconds.toLocaleString('en-US')} s` : 'trying now';
}

/** `at`: the sync's next try (ISO 8601), when it has set one. */
export function NextTry({ studyId, at }: { studyId: string; at: string | undefined }) {
  const services = useServices();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return undefined;
    const tick = () => setNow(Date.now());
    // A new next try is counted from now at once, not from the last tick.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  const seconds = at === undefined ? undefined : secondsUntilTry(at, now);
  return (
    <span className="next-try small muted" data-testid="next-try" data-next-try-at={at ?? ''}>
      {seconds !== undefined && `${nextTryText(seconds)} `}
      {/* A click must not take the focus: in the labelling workspace the next Enter or Space would press Retry now again instead of labelling. */}
      <button type="button" className="chip" onMouseDown={(event) => event.preventDefault()} onClick={() => retrySyncNow(services, studyId)}>
        Retry now
      </button>
    </span>
  );
}
