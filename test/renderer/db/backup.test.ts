// Snapshots and restores against fake-indexeddb: a study labelled, assigned and adjudicated
// through the app's own writers, snapshotted, then deleted or changed, comes back table for table
// as it was (the append-only audit log keeps what happened in between); a restore that fails
// leaves the database exactly as it was; and the meta records tell which studies changed since.

import { afterEach, describe, expect, it } from 'vitest';
import type { StudyData, Task } from '../../../shared/domain/model';
import { parseBackup, type Backup } from '../../../shared/formats/backup';
import { buildStudyPacks } from '../../../shared/study/study-packs';
import type { StudioDatabase } from '../../../renderer/db/database';
import {
  backupReminderDue,
  readBackupRecord,
  readBackupState,
  readStudyTotals,
  recordBackup,
  REMINDER_AGE_MS,
  REMINDER_LABELS,
  restoreSnapshot,
  snapshotIfChanged,
  snapshotStudy,
  studiesDueForBackup,
  type RestoreProgress,
} from '../../../renderer/db/backup';
import { setGoldLabel } from '../../../renderer/db/gold';
import { deleteStudy, importStudies } from '../../../renderer/db/import-study';
import { openPack } from '../../../renderer/db/open-pack';
import { assignTeam } from '../../../renderer/db/team-setup';
import { writeLabelChange } from '../../../renderer/features/labelling/label-writer';
import { closeDatabases, demoStudy, dumpTables, freshDatabase, NOW, syntheticStudy } from './db-fixtures';

afterEach(closeDatabases);

const APP = 'agreement-studio test';
const LATER = '2026-11-22T11:00:00.000Z';

/** Labels `count` units of each task as `annotatorId`, through the workspace's writer (with audit entries). */
async function label(db: StudioDatabase, data: StudyData, annotatorId: string, count: number, at = NOW): Promise<void> {
  const units: Record<Task, string[]> = {
    answer: data.turns.filter((turn) => turn.type === 'question').map((turn) => turn.id),
    match: data.turns.filter((turn) => turn.type === 'final').map((turn) => turn.id),
    difficulty: data.puzzles.map((puzzle) => puzzle.id),
  };
  for (const task of ['answer', 'match', 'difficulty'] as const) {
    for (const [index, unitId] of units[task].slice(0, count).entries()) {
      const value = task === 'difficulty' ? (index % 9) + 1 : task === 'match' ? 'matched' : ((['yes', 'no', 'irrelevant'] as const)[index % 3] ?? 'yes');
      await writeLabelChange(
        db,
        { studyId: data.study.id, annotatorId, task, unitId },
        { kind: 'label:set', value, ms: 900 + index, unsure: index === 1, note: index === 2 ? 'see the story' : '' },
        { annotatorName: `Name of ${annotatorId}`, now: at, position: unitId },
      );
    }
  }
}

/** Two studies; the demo one assigned to a team, labelled by two annotators, with a gold label. */
async function workedLibrary(db: StudioDatabase): Promise<{ demo: StudyData; other: StudyData }> {
  const demo = demoStudy();
  const other = syntheticStudy(20, 5);
  await importStudies(db, [demo, other]);
  await assignTeam(db, demo.study.id, {
    annotators: [
      { id: 'ann-1', name: 'Ann One' },
      { id: 'ann-2', name: 'Ann Two' },
    ],
    overlap: 2,
    seed: 3,
    now: NOW,
  });
  await label(db, demo, 'ann-1', 6);
  await label(db, demo, 'ann-2', 4);
  await label(db, other, 'ann-9', 3);
  const question = demo.turns.find((turn) => turn.type === 'question');
  await setGoldLabel(db, {
    studyId: demo.study.id,
    task: 'answer',
    unitId: question?.id ?? '',
    value: 'yes',
    note: 'agreed',
    by: 'Lead',
    basis: ['ann-1=yes', 'ann-2=yes'],
    now: NOW,
  });
  return { demo, other };
}

function parsed(text: string): Backup {
  const result = parseBackup({ name: 'snapshot.backup.json', text });
  if (!result.ok) throw new Error(`the snapshot does not parse: ${JSON.stringify(result.errors)}`);
  return result.value;
}

/** The dump without some tables; by default the append-only audit log, which a restore extends rather than rewinds. */
function withoutAudit(dump: Record<string, unknown[]>, ...more: string[]): Record<string, unknown[]> {
  const left = new Set(['audit', ...more]);
  return Object.fromEntries(Object.entries(dump).filter(([table]) => !left.has(table)));
}

describe('snapshotStudy', () => {
  it('writes every record of the study, and only of that study, into a backup file named by study and time', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const snapshot = await snapshotStudy(db, demo.study.id, { now: LATER, app: APP });
    expect(snapshot.file.name).toBe('demo-study.2026-11-22T11-00-00-000Z.backup.json');
    expect(snapshot.file.mimeType).toBe('application/json');
    expect(snapshot.createdAt).toBe(LATER);
    const backup = parsed(snapshot.file.text);
    const dump = await dumpTables(db);
    const ofDemo = (rows: unknown[]) => rows.filter((row) => (row as { studyId: string }).studyId === demo.study.id);
    expect(backup.study).toEqual(await db.studies.get(demo.study.id));
    for (const list of ['puzzles', 'sessions', 'turns', 'annotators', 'labels', 'assignments', 'gold', 'audit'] as const) {
      expect(backup[list]).toEqual(ofDemo(dump[list] ?? []));
    }
    expect(backup.labels).toHaveLength(6 * 3 + 4 * 3);
    expect(backup.gold).toHaveLength(1);
    expect(backup.assignments).toHaveLength(6);
    expect(backup).toMatchObject({ createdAt: LATER, app: APP });
    expect(snapshot.state).toEqual(await readBackupState(db, demo.study.id));
    expect(snapshot.state.labels).toBe(6 * 3 + 4 * 3 + 1);
  });

  it('refuses a study that is not stored', async () => {
    const db = freshDatabase();
    await expect(snapshotStudy(db, 'no-such-study', { app: APP })).rejects.toThrow('The study "no-such-study" is not in the library.');
  });
});

describe('restoreSnapshot', () => {
  it('brings a deleted study back: every table as before, the audit log extended by the delete and the restore', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const before = await dumpTables(db);
    const snapshot = await snapshotStudy(db, demo.study.id, { app: APP });

    await deleteStudy(db, demo.study.id);
    await restoreSnapshot(db, parsed(snapshot.file.text), { now: LATER, source: snapshot.file.name });

    const after = await dumpTables(db);
    expect(withoutAudit(after)).toEqual(withoutAudit(before));
    // Byte for byte: each record as JSON, members in their stored order.
    for (const [table, rows] of Object.entries(withoutAudit(before)))
      expect(
        (after[table] ?? []).map((row) => JSON.stringify(row)),
        table,
      ).toEqual(rows.map((row) => JSON.stringify(row)));
    const audit = after.audit ?? [];
    expect(audit.slice(0, before.audit?.length)).toEqual(before.audit);
    expect(audit.slice(before.audit?.length).map((entry) => (entry as { kind: string }).kind)).toEqual(['study:delete', 'study:restore']);
    expect(audit.at(-1)).toMatchObject({ studyId: demo.study.id, at: LATER, kind: 'study:restore', detail: expect.stringContaining(snapshot.file.name) });
  });

  it("keeps the study's team server connection and pulls its annotators' databases again from the start", async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const snapshot = await snapshotStudy(db, demo.study.id, { app: APP });
    const connection = {
      studyId: demo.study.id,
      role: 'lead' as const,
      server: 'https://couch.example.org/',
      user: 'lead',
      credentialStorage: 'system' as const,
      connectedAt: LATER,
    };
    const row = {
      studyId: demo.study.id,
      annotatorId: 'ann-1',
      database: 'db-ann-1',
      user: 'db-ann-1',
      createdAt: LATER,
      since: 42,
      packs: ['abc'],
      labelsPulled: 40,
      refused: 1,
    };
    await db.syncConnections.put(connection);
    await db.teamDatabases.put(row);

    await restoreSnapshot(db, parsed(snapshot.file.text), { now: LATER, source: snapshot.file.name });

    expect(await db.syncConnections.toArray()).toEqual([connection]);
    const withoutCheckpoint: Partial<typeof row> = { ...row };
    delete withoutCheckpoint.since;
    expect(await db.teamDatabases.toArray()).toEqual([withoutCheckpoint]);
  });

  it('undoes every change made since the snapshot: labels changed, added and removed, gold, assignment, names', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const before = await dumpTables(db);
    const snapshot = await snapshotStudy(db, demo.study.id, { app: APP });

    await label(db, demo, 'ann-1', 9, LATER);
    await label(db, demo, 'ann-3', 2, LATER);
    const [first] = (await db.labels.toArray()).filter((row) => row.studyId === demo.study.id);
    if (first) await db.labels.delete([first.studyId, first.annotatorId, first.task, first.unitId]);
    await assignTeam(db, demo.study.id, { annotators: [{ id: 'ann-1', name: 'Renamed' }], overlap: 1, seed: 99, now: LATER });
    await setGoldLabel(db, {
      studyId: demo.study.id,
      task: 'difficulty',
      unitId: demo.puzzles[0]?.id ?? '',
      value: 3,
      note: '',
      by: 'Lead',
      basis: [],
      now: LATER,
    });
    expect(withoutAudit(await dumpTables(db))).not.toEqual(withoutAudit(before));

    await restoreSnapshot(db, parsed(snapshot.file.text));

    const after = await dumpTables(db);
    // The meta table keeps where each annotator was in the workspace; the study's tables are as before.
    expect(withoutAudit(after, 'meta')).toEqual(withoutAudit(before, 'meta'));
    expect((after.audit ?? []).slice(0, before.audit?.length)).toEqual(before.audit);
  });

  it("brings back an annotator's copy opened from packs: blind records, assignment, labels", async () => {
    const db = freshDatabase();
    const demo = demoStudy();
    const team = [
      { id: 'ann-1', name: 'Ann One' },
      { id: 'ann-2', name: 'Ann Two' },
    ];
    const [pack] = buildStudyPacks({ data: demo, annotators: team, overlap: 1, seed: 4, guidelines: '', createdAt: NOW, app: APP });
    if (!pack) throw new Error('no pack');
    await openPack(db, pack, { fileName: 'ann-1.pack.json', now: NOW });
    const question = pack.tasks.answer[0] ?? '';
    await writeLabelChange(
      db,
      { studyId: demo.study.id, annotatorId: 'ann-1', task: 'answer', unitId: question },
      { kind: 'label:set', value: 'no', ms: 10 },
      { annotatorName: 'Ann One', now: NOW },
    );
    const before = await dumpTables(db);
    const snapshot = await snapshotStudy(db, demo.study.id, { app: APP });

    await deleteStudy(db, demo.study.id);
    await restoreSnapshot(db, parsed(snapshot.file.text));

    const after = await dumpTables(db);
    expect(withoutAudit(after)).toEqual(withoutAudit(before));
    expect((after.studies?.[0] as { origin?: unknown }).origin).toEqual({ kind: 'pack', annotator: { id: 'ann-1', name: 'Ann One' }, packs: [pack.sha256] });
  });

  it('restores into a database that lost everything: records and history under their own ids', async () => {
    const source = freshDatabase();
    const { demo } = await workedLibrary(source);
    const before = await dumpTables(source);
    const backup = parsed((await snapshotStudy(source, demo.study.id, { app: APP })).file.text);

    const db = freshDatabase();
    await restoreSnapshot(db, backup, { now: LATER });

    const after = await dumpTables(db);
    const ofDemo = (rows: unknown[] = []) =>
      rows.filter((row) => (row as { studyId?: string; id?: string }).studyId === demo.study.id || (row as { id?: string }).id === demo.study.id);
    for (const table of ['studies', 'puzzles', 'sessions', 'turns', 'annotators', 'labels', 'assignments', 'gold'] as const)
      expect(after[table], table).toEqual(ofDemo(before[table]));
    expect((after.audit ?? []).slice(0, -1)).toEqual(ofDemo(before.audit));
    expect((after.audit ?? []).at(-1)).toMatchObject({ kind: 'study:restore' });
  });

  it("keeps history another study wrote under the same audit ids, and adds the backup's under new ones", async () => {
    const source = freshDatabase();
    const { demo } = await workedLibrary(source);
    const backup = parsed((await snapshotStudy(source, demo.study.id, { app: APP })).file.text);

    const db = freshDatabase();
    const other = syntheticStudy(10, 8);
    await importStudies(db, [other]);
    await label(db, other, 'ann-5', 2);
    const taken = await db.audit.toArray();
    await restoreSnapshot(db, backup);

    const audit = await db.audit.toArray();
    expect(audit.slice(0, taken.length)).toEqual(taken);
    const restored = audit.filter((entry) => entry.studyId === demo.study.id && entry.kind !== 'study:restore');
    const content = ({ at, kind, detail }: { at: string; kind: string; detail: string }) => JSON.stringify([at, kind, detail]);
    expect(restored.map(content).sort()).toEqual(backup.audit.map(content).sort());
    // Ids the other study holds went to new entries (after every id in use); free ones kept the backup's own.
    const takenIds = new Set(taken.map((entry) => entry.id));
    const newest = Math.max(...taken.map((entry) => entry.id ?? 0), ...backup.audit.map((entry) => entry.id));
    const moved = backup.audit.filter((entry) => takenIds.has(entry.id));
    expect(moved.length).toBeGreaterThan(0);
    expect(restored.filter((entry) => (entry.id ?? 0) > newest).map(content)).toEqual(moved.map(content));
    for (const entry of backup.audit.filter((item) => !takenIds.has(item.id))) expect(restored).toContainEqual(entry);
  });

  it('leaves other studies untouched and reports progress up to every record', async () => {
    const db = freshDatabase();
    const { demo, other } = await workedLibrary(db);
    const big = syntheticStudy(600, 11);
    await importStudies(db, [big]);
    await label(db, big, 'ann-1', 5);
    const backup = parsed((await snapshotStudy(db, big.study.id, { app: APP })).file.text);
    const otherRows = async () => (await dumpTables(db)).labels?.filter((row) => (row as { studyId: string }).studyId !== big.study.id);
    const othersBefore = await otherRows();

    const progress: RestoreProgress[] = [];
    await restoreSnapshot(db, backup, { onProgress: (step) => progress.push(step) });

    expect(await otherRows()).toEqual(othersBefore);
    expect(await db.studies.toCollection().primaryKeys()).toEqual([demo.study.id, big.study.id, other.study.id].sort());
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
    expect(progress.at(-1)).toEqual({ done: total, total });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((step, index) => index === 0 || step.done >= (progress[index - 1]?.done ?? 0))).toBe(true);
  });

  it('changes nothing when the restore fails part way: the transaction rolls back', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const backup = parsed((await snapshotStudy(db, demo.study.id, { app: APP })).file.text);
    await label(db, demo, 'ann-1', 8, LATER);
    const before = await dumpTables(db);

    // A label without its unit id cannot be stored: IndexedDB refuses it after the delete and
    // the other writes have run inside the transaction.
    const broken: Backup = {
      ...backup,
      labels: [...backup.labels, { ...(backup.labels[0] as Backup['labels'][number]), unitId: undefined as unknown as string }],
    };
    await expect(restoreSnapshot(db, broken)).rejects.toThrow();
    expect(await dumpTables(db)).toEqual(before);

    // Two records with one key must not merge into one either.
    const twice: Backup = { ...backup, gold: [...backup.gold, ...backup.gold] };
    await expect(restoreSnapshot(db, twice)).rejects.toThrow();
    expect(await dumpTables(db)).toEqual(before);
  });

  it('refuses, writing nothing, a backup holding a record of another study', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const backup = parsed((await snapshotStudy(db, demo.study.id, { app: APP })).file.text);
    const before = await dumpTables(db);
    const foreign: Backup = { ...backup, labels: [{ ...(backup.labels[0] as Backup['labels'][number]), studyId: 'synthetic-5' }] };
    await expect(restoreSnapshot(db, foreign)).rejects.toThrow(RangeError);
    expect(await dumpTables(db)).toEqual(before);
  });
});

describe('what changed since the last backup', () => {
  it('snapshots only a study that changed since its last recorded snapshot', async () => {
    const db = freshDatabase();
    const { demo, other } = await workedLibrary(db);
    const first = await snapshotIfChanged(db, demo.study.id, 'snapshot', { app: APP });
    expect(first).toBeDefined();
    if (first) await recordBackup(db, 'snapshot', first);
    expect(await readBackupRecord(db, 'snapshot', demo.study.id)).toEqual({ at: first?.createdAt, ...first?.state });
    expect(await snapshotIfChanged(db, demo.study.id, 'snapshot', { app: APP })).toBeUndefined();
    // The other kind of backup, and the other study, are not recorded.
    expect(await snapshotIfChanged(db, demo.study.id, 'export', { app: APP })).toBeDefined();
    expect(await snapshotIfChanged(db, other.study.id, 'snapshot', { app: APP })).toBeDefined();

    // Editing a note changes no count, but writes an audit entry.
    const [stored] = (await db.labels.toArray()).filter((row) => row.studyId === demo.study.id);
    if (!stored) throw new Error('no label');
    await writeLabelChange(db, stored, { kind: 'label:note', note: 'changed my mind' }, { annotatorName: 'Name of ann-1', now: LATER });
    expect(await snapshotIfChanged(db, demo.study.id, 'snapshot', { app: APP })).toBeDefined();
    expect(await snapshotIfChanged(db, 'no-such-study', 'snapshot', { app: APP })).toBeUndefined();
  });

  it('tells each change apart: a renamed annotator, a new label, a deleted one', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    const fingerprint = async () => (await readBackupState(db, demo.study.id))?.fingerprint;
    const seen = new Set([await fingerprint()]);
    await db.annotators.put({ studyId: demo.study.id, id: 'ann-1', name: 'Someone else' });
    seen.add(await fingerprint());
    await label(db, demo, 'ann-7', 1);
    seen.add(await fingerprint());
    const [first] = (await db.labels.toArray()).filter((row) => row.studyId === demo.study.id);
    if (first) await db.labels.delete([first.studyId, first.annotatorId, first.task, first.unitId]);
    seen.add(await fingerprint());
    expect(seen.size).toBe(4);
  });

  it('reminds of a study whose labels changed since its last export, after a day or many labels', () => {
    const state = { fingerprint: 'b', labels: 30 };
    const now = Date.parse(NOW);
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    // Never exported: labels a day after the import; none without labels.
    expect(backupReminderDue(state, undefined, hoursAgo(25), now)).toBe(true);
    expect(backupReminderDue(state, undefined, hoursAgo(2), now)).toBe(false);
    expect(backupReminderDue({ fingerprint: 'b', labels: 0 }, undefined, hoursAgo(100), now)).toBe(false);
    expect(backupReminderDue({ fingerprint: 'b', labels: REMINDER_LABELS }, undefined, hoursAgo(1), now)).toBe(true);
    // Exported: only when changed since, and then after a day or REMINDER_LABELS more labels.
    expect(backupReminderDue(state, { at: hoursAgo(48), fingerprint: 'b', labels: 30 }, hoursAgo(100), now)).toBe(false);
    expect(backupReminderDue(state, { at: hoursAgo(48), fingerprint: 'a', labels: 30 }, hoursAgo(100), now)).toBe(true);
    expect(backupReminderDue(state, { at: new Date(now - REMINDER_AGE_MS + 60_000).toISOString(), fingerprint: 'a', labels: 29 }, hoursAgo(100), now)).toBe(
      false,
    );
    expect(backupReminderDue({ fingerprint: 'b', labels: 30 + REMINDER_LABELS }, { at: hoursAgo(1), fingerprint: 'a', labels: 30 }, hoursAgo(100), now)).toBe(
      true,
    );
    expect(backupReminderDue(state, { at: 'not a time', fingerprint: 'a', labels: 30 }, hoursAgo(100), now)).toBe(true);
  });

  it('lists the studies due for a backup, and drops one once it is exported', async () => {
    const db = freshDatabase();
    const { demo, other } = await workedLibrary(db);
    const dayLater = Date.parse(NOW) + REMINDER_AGE_MS + 1;
    expect((await studiesDueForBackup(db, Date.parse(NOW))).map((study) => study.id)).toEqual([]);
    expect((await studiesDueForBackup(db, dayLater)).map((study) => study.id)).toEqual([demo.study.id, other.study.id]);

    const snapshot = await snapshotStudy(db, demo.study.id, { app: APP, now: new Date(dayLater).toISOString() });
    await recordBackup(db, 'export', snapshot);
    expect((await studiesDueForBackup(db, dayLater)).map((study) => study.id)).toEqual([other.study.id]);
    // An automatic snapshot is not an export the user holds.
    await recordBackup(db, 'snapshot', await snapshotStudy(db, other.study.id, { app: APP }));
    expect((await studiesDueForBackup(db, dayLater)).map((study) => study.id)).toEqual([other.study.id]);
  });

  it('reads the stored study for the restore question', async () => {
    const db = freshDatabase();
    const { demo } = await workedLibrary(db);
    expect(await readStudyTotals(db, demo.study.id)).toEqual({ name: demo.study.name, labels: 30, gold: 1 });
    expect(await readStudyTotals(db, 'no-such-study')).toBeUndefined();
  });
});
