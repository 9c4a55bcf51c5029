// The lead's direct requests to a team server's HTTP API (users, databases, `_security`, design
// documents, packs), each sent through the host, which adds the password; and CouchDB's error
// answers in words. Labels are read with PouchDB (lead-pull.ts), never here.

import type { TeamServerSend } from './relay-fetch';

export interface ServerAnswer {
  status: number;
  /** The parsed body; undefined when it is not JSON. */
  json: unknown;
}

/** One JSON request; throws an Error with the host's reason when there is no answer (unreachable, refused by the host). */
export async function serverRequest(send: TeamServerSend, connectionId: string, url: string, method: string, body?: unknown): Promise<ServerAnswer> {
  const answer = await send({
    connectionId,
    url,
    method,
    headers: [
      ['accept', 'application/json'],
      ['content-type', 'application/json'],
    ],
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!answer.ok) throw new Error(answer.reason);
  let json: unknown;
  try {
    json = answer.body === '' ? undefined : JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  return { status: answer.status, json };
}

/** What a CouchDB error answer says, in words: the status's meaning and the server's own reason. */
export function describeAnswer(answer: ServerAnswer): string {
  const body = typeof answer.json === 'object' && answer.json !== null ? (answer.json as { error?: unknown; reason?: unknown }) : {};
  const reason = typeof body.reason === 'string' && body.reason !== '' ? body.reason : typeof body.error === 'string' ? body.error : undefined;
  const meaning =
    answer.status === 401
      ? 'the server did not accept the user name or password'
      : answer.status === 403
        ? 'the server refused the request'
        : answer.status === 404
          ? 'the server has no such database or document'
          : `the server answered with status ${answer.status}`;
  return reason === undefined ? meaning : `${meaning} (${reason})`;
}

/**
 * What a failed PouchDB request to an annotator's database was, for each role to put in its own
 * words: the account refused, the database missing, the server unreachable (the fetch's own
 * TypeError, whose message is the host's reason, relay-fetch.ts), or another answer.
 */
export type ServerFailure =
  | { kind: 'account'; message: string }
  | { kind: 'missing'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'other'; status: number; message: string };

/** CouchDB's error names for a refusal and a missing database, as PouchDB passes them on in `name` (and CouchDB's body in `error`). */
const ACCOUNT_ERRORS: ReadonlySet<string> = new Set(['unauthorized', 'forbidden']);
const MISSING_ERRORS: ReadonlySet<string> = new Set(['not_found']);

/**
 * Read by the error's name first, its status only when it has none: servers differ in the status
 * (pouchdb-server answers 401 where CouchDB answers 403), and PouchDB gives a refusal met inside a
 * request's answer (a `_bulk_docs` result) `name: "forbidden"` with status 500.
 */
export function classifyServerFailure(error: unknown): ServerFailure {
  const record = typeof error === 'object' && error !== null ? (error as { status?: unknown; name?: unknown; error?: unknown; message?: unknown }) : {};
  const status = record.status;
  const message = error instanceof Error ? error.message : typeof error === 'object' && error !== null ? String(record.message ?? '') : String(error);
  const names = [record.name, record.error].filter((name): name is string => typeof name === 'string');
  if (names.some((name) => ACCOUNT_ERRORS.has(name))) return { kind: 'account', message };
  if (names.some((name) => MISSING_ERRORS.has(name))) return { kind: 'missing', message };
  if (status === 401 || status === 403) return { kind: 'account', message };
  if (status === 404) return { kind: 'missing', message };
  if (error instanceof TypeError || typeof status !== 'number') return { kind: 'unreachable', message };
  return { kind: 'other', status, message };
}

/** The server's base URL with one trailing slash, so a database name can follow it. */
export function serverBase(server: string): string {
  return server.endsWith('/') ? server : `${server}/`;
}

/** An annotator database's URL under the server's base URL (which may carry a path, behind a proxy). */
export function teamDatabaseUrl(server: string, database: string): string {
  return `${serverBase(server)}${encodeURIComponent(database)}`;
}

/** What messages, audit entries and the study's source records call an annotator's database: `<database> on <server>`. */
export function teamDatabaseSource(server: string, database: string): string {
  return `${database} on ${server}`;
}
