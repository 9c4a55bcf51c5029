// Web Worker for team server sync (issue 18): the lead's set-up and pull, an annotator's join and
// push, over the app's database with pouchdb-browser (sync-runner.ts does the work). Requests go
// out through the host's fetch, passed in as a Comlink proxy; this worker never holds a password.

import * as Comlink from 'comlink';
import PouchDB from 'pouchdb-browser';
import { DATABASE_NAME } from '../db/database';
import type { OpenPouch } from '../sync/pouchdb-api';
import { createSyncRunner } from './sync-runner';
import type { SyncWorkerApi } from './sync-protocol';
import { workerDatabase } from './worker-support';

const openPouch: OpenPouch = (nameOrUrl, options) => new PouchDB(nameOrUrl, options);

const api: SyncWorkerApi = createSyncRunner(workerDatabase(DATABASE_NAME), openPouch);

Comlink.expose(api);
