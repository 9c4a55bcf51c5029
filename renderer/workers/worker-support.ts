// What every worker of the app needs: one open database per name (each call names the
// database, so tests can use their own), and errors that cross the worker boundary with a
// message the user can read.

import { StudioDatabase } from '../db/database';
import { describeStorageError } from '../db/storage';

const databases = new Map<string, StudioDatabase>();

export function workerDatabase(name: string): StudioDatabase {
  let db = databases.get(name);
  if (!db) {
    db = new StudioDatabase(name);
    databases.set(name, db);
  }
  return db;
}

/** Comlink passes a thrown Error on by name and message; a plain Error with the storage-aware text keeps it readable. */
export async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(describeStorageError(error), { cause: error });
  }
}
