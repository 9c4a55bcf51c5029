// What the team sync's functions are handed (issue 18): the study's database, how to open a
// PouchDB database (pouchdb-browser's in the app, an in-memory one in Node tests), the host's
// send for every team server request, and the clock.

import type { StudioDatabase } from '../db/database';
import type { OpenPouch } from './pouchdb-api';
import type { TeamServerSend } from './relay-fetch';

export interface SyncDeps {
  db: StudioDatabase;
  openPouch: OpenPouch;
  send: TeamServerSend;
  now?: () => string;
}
