// A unit's gold history, oldest first: every set, replacement, clear and undo with who made it,
// when, the value (or gold set) it left and its note, read from the study's audit log (a live query, so a
// change shows at once). Notes are the lead's own text, rendered as text.

import type { Task } from '../../../shared/domain/model';
import type { GoldHistoryEntry } from '../../db/gold';
import { useGoldHistory } from '../../services/queries';
import { goldText } from './gold-session';

function atText(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

function changeText(entry: GoldHistoryEntry): string {
  const old = entry.old === null ? undefined : goldText(entry.old);
  if (entry.kind === 'clear') return `cleared ${old ?? ''}`.trim();
  if (entry.kind === 'undo') return old === undefined ? 'undo' : `undo of ${old}`;
  return old === undefined ? 'set' : `replaced ${old}`;
}

export function GoldHistory({ studyId, task, unitId }: { studyId: string; task: Task; unitId: string }) {
  const history = useGoldHistory(studyId, task, unitId);
  if (history === undefined || history.length === 0) return null;
  return (
    <details className="gold-history" data-testid="gold-history" open>
      <summary className="strong">Gold history ({history.length.toLocaleString('en-US')})</summary>
      <table className="data-table compact-table" aria-label="Gold history, oldest first">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Change</th>
            <th scope="col">Gold</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => {
            // A clear shows the note of the label it removed; everything else the note it left.
            const shown = entry.new ?? entry.old;
            return (
              <tr key={entry.id} data-history-kind={entry.kind} data-history-value={entry.new === null ? '' : goldText(entry.new)}>
                <td>{atText(entry.at)}</td>
                <td>{entry.by}</td>
                <td>{changeText(entry)}</td>
                <td>
                  {entry.new === null ? (
                    <span className="muted">none</span>
                  ) : (
                    <span className={`badge label-${String(entry.new.value)}`}>{goldText(entry.new)}</span>
                  )}
                </td>
                <td>{shown === null || shown.note === '' ? <span className="muted">no note</span> : shown.note}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
