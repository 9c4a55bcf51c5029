// Helpers for the data-layer tests: a fresh fake-indexeddb database per test, parsed studies
// (the demo study and a large synthetic one), and full dumps of every table for before/after checks.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DBCore, Middleware, Table } from 'dexie';
import { expect } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { generateSyntheticBundle } from '../../../shared/demo/synthetic-study';
import type { Annotator, Label, StudyData } from '../../../shared/domain/model';
import type { TeamDatabase } from '../../../shared/sync/stored-records';
import { formatErrorText } from '../../../shared/formats/errors';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';

export const NOW = '2026-11-22T10:00:00.000Z';

let counter = 0;
const opened: StudioDatabase[] = [];

/** A database of its own (own name, own IDBFactory), so no test sees another's data. */
export function freshDatabase(): StudioDatabase {
  counter += 1;
  const db = new StudioDatabase(`studio-test-${counter}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  return db;
}

/** A fresh database holding `studies`; `middleware` goes in first, since Dexie takes middleware only before it opens. */
export async function databaseWith(studies: StudyData[], middleware?: Middleware<DBCore>): Promise<StudioDatabase> {
  const db = freshDatabase();
  if (middleware) db.use(middleware);
  await importStudies(db, studies);
  return db;
}

/** Closes every database opened since the last call; for afterEach. */
export function closeDatabases(): void {
  for (const db of opened.splice(0)) db.close();
}

function parseOrThrow(name: string, text: string): StudyData {
  const result = parseTranscriptBundle({ name, text }, { now: NOW });
  if (!result.ok) throw new Error(`expected ${name} to parse, got:\n${result.errors.map(formatErrorText).join('\n')}`);
  return result.value;
}

// A path, not `new URL(..., import.meta.url)`: Vite rewrites that form against the page's address
// in component tests under happy-dom, and this module is loaded there too.
const DEMO_PATH = resolve(fileURLToPath(import.meta.url), '../../../../assets/demo-study.json');

/** The shipped demo study (assets/demo-study.json), parsed as the app parses it. */
export function demoStudy(): StudyData {
  return parseOrThrow('demo-study.json', readFileSync(DEMO_PATH, 'utf8'));
}

/** A seeded synthetic study; 600 puzzles give about 12,000 turns, several 5,000-record chunks. */
export function syntheticStudy(puzzles = 600, seed = 11): StudyData {
  const bundle = generateSyntheticBundle({ puzzles, seed });
  return parseOrThrow(`synthetic-${seed}.json`, JSON.stringify(bundle));
}

/** Runs a call that must be refused with a `type` error, checks every table is exactly as before, and returns the error. */
export async function refusedUnchanged<E extends Error>(db: StudioDatabase, call: () => Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const before = await dumpTables(db);
  const error: unknown = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  expect(await dumpTables(db)).toEqual(before);
  return error as E;
}

/** The message of the RangeError `call` is refused with, every table left as it was. */
export async function rangeRefusal(db: StudioDatabase, call: () => Promise<unknown>): Promise<string> {
  return (await refusedUnchanged(db, call, RangeError)).message;
}

/** Every row of every table, in primary-key order, keyed by table name. */
export async function dumpTables(db: StudioDatabase): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of db.tables) dump[table.name] = await table.toArray();
  return dump;
}

/** Row counts of every table, for quick "nothing changed" and "this much was written" checks. */
export async function countTables(db: StudioDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of db.tables) counts[table.name] = await table.count();
  return counts;
}

export function annotator(studyId: string, id: string): Annotator {
  return { studyId, id, name: `Annotator ${id}` };
}

/** An annotator's team database as the lead's pull records it, with nothing pulled; `more` adds to it (its open conflicts, say). */
export function teamDatabase(studyId: string, annotatorId: string, more: Partial<TeamDatabase> = {}): TeamDatabase {
  return { studyId, annotatorId, database: `as-demo-${annotatorId}`, user: 'u', createdAt: NOW, packs: [], labelsPulled: 0, refused: 0, ...more };
}

export function label(studyId: string, annotatorId: string, unitId: string, task: Label['task'], value: Label['value']): Label {
  return { studyId, annotatorId, unitId, task, value, at: NOW, rev: 1, unsure: false, note: '' };
}

/**
 * Rows of one study, found by a full scan rather than an index, so checks of what was written
 * do not depend on the very schema under test.
 */
export async function studyRows<T extends { studyId: string }, K>(table: Table<T, K>, studyId: string): Promise<T[]> {
  return (await table.toArray()).filter((row) => row.studyId === studyId);
}

/** Sorts records by `id` (all domain records carry one), to compare stored rows with parsed ones. */
export function byId<T extends { id: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
