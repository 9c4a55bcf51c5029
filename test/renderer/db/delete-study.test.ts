// deleteStudy against fake-indexeddb: a study goes with its puzzles, sessions, turns, annotators,
// labels and team server records; other studies keep every row; the append-only audit log keeps its history and
// records the deletion.

import { afterEach, describe, expect, it } from 'vitest';
import type { StudyData } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../../renderer/db/database';
import { deleteStudy, importStudies } from '../../../renderer/db/import-study';
import { annotator, closeDatabases, countTables, demoStudy, dumpTables, freshDatabase, label, NOW, studyRows, syntheticStudy } from './db-fixtures';

afterEach(closeDatabases);

const STUDY_TABLES = ['puzzles', 'sessions', 'turns', 'annotators', 'labels'] as const;

/** Imports two studies and gives each two annotators with a few labels of every task. */
async function twoStudiesWithLabels(db: StudioDatabase): Promise<{ demo: StudyData; other: StudyData }> {
  const demo = demoStudy();
  const other = syntheticStudy(40, 3);
  await importStudies(db, [demo, other]);
  for (const data of [demo, other]) {
    const studyId = data.study.id;
    const question = data.turns.find((turn) => turn.type === 'question');
    const final = data.turns.find((turn) => turn.type === 'final');
    const puzzle = data.puzzles[0];
    if (!question || !final || !puzzle) throw new Error(`study ${studyId} lacks a question, a final or a puzzle`);
    await db.annotators.bulkPut([annotator(studyId, 'ann-1'), annotator(studyId, 'ann-2')]);
    await db.labels.bulkPut([
      label(studyId, 'ann-1', question.id, 'answer', 'yes'),
      label(studyId, 'ann-2', question.id, 'answer', 'no'),
      label(studyId, 'ann-1', final.id, 'match', 'matched'),
      label(studyId, 'ann-1', puzzle.id, 'difficulty', 4),
    ]);
  }
  return { demo, other };
}

/** Every row of the study tables that belongs to one study. */
async function rowsOfStudy(db: StudioDatabase, studyId: string): Promise<Record<string, unknown[]>> {
  return {
    studies: (await db.studies.toArray()).filter((study) => study.id === studyId),
    puzzles: await studyRows(db.puzzles, studyId),
    sessions: await studyRows(db.sessions, studyId),
    turns: await studyRows(db.turns, studyId),
    annotators: await studyRows(db.annotators, studyId),
    labels: await studyRows(db.labels, studyId),
  };
}

describe('deleteStudy', () => {
  it('removes the study, its puzzles, sessions, turns, annotators and labels', async () => {
    const db = freshDatabase();
    const { demo } = await twoStudiesWithLabels(db);
    const before = await rowsOfStudy(db, demo.study.id);
    expect(before).toMatchObject({ studies: [demo.study] });
    expect(STUDY_TABLES.map((name) => before[name]?.length)).toEqual([15, 30, 323, 2, 4]);

    await deleteStudy(db, demo.study.id);

    const after = await rowsOfStudy(db, demo.study.id);
    expect(after).toEqual({ studies: [], puzzles: [], sessions: [], turns: [], annotators: [], labels: [] });
  });

  it("removes the study's team server connection and annotator databases, and no other study's", async () => {
    const db = freshDatabase();
    const { demo, other } = await twoStudiesWithLabels(db);
    for (const studyId of [demo.study.id, other.study.id]) {
      await db.syncConnections.put({
        studyId,
        role: 'lead',
        server: 'https://couch.example.org/',
        user: 'lead',
        credentialStorage: 'system',
        connectedAt: NOW,
      });
      await db.teamDatabases.bulkPut(
        ['ann-1', 'ann-2'].map((annotatorId) => ({
          studyId,
          annotatorId,
          database: `db-${annotatorId}`,
          user: `db-${annotatorId}`,
          createdAt: NOW,
          packs: [],
          labelsPulled: 0,
          refused: 0,
        })),
      );
    }

    await deleteStudy(db, demo.study.id);

    expect(await db.syncConnections.toCollection().primaryKeys()).toEqual([other.study.id]);
    expect((await db.teamDatabases.toArray()).map((row) => [row.studyId, row.annotatorId])).toEqual([
      [other.study.id, 'ann-1'],
      [other.study.id, 'ann-2'],
    ]);
  });

  it('leaves every row of the other studies untouched', async () => {
    const db = freshDatabase();
    const { demo, other } = await twoStudiesWithLabels(db);
    const otherBefore = await rowsOfStudy(db, other.study.id);
    const metaBefore = await db.meta.toArray();

    await deleteStudy(db, demo.study.id);

    expect(await rowsOfStudy(db, other.study.id)).toEqual(otherBefore);
    expect(await db.studies.toCollection().primaryKeys()).toEqual([other.study.id]);
    expect(await db.meta.toArray()).toEqual(metaBefore);
    const counts = await countTables(db);
    expect(counts).toMatchObject({ puzzles: other.puzzles.length, sessions: other.sessions.length, turns: other.turns.length, annotators: 2, labels: 4 });
  });

  it('keeps the audit log and appends a study:delete entry naming the study', async () => {
    const db = freshDatabase();
    const { demo } = await twoStudiesWithLabels(db);
    const auditBefore = await db.audit.toArray();
    expect(auditBefore.map((entry) => entry.kind)).toEqual(['study:import', 'study:import']);

    await deleteStudy(db, demo.study.id);

    const audit = await db.audit.toArray();
    expect(audit).toHaveLength(auditBefore.length + 1);
    expect(audit.slice(0, auditBefore.length)).toEqual(auditBefore);
    const last = audit.at(-1);
    expect(last).toMatchObject({ studyId: demo.study.id, kind: 'study:delete' });
    expect(last?.detail).toContain(demo.study.name);
    expect(last?.id).toBeGreaterThan(auditBefore.at(-1)?.id ?? Infinity);
    expect(new Date(last?.at ?? '').toISOString()).toBe(last?.at);
    // The deleted study's history is still readable by study.
    expect((await studyRows(db.audit, demo.study.id)).map((entry) => entry.kind)).toEqual(['study:import', 'study:delete']);
  });

  it('changes nothing, not even the audit log, for a study that is not stored', async () => {
    const db = freshDatabase();
    await twoStudiesWithLabels(db);
    const before = await dumpTables(db);

    await deleteStudy(db, 'no-such-study');

    expect(await dumpTables(db)).toEqual(before);
  });

  it('lets the same study be imported again afterwards, with nothing left over', async () => {
    const db = freshDatabase();
    const { demo } = await twoStudiesWithLabels(db);
    await deleteStudy(db, demo.study.id);

    await importStudies(db, [demo]);

    const rows = await rowsOfStudy(db, demo.study.id);
    expect(STUDY_TABLES.map((name) => rows[name]?.length)).toEqual([15, 30, 323, 0, 0]);
    expect((await studyRows(db.audit, demo.study.id)).map((entry) => entry.kind)).toEqual(['study:import', 'study:delete', 'study:import']);
  });
});
