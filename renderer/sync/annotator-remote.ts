// An annotator's database on the team server, as this computer reaches it (issue 18): opened
// through the host's relayed fetch (the host adds the password), never created by us, and what a
// failed request means for the annotator in words (the account refused, or the server unreachable).

import { connectionId } from '../../shared/sync/stored-records';
import type { PouchDatabase } from './pouchdb-api';
import { relayFetch } from './relay-fetch';
import { classifyServerFailure, teamDatabaseUrl } from './server-request';
import type { SyncDeps } from './sync-deps';

/** The annotator's remote database for PouchDB; `skip_setup`: only the lead's admin creates databases. */
export function openAnnotatorRemote(deps: Pick<SyncDeps, 'openPouch' | 'send'>, studyId: string, server: string, database: string): PouchDatabase {
  return deps.openPouch(teamDatabaseUrl(server, database), { fetch: relayFetch(connectionId('annotator', studyId), deps.send), skip_setup: true });
}

/** What a failed request to the annotator's database means to them. */
type AnnotatorFailure = { kind: 'refused'; reason: string } | { kind: 'unreachable'; reason: string } | { kind: 'other'; reason: string };

export const ACCOUNT_REFUSED =
  "the server did not accept the invitation's user name or password; ask the lead for a new invitation (a newer one replaces the old password)";

/** PouchDB's error in the annotator's words: what they can do about it. */
export function describeServerFailure(error: unknown): AnnotatorFailure {
  const failure = classifyServerFailure(error);
  switch (failure.kind) {
    case 'account':
      return { kind: 'refused', reason: ACCOUNT_REFUSED };
    case 'missing':
      return { kind: 'refused', reason: 'the annotator database named in the invitation is not on the server; ask the lead for a new invitation' };
    case 'unreachable':
      return { kind: 'unreachable', reason: failure.message || 'the server could not be reached' };
    case 'other':
      return { kind: 'other', reason: `the server answered ${failure.status}${failure.message !== '' ? `: ${failure.message}` : ''}` };
  }
}
