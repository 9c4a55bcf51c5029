// The lead's side of a study's team server (issue 18): connecting the study with a server admin
// account, and making each annotator's user, database, `_security`, validation function and pack,
// which come back as the annotators' invitations. Every request goes through the host (SyncDeps.send);
// IndexedDB keeps only the TeamDatabase rows, never a password.

import type { Study } from '../../shared/domain/model';
import { serializePack, type Pack } from '../../shared/formats/pack';
import { teamServerOrigin } from '../../shared/sync/admitted-request';
import { INVITATION_FORMAT, type Invitation } from '../../shared/sync/invitation';
import { databaseSecurity } from '../../shared/sync/database-security';
import { connectionId, type SyncConnection, type TeamDatabase } from '../../shared/sync/stored-records';
import { packDocs } from '../../shared/sync/sync-docs';
import { annotatorDatabaseName, annotatorUserName } from '../../shared/sync/team-server-names';
import { designDoc, DESIGN_DOC_ID, type DesignDoc } from '../../shared/sync/validation-function';
import type { WorkProgress } from '../db/long-work';
import { buildTeamPacks } from '../db/team-packs';
import { CONCURRENT_DATABASES, eachAtMost } from './lead-pull';
import { describeAnswer, serverBase, serverRequest, type ServerAnswer } from './server-request';
import { syncNow, type SyncDeps } from './sync-deps';
import { APP } from '../db/app-stamp';
import type { LeadConnectRequest } from './sync-status';

/** Letters and digits only, so a password survives any form, link or shell it is pasted into. */
const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD_CHARS = 32;
/** Users written in one `_bulk_docs`: CouchDB hashes each password (PBKDF2, 600,000 rounds from 3.4), so a few requests share the work. */
const USERS_PER_REQUEST = 10;

/**
 * Checks that the host's account for the study (connectionId('lead', studyId)) is a server admin,
 * then stores the study's connection. Throws an Error in words when the study cannot be connected,
 * the server cannot be reached or is not CouchDB, or the account is refused or not an admin.
 */
export async function connectLead(deps: SyncDeps, request: LeadConnectRequest): Promise<void> {
  const study = await leadStudy(deps, request.studyId);
  const origin = teamServerOrigin(request.server);
  if (!origin.ok) throw new Error(origin.reason);
  const server = serverBase(request.server);
  const answer = await serverRequest(deps.send, connectionId('lead', study.id), `${server}_session`, 'GET');
  if (answer.status === 401) throw new Error('the server did not accept the user name or password');
  const userCtx = (answer.json as { userCtx?: { name?: unknown; roles?: unknown } } | undefined)?.userCtx;
  if (answer.status !== 200 || userCtx === undefined || !Array.isArray(userCtx.roles)) {
    throw new Error(`${origin.origin} does not answer as a CouchDB server does (${describeAnswer(answer)})`);
  }
  if (!userCtx.roles.includes('_admin')) {
    throw new Error(
      `the account is not a server admin; the lead connects with a CouchDB admin account, which alone can make the annotators' users and databases`,
    );
  }
  const connection: SyncConnection = {
    studyId: study.id,
    role: 'lead',
    server,
    user: request.user,
    credentialStorage: request.credentialStorage ?? 'session',
    connectedAt: syncNow(deps),
  };
  await deps.db.syncConnections.put(connection);
}

/**
 * Sets up (or brings up to date) the database of each given annotator of the assignment, or of all
 * of them, and returns one invitation each, with a new password (an earlier invitation stops
 * working). Databases, validation and packs come first for everyone, passwords last, so a server
 * that fails part way leaves the earlier invitations working. The databases are set up a few at a
 * time and the users written in bulk, as a real server takes many requests at once. An annotator
 * whose set-up failed gets no TeamDatabase row; the Error names their database.
 */
export async function inviteAnnotators(
  deps: SyncDeps,
  studyId: string,
  annotatorIds: readonly string[] | undefined,
  onProgress?: (p: WorkProgress) => void,
): Promise<Invitation[]> {
  const { study, connection } = await leadConnection(deps, studyId);
  const packs = await currentPacks(deps, study, annotatorIds);
  const total = packs.length * 2;
  let done = 0;
  onProgress?.({ label: `Setting up ${packs.length} database${packs.length === 1 ? '' : 's'}`, done, total });
  const rows = await allOrFirstFailure(packs, async ({ annotatorId, pack }) => {
    const row = await setUpDatabase(deps, connection, study, annotatorId, pack);
    done += 1;
    onProgress?.({ label: `Set up database ${done} of ${packs.length}`, done, total });
    return row;
  });
  const made = rows.map((row) => ({ row, password: randomPassword() }));
  const chunks: Array<typeof made> = [];
  for (let start = 0; start < made.length; start += USERS_PER_REQUEST) chunks.push(made.slice(start, start + USERS_PER_REQUEST));
  await allOrFirstFailure(chunks, async (chunk) => {
    const failures = await putUsers(deps, connection, chunk);
    // A row is written once its annotator's set-up is whole (user included): a failure before leaves none.
    const whole = chunk.filter(({ row }) => !failures.some((failure) => failure.database === row.database));
    await deps.db.teamDatabases.bulkPut(whole.map(({ row }) => row));
    done += whole.length;
    onProgress?.({ label: `Made invitation ${done - packs.length} of ${rows.length}`, done, total });
    if (failures[0] !== undefined) throw failures[0].error;
  });
  const invitations = made.map(({ row, password }, index): Invitation => ({
    format: INVITATION_FORMAT,
    server: connection.server,
    database: row.database,
    user: row.user,
    password,
    study: { id: study.id, name: study.name },
    annotator: { id: row.annotatorId, name: packs[index]?.pack.annotator.name ?? row.annotatorId },
    createdAt: syncNow(deps),
  }));
  onProgress?.({ label: `Made ${invitations.length} invitation${invitations.length === 1 ? '' : 's'}`, done: total, total });
  return invitations;
}

/**
 * Puts each given annotator's current pack (their whole assignment) in their database, after a
 * reassignment or for units still missing; a pack already there (same SHA-256) is not sent again.
 */
export async function updatePacks(deps: SyncDeps, studyId: string, annotatorIds: readonly string[]): Promise<void> {
  const { study, connection } = await leadConnection(deps, studyId);
  const packs = await currentPacks(deps, study, annotatorIds);
  for (const { annotatorId, pack } of packs) {
    const row = await deps.db.teamDatabases.get([studyId, annotatorId]);
    if (row === undefined) throw new Error(`The annotator "${annotatorId}" has no database on the team server yet; invite them first.`);
    if (row.packs.includes(pack.sha256)) continue;
    await putPack(deps, connection, row.database, pack);
    // Only the pack list changes: the pull may be writing this row's checkpoint at the same time.
    await deps.db.teamDatabases.update([studyId, annotatorId], { packs: [...row.packs, pack.sha256] });
  }
}

async function leadStudy(deps: SyncDeps, studyId: string): Promise<Study> {
  const study = await deps.db.studies.get(studyId);
  if (study === undefined) throw new Error(`The study "${studyId}" is not in the library.`);
  if (study.origin) throw new Error(`The study "${study.name}" was opened from a pack; only the lead's own study can be connected to a team server.`);
  return study;
}

async function leadConnection(deps: SyncDeps, studyId: string): Promise<{ study: Study; connection: SyncConnection }> {
  const study = await leadStudy(deps, studyId);
  const connection = await deps.db.syncConnections.get(studyId);
  if (connection?.role !== 'lead') throw new Error(`The study "${study.name}" is not connected to a team server; connect it first.`);
  return { study, connection };
}

/** The annotators' full packs from the stored assignment. Dated when the study was assigned, so an unchanged assignment gives the same pack (and SHA-256) again. */
function currentPacks(deps: SyncDeps, study: Study, annotatorIds: readonly string[] | undefined): Promise<Array<{ annotatorId: string; pack: Pack }>> {
  const createdAt = study.setup?.assignedAt ?? syncNow(deps);
  return buildTeamPacks(
    deps.db,
    study.id,
    { ...(annotatorIds !== undefined ? { annotatorIds: [...annotatorIds] } : {}), missingOnly: false },
    { createdAt, app: APP },
  );
}

/** The annotator's database, closed to all but their user, with the validation function and their pack; the row to store once their user is made. */
async function setUpDatabase(deps: SyncDeps, connection: SyncConnection, study: Study, annotatorId: string, pack: Pack): Promise<TeamDatabase> {
  const database = annotatorDatabaseName(study.id, annotatorId);
  const user = annotatorUserName(study.id, annotatorId);
  const request = requester(deps, connection, database);
  const created = await request('PUT', database);
  // 412: the database is there already (an earlier invitation).
  if (created.status !== 201 && created.status !== 202 && created.status !== 412) failed(database, connection, created);
  const security = await request('PUT', `${database}/_security`, databaseSecurity(user));
  if (security.status !== 200 && security.status !== 201) failed(database, connection, security);
  const design = designDoc({ studyId: study.id, annotatorId, user, scheme: study.scheme });
  // A new database has no design document to ask for; one already there as it should be is not
  // written again, since a new revision makes the server compile the function anew.
  const stored = created.status === 412 ? await request('GET', `${database}/${DESIGN_DOC_ID}`) : undefined;
  const storedDoc = stored?.status === 200 ? (stored.json as Record<string, unknown>) : undefined;
  if (storedDoc === undefined || !isSameDesign(storedDoc, design)) {
    const rev = typeof storedDoc?._rev === 'string' ? storedDoc._rev : undefined;
    const written = await request('PUT', `${database}/${DESIGN_DOC_ID}`, rev !== undefined ? { ...design, _rev: rev } : design);
    if (written.status !== 201 && written.status !== 202) failed(database, connection, written);
  }

  const row = await deps.db.teamDatabases.get([study.id, annotatorId]);
  const packs = row?.packs ?? [];
  if (!packs.includes(pack.sha256)) await putPack(deps, connection, database, pack);
  return {
    studyId: study.id,
    annotatorId,
    database,
    user,
    createdAt: row?.createdAt ?? syncNow(deps),
    ...(row?.since !== undefined ? { since: row.since } : {}),
    packs: packs.includes(pack.sha256) ? packs : [...packs, pack.sha256],
    labelsPulled: row?.labelsPulled ?? 0,
    refused: row?.refused ?? 0,
    ...(row?.conflicts !== undefined ? { conflicts: row.conflicts } : {}),
    ...(row?.lastPulledAt !== undefined ? { lastPulledAt: row.lastPulledAt } : {}),
  };
}

/** The pack's documents in one `_bulk_docs`; a document already there (a conflict) is the same pack put before. */
async function putPack(deps: SyncDeps, connection: SyncConnection, database: string, pack: Pack): Promise<void> {
  const docs = packDocs(serializePack(pack), pack);
  const answer = await requester(deps, connection, database)('POST', `${database}/_bulk_docs`, { docs });
  if (answer.status !== 201 && answer.status !== 200) failed(database, connection, answer);
  const results = Array.isArray(answer.json) ? (answer.json as Array<{ id?: string; error?: string; reason?: string }>) : [];
  const refused = results.find((result) => result.error !== undefined && result.error !== 'conflict');
  if (refused !== undefined)
    throw new Error(`The pack could not be put in the database ${database} on ${connection.server}: ${refused.reason ?? refused.error ?? ''}`);
}

/**
 * The annotators' users in `_users`, made or given their new passwords, in one `_bulk_docs` (with
 * each stored user's `_rev`, read in one `_all_docs`); the users the server did not take, each with
 * an Error naming its database.
 */
async function putUsers(
  deps: SyncDeps,
  connection: SyncConnection,
  made: ReadonlyArray<{ row: TeamDatabase; password: string }>,
): Promise<Array<{ database: string; error: Error }>> {
  const first = made[0]?.row.database ?? '';
  const request = requester(deps, connection, first);
  const ids = made.map(({ row }) => `org.couchdb.user:${row.user}`);
  const stored = await request('POST', '_users/_all_docs', { keys: ids });
  if (stored.status !== 200) failed(first, connection, stored);
  const revs = new Map<string, string>();
  for (const entry of (stored.json as { rows?: Array<{ key?: string; value?: { rev?: string; deleted?: boolean } }> } | undefined)?.rows ?? []) {
    // A deleted user is made anew, as a PUT without `_rev` would.
    if (entry.key !== undefined && entry.value?.rev !== undefined && entry.value.deleted !== true) revs.set(entry.key, entry.value.rev);
  }
  const docs = made.map(({ row, password }, index) => {
    const id = ids[index] as string;
    const rev = revs.get(id);
    return { _id: id, name: row.user, password, roles: [], type: 'user', ...(rev !== undefined ? { _rev: rev } : {}) };
  });
  const written = await request('POST', '_users/_bulk_docs', { docs });
  if (written.status !== 201 && written.status !== 200) failed(first, connection, written);
  const results = Array.isArray(written.json) ? (written.json as Array<{ id?: string; error?: string; reason?: string }>) : [];
  const failures: Array<{ database: string; error: Error }> = [];
  for (const [index, { row }] of made.entries()) {
    const result = results.find((r) => r.id === ids[index]);
    if (result !== undefined && result.error === undefined) continue;
    const why = result === undefined ? 'the server gave no answer for the user' : `${result.error ?? ''}${result.reason ? ` (${result.reason})` : ''}`;
    failures.push({ database: row.database, error: new Error(`Setting up the database ${row.database} on ${connection.server} failed: ${why}`) });
  }
  return failures;
}

/** Whether the stored design document is the one the lead would put, so writing it again changes nothing. */
function isSameDesign(stored: Record<string, unknown>, design: DesignDoc): boolean {
  const members = Object.keys(stored).filter((member) => member !== '_rev');
  return members.length === 3 && stored._id === design._id && stored.language === design.language && stored.validate_doc_update === design.validate_doc_update;
}

/**
 * Runs `work` on every item, a few at a time (CONCURRENT_DATABASES); after a failure no new item
 * starts, the ones under way finish, and the first failure is thrown. The results in item order.
 */
async function allOrFirstFailure<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  let failure: { error: unknown } | undefined;
  const results = await eachAtMost(items, CONCURRENT_DATABASES, async (item) => {
    if (failure !== undefined) return undefined;
    try {
      return await work(item);
    } catch (error) {
      failure ??= { error };
      return undefined;
    }
  });
  if (failure !== undefined) throw failure.error;
  return results as R[];
}

function requester(deps: SyncDeps, connection: SyncConnection, database: string) {
  return async (method: string, path: string, body?: unknown): Promise<ServerAnswer> => {
    try {
      return await serverRequest(deps.send, connectionId('lead', connection.studyId), `${connection.server}${path}`, method, body);
    } catch (error) {
      throw new Error(`Setting up the database ${database} on ${connection.server} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  };
}

function failed(database: string, connection: SyncConnection, answer: ServerAnswer): never {
  throw new Error(`Setting up the database ${database} on ${connection.server} failed: ${describeAnswer(answer)}`);
}

/** A password from the platform's cryptographic random source, without the bias of a plain modulo. */
function randomPassword(): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let password = '';
  while (password.length < PASSWORD_CHARS) {
    for (const byte of crypto.getRandomValues(new Uint8Array(PASSWORD_CHARS * 2))) {
      if (byte < limit && password.length < PASSWORD_CHARS) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    }
  }
  return password;
}
