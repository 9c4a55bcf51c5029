// Chromium side of the 1,000,000-label benchmark: a page of the app's origin (no app code on
// it) that writes valid answer labels for every question turn of a study, for several
// annotators, with raw IndexedDB straight into the app's own database; and the workspace open's
// floor, the same records read with raw IndexedDB.

import type { Annotator, Label } from '../../shared/domain/model';
import { createPrng } from '../../shared/random/prng';

export interface SeedOptions {
  studyId: string;
  annotators: number;
  seed: number;
}

export interface SeedResult {
  units: number;
  labels: number;
  ms: number;
  annotatorIds: string[];
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });
}

/** The app's database as the app left it: never created or upgraded here. */
function openAppDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open('agreement-studio');
  open.onupgradeneeded = () => open.transaction?.abort();
  return request(open);
}

function benchAnnotatorId(index: number): string {
  return `bench-${String(index + 1).padStart(2, '0')}`;
}

/** One transaction per annotator: a few large transactions, as an import of label files would write. */
async function seedLabels(options: SeedOptions): Promise<SeedResult> {
  const db = await openAppDatabase();
  try {
    // Primary keys [studyId, id] of the study's question turns, from the app's [studyId+type] index.
    const keys = await request(
      db
        .transaction('turns', 'readonly')
        .objectStore('turns')
        .index('[studyId+type]')
        .getAllKeys(IDBKeyRange.only([options.studyId, 'question'])),
    );
    const unitIds = keys.map((key) => (key as [string, string])[1]);
    if (unitIds.length === 0) throw new Error(`study ${options.studyId} has no question turns`);
    const prng = createPrng(options.seed);
    const values = ['yes', 'no', 'no', 'irrelevant'] as const;
    const annotatorIds = Array.from({ length: options.annotators }, (_, index) => benchAnnotatorId(index));
    const start = performance.now();
    let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
    for (const annotatorId of annotatorIds) {
      const tx = db.transaction(['labels', 'annotators'], 'readwrite');
      const annotator: Annotator = { studyId: options.studyId, id: annotatorId, name: `Bench annotator ${annotatorId.slice(-2)}` };
      tx.objectStore('annotators').put(annotator);
      const labels = tx.objectStore('labels');
      for (const unitId of unitIds) {
        const ms = prng.int(800, 9_000);
        clock += ms;
        const at = new Date(clock).toISOString();
        const label: Label = {
          studyId: options.studyId,
          annotatorId,
          unitId,
          task: 'answer',
          value: prng.pick(values),
          at,
          createdAt: at,
          ms,
          rev: 1,
          unsure: prng.chance(0.03),
          note: '',
        };
        labels.put(label);
      }
      await done(tx);
    }
    return { units: unitIds.length, labels: unitIds.length * annotatorIds.length, ms: performance.now() - start, annotatorIds };
  } finally {
    db.close();
  }
}

export interface WorkspaceReadOptions {
  studyId: string;
  annotatorId: string;
  task: 'answer' | 'match';
}

/**
 * The floor of opening a workspace: what loadWorkspace reads, with nothing of the app's around
 * it, on this bare page just loaded. In one read transaction the study, its puzzles and turns by
 * the studyId prefix of their primary keys, the annotator's assignment, their labels of the task
 * by the [studyId, annotatorId, task] prefix and their remembered position, all in flight at
 * once. Returns the page's clock when the last arrives: navigation start to read, as the app's
 * open is timed from navigation start to painted.
 */
async function rawWorkspaceRead({ studyId, annotatorId, task }: WorkspaceReadOptions): Promise<number> {
  const db = await openAppDatabase();
  try {
    const tx = db.transaction(['studies', 'puzzles', 'turns', 'assignments', 'labels', 'meta'], 'readonly');
    // Every key that starts with the prefix: the prefix sorts before them and the prefix with [] after (an array sorts after any string).
    const prefixed = (...prefix: string[]) => IDBKeyRange.bound(prefix, [...prefix, []]);
    const [study] = await Promise.all([
      request(tx.objectStore('studies').get(studyId)),
      request(tx.objectStore('puzzles').getAll(prefixed(studyId))),
      request(tx.objectStore('turns').getAll(prefixed(studyId))),
      request(tx.objectStore('assignments').get([studyId, annotatorId, task])),
      request(tx.objectStore('labels').getAll(prefixed(studyId, annotatorId, task))),
      // The key label-writer.ts's positionKey gives.
      request(tx.objectStore('meta').get(`labelling.position/${studyId}/${annotatorId}/${task}`)),
    ]);
    if (study === undefined) throw new Error(`raw read: study ${studyId} not found`);
    return performance.now();
  } finally {
    db.close();
  }
}

/**
 * The same read, timed alone in a page already open: its start to the last record read. The bench
 * repeats it after seeding, browser left open, until the times stop falling, so that IndexedDB
 * (LevelDB merging the files a large write left) has settled before anything is timed against it.
 */
async function timedWorkspaceRead(options: WorkspaceReadOptions): Promise<number> {
  const start = performance.now();
  return (await rawWorkspaceRead(options)) - start;
}

Object.assign(globalThis, { seedLabels, rawWorkspaceRead, timedWorkspaceRead });
