// What the adjudication page says above the queue: the sitting's last message, a list that could
// not be made, an empty list, and a unit from the address that is not in the list.

interface Props {
  /** The gold sitting's last message, such as the end of the list. */
  notice: string | undefined;
  error: string | undefined;
  /** The list is made and empty. */
  empty: boolean;
  openOnly: boolean;
  /** The unit the address asks for, when it is not in the list. */
  missingUnitId: string | undefined;
  onShowDecided: () => void;
}

export function AdjudicationNotices({ notice, error, empty, openOnly, missingUnitId, onShowDecided }: Props) {
  return (
    <>
      {notice !== undefined && (
        <p className="notice" role="status" data-testid="adjudication-notice">
          {notice}
        </p>
      )}
      {error !== undefined && (
        <div className="notice notice-error" role="alert">
          The disagreements could not be listed: {error}
        </div>
      )}
      {empty && <p className="empty">{openOnly ? 'No open disagreements: every one has a gold label.' : 'The raters agree on every unit of this task.'}</p>}
      {missingUnitId !== undefined && (
        <div className="notice notice-warning" role="status">
          {missingUnitId} is not in this list: it has no disagreement{openOnly ? ', or it has a gold label already' : ''}.{' '}
          {openOnly && (
            <button type="button" className="link-button" onClick={onShowDecided}>
              Show decided units too
            </button>
          )}
        </div>
      )}
    </>
  );
}
