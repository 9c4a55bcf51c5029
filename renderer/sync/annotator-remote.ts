// An annotator's database on the team server, as this computer reaches it (issue 18): opened
// through the host's relayed fetch (the host adds the password), never created by us, and what a
// failed request means for the annotator in words (the account refused, or the server unreachable).

import { connectionId } from '../../shared/sync/stored-records';
import type { PouchDatabase } from './pouchdb-api';
import { relayFetch } from './relay-fetch';
import { teamDatabaseUrl } from './server-request';
import type { SyncDeps } from './sync-deps';

/** The annotator's remote database for PouchDB; `skip_setup`: only the lead's admin creates databases. */
export function openAnnotatorRemote(deps: Pick<SyncDeps, 'openPouch' | 'send'>, studyId: string, server: string, database: string): PouchDatabase {
  return deps.openPouch(teamDatabaseUrl(server, database), { fetch: relayFetch(connectionId('annotator', studyId), deps.send), skip_setup: true });
}

/** What a failed request to the annotator's database means. */
type ServerFailure = { kind: 'refused'; reason: string } | { kind: 'unreachable'; reason: string } | { kind: 'other'; reason: string };

export const ACCOUNT_REFUSED =
  "the server did not accept the invitation's user name or password; ask the lead for a new invitation (a newer one replaces the old password)";

/**
 * Reads PouchDB's error: an HTTP status from the server (401 or 403: the account is refused), or
 * the fetch's own TypeError, whose message is the host's reason (relay-fetch.ts).
 */
export function describeServerFailure(error: unknown): ServerFailure {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null
        ? String((error as { message?: unknown }).message ?? '')
        : String(error);
  if (status === 401 || status === 403) return { kind: 'refused', reason: ACCOUNT_REFUSED };
  if (status === 404)
    return { kind: 'refused', reason: 'the annotator database named in the invitation is not on the server; ask the lead for a new invitation' };
  if (error instanceof TypeError || typeof status !== 'number') return { kind: 'unreachable', reason: message || 'the server could not be reached' };
  return { kind: 'other', reason: `the server answered ${status}${message !== '' ? `: ${message}` : ''}` };
}
