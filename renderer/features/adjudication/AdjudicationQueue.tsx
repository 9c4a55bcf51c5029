// The disagreements beside the current unit, lowest agreement first: a window of the queue around
// the current one with each unit's agreement, text and gold value or set (or "open"); a click opens it.

import { countText } from '../../../shared/domain/count-text';
import type { UnitDisagreement } from '../../workers/report-protocol';
import { percentText } from '../report';
import { goldText } from './gold-session';
import type { Gold } from './useAdjudication';

/** Queue entries listed around the current one; Next and Previous reach the rest. */
const LIST_BEFORE = 10;
const LIST_AFTER = 40;

export function AdjudicationQueue({
  queue,
  current,
  goldOf,
  onOpen,
}: {
  queue: readonly UnitDisagreement[];
  current: number;
  goldOf: (unit: UnitDisagreement) => Gold | undefined;
  onOpen: (unitId: string) => void;
}) {
  const start = Math.max(0, current - LIST_BEFORE);
  const end = Math.min(queue.length, Math.max(current, 0) + LIST_AFTER);
  return (
    <nav className="adjudication-queue" aria-label="Disagreements, lowest agreement first">
      {start > 0 && <div className="muted small queue-more">{countText(start, 'earlier unit', 'earlier units')}</div>}
      <ol start={start + 1}>
        {queue.slice(start, end).map((unit, offset) => {
          const gold = goldOf(unit);
          const index = start + offset;
          return (
            <li key={unit.unitId}>
              <button
                type="button"
                className={`queue-item${index === current ? ' current' : ''}`}
                data-queue-unit={unit.unitId}
                data-decided={gold !== undefined}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => onOpen(unit.unitId)}
              >
                <span className="queue-agreement">{percentText(unit.agreement, 0)}</span>
                <span className="queue-text">{unit.text}</span>
                <span className={gold === undefined ? 'muted small' : `badge label-${String(gold.value)}`}>{gold === undefined ? 'open' : goldText(gold)}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {end < queue.length && <div className="muted small queue-more">{countText(queue.length - end, 'later unit', 'later units')}</div>}
    </nav>
  );
}
