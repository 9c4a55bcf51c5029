// The lead's continuous pull of every annotator's database on the study's team server (issue 18):
// each database's changes feed is read from its stored checkpoint in batches, every document is
// checked by the lead itself (read-label-doc.ts and read-own-doc.ts, never trusting the server), and
// accepted labels merge through importLabelFiles like label files, CouchDB's losing revisions
// included, with the checkpoint in the same transaction. Each database's row counts labels (one per
// task and unit), the labels in conflict apart (one however many revisions lost) and the refused
// documents, each losing revision and each refusal in the audit log.
// Each pass also reads each database's `_security` and validation function (lead-protection.ts), so
// a change to either shows at once rather than as documents refused one by one (issue 29).
// Polls, never long-polls: a browser allows 6 connections per host, and a study may have 55 databases.

import type { AuditEntry, Task } from '../../shared/domain/model';
import { buildLabelFile, type LabelRecord } from '../../shared/formats/label-file';
import { readLabelConflict, type LabelConflict } from '../../shared/sync/label-conflicts';
import { readLabelDoc, type LabelDocExpectation } from '../../shared/sync/read-label-doc';
import { nextRetryDelay, nextTryAt } from '../../shared/sync/retry-schedule';
import { isOwnDocId, ownDocProblem, type OwnDocExpectation } from '../../shared/sync/read-own-doc';
import { connectionId, type SyncConnection, type TeamDatabase } from '../../shared/sync/stored-records';
import { LABEL_DOC_PREFIX } from '../../shared/sync/sync-docs';
import { validationSource, type ValidationTarget } from '../../shared/sync/validation-function';
import { byStudy } from '../db/by-study';
import { importLabelFiles, type LabelImportAuditDetail } from '../db/import-labels';
import { withPrefix } from '../db/key-range';
import type { PouchChange, PouchDatabase, PouchDoc } from './pouchdb-api';
import { relayFetch } from './relay-fetch';
import { protectionProblems, upgradeValidation } from './lead-protection';
import { classifyServerFailure, teamDatabaseSource, teamDatabaseUrl } from './server-request';
import { syncNow, type SyncDeps } from './sync-deps';
import { APP } from '../db/app-stamp';
import type { LeadSyncStatus, TeamDatabaseStatus } from './sync-status';

/**
 * Changes per request: the merge reads the annotator's stored labels once a batch, so 100,000
 * labels in 10 batches rather than 50 keep that from growing with the square of their count;
 * still one request of a few MB and one transaction.
 */
export const PULL_BATCH = 10_000;
/** Databases read at once: a browser allows 6 connections per host, and the app's other requests need some. */
export const CONCURRENT_DATABASES = 4;
const IDLE_FIRST_MS = 1_000;
const IDLE_MAX_MS = 10_000;
/** After a refusal of the lead's account, which only the lead can mend: tried again rarely. */
const REFUSED_FIRST_MS = 1_000;
const REFUSED_MAX_MS = 30_000;

/** The JSON in the `detail` of a `sync:refused` audit entry. */
export interface RefusedDocDetail {
  database: string;
  id: string;
  /** CouchDB's revision of the refused document. */
  rev: string;
  reason: string;
}

type PassResult = 'new' | 'current' | 'offline' | 'refused';

export function startLeadPull(
  deps: SyncDeps,
  studyId: string,
  onStatus: (status: LeadSyncStatus) => void,
): { done: Promise<void>; wake(): void; stop(): void } {
  let stopped = false;
  let woken = false;
  let endWait: (() => void) | undefined;
  const statuses = new Map<string, TeamDatabaseStatus>();
  const remotes = new Map<string, PouchDatabase>();
  /** While a database cannot be reached: when the next pass is. */
  let retryAt: string | undefined;
  /** The databases whose validation function this pull has looked at for an earlier version's (upgradeValidation). */
  const validationChecked = new Set<string>();

  const report = () =>
    onStatus({ studyId, databases: [...statuses.values()].map((status) => ({ ...status })), ...(retryAt !== undefined ? { nextTryAt: retryAt } : {}) });
  const setStatus = (annotatorId: string, change: Partial<TeamDatabaseStatus>) => {
    const status = statuses.get(annotatorId);
    if (status === undefined) return;
    const next = { ...status, ...change };
    if (change.protection?.length === 0) delete next.protection;
    // Back from offline or refused: that reason no longer holds.
    const recovered = (change.state === 'pulling' || change.state === 'current') && (status.state === 'offline' || status.state === 'refused');
    if (recovered && change.reason === undefined) delete next.reason;
    if (JSON.stringify(next) === JSON.stringify(status)) return;
    statuses.set(annotatorId, next);
    report();
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        endWait = undefined;
        resolve();
      }
      endWait = finish;
    });

  const remoteOf = (connection: SyncConnection, database: string): PouchDatabase => {
    let remote = remotes.get(database);
    if (remote === undefined) {
      remote = deps.openPouch(teamDatabaseUrl(connection.server, database), { fetch: relayFetch(connectionId('lead', studyId), deps.send), skip_setup: true });
      remotes.set(database, remote);
    }
    return remote;
  };

  const done = (async () => {
    let idle = IDLE_FIRST_MS;
    let offline = 0;
    let refused = REFUSED_FIRST_MS;
    try {
      while (!stopped) {
        woken = false;
        const study = await studyToPull(deps, studyId);
        for (const row of study.rows) {
          if (!statuses.has(row.annotatorId)) {
            statuses.set(row.annotatorId, {
              annotatorId: row.annotatorId,
              database: row.database,
              state: 'pulling',
              labelsPulled: row.labelsPulled,
              conflicts: row.conflicts ?? 0,
              refused: row.refused,
            });
            report();
          }
        }
        const results = await eachAtMost(study.rows, CONCURRENT_DATABASES, async (row) => {
          // Before the labels, once a pull: an earlier version's function would refuse what the annotators' app now writes.
          const target = study.targets.get(row.annotatorId);
          if (target !== undefined && !validationChecked.has(row.database) && (await upgradeValidation(deps, study.connection, row, target)) !== 'unanswered')
            validationChecked.add(row.database);
          const result = await pullDatabase(deps, study, row, remoteOf(study.connection, row.database), () => stopped, setStatus);
          // After the labels, so the check never holds them up; not while the server is away or refuses the lead (the state says so).
          if (result !== 'offline' && result !== 'refused' && !stopped) await checkProtection(deps, study, row, setStatus);
          return result;
        });
        if (stopped) break;
        if (results.includes('new')) {
          idle = IDLE_FIRST_MS;
          continue;
        }
        if (results.includes('offline')) {
          // Tried again within seconds however long the outage, then looked at often, as the annotators' waiting labels arrive.
          offline = nextRetryDelay(offline);
          retryAt = nextTryAt(Date.now(), offline);
          report();
          await wait(offline);
          retryAt = undefined;
          idle = IDLE_FIRST_MS;
        } else if (results.includes('refused')) {
          offline = 0;
          await wait(refused);
          refused = Math.min(refused * 2, REFUSED_MAX_MS);
        } else {
          offline = 0;
          refused = REFUSED_FIRST_MS;
          await wait(idle);
          idle = Math.min(idle * 2, IDLE_MAX_MS);
        }
      }
    } finally {
      await Promise.all([...remotes.values()].map((remote) => remote.close().catch(() => undefined)));
    }
  })();

  return {
    done,
    wake() {
      woken = true;
      endWait?.();
    },
    stop() {
      stopped = true;
      endWait?.();
    },
  };
}

interface StudyToPull {
  connection: SyncConnection;
  studyId: string;
  rows: TeamDatabase[];
  /** Each annotator's expectation: the study, the scheme, their assigned units. */
  expectations: Map<string, LabelDocExpectation>;
  /** What the lead put in each annotator's database besides packs: the validation function. */
  own: Map<string, OwnDocExpectation>;
  /** What each annotator's validation function is made for. */
  targets: Map<string, ValidationTarget>;
  names: Map<string, string>;
}

/** What a pass needs, read afresh each pass: a reassignment or a new invitation counts from the next one. */
async function studyToPull(deps: SyncDeps, studyId: string): Promise<StudyToPull> {
  const { db } = deps;
  return db.transaction('r', [db.studies, db.syncConnections, db.teamDatabases, db.assignments, db.annotators], async () => {
    const [study, connection, rows, assignments, annotators] = await Promise.all([
      db.studies.get(studyId),
      db.syncConnections.get(studyId),
      db.teamDatabases.where('studyId').equals(studyId).toArray(),
      byStudy(db.assignments, studyId).toArray(),
      byStudy(db.annotators, studyId).toArray(),
    ]);
    if (study === undefined) throw new Error(`The study "${studyId}" is not in the library.`);
    if (connection?.role !== 'lead') throw new Error(`The study "${study.name}" is not connected to a team server as the lead's study.`);
    const expectations = new Map<string, LabelDocExpectation>();
    const own = new Map<string, OwnDocExpectation>();
    const targets = new Map<string, ValidationTarget>();
    for (const row of rows) {
      const target = { studyId, annotatorId: row.annotatorId, user: row.user, scheme: study.scheme };
      targets.set(row.annotatorId, target);
      own.set(row.annotatorId, { studyId, annotatorId: row.annotatorId, validation: validationSource(target) });
      const assigned: Record<Task, Set<string>> = { answer: new Set(), match: new Set(), difficulty: new Set() };
      for (const assignment of assignments) if (assignment.annotatorId === row.annotatorId) assigned[assignment.task] = new Set(assignment.units);
      expectations.set(row.annotatorId, { studyId, annotatorId: row.annotatorId, scheme: study.scheme, assigned });
    }
    return { connection, studyId, rows, expectations, own, targets, names: new Map(annotators.map((annotator) => [annotator.id, annotator.name])) };
  });
}

/** Reads the database's protection and shows what changed; a server that does not answer leaves the last finding. */
async function checkProtection(
  deps: SyncDeps,
  study: StudyToPull,
  row: TeamDatabase,
  setStatus: (annotatorId: string, change: Partial<TeamDatabaseStatus>) => void,
): Promise<void> {
  const own = study.own.get(row.annotatorId);
  if (own === undefined) return;
  const problems = await protectionProblems(deps, study.connection, row, own);
  if (problems !== undefined) setStatus(row.annotatorId, { protection: problems });
}

/** Reads one database's feed from its checkpoint until nothing is new (or the pull stops). */
async function pullDatabase(
  deps: SyncDeps,
  study: StudyToPull,
  row: TeamDatabase,
  remote: PouchDatabase,
  isStopped: () => boolean,
  setStatus: (annotatorId: string, change: Partial<TeamDatabaseStatus>) => void,
): Promise<PassResult> {
  let result: PassResult = 'current';
  let next = readBatch(remote, row.since ?? 0);
  // A stop before the loop leaves this read unawaited: its failure must not go unhandled.
  next.catch(() => undefined);
  while (!isStopped()) {
    let read: ReadBatch;
    try {
      read = await next;
    } catch (error) {
      const failure = describeFailure(error, row.database);
      setStatus(row.annotatorId, { state: failure.state, reason: failure.reason });
      return failure.state;
    }
    const { batch, losers } = read;
    if (batch.results.length === 0) break;
    const more = batch.results.length >= PULL_BATCH;
    if (more) {
      // The next batch is read while this one merges, so the network and IndexedDB work at once;
      // a stop leaves it unread, and its failure is met when it is awaited.
      next = readBatch(remote, batch.last_seq);
      next.catch(() => undefined);
    }
    setStatus(row.annotatorId, { state: 'pulling' });
    const merged = await mergeBatch(deps, study, row, batch.results, losers, batch.last_seq);
    setStatus(row.annotatorId, {
      labelsPulled: merged.labelsPulled,
      conflicts: merged.conflicts,
      refused: merged.refused,
      lastPulledAt: merged.at,
      ...(merged.reason !== undefined ? { reason: merged.reason } : {}),
    });
    result = 'new';
    if (!more) break;
  }
  setStatus(row.annotatorId, { state: 'current' });
  return result;
}

interface ReadBatch {
  batch: { results: PouchChange[]; last_seq: string | number };
  losers: PouchDoc[];
}

async function readBatch(remote: PouchDatabase, since: string | number): Promise<ReadBatch> {
  const batch = await remote.changes({ since, limit: PULL_BATCH, batch_size: PULL_BATCH, include_docs: true, conflicts: true, style: 'all_docs' });
  return { batch, losers: batch.results.length === 0 ? [] : await losingRevisions(remote, batch.results) };
}

/** CouchDB's own conflicts: every losing revision of the batch's conflicted documents, in one request. */
async function losingRevisions(remote: PouchDatabase, changes: readonly PouchChange[]): Promise<PouchDoc[]> {
  const wanted = changes.flatMap((change) => (change.doc?._conflicts ?? []).map((rev) => ({ id: change.id, rev })));
  if (wanted.length === 0) return [];
  const answer = await remote.bulkGet({ docs: wanted });
  return answer.results.flatMap((result) => result.docs.flatMap((doc) => (doc.ok !== undefined ? [doc.ok] : [])));
}

interface Merged {
  labelsPulled: number;
  conflicts: number;
  refused: number;
  at: string;
  /** The last refused document's reason in this batch. */
  reason?: string;
}

/** Checks every document of a batch and merges the accepted ones with the batch's checkpoint, in one transaction. */
async function mergeBatch(
  deps: SyncDeps,
  study: StudyToPull,
  row: TeamDatabase,
  changes: readonly PouchChange[],
  losers: readonly PouchDoc[],
  lastSeq: string | number,
): Promise<Merged> {
  const { db } = deps;
  const at = syncNow(deps);
  const expectation = study.expectations.get(row.annotatorId);
  const winners: LabelRecord[] = [];
  // A document can have several losing revisions, and a label file holds one label per unit: the n-th losing revision of each goes in the n-th file.
  const losingFiles: LabelRecord[][] = [];
  const losingCount = new Map<string, number>();
  const refused: RefusedDocDetail[] = [];
  // Units the annotator's devices disagree on (issue 29): neither label goes in until they choose.
  const disagreements = new Map<string, LabelConflict>();
  const settled = new Set<string>();
  const losersOf = new Map<string, PouchDoc[]>();
  for (const doc of losers) losersOf.set(doc._id, [...(losersOf.get(doc._id) ?? []), doc]);
  for (const change of changes) {
    if (!change.id.startsWith(LABEL_DOC_PREFIX) || change.doc === undefined) continue;
    const branches = losersOf.get(change.id) ?? [];
    const conflict =
      branches.length === 0 ? undefined : readLabelConflict([change.doc, ...branches].map((doc) => ({ ...withoutConflicts(doc), _id: doc._id })));
    if (conflict !== undefined) disagreements.set(change.id, conflict);
    else settled.add(change.id);
  }

  const check = (doc: PouchDoc): LabelRecord | undefined => {
    const reading: { ok: true; label: LabelRecord } | { ok: false; reason: string } =
      doc._deleted === true
        ? { ok: false, reason: 'the label was deleted on the server; the lead keeps what it pulled before' }
        : expectation === undefined
          ? { ok: false, reason: `the annotator "${row.annotatorId}" has no assignment` }
          : readLabelDoc(withoutConflicts(doc), expectation);
    if (reading.ok) return reading.label;
    refused.push({ database: row.database, id: doc._id, rev: doc._rev ?? '', reason: reading.reason });
    return undefined;
  };

  for (const change of changes) {
    const doc = change.doc ?? { _id: change.id, _rev: change.changes[0]?.rev ?? '', _deleted: change.deleted === true };
    // The lead's own documents (its packs and the validation function) are passed over, unless they are not what the lead put there.
    if (isOwnDocId(change.id)) {
      const own = study.own.get(row.annotatorId);
      const problem = own === undefined ? `the annotator "${row.annotatorId}" has no database record` : ownDocProblem(withoutConflicts(doc), own);
      if (problem !== undefined) refused.push({ database: row.database, id: change.id, rev: doc._rev ?? '', reason: problem });
      continue;
    }
    if (!change.id.startsWith(LABEL_DOC_PREFIX)) {
      refused.push({ database: row.database, id: change.id, rev: doc._rev ?? '', reason: 'the document is neither a label nor a pack' });
      continue;
    }
    const label = check(doc);
    if (label !== undefined && !disagreements.has(change.id)) winners.push(label);
  }
  for (const doc of losers) {
    const label = check(doc);
    if (label === undefined || disagreements.has(doc._id)) continue;
    const n = losingCount.get(doc._id) ?? 0;
    losingCount.set(doc._id, n + 1);
    (losingFiles[n] ??= []).push(label);
  }

  const annotator = { id: row.annotatorId, name: study.names.get(row.annotatorId) ?? row.annotatorId };
  const fileName = teamDatabaseSource(study.connection.server, row.database);
  const files = [winners, ...losingFiles]
    .filter((labels) => labels.length > 0)
    .map((labels) => buildLabelFile({ studyId: study.studyId, annotator, exportedAt: at, app: APP, labels }));

  // The merge and the checkpoint in one transaction: a crash between them can neither lose nor double a batch.
  return db.transaction('rw', [db.studies, db.turns, db.puzzles, db.labels, db.annotators, db.audit, db.teamDatabases], async () => {
    let lost = 0;
    const onLogged = (entries: readonly AuditEntry[]) => {
      lost = entries.filter((entry) => LOST_KINDS.has(entry.kind)).length;
    };
    if (files.length > 0) await importLabelFiles(db, study.studyId, files, { fileNames: files.map(() => fileName), now: at, onLogged });
    const newlyRefused = await unloggedRefusals(deps, study.studyId, refused);
    if (newlyRefused.length > 0) {
      await db.audit.bulkAdd(newlyRefused.map((detail) => ({ studyId: study.studyId, at, kind: 'sync:refused', detail: JSON.stringify(detail) })));
    }
    const stored = await db.teamDatabases.get([study.studyId, row.annotatorId]);
    const openConflicts = { ...(stored?.openConflicts ?? {}) };
    for (const id of settled) delete openConflicts[id];
    const opened = [...disagreements].filter(([id, conflict]) => JSON.stringify(openConflicts[id]) !== JSON.stringify(conflict));
    for (const [id, conflict] of opened) openConflicts[id] = conflict;
    if (opened.length > 0) {
      await db.audit.bulkAdd(
        opened.map(([, conflict]) => ({
          studyId: study.studyId,
          at,
          kind: 'sync:conflict',
          detail: JSON.stringify({ database: row.database, annotator: row.annotatorId, ...conflict }),
        })),
      );
    }
    // Labels, not revisions: a label edited twice or in 300 conflicting branches is one (issue 27).
    const labelsPulled = await withPrefix(db.labels.where(':id'), [study.studyId, row.annotatorId]).count();
    // Labels in conflict, not the revisions that lost: one label in 300 branches is one conflict, whether
    // it merged (a revision lost) or waits open for the annotator to choose (issue 29).
    const conflicts = lost > 0 || opened.length > 0 ? await conflictingLabels(deps, study.studyId, row.annotatorId) : (stored?.conflicts ?? 0);
    const refusedCount = (stored?.refused ?? 0) + newlyRefused.length;
    await db.teamDatabases.update([study.studyId, row.annotatorId], {
      since: lastSeq,
      labelsPulled,
      conflicts,
      refused: refusedCount,
      lastPulledAt: at,
      openConflicts: Object.keys(openConflicts).length > 0 ? openConflicts : undefined,
    });
    const last = newlyRefused[newlyRefused.length - 1];
    return { labelsPulled, conflicts, refused: refusedCount, at, ...(last !== undefined ? { reason: `${last.id}: ${last.reason}` } : {}) };
  });
}

/** The audit entries of a revision that lost: to a same-revision edit or CouchDB's choice (conflict), or to a higher revision (stale). */
const LOST_KINDS: ReadonlySet<string> = new Set(['label:conflict', 'label:stale']);

/** The audit entries of a label in conflict: a revision that lost, or devices that disagreed (open until the annotator chose). */
const CONFLICT_KINDS: ReadonlySet<string> = new Set([...LOST_KINDS, 'sync:conflict']);

/**
 * How many of the annotator's labels were in conflict, read from the audit log, so a label counts
 * once however many revisions lost or however often its devices disagreed.
 */
async function conflictingLabels(deps: SyncDeps, studyId: string, annotatorId: string): Promise<number> {
  const labels = new Set<string>();
  await deps.db.audit
    .where('studyId')
    .equals(studyId)
    .each((entry) => {
      if (!CONFLICT_KINDS.has(entry.kind)) return;
      const detail = JSON.parse(entry.detail) as Partial<LabelImportAuditDetail>;
      if (detail.annotator === annotatorId) labels.add(JSON.stringify([detail.task, detail.unit]));
    });
  return labels.size;
}

/** The document as written: `_conflicts` is what the feed adds to it. */
function withoutConflicts(doc: PouchDoc): Record<string, unknown> {
  const written: Record<string, unknown> = { ...doc };
  delete written._conflicts;
  return written;
}

/** A refused revision met again (a losing revision stays in `_conflicts`) is logged and counted once. */
async function unloggedRefusals(deps: SyncDeps, studyId: string, refused: readonly RefusedDocDetail[]): Promise<RefusedDocDetail[]> {
  if (refused.length === 0) return [];
  const logged = new Set<string>();
  await deps.db.audit
    .where('studyId')
    .equals(studyId)
    .each((entry) => {
      if (entry.kind === 'sync:refused') logged.add(entry.detail);
    });
  return refused.filter((detail) => {
    const key = JSON.stringify(detail);
    if (logged.has(key)) return false;
    logged.add(key);
    return true;
  });
}

/** A failed read in the lead's words: the server refused the lead's account (or has no such database), or it cannot be reached. */
function describeFailure(error: unknown, database: string): { state: 'offline' | 'refused'; reason: string } {
  const failure = classifyServerFailure(error);
  switch (failure.kind) {
    case 'account':
      return { state: 'refused', reason: `the server refused the lead's account for the database ${database} (${failure.message})` };
    case 'missing':
      return { state: 'refused', reason: `the database ${database} is not on the server` };
    case 'unreachable':
      return { state: 'offline', reason: failure.message };
    case 'other':
      return { state: 'offline', reason: `the server answered with status ${failure.status} (${failure.message})` };
  }
}

/** Runs `work` on every item with at most `limit` at once; the results in item order. */
export async function eachAtMost<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}
