// The alert for a start that finds the browser cleared the studio's storage (see db/eviction.ts):
// what was lost, how to get it back, and how to keep it from happening again. Holds no data of
// its own beyond the one report and the answer to its persistence request.

import { countText } from '../../shared/domain/count-text';
import { useEffect, useState } from 'react';
import { watchForClearedStorage, type ClearedStorage } from '../db/eviction';
import { requestPersistentStorage } from '../db/storage';
import { useServices } from '../services/services';

/** `onPersistenceAsked` lets the window's storage state (the footer) take the browser's answer. */
export function StorageClearedBanner({ onPersistenceAsked }: { onPersistenceAsked?: () => void }) {
  const { db } = useServices();
  const [cleared, setCleared] = useState<ClearedStorage>();
  const [persisted, setPersisted] = useState<boolean>();
  useEffect(() => watchForClearedStorage(db, window.localStorage, setCleared), [db]);
  if (!cleared) return null;

  const keepStorage = () => {
    requestPersistentStorage()
      .then(
        (status) => setPersisted(status.persisted),
        () => setPersisted(false),
      )
      .finally(() => onPersistenceAsked?.());
  };
  return (
    <div className="notice notice-error" role="alert" data-testid="storage-cleared">
      <p>
        <strong>The browser cleared the studio&rsquo;s storage.</strong> When the studio last ran here its library held{' '}
        {countText(cleared.studiesBefore, 'study', 'studies')}; at this start it held{' '}
        {cleared.studiesNow === 0 ? 'none' : `only ${countText(cleared.studiesNow, 'study', 'studies')}`}. Browsers delete a site&rsquo;s saved data when the
        disk runs low and its storage is not kept persistently.
      </p>
      <p>
        To get your work back, restore it from a backup, or import the transcript bundles or packs again and then the label files (your exported labels, or the
        label files your annotators sent).
      </p>
      <p>
        To keep it from happening again, let the browser keep the studio&rsquo;s storage, and export your labels regularly.{' '}
        <button type="button" className="chip" onClick={keepStorage}>
          Keep storage persistently
        </button>{' '}
        <span role="status">
          {persisted === true
            ? 'The browser now keeps the studio’s storage.'
            : persisted === false
              ? 'The browser declined; export your labels after each session.'
              : ''}
        </span>
      </p>
      <button type="button" className="chip" onClick={() => setCleared(undefined)}>
        Dismiss
      </button>
    </div>
  );
}
