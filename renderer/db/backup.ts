// Backups of one study: the snapshot (every record of the study, read in one transaction), the
// restore (the study's records replaced by a backup's in one transaction, audited), and what the
// meta table remembers of the last backups, so the app knows which studies changed since.

import type { Table } from 'dexie';
import type { Annotator, AuditEntry, Study } from '../../shared/domain/model';
import { backupFileName, buildBackup, checkOneStudy, serializeBackup, type Backup, type StoredAuditEntry } from '../../shared/formats/backup';
import { canonicalJson } from '../../shared/formats/canonical-json';
import { sha256Hex } from '../../shared/formats/sha256';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import { deleteStudy } from './import-study';
import type { OutgoingFile } from './long-work';

/** Records written per bulkAdd during a restore: as many as an import writes per chunk. */
const CHUNK_SIZE = 5_000;

/** A study's state in brief: enough to tell whether it changed since a backup, cheap to read. */
export interface BackupState {
  /**
   * SHA-256 of the study record, its annotators, the row count of every table and its newest
   * audit entry. Every change the app makes either writes an audit entry (labels, gold labels,
   * assignments, packs, restores) or changes a row count or one of those records.
   */
  fingerprint: string;
  /** Human and gold labels of the study. */
  labels: number;
}

/** What the meta table keeps of the last backup of a study. */
export interface BackupRecord extends BackupState {
  /** When the backup was taken (ISO 8601). */
  at: string;
}

/** `export`: a file the user saved (Back up); `snapshot`: the desktop app's automatic snapshot. */
export type BackupKind = 'export' | 'snapshot';

export interface StudySnapshot {
  studyId: string;
  createdAt: string;
  file: OutgoingFile;
  /** The study's state the snapshot holds, to record once the file is safely stored. */
  state: BackupState;
}

export interface SnapshotOptions {
  /** ISO 8601 time of the snapshot; defaults to the current time. */
  now?: string;
  /** The app and version, e.g. `agreement-studio 0.1.0`. */
  app: string;
}

export interface RestoreProgress {
  done: number;
  total: number;
}

export interface RestoreOptions {
  /** ISO 8601 time of the restore's audit entry; defaults to the current time. */
  now?: string;
  /** Where the backup came from (a file name), for the audit entry. */
  source?: string;
  onProgress?: (progress: RestoreProgress) => void;
}

/** Labels, or this many more than at the last backup, make a backup due even within a day. */
export const REMINDER_LABELS = 100;
/** A day after the last backup (or the import), a changed study is due for a backup. */
export const REMINDER_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The backup of one study: its record and every puzzle, session, turn, annotator, label,
 * assignment, gold label and audit entry of it, in primary-key order, all read in one
 * transaction so the snapshot is one state of the study. Throws when the study is not stored.
 */
export async function snapshotStudy(db: StudioDatabase, studyId: string, options: SnapshotOptions): Promise<StudySnapshot> {
  const createdAt = new Date(options.now ?? Date.now()).toISOString();
  const content = await db.transaction('r', studyTables(db), async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new Error(`The study "${studyId}" is not in the library.`);
    const [puzzles, sessions, turns, annotators, labels, assignments, gold, audit] = await Promise.all([
      byStudy(db.puzzles, studyId).toArray(),
      byStudy(db.sessions, studyId).toArray(),
      byStudy(db.turns, studyId).toArray(),
      byStudy(db.annotators, studyId).toArray(),
      byStudy(db.labels, studyId).toArray(),
      byStudy(db.assignments, studyId).toArray(),
      byStudy(db.gold, studyId).toArray(),
      db.audit.where('studyId').equals(studyId).toArray() as Promise<StoredAuditEntry[]>,
    ]);
    return { study, puzzles, sessions, turns, annotators, labels, assignments, gold, audit };
  });
  const backup = buildBackup(content, { createdAt, app: options.app });
  const counts = {
    puzzles: content.puzzles.length,
    sessions: content.sessions.length,
    turns: content.turns.length,
    annotators: content.annotators.length,
    labels: content.labels.length,
    assignments: content.assignments.length,
    gold: content.gold.length,
  };
  // Audit ids grow, and the index lists a study's entries by id, so the last is the newest.
  const state = backupState(content.study, content.annotators, counts, content.audit.at(-1)?.id ?? 0);
  return { studyId, createdAt, file: { name: backupFileName(studyId, createdAt), text: serializeBackup(backup), mimeType: 'application/json' }, state };
}

/** The study's state now, from counts and two small reads; undefined when it is not stored. */
export async function readBackupState(db: StudioDatabase, studyId: string): Promise<BackupState | undefined> {
  return db.transaction('r', studyTables(db), async () => {
    const study = await db.studies.get(studyId);
    return study ? stateOf(db, study) : undefined;
  });
}

/** Takes a snapshot only if the study changed since its last recorded backup of this kind; undefined otherwise (or when it is gone). */
export async function snapshotIfChanged(db: StudioDatabase, studyId: string, kind: BackupKind, options: SnapshotOptions): Promise<StudySnapshot | undefined> {
  const [state, last] = await Promise.all([readBackupState(db, studyId), readBackupRecord(db, kind, studyId)]);
  if (state === undefined || state.fingerprint === last?.fingerprint) return undefined;
  return snapshotStudy(db, studyId, options);
}

function metaKey(kind: BackupKind, studyId: string): string {
  return `backup:${kind}:${studyId}`;
}

export async function readBackupRecord(db: StudioDatabase, kind: BackupKind, studyId: string): Promise<BackupRecord | undefined> {
  const entry = await db.meta.get(metaKey(kind, studyId));
  const value = entry?.value as Partial<BackupRecord> | undefined;
  // Written by this module only; anything else (an older app's value) reads as no backup.
  if (typeof value?.at !== 'string' || typeof value.fingerprint !== 'string' || typeof value.labels !== 'number') return undefined;
  return { at: value.at, fingerprint: value.fingerprint, labels: value.labels };
}

/** Remembers a backup once it is safely stored (saved by the user, or written by the desktop app). */
export async function recordBackup(db: StudioDatabase, kind: BackupKind, snapshot: Pick<StudySnapshot, 'studyId' | 'createdAt' | 'state'>): Promise<void> {
  const record: BackupRecord = { at: snapshot.createdAt, fingerprint: snapshot.state.fingerprint, labels: snapshot.state.labels };
  await db.meta.put({ key: metaKey(kind, snapshot.studyId), value: record });
}

/**
 * Whether a study calls for a backup reminder: it changed since its last exported backup (a
 * study never backed up: it has labels), and that backup (or the import) is a day old, or
 * REMINDER_LABELS labels were added since.
 */
export function backupReminderDue(state: BackupState, last: BackupRecord | undefined, importedAt: string, now: number): boolean {
  const changed = last === undefined ? state.labels > 0 : state.fingerprint !== last.fingerprint;
  if (!changed) return false;
  if (state.labels - (last?.labels ?? 0) >= REMINDER_LABELS) return true;
  // An unreadable time counts as long ago: better one reminder too many than none.
  return !(now - Date.parse(last?.at ?? importedAt) < REMINDER_AGE_MS);
}

/** The studies, in id order, that call for a backup reminder at `now`. */
export async function studiesDueForBackup(db: StudioDatabase, now: number): Promise<Study[]> {
  return db.transaction('r', [...studyTables(db), db.meta], async () => {
    const due: Study[] = [];
    for (const study of await db.studies.toArray()) {
      const [state, last] = await Promise.all([stateOf(db, study), readBackupRecord(db, 'export', study.id)]);
      if (backupReminderDue(state, last, study.importedAt, now)) due.push(study);
    }
    return due;
  });
}

/** The study as stored now, for the restore's confirmation; undefined when it is not in the library. */
export async function readStudyTotals(db: StudioDatabase, studyId: string): Promise<{ name: string; labels: number; gold: number } | undefined> {
  return db.transaction('r', [db.studies, db.labels, db.gold], async () => {
    const study = await db.studies.get(studyId);
    if (!study) return undefined;
    const [labels, gold] = await Promise.all([byStudy(db.labels, studyId).count(), byStudy(db.gold, studyId).count()]);
    return { name: study.name, labels, gold };
  });
}

/**
 * Replaces the study's records with the backup's, in one read-write transaction: the stored
 * copy is deleted (deleteStudy, which audits it) and every record of the backup written as it
 * is, so the study's tables hold exactly what they held when the backup was taken. Any failure
 * aborts the transaction and leaves the database as it was. The study's judge runs and prompt
 * searches go with the stored copy: a backup holds none (judge-runs.ts says why), and a run resumed
 * on the restored turns would mix its labels with the backup's.
 *
 * The audit log is append-only: the backup's entries go back under their own ids where the
 * log lacks them (after a lost database), an entry already there is kept, an id another entry
 * took meanwhile gets the backup's entry under a new id; a `study:restore` entry closes the restore.
 * Throws a RangeError, writing nothing, when a record belongs to another study.
 */
export async function restoreSnapshot(db: StudioDatabase, backup: Backup, options: RestoreOptions = {}): Promise<void> {
  checkOneStudy(backup);
  const now = options.now ?? new Date().toISOString();
  const { study } = backup;
  const total =
    1 +
    backup.puzzles.length +
    backup.sessions.length +
    backup.turns.length +
    backup.annotators.length +
    backup.labels.length +
    backup.assignments.length +
    backup.gold.length +
    backup.audit.length;
  let done = 0;
  const progress = (records: number) => {
    done += records;
    options.onProgress?.({ done, total });
  };

  const tables = [...studyTables(db), db.judgeRuns, db.judgeAnswers, db.promptSearches, db.syncConnections, db.teamDatabases, db.meta];
  await db.transaction('rw', tables, async () => {
    // The study stays connected to its team server, its annotators' databases pulled again from
    // the start: labels they sent after the backup come back (the merge is idempotent).
    const connection = await db.syncConnections.get(study.id);
    const teamDatabases = await db.teamDatabases.where('studyId').equals(study.id).toArray();
    await deleteStudy(db, study.id);
    if (connection !== undefined) await db.syncConnections.add(connection);
    await db.teamDatabases.bulkAdd(teamDatabases.map(({ since: _since, ...row }) => row));
    await db.studies.add(study);
    progress(1);
    await addInChunks(db.puzzles, backup.puzzles, progress);
    await addInChunks(db.sessions, backup.sessions, progress);
    await addInChunks(db.turns, backup.turns, progress);
    await addInChunks(db.annotators, backup.annotators, progress);
    await addInChunks(db.labels, backup.labels, progress);
    await addInChunks(db.assignments, backup.assignments, progress);
    await addInChunks(db.gold, backup.gold, progress);
    const stored = await db.audit.bulkGet(backup.audit.map((entry) => entry.id));
    const putBack: StoredAuditEntry[] = [];
    const renumbered: AuditEntry[] = [];
    backup.audit.forEach((entry, index) => {
      const current = stored[index];
      if (current === undefined) putBack.push(entry);
      else if (!sameAuditEntry(current, entry)) renumbered.push({ studyId: entry.studyId, at: entry.at, kind: entry.kind, detail: entry.detail });
    });
    await db.audit.bulkAdd(putBack);
    await db.audit.bulkAdd(renumbered);
    progress(backup.audit.length);
    await db.audit.add({ studyId: study.id, at: now, kind: 'study:restore', detail: restoreDetail(backup, options.source) });
  });
}

/** bulkAdd, not bulkPut: two records with one key must fail the restore, not merge into one. */
async function addInChunks<T, K>(table: Table<T, K>, records: readonly T[], progress: (records: number) => void): Promise<void> {
  for (let start = 0; start < records.length; start += CHUNK_SIZE) {
    const chunk = records.slice(start, start + CHUNK_SIZE);
    await table.bulkAdd(chunk);
    progress(chunk.length);
  }
}

/** Every table a study's records live in; the restore's transaction scope, as deleteStudy's. */
function studyTables(db: StudioDatabase) {
  return [db.studies, db.puzzles, db.sessions, db.turns, db.annotators, db.labels, db.assignments, db.gold, db.audit];
}

/** Must be called inside a transaction over studyTables. */
async function stateOf(db: StudioDatabase, study: Study): Promise<BackupState> {
  const id = study.id;
  const [annotators, puzzles, sessions, turns, labels, assignments, gold, newestAudit] = await Promise.all([
    byStudy(db.annotators, id).toArray(),
    byStudy(db.puzzles, id).count(),
    byStudy(db.sessions, id).count(),
    byStudy(db.turns, id).count(),
    byStudy(db.labels, id).count(),
    byStudy(db.assignments, id).count(),
    byStudy(db.gold, id).count(),
    db.audit.where('studyId').equals(id).reverse().limit(1).primaryKeys(),
  ]);
  return backupState(study, annotators, { puzzles, sessions, turns, annotators: annotators.length, labels, assignments, gold }, newestAudit[0] ?? 0);
}

function backupState(study: Study, annotators: readonly Annotator[], counts: Record<string, number>, newestAudit: number): BackupState {
  return { fingerprint: sha256Hex(canonicalJson({ study, annotators, counts, newestAudit })), labels: (counts.labels ?? 0) + (counts.gold ?? 0) };
}

function sameAuditEntry(a: AuditEntry, b: AuditEntry): boolean {
  return a.studyId === b.studyId && a.at === b.at && a.kind === b.kind && a.detail === b.detail;
}

function restoreDetail(backup: Backup, source: string | undefined): string {
  const from = source === undefined ? 'a backup' : source;
  return `restored "${backup.study.name}" from ${from} taken ${backup.createdAt} by ${backup.app}: ${backup.puzzles.length} puzzles, ${backup.sessions.length} sessions, ${backup.turns.length} turns, ${backup.labels.length} labels, ${backup.gold.length} gold labels`;
}

const LAST_AUTO_BACKUP_KEY = 'backup:auto';

/** One pass of the desktop app's automatic snapshots (features/backup/auto-backup.ts). */
export interface AutoBackupRun {
  at: string;
  /** Studies snapshotted in this pass. */
  written: string[];
  failures: Array<{ studyId: string; message: string }>;
}

export async function recordAutoBackupRun(db: StudioDatabase, run: AutoBackupRun): Promise<void> {
  await db.meta.put({ key: LAST_AUTO_BACKUP_KEY, value: run });
}

/** The last pass that wrote or failed, for the library; undefined before the first. */
export async function readLastAutoBackup(db: StudioDatabase): Promise<AutoBackupRun | undefined> {
  const value = (await db.meta.get(LAST_AUTO_BACKUP_KEY))?.value as Partial<AutoBackupRun> | undefined;
  if (typeof value?.at !== 'string' || !Array.isArray(value.written) || !Array.isArray(value.failures)) return undefined;
  return { at: value.at, written: value.written, failures: value.failures };
}
