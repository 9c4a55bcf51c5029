// Chromium side of `npm run bench`: imports the bundle with the app's own code (parse, then
// importStudies into a StudioDatabase) and, in the same run, writes the same records with
// raw IndexedDB into an identical schema, so the two times compare like with like.

import type { StudyData } from '../../shared/domain/model';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { StudioDatabase } from '../../renderer/db/database';
import { importStudies } from '../../renderer/db/import-study';
import { SCHEMA_V1 } from '../../renderer/db/migrations/v1-tables';

export interface PageBenchResult {
  parseMs: number[];
  importMs: number[];
  rawMs: number[];
  records: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function deleteDatabase(name: string): Promise<unknown> {
  return request(indexedDB.deleteDatabase(name));
}

/** Reads a Dexie key spec such as '[studyId+id]' or '++id' into an IndexedDB key path. */
function keyPath(spec: string): string | string[] {
  const bare = spec.replace(/^\+\+|^&/, '');
  return bare.startsWith('[') ? bare.slice(1, -1).split('+') : bare;
}

/** Creates the same stores and indexes as Dexie's schema v1, with the raw API. */
function openRawDatabase(name: string): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    for (const [table, spec] of Object.entries(SCHEMA_V1)) {
      const [primary, ...indexes] = spec.split(',').map((part) => part.trim());
      const store = open.result.createObjectStore(table, { keyPath: keyPath(primary!), autoIncrement: primary!.startsWith('++') });
      for (const index of indexes) store.createIndex(index.replace(/^\[|\]$/g, ''), keyPath(index));
    }
  };
  return request(open);
}

async function rawWrite(name: string, data: StudyData): Promise<number> {
  const db = await openRawDatabase(name);
  const start = performance.now();
  const tx = db.transaction(['studies', 'puzzles', 'sessions', 'turns'], 'readwrite', { durability: 'strict' });
  tx.objectStore('studies').put(data.study);
  for (const [table, records] of [
    ['puzzles', data.puzzles],
    ['sessions', data.sessions],
    ['turns', data.turns],
  ] as const) {
    const store = tx.objectStore(table);
    for (const record of records) store.put(record);
  }
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const elapsed = performance.now() - start;
  db.close();
  return elapsed;
}

async function dexieImport(name: string, data: StudyData): Promise<number> {
  const db = new StudioDatabase(name);
  await db.open();
  const start = performance.now();
  await importStudies(db, [data]);
  const elapsed = performance.now() - start;
  db.close();
  return elapsed;
}

async function runImportBench(bundleUrl: string, runs: number): Promise<PageBenchResult> {
  const text = await (await fetch(bundleUrl)).text();
  const result: PageBenchResult = { parseMs: [], importMs: [], rawMs: [], records: 0 };
  let data: StudyData | undefined;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const parsed = parseTranscriptBundle({ name: 'bench-100k.json', text });
    result.parseMs.push(performance.now() - start);
    if (!parsed.ok) throw new Error(parsed.errors[0]?.message);
    data = parsed.value;
  }
  if (!data) throw new Error('no runs');
  result.records = 1 + data.puzzles.length + data.sessions.length + data.turns.length;
  // Alternate which goes first, so neither always meets a warmer or busier disk.
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? (['dexie', 'raw'] as const) : (['raw', 'dexie'] as const);
    for (const which of order) {
      const name = `bench-${which}-${run}`;
      await deleteDatabase(name);
      if (which === 'dexie') result.importMs.push(await dexieImport(name, data));
      else result.rawMs.push(await rawWrite(name, data));
      await deleteDatabase(name);
    }
  }
  return result;
}

(globalThis as unknown as { runImportBench: typeof runImportBench }).runImportBench = runImportBench;
