// loadWorkspace with assignments: an annotator with an assignment row for the task gets only
// those units, in the queue's usual order; without one, every unit of the task as before. In
// the lead's database (rows written by hand) and in an annotator's copy opened from packs.

import { afterEach, describe, expect, it } from 'vitest';
import { TASKS } from '../../../../shared/domain/model';
import type { Task } from '../../../../shared/domain/model';
import type { PackTasks } from '../../../../shared/formats/pack';
import { buildAnnotatorPack, buildStudyPacks } from '../../../../shared/study/study-packs';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { importStudies } from '../../../../renderer/db/import-study';
import { openPack } from '../../../../renderer/db/open-pack';
import { loadWorkspace } from '../../../../renderer/features/labelling/load-workspace';
import { buildUnitQueue } from '../../../../renderer/features/labelling/unit-queue';
import { closeDatabases, demoStudy, freshDatabase, NOW } from '../../db/db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();
const STUDY = demo.study.id;
const ANNOTATOR = { id: 'ann-01', name: 'Annotator 1' };
const PACK_OPTIONS = { guidelines: '', createdAt: '2026-11-22T09:00:00Z', app: 'agreement-studio test' };

/** The queue of the whole demo study, as the loader builds it without an assignment. */
const fullQueue = (task: Task) => buildUnitQueue(task, demo.puzzles, demo.turns).map((unit) => unit.id);
const queueOf = async (db: StudioDatabase, task: Task, annotatorId = ANNOTATOR.id) =>
  (await loadWorkspace(db, STUDY, task, annotatorId)).units.map((unit) => unit.id);

/** Every other unit of the task, listed backwards: a selection that is neither whole sessions nor in queue order. */
function scattered(task: Task): string[] {
  return fullQueue(task)
    .filter((_, i) => i % 2 === 0)
    .reverse();
}

describe("loadWorkspace: the lead's database", () => {
  async function leadDatabase(): Promise<StudioDatabase> {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    await db.assignments.bulkPut(TASKS.map((task) => ({ studyId: STUDY, annotatorId: ANNOTATOR.id, task, units: scattered(task) })));
    return db;
  }

  it.each(TASKS)('gives an assigned annotator only their %s units, in queue order', async (task) => {
    const db = await leadDatabase();
    const assigned = new Set(scattered(task));
    expect(assigned.size).toBeGreaterThan(0);
    expect(assigned.size).toBeLessThan(fullQueue(task).length);
    expect(await queueOf(db, task)).toEqual(fullQueue(task).filter((id) => assigned.has(id)));
  });

  it('gives an annotator without an assignment row every unit, as before', async () => {
    const db = await leadDatabase();
    for (const task of TASKS) expect(await queueOf(db, task, 'ann-02')).toEqual(fullQueue(task));
  });

  it('gives an empty queue for an empty assignment row', async () => {
    const db = await leadDatabase();
    await db.assignments.put({ studyId: STUDY, annotatorId: ANNOTATOR.id, task: 'match', units: [] });
    expect(await queueOf(db, 'match')).toEqual([]);
  });

  it("starts each assigned question's session at its first assigned question, so earlier questions stay in order", async () => {
    const db = await leadDatabase();
    const { units } = await loadWorkspace(db, STUDY, 'answer', ANNOTATOR.id);
    units.forEach((unit, position) => {
      expect(units[unit.sessionStart]?.sessionId).toBe(unit.sessionId);
      expect(units.slice(unit.sessionStart, position).every((earlier) => earlier.sessionId === unit.sessionId && earlier.turnIndex < unit.turnIndex)).toBe(
        true,
      );
    });
  });
});

describe("loadWorkspace: an annotator's copy opened from packs", () => {
  it('holds the units of every pack opened, and none of the context turns or puzzles around them', async () => {
    const [full] = buildStudyPacks({ data: demo, annotators: [ANNOTATOR, { id: 'ann-02', name: 'Annotator 2' }], overlap: 1, seed: 5, ...PACK_OPTIONS });
    if (!full) throw new Error('expected a pack');
    // Half of each task first; the sessions of the half are stored whole, so they hold unassigned units too.
    const half = (units: string[]) => units.filter((_, i) => i % 2 === 0);
    const first: PackTasks = { answer: half(full.tasks.answer), match: half(full.tasks.match), difficulty: half(full.tasks.difficulty) };
    const db = freshDatabase();
    await openPack(db, buildAnnotatorPack(demo, ANNOTATOR, first, PACK_OPTIONS), { fileName: 'ann-01.pack.json', now: NOW });

    for (const task of TASKS) {
      const stored = buildUnitQueue(task, await db.puzzles.toArray(), await db.turns.toArray()).map((unit) => unit.id);
      const assigned = new Set(first[task]);
      expect(stored.length).toBeGreaterThan(assigned.size);
      expect(await queueOf(db, task)).toEqual(stored.filter((id) => assigned.has(id)));
    }

    await openPack(db, full, { fileName: 'ann-01.full.pack.json', now: NOW });
    for (const task of TASKS) {
      const all = new Set(full.tasks[task]);
      expect(await queueOf(db, task)).toEqual(fullQueue(task).filter((id) => all.has(id)));
    }
  });
});
