// The alert for a file the studio refused, whole: what was not done, how many problems and where,
// a Dismiss, and every located error (the first MAX_ERRORS_SHOWN). Restoring a backup and
// importing files both refuse this way; the import adds its offer to map fields below.

import type { ReactNode } from 'react';
import { formatErrorText, type FormatError } from '../../../shared/formats/errors';

const MAX_ERRORS_SHOWN = 200;

interface Props {
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

export function RefusedNotice({ undone, where, errors, onDismiss, data, children }: Props) {
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
