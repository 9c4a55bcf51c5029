// An annotator's live sync (issue 18): every label of theirs in IndexedDB is mirrored into a local
// PouchDB database (the outbox) and PouchDB's own live replication pushes the outbox to their
// database on the team server. The outbox's `_local/` state keeps the sequence the server has
// acknowledged and the labels it refused, so the count of labels waiting survives a restart. New
// packs the lead puts in the database (a reassignment, the missing units) are opened as files are.
// The annotator's labels also come down from their database into the outbox (issue 29), so a
// second device shows what the first labelled; where two devices gave a unit different labels,
// the conflict is reported on the unit until the annotator labels it again, which resolves it.

import { MAX_REVISION, TASKS, type Label, type Task } from '../../shared/domain/model';
import { deviceName } from '../../shared/sync/device-name';
import { readLabelConflict, type LabelConflict, type LabelLeaf } from '../../shared/sync/label-conflicts';
import { readLabelDoc, type LabelDocExpectation } from '../../shared/sync/read-label-doc';
import { nextRetryDelay, nextTryAt } from '../../shared/sync/retry-schedule';
import { labelDocId, LABEL_DOC_PREFIX, PACK_DOC_PREFIX, toLabelDoc, type LabelDoc } from '../../shared/sync/sync-docs';
import { PackOpenError } from '../db/open-pack';
import { openServerPacks, readServerPacks, ServerPackError, type PackTarget } from './annotator-packs';
import { teamDatabaseSource } from './server-request';
import { describeServerFailure, openAnnotatorRemote } from './annotator-remote';
import type { PouchChangesFeed, PouchDatabase, PouchDoc, PouchReplication, PouchReplicationInfo } from './pouchdb-api';
import { syncNow, type SyncDeps } from './sync-deps';
import type { AnnotatorSyncStatus } from './sync-status';

/** The outbox of a study on this computer: one per study, as the study has one annotator here. */
export function outboxName(studyId: string): string {
  return `agreement-studio-outbox-${studyId}`;
}

/** The outbox's own record of what the server acknowledged; `_local/` documents never replicate. */
const STATE_ID = '_local/agreement-studio-acknowledged';

interface OutboxState {
  /** The outbox sequence through which every label is on the server or refused by it. */
  seq: number | string;
  /** Label document id -> the server's words for refusing it, until a later revision is accepted. */
  refused: Record<string, string>;
  /** This copy of the study: its random id and its name, written on every label it sends. */
  device: { id: string; name: string };
  /** Label document id -> the differing labels of the annotator's devices, until the annotator labels the unit again. */
  conflicts: Record<string, LabelConflict>;
}

/** Labels read from the outbox at once (allDocs keys), so a 100,000-label study is read in bounded requests. */
const CHUNK = 1000;

/**
 * Labels sent in one request of the push. CouchDB runs the validation function once per document,
 * in its JavaScript process (about 6 ms each measured on CouchDB 3.4.3 with SpiderMonkey), so 50 take
 * it about 0.3 s: a request well under a second, which an outage or a closed laptop interrupts
 * with little to send again.
 */
export const PUSH_BATCH = 50;
/** Batches the push reads ahead of the one being sent, so the outbox is read while the server validates. */
export const PUSH_BATCHES_AHEAD = 4;

/** Fields whose difference means the outbox holds an older label (the rest follow from them). */
const COMPARED = ['rev', 'at', 'value', 'acceptable', 'unsure', 'note'] as const satisfies ReadonlyArray<keyof LabelDoc>;

export interface AnnotatorSync {
  /** Resolves once stop() has cancelled everything, or at once when the study cannot sync. */
  done: Promise<void>;
  /** The annotator just stored labels of these units: put them in the outbox now (calls arriving together are put at once). */
  labelsWritten(units: ReadonlyArray<{ task: Task; unitId: string }>): void;
  /** Tries the server again at once, when it cannot be reached (Retry now, or the computer back online). */
  retryNow(): void;
  stop(): void;
}

/** Starts the study's push and pack watch; `onStatus` after every change of state. */
export function startAnnotatorSync(deps: SyncDeps, studyId: string, onStatus: (status: AnnotatorSyncStatus) => void): AnnotatorSync {
  const sync = new OutboxSync(deps, studyId, onStatus);
  return { done: sync.run(), labelsWritten: (units) => sync.labelsWritten(units), retryNow: () => sync.retryNow(), stop: () => sync.stop() };
}

type Connection = { state: 'connecting' } | { state: 'online' } | { state: 'offline'; reason: string } | { state: 'refused'; reason: string };

class OutboxSync {
  private readonly now: () => string;
  private stopped = false;
  private stopRequested: () => void = () => undefined;
  private readonly stopSignal = new Promise<void>((resolve) => (this.stopRequested = resolve));
  private outbox: PouchDatabase | undefined;
  private remote: PouchDatabase | undefined;
  /** The same database again, as the download's source (see quietInfo). */
  private source: PouchDatabase | undefined;
  private replication: PouchReplication | undefined;
  /** The labels coming down from the annotator's database: their other devices' labels. */
  private download: PouchReplication | undefined;
  private downloadTimer: ReturnType<typeof setTimeout> | undefined;
  private downloadDelay = 0;
  private feed: PouchChangesFeed | undefined;
  private annotatorId = '';
  private target: PackTarget | undefined;
  private state: OutboxState = freshState();
  private stateRev: string | undefined;
  private connection: Connection = { state: 'connecting' };
  private lastSyncedAt: string | undefined;
  /** Units written since the last put, by label document id. */
  private readonly queued = new Map<string, { task: Task; unitId: string }>();
  /** Label documents that came down and wait to be read into the study, by id. */
  private readonly arrived = new Set<string>();
  private arrivalTimer: ReturnType<typeof setTimeout> | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private feedTimer: ReturnType<typeof setTimeout> | undefined;
  private feedDelay = 0;
  private replicationTimer: ReturnType<typeof setTimeout> | undefined;
  private replicationDelay = 0;
  /** While the server cannot be reached: when the push tries again. */
  private retryAt: string | undefined;
  /** Outbox writes and state saves, one at a time, so no put races another for a `_rev`. */
  private writes: Promise<unknown> = Promise.resolve();
  /** The status, computed and sent one at a time. */
  private readonly reporter = new OneAtATime(
    async () => {
      try {
        this.emit(await this.status());
      } catch {
        // The outbox closed under a stop; nothing more to say.
      }
    },
    () => this.stopped,
  );
  private lastReported = '';
  /** Looks for packs on the server not opened here yet, one look at a time. */
  private readonly packLooker = new OneAtATime(
    () => this.openNewPacks(),
    () => this.stopped,
  );
  private lastPackProblem = '';

  constructor(
    private readonly deps: SyncDeps,
    private readonly studyId: string,
    private readonly onStatus: (status: AnnotatorSyncStatus) => void,
  ) {
    this.now = () => syncNow(deps);
  }

  async run(): Promise<void> {
    const { db } = this.deps;
    const [connection, study] = await Promise.all([db.syncConnections.get(this.studyId), db.studies.get(this.studyId)]);
    if (connection?.role !== 'annotator' || connection.database === undefined || study?.origin === undefined) {
      this.emit({
        studyId: this.studyId,
        state: 'refused',
        waiting: 0,
        reason: 'this study is not joined from an invitation on this computer; open the invitation again',
      });
      return;
    }
    this.annotatorId = study.origin.annotator.id;
    this.target = { studyId: this.studyId, annotatorId: this.annotatorId, fileName: teamDatabaseSource(connection.server, connection.database) };
    this.outbox = this.deps.openPouch(outboxName(this.studyId));
    this.remote = openAnnotatorRemote(this.deps, this.studyId, connection.server, connection.database);
    this.source = quietInfo(openAnnotatorRemote(this.deps, this.studyId, connection.server, connection.database));
    try {
      await this.loadState();
      // Every stored label the outbox lacks or holds older goes in before the replication starts.
      const labels = await db.labels.where('[studyId+annotatorId]').equals([this.studyId, this.annotatorId]).toArray();
      await this.write(() => this.putLabels(labels, false));
      // What came down before a stop and was not read into the study yet (the outbox holds it later).
      await this.write(() => this.restoreAll());
      if (!this.stopped) {
        this.startReplication();
        this.startDownload();
        this.flushSoon();
        this.lookForPacks();
        this.startFeed();
        this.report();
        await this.stopSignal;
      }
    } finally {
      this.cancelAll();
      await this.writes.catch(() => undefined);
      await this.reporter.idle();
      await this.packLooker.idle();
      await Promise.all([this.outbox, this.remote, this.source].map((database) => database?.close().catch(() => undefined)));
    }
  }

  labelsWritten(units: ReadonlyArray<{ task: Task; unitId: string }>): void {
    if (this.stopped) return;
    for (const unit of units) this.queued.set(labelDocId(unit.task, unit.unitId), { task: unit.task, unitId: unit.unitId });
    this.report();
    this.flushSoon();
  }

  retryNow(): void {
    if (this.stopped || this.outbox === undefined || this.connection.state !== 'offline') return;
    // A new replication tries at once, and its back-off starts again from the first wait.
    this.replication?.cancel();
    this.replication = undefined;
    clearTimeout(this.replicationTimer);
    this.replicationDelay = 0;
    this.retryAt = undefined;
    this.startReplication();
    if (this.feed === undefined) {
      clearTimeout(this.feedTimer);
      this.feedDelay = 0;
      this.lookForPacks();
      this.startFeed();
    }
    this.report();
  }

  stop(): void {
    this.stopped = true;
    this.cancelAll();
    this.stopRequested();
  }

  private cancelAll(): void {
    this.replication?.cancel();
    this.replication = undefined;
    this.download?.cancel();
    this.download = undefined;
    clearTimeout(this.downloadTimer);
    clearTimeout(this.arrivalTimer);
    this.feed?.cancel();
    this.feed = undefined;
    clearTimeout(this.flushTimer);
    clearTimeout(this.feedTimer);
    clearTimeout(this.replicationTimer);
  }

  /** One put of every unit queued so far, after the calls arriving in this turn of the event loop. */
  private flushSoon(): void {
    if (this.flushTimer !== undefined || this.outbox === undefined || this.stopped) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.write(() => this.flush());
    }, 0);
  }

  private async flush(): Promise<void> {
    if (this.queued.size === 0 || this.stopped) return;
    const units = [...this.queued.values()];
    const keys = units.map((unit): [string, string, string, string] => [this.studyId, this.annotatorId, unit.task, unit.unitId]);
    const labels = (await this.deps.db.labels.bulkGet(keys)).filter((label): label is Label => label !== undefined);
    await this.putLabels(labels, true);
    // Cleared only once put: a unit queued again meanwhile stays queued for the next put.
    for (const unit of units) {
      const id = labelDocId(unit.task, unit.unitId);
      if (this.queued.get(id) === unit) this.queued.delete(id);
    }
    this.report();
  }

  /**
   * Puts each label the outbox lacks or holds older, over the outbox's current revision.
   * `written`: the annotator just labelled these units, so each goes in even over a later label
   * of another device (one revision above it), and resolves the unit's conflict: the other
   * devices' branches are deleted. Otherwise a later label in the outbox is left to restore.
   */
  private async putLabels(labels: readonly Label[], written: boolean): Promise<void> {
    const outbox = this.outbox as PouchDatabase;
    for (let start = 0; start < labels.length && !this.stopped; start += CHUNK) {
      const docs = labels.slice(start, start + CHUNK).map((label): LabelDoc => ({ ...toLabelDoc(label), device: this.state.device.name }));
      const stored = await outbox.allDocs({ keys: docs.map((doc) => doc._id), include_docs: true, conflicts: true });
      const changed: PouchDoc[] = [];
      const resolved: string[] = [];
      docs.forEach((doc, index) => {
        const row = stored.rows[index];
        const current = row?.doc ?? undefined;
        const losers = written ? (current?._conflicts ?? []) : [];
        for (const rev of losers) changed.push({ _id: doc._id, _rev: rev, _deleted: true });
        if (losers.length > 0 || this.state.conflicts[doc._id] !== undefined) resolved.push(doc._id);
        if (current && COMPARED.every((field) => JSON.stringify(current[field]) === JSON.stringify(doc[field]))) return;
        if (current && !written && isLaterLabel(current, doc)) return;
        if (current && written && typeof current.rev === 'number' && current.rev >= doc.rev) {
          doc.rev = Math.min(current.rev + 1, MAX_REVISION);
          // Raised above another device's revision: read back into the study, so both say the same.
          this.arrived.add(doc._id);
        }
        const rev = row?.error === undefined ? row?.value.rev : undefined;
        changed.push(rev !== undefined ? { ...doc, _rev: rev } : { ...doc });
      });
      if (changed.length === 0) continue;
      const results = await outbox.bulkDocs(changed);
      const failed = results.find((result) => result.error !== undefined);
      // Only this object writes the outbox, one put at a time: a failure here is the disk's.
      if (failed) throw new Error(`the outbox could not store the label ${failed.id ?? ''}: ${failed.reason ?? String(failed.error)}`);
      if (written && resolved.length > 0) {
        for (const id of resolved) delete this.state.conflicts[id];
        await this.saveState();
      }
      this.restoreSoon();
    }
  }

  /** What a label coming down must be: of this study and annotator, in its scheme, on a unit assigned here. */
  private async expectation(): Promise<LabelDocExpectation> {
    const { db } = this.deps;
    const [study, rows] = await Promise.all([
      db.studies.get(this.studyId),
      db.assignments.bulkGet(TASKS.map((task): [string, string, string] => [this.studyId, this.annotatorId, task])),
    ]);
    const assigned = Object.fromEntries(TASKS.map((task, index) => [task, new Set(rows[index]?.units ?? [])])) as Record<Task, Set<string>>;
    return { studyId: this.studyId, annotatorId: this.annotatorId, scheme: study?.scheme ?? { answerUnknown: false }, assigned };
  }

  /** Reads the annotator's labels from their database into the outbox, live; what arrives goes into the study. */
  private startDownload(): void {
    const outbox = this.outbox as PouchDatabase;
    const download = outbox.replicate.from(this.source as PouchDatabase, {
      live: true,
      retry: true,
      back_off_function: nextRetryDelay,
      batch_size: 500,
      // Labels only: the packs are read by the pack watch, straight from the server.
      filter: (doc: PouchDoc) => doc._id.startsWith(LABEL_DOC_PREFIX),
    });
    this.download = download;
    download.on('active', () => (this.downloadDelay = 0));
    download.on('change', (info: PouchReplicationInfo) => {
      for (const doc of info.docs ?? []) if (doc._id.startsWith(LABEL_DOC_PREFIX)) this.arrived.add(doc._id);
      this.restoreSoon();
    });
    download.on('error', () => {
      // The push says what the server answered; this only starts again after a while.
      if (this.download !== download) return;
      this.download = undefined;
      this.downloadDelay = nextRetryDelay(this.downloadDelay);
      this.downloadTimer = setTimeout(() => {
        if (!this.stopped) this.startDownload();
      }, this.downloadDelay);
    });
  }

  private restoreSoon(): void {
    if (this.arrivalTimer !== undefined || this.arrived.size === 0 || this.stopped) return;
    this.arrivalTimer = setTimeout(() => {
      this.arrivalTimer = undefined;
      const ids = [...this.arrived];
      this.arrived.clear();
      if (ids.length > 0) void this.write(() => this.restore(ids));
    }, 0);
  }

  /** Every label in the outbox read against the study: after a stop between a download and its restore. */
  private async restoreAll(): Promise<void> {
    const outbox = this.outbox as PouchDatabase;
    const ids = (await outbox.allDocs({ startkey: LABEL_DOC_PREFIX, endkey: `${LABEL_DOC_PREFIX}\ufff0` })).rows.map((row) => row.id);
    await this.restore(ids);
  }

  /**
   * Reads these outbox documents into the study: a label the study lacks or holds older (by its
   * revision, then its time) is stored as it is in the outbox, with one audit entry; a document
   * whose devices' branches differ becomes a conflict on its unit instead, and nothing is chosen.
   * Each document is held to the lead's own rules first (readLabelDoc): a server admin can write
   * anything into the database, and nothing but this app's labels of this annotator's units comes in.
   */
  private async restore(ids: readonly string[]): Promise<void> {
    const outbox = this.outbox as PouchDatabase;
    const { db } = this.deps;
    const expectation = await this.expectation();
    const fits = (doc: PouchDoc) => readLabelDoc(withoutConflicts(doc), expectation).ok;
    let conflictsChanged = false;
    for (let start = 0; start < ids.length && !this.stopped; start += CHUNK) {
      const read = await outbox.allDocs({ keys: ids.slice(start, start + CHUNK), include_docs: true, conflicts: true });
      const winners: LabelDoc[] = [];
      for (const row of read.rows) {
        const doc = row.doc;
        if (doc === undefined || doc === null || row.value?.deleted === true || !isLabelDoc(doc)) continue;
        const leaves = (doc._conflicts?.length ?? 0) > 0 ? (await outbox.get(doc._id, { open_revs: 'all' }).then(leavesOf)).filter(fits) : [];
        const conflict = readLabelConflict(leaves);
        const before = this.state.conflicts[doc._id];
        if (conflict !== undefined) {
          if (JSON.stringify(before) !== JSON.stringify(conflict)) {
            this.state.conflicts[doc._id] = conflict;
            conflictsChanged = true;
          }
          continue;
        }
        if (before !== undefined) {
          delete this.state.conflicts[doc._id];
          conflictsChanged = true;
        }
        if (fits(doc)) winners.push(doc);
      }
      if (winners.length === 0) continue;
      await db.transaction('rw', [db.labels, db.audit], async () => {
        const keys = winners.map((doc): [string, string, string, string] => [this.studyId, this.annotatorId, doc.task, doc.unit]);
        const stored = await db.labels.bulkGet(keys);
        const restored = winners.filter((doc, index) => {
          const label = stored[index];
          if (label === undefined) return true;
          const current = toLabelDoc(label);
          return !COMPARED.every((field) => JSON.stringify(current[field]) === JSON.stringify(doc[field])) && isLaterLabel(doc, current);
        });
        if (restored.length === 0) return;
        await db.labels.bulkPut(restored.map((doc) => fromLabelDoc(doc, this.studyId, this.annotatorId)));
        await db.audit.add({
          studyId: this.studyId,
          at: this.now(),
          kind: 'sync:restored',
          detail: JSON.stringify({ labels: restored.length, units: restored.slice(0, 20).map((doc) => `${doc.task}:${doc.unit}`) }),
        });
      });
    }
    if (conflictsChanged) await this.saveState();
    this.report();
  }

  private startReplication(): void {
    const outbox = this.outbox as PouchDatabase;
    const remote = this.remote as PouchDatabase;
    // PouchDB calls the back-off as it sets each retry (asynchronously, so `replication` is set by then).
    const back_off_function = (delay: number) => this.retryAfter(delay, replication);
    const replication = outbox.replicate.to(remote, {
      live: true,
      retry: true,
      back_off_function,
      batch_size: PUSH_BATCH,
      batches_limit: PUSH_BATCHES_AHEAD,
    });
    this.replication = replication;
    replication.on('active', () => {
      if (this.replication !== replication) return;
      this.replicationDelay = 0;
      this.setConnection({ state: 'online' });
    });
    replication.on('change', (info: PouchReplicationInfo) => {
      // Every label through last_seq is on the server now, or was refused ('denied' came first).
      for (const doc of info.docs ?? []) delete this.state.refused[doc._id];
      if (info.last_seq !== undefined && isLater(info.last_seq, this.state.seq)) this.state.seq = info.last_seq;
      void this.write(() => this.saveState());
      this.report();
    });
    replication.on('denied', (error: unknown) => {
      const { id, reason } = deniedDocument(error);
      if (id !== undefined) this.state.refused[id] = reason;
      void this.write(() => this.saveState());
      this.report();
    });
    replication.on('paused', (error: unknown) => {
      // A replication replaced on Retry now says nothing more about the connection.
      if (this.replication !== replication) return;
      if (error !== undefined && error !== null) {
        const failure = describeServerFailure(error);
        this.setConnection(failure.kind === 'refused' ? { state: 'refused', reason: failure.reason } : { state: 'offline', reason: failure.reason });
        return;
      }
      this.setConnection({ state: 'online' });
      void this.write(() => this.reconcile());
    });
    replication.on('error', (error: unknown) => {
      // The replication gave up (it retries outages itself): a refused account waits for a new
      // invitation; anything else is tried again after a while, with what waits kept in the outbox.
      if (this.replication !== replication) return;
      this.replication = undefined;
      const failure = describeServerFailure(error);
      if (failure.kind === 'refused') {
        this.setConnection({ state: 'refused', reason: failure.reason });
        return;
      }
      this.replicationDelay = nextRetryDelay(this.replicationDelay);
      this.retryAt = nextTryAt(Date.now(), this.replicationDelay);
      this.setConnection({ state: 'offline', reason: failure.reason });
      this.replicationTimer = setTimeout(() => {
        if (!this.stopped) this.startReplication();
      }, this.replicationDelay);
    });
  }

  /** PouchDB's back-off (called as each retry is set), bounded, with the moment of the next try kept for the status. */
  private retryAfter(delay: number, replication: PouchReplication): number {
    const next = nextRetryDelay(delay);
    // A replication cancelled on Retry now can still fail once; its retry is no longer the push's.
    if (this.replication === replication) {
      this.retryAt = nextTryAt(Date.now(), next);
      this.report();
    }
    return next;
  }

  private setConnection(connection: Connection): void {
    const wasOnline = this.connection.state === 'online';
    this.connection = connection;
    if (connection.state !== 'offline') this.retryAt = undefined;
    if (connection.state === 'online' && !wasOnline && this.feed === undefined && !this.stopped) {
      // Back on line: look for packs the lead put meanwhile, and follow the feed again at once.
      clearTimeout(this.feedTimer);
      this.feedDelay = 0;
      this.lookForPacks();
      this.startFeed();
    }
    this.report();
  }

  /**
   * With the replication idle, asks the server which of the labels after the acknowledged
   * sequence it lacks (revsDiff, the replication's own question) and moves the sequence past
   * those it holds: after a restart the replication has nothing to send and reports no change.
   */
  private async reconcile(): Promise<void> {
    const outbox = this.outbox as PouchDatabase;
    const remote = this.remote as PouchDatabase;
    const pending = (await outbox.changes({ since: this.state.seq, style: 'main_only' })).results;
    if (pending.length === 0 || this.stopped) return;
    const revisions: Record<string, string[]> = {};
    for (const change of pending) revisions[change.id] = change.changes.map((c) => c.rev);
    let missing: Record<string, { missing?: string[] }>;
    try {
      missing = await remote.revsDiff(revisions);
    } catch {
      // The server went away again: the next idle moment asks again.
      return;
    }
    const before = JSON.stringify(this.state);
    for (const change of pending) {
      const lacking = (missing[change.id]?.missing?.length ?? 0) > 0;
      if (!lacking) delete this.state.refused[change.id];
      else if (this.state.refused[change.id] === undefined) break;
      // A replication change meanwhile may have moved the sequence further already.
      if (isLater(change.seq, this.state.seq)) this.state.seq = change.seq;
    }
    if (JSON.stringify(this.state) !== before) await this.saveState();
    this.report();
  }

  private async loadState(): Promise<void> {
    try {
      const doc = await (this.outbox as PouchDatabase).get(STATE_ID);
      this.stateRev = doc._rev;
      const refused = typeof doc.refused === 'object' && doc.refused !== null ? (doc.refused as Record<string, string>) : {};
      const conflicts = typeof doc.conflicts === 'object' && doc.conflicts !== null ? (doc.conflicts as Record<string, LabelConflict>) : {};
      const device = isDevice(doc.device) ? doc.device : freshState().device;
      this.state = {
        seq: typeof doc.seq === 'number' || typeof doc.seq === 'string' ? doc.seq : 0,
        refused: { ...refused },
        device,
        conflicts: { ...conflicts },
      };
    } catch {
      // No state yet: nothing acknowledged, and this copy of the study names itself.
      this.state = freshState();
    }
    if (this.stateRev === undefined) await this.saveState();
  }

  private async saveState(): Promise<void> {
    if (this.outbox === undefined) return;
    const doc: PouchDoc = {
      _id: STATE_ID,
      seq: this.state.seq,
      refused: { ...this.state.refused },
      device: this.state.device,
      conflicts: { ...this.state.conflicts },
    };
    if (this.stateRev !== undefined) doc._rev = this.stateRev;
    this.stateRev = (await this.outbox.put(doc)).rev;
  }

  private write(task: () => Promise<void>): Promise<void> {
    const next = this.writes.then(task);
    this.writes = next.catch((error: unknown) => {
      if (!this.stopped) this.setConnection({ state: 'offline', reason: error instanceof Error ? error.message : String(error) });
    });
    return this.writes as Promise<void>;
  }

  /** Computes and sends the status. */
  private report(): void {
    this.reporter.run();
  }

  private async status(): Promise<AnnotatorSyncStatus> {
    const outbox = this.outbox as PouchDatabase;
    const unacknowledged = new Set<string>(Object.keys(this.state.refused));
    for (const id of this.queued.keys()) unacknowledged.add(id);
    const pending = await outbox.changes({ since: this.state.seq, style: 'main_only' });
    for (const change of pending.results) if (change.id.startsWith(LABEL_DOC_PREFIX)) unacknowledged.add(change.id);
    const waiting = unacknowledged.size;
    const base = { studyId: this.studyId, waiting };
    const refusedIds = Object.keys(this.state.refused);
    const connection = this.connection;
    let status: AnnotatorSyncStatus;
    if (connection.state === 'refused') status = { ...base, state: 'refused', reason: connection.reason };
    else if (refusedIds.length > 0) {
      const first = this.state.refused[refusedIds[0] as string] ?? '';
      const count = refusedIds.length === 1 ? 'a label' : `${refusedIds.length} labels`;
      status = { ...base, state: 'refused', reason: `the server refused ${count} (${refusedIds[0] as string}): ${first}` };
    } else if (connection.state === 'offline')
      status = { ...base, state: 'offline', reason: connection.reason, ...(this.retryAt !== undefined ? { nextTryAt: this.retryAt } : {}) };
    else if (connection.state === 'connecting') status = { ...base, state: 'connecting' };
    else if (waiting > 0) status = { ...base, state: 'waiting' };
    else {
      this.lastSyncedAt = this.now();
      status = { ...base, state: 'synced' };
    }
    const conflicts = Object.values(this.state.conflicts);
    if (conflicts.length > 0) status.conflicts = conflicts;
    return this.lastSyncedAt !== undefined ? { ...status, lastSyncedAt: this.lastSyncedAt } : status;
  }

  private emit(status: AnnotatorSyncStatus): void {
    // The same state again (a label acknowledged while synced) is said once; lastSyncedAt alone is no news.
    const key = JSON.stringify({ ...status, lastSyncedAt: undefined });
    if (key === this.lastReported || this.stopped) return;
    this.lastReported = key;
    this.onStatus(status);
  }

  /** Follows the database's changes (longpoll) for new pack documents; on a failure, again after a while. */
  private startFeed(): void {
    if (this.stopped || this.feed !== undefined || this.remote === undefined) return;
    const feed = this.remote.changes({ live: true, since: 'now', timeout: 25_000, heartbeat: false, return_docs: false });
    this.feed = feed;
    feed.on('change', (change) => {
      this.feedDelay = 0;
      if (change.id.startsWith(PACK_DOC_PREFIX)) this.lookForPacks();
    });
    feed.on('error', () => {
      if (this.feed !== feed) return;
      this.feed = undefined;
      if (this.stopped) return;
      this.feedDelay = nextRetryDelay(this.feedDelay);
      this.feedTimer = setTimeout(() => {
        this.lookForPacks();
        this.startFeed();
      }, this.feedDelay);
    });
  }

  private lookForPacks(): void {
    this.packLooker.run();
  }

  private async openNewPacks(): Promise<void> {
    if (this.stopped || this.remote === undefined || this.target === undefined) return;
    const { db } = this.deps;
    try {
      const study = await db.studies.get(this.studyId);
      const read = await readServerPacks(this.remote, this.target, new Set(study?.origin?.packs ?? []));
      if (read.packs.length > 0 && !this.stopped) await openServerPacks(this.deps, read.packs, this.target);
    } catch (error) {
      if (!(error instanceof ServerPackError) && !(error instanceof PackOpenError)) return; // The server is away: the next look reads them.
      // A pack that cannot be opened is kept in the study's audit log, once, for the annotator and the lead to see.
      if (error.message === this.lastPackProblem) return;
      this.lastPackProblem = error.message;
      await db.audit.add({ studyId: this.studyId, at: this.now(), kind: 'sync:pack-refused', detail: error.message });
    }
  }
}

/** Runs a task one at a time: asked again while it runs, it runs once more after, however often it was asked. */
class OneAtATime {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly stopped: () => boolean,
  ) {}

  run(): void {
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.task();
      } while (this.again && !this.stopped());
    })().finally(() => (this.running = undefined));
  }

  /** Resolves once no run is going on. */
  async idle(): Promise<void> {
    await this.running;
  }
}

/** The refused document's id and the server's words (validate_doc_update's `forbidden` message). */
function deniedDocument(error: unknown): { id: string | undefined; reason: string } {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const id = typeof record.id === 'string' ? record.id : undefined;
  const words = [record.reason, record.message].find((value): value is string => typeof value === 'string' && value !== '');
  return { id, reason: words ?? 'refused by the server' };
}

/**
 * The database with an `info` that never fails: PouchDB's replication asks a remote source for
 * it after each batch without catching (pouchdb 9, replicate.js), so a server gone right after a
 * batch would end in an unhandled rejection. The figures are only for its progress report.
 */
function quietInfo(database: PouchDatabase): PouchDatabase {
  const info = database.info.bind(database);
  database.info = () => info().catch(() => ({ db_name: database.name, doc_count: 0, update_seq: 0 }));
  return database;
}

/** A new copy of the study's state: nothing acknowledged, and a device id of its own. */
function freshState(): OutboxState {
  const id = crypto.randomUUID().replace(/-/g, '');
  return { seq: 0, refused: {}, device: { id, name: deviceName(globalThis.navigator?.userAgent ?? '', id) }, conflicts: {} };
}

function isDevice(value: unknown): value is OutboxState['device'] {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return typeof record.id === 'string' && typeof record.name === 'string';
}

/** Whether label `a` is later than `b`: a higher revision, or the same one set later. */
function isLaterLabel(a: Pick<LabelDoc, 'rev' | 'at'> | PouchDoc, b: Pick<LabelDoc, 'rev' | 'at'>): boolean {
  const rev = typeof a.rev === 'number' ? a.rev : 0;
  if (rev !== b.rev) return rev > b.rev;
  return typeof a.at === 'string' && Date.parse(a.at) > Date.parse(b.at);
}

/** A label document as this app writes them; anything else in the outbox is left alone. */
function isLabelDoc(doc: PouchDoc): doc is PouchDoc & LabelDoc {
  return (
    doc._id.startsWith(LABEL_DOC_PREFIX) &&
    doc.type === 'label' &&
    typeof doc.task === 'string' &&
    typeof doc.unit === 'string' &&
    typeof doc.rev === 'number' &&
    typeof doc.at === 'string' &&
    (typeof doc.value === 'string' || typeof doc.value === 'number')
  );
}

function fromLabelDoc(doc: LabelDoc, studyId: string, annotatorId: string): Label {
  const label: Label = {
    studyId,
    annotatorId,
    unitId: doc.unit,
    task: doc.task,
    value: doc.value,
    at: doc.at,
    rev: doc.rev,
    unsure: doc.unsure === true,
    note: typeof doc.note === 'string' ? doc.note : '',
  };
  if (Array.isArray(doc.acceptable)) label.acceptable = [...doc.acceptable];
  if (typeof doc.ms === 'number') label.ms = doc.ms;
  if (typeof doc.createdAt === 'string') label.createdAt = doc.createdAt;
  return label;
}

/** The document as written: `_conflicts` is what a read adds to it. */
function withoutConflicts(doc: PouchDoc): Record<string, unknown> {
  const written: Record<string, unknown> = { ...doc };
  delete written._conflicts;
  return written;
}

function leavesOf(answer: Array<{ ok?: PouchDoc }>): LabelLeaf[] {
  return answer.flatMap((leaf) => (leaf.ok !== undefined ? [leaf.ok] : []));
}

/** Whether outbox sequence `a` comes after `b`: numbers in a local PouchDB, compared as such. */
function isLater(a: number | string, b: number | string): boolean {
  return typeof a === 'number' && typeof b === 'number' ? a > b : String(a) !== String(b);
}
