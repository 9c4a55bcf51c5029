// What every team sync job is handed (issue 18): the study's database, how to open a PouchDB
// database, the host's relayed send (which alone adds passwords), and a clock tests can fix.

import type { StudioDatabase } from '../db/database';
import type { OpenPouch } from './pouchdb-api';
import type { TeamServerSend } from './relay-fetch';

export interface SyncDeps {
  db: StudioDatabase;
  openPouch: OpenPouch;
  send: TeamServerSend;
  /** ISO 8601 time for records and audit entries; the current time by default. */
  now?: () => string;
}

/** The time to stamp a record or audit entry with: the deps' clock, else now. */
export function syncNow(deps: Pick<SyncDeps, 'now'>): string {
  return deps.now?.() ?? new Date().toISOString();
}
