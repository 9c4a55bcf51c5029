// Notices that the browser cleared the studio's database, as it may under disk pressure when
// storage is not persistent: a marker outside IndexedDB (in localStorage) remembers how many
// studies the library held, and a start that finds fewer reports what was lost.
//
// Eviction removes a whole database at once, so the study count alone detects it; counting
// labels as well would cost a count on every key press. A browser that clears localStorage
// together with IndexedDB leaves nothing to compare, and the studio then looks newly installed.

import { liveQuery } from 'dexie';
import type { StudioDatabase } from './database';

/** How many studies the library held when last counted, and how many it held at this start. */
export interface ClearedStorage {
  studiesBefore: number;
  studiesNow: number;
}

export type MarkerStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** One marker per database name: `agreement-studio.had-data` for the app's own. */
export function markerKey(databaseName: string): string {
  return `${databaseName}.had-data`;
}

/** The remembered study count, or undefined when there is none or it is not one we wrote. */
function readMarker(storage: MarkerStorage, key: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    const studies: unknown = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).studies : undefined;
    return typeof studies === 'number' && Number.isSafeInteger(studies) && studies >= 0 ? studies : undefined;
  } catch {
    return undefined;
  }
}

function writeMarker(storage: MarkerStorage, key: string, studies: number): void {
  try {
    storage.setItem(key, JSON.stringify({ studies }));
  } catch {
    // A full or disabled localStorage only costs the next start its check.
  }
}

/** Compares the marker with the database: what was lost, or undefined if nothing was (or nothing was ever counted). */
export async function detectClearedStorage(db: StudioDatabase, storage: MarkerStorage): Promise<ClearedStorage | undefined> {
  const studiesBefore = readMarker(storage, markerKey(db.name));
  if (!studiesBefore) return undefined;
  const studiesNow = await db.studies.count();
  return studiesNow < studiesBefore ? { studiesBefore, studiesNow } : undefined;
}

/**
 * Checks once for cleared storage, reporting it through `onCleared`, then keeps the marker
 * current. The marker follows a live query of the study count, which sees every import, pack
 * and deletion (also those the workers write), so deleting a study never reads as eviction;
 * label writes do not touch the studies table, so labelling costs nothing here. Once reported,
 * the marker takes the new count: the next start does not report the same loss again.
 * Returns the function that stops watching.
 */
export function watchForClearedStorage(db: StudioDatabase, storage: MarkerStorage, onCleared: (cleared: ClearedStorage) => void): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  const key = markerKey(db.name);
  detectClearedStorage(db, storage)
    // A database that cannot be read fails loudly where the library reads it; this check just stays quiet.
    .catch(() => undefined)
    .then((cleared) => {
      if (stopped) return;
      if (cleared) onCleared(cleared);
      subscription = liveQuery(() => db.studies.count()).subscribe({
        next: (studies) => writeMarker(storage, key, studies),
        error: () => undefined,
      });
    });
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}
