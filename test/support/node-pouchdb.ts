// PouchDB for tests that run the sync code in Node: the same core and HTTP adapter as the app's
// pouchdb-browser build, with in-memory local databases in place of IndexedDB.

import PouchDB from 'pouchdb-core';
import HttpAdapter from 'pouchdb-adapter-http';
import MemoryAdapter from 'pouchdb-adapter-memory';
import Replication from 'pouchdb-replication';
import type { OpenPouch, PouchDatabase } from '../../renderer/sync/pouchdb-api';

const NodePouchDB = PouchDB.plugin(HttpAdapter).plugin(MemoryAdapter).plugin(Replication);

/** openPouch for Node: a URL opens the team server's database over HTTP, a name an in-memory one. */
export const openNodePouch: OpenPouch = (nameOrUrl, options = {}) =>
  /^https?:\/\//.test(nameOrUrl) ? new NodePouchDB(nameOrUrl, options) : new NodePouchDB(nameOrUrl, { ...options, adapter: 'memory' });

let made = 0;

/** A new, empty in-memory local database with a name no other test uses. */
export function memoryPouch(prefix = 'local'): PouchDatabase {
  made += 1;
  return openNodePouch(`${prefix}-${made}-${Date.now()}`);
}
