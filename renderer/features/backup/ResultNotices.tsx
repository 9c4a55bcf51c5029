// How a restore or an import of files ends, in a notice the user dismisses: what was done, or
// for a file refused whole, what was not done, how many problems and where, and every located
// error (the first MAX_ERRORS_SHOWN). The import adds its offer to map fields below a refusal.

import type { ReactNode } from 'react';
import { formatErrorText, type FormatError } from '../../../shared/formats/errors';

const MAX_ERRORS_SHOWN = 200;

interface DoneProps {
  onDismiss: () => void;
  /** The data attributes tests and the page find the notice by. */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}

export function DoneNotice({ onDismiss, data, children }: DoneProps) {
  return (
    <div className="notice notice-success" role="status" {...data}>
      <span>{children}</span>
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

interface RefusedProps {
  /** What did not happen: "restored", "imported". */
  undone: string;
  /** Where the problems are: "with backup.json", "in a.jsonl, b.jsonl". */
  where: string;
  errors: readonly FormatError[];
  onDismiss: () => void;
  /** The data attributes tests and the page find the notice by. */
  data: Record<`data-${string}`, string>;
  children?: ReactNode;
}

export function RefusedNotice({ undone, where, errors, onDismiss, data, children }: RefusedProps) {
  const shown = errors.slice(0, MAX_ERRORS_SHOWN);
  return (
    <div className="notice notice-error" role="alert" {...data}>
      <div className="notice-header">
        <strong>
          Nothing was {undone}: {errors.length} {errors.length === 1 ? 'problem' : 'problems'} {where}
        </strong>
        <button type="button" className="link-button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <ul className="error-list">
        {shown.map((error, index) => (
          <li key={index}>{formatErrorText(error)}</li>
        ))}
      </ul>
      {errors.length > shown.length && <div>…and {errors.length - shown.length} more.</div>}
      {children}
    </div>
  );
}
