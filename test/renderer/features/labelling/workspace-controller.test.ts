// Opening a workspace and working in it, without React: the loader reads one task's units and
// one annotator's labels; a label shows and advances at once and turns "saved" only when its
// durable write resolved; undo, drafts, filters, jumps, failures and resuming; and, in a study
// that lets annotators mark every acceptable answer, marks that Enter saves as one label.

import type { DBCore, Middleware } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { Label } from '../../../../shared/domain/model';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { importStudies } from '../../../../renderer/db/import-study';
import { readPosition, savePosition } from '../../../../renderer/features/labelling/label-writer';
import { loadWorkspace, StudyMissingError } from '../../../../renderer/features/labelling/load-workspace';
import { WorkspaceController } from '../../../../renderer/features/labelling/workspace-controller';
import { LabelWrites } from '../../../../renderer/services/label-writes';
import { currentPosition } from '../../../../renderer/features/labelling/workspace-store';
import { setMultipleAnswers } from '../../../../renderer/db/study-settings';
import { closeDatabases, databaseWith, demoStudy, freshDatabase, label, syntheticStudy } from '../../db/db-fixtures';
import { interceptWrites } from '../../db/middleware-fixtures';
import { QUOTA_FAILURES, quotaMiddleware } from '../../db/quota-failure';

afterEach(closeDatabases);

const demo = demoStudy();
const studyId = demo.study.id;
const ANN = 'ann-1';
/** Where every controller of this file keeps its writes, as the app's one LabelWrites service does. */
const labelWrites = new LabelWrites();

const withDemo = (middleware?: Middleware<DBCore>) => databaseWith([demo], middleware);

/** A controller with a clock the test moves by hand. */
async function open(db: StudioDatabase, task: Label['task'] = 'answer', annotatorId = ANN) {
  const clock = { now: 0 };
  const data = await loadWorkspace(db, studyId, task, annotatorId);
  const controller = new WorkspaceController(db, data, {
    annotatorName: () => 'Ada',
    labelWrites,
    clock: () => clock.now,
    now: () => new Date('2026-11-22T10:00:00.000Z'),
  });
  return { controller, clock, data };
}

const current = (controller: WorkspaceController) => controller.currentUnit()?.id;
const storedLabels = (db: StudioDatabase, task: Label['task'] = 'answer') =>
  db.labels.toArray().then((labels) => labels.filter((l) => l.annotatorId === ANN && l.task === task));

describe('loadWorkspace', () => {
  it('reads the units of one task, in queue order, with their puzzles', async () => {
    const db = await withDemo();
    const progress: { done: number; total: number }[] = [];
    const data = await loadWorkspace(db, studyId, 'answer', ANN, (p) => progress.push(p));
    expect(data.units).toHaveLength(280);
    expect(data.units.every((unit) => unit.kind === 'question')).toBe(true);
    expect(data.puzzles.size).toBe(15);
    expect(data.positionOf.get(data.units[17]!.id)).toBe(17);
    expect(progress.at(-1)).toEqual({ done: demo.turns.length, total: demo.turns.length });
    expect((await loadWorkspace(db, studyId, 'match', ANN)).units).toHaveLength(43);
    expect((await loadWorkspace(db, studyId, 'difficulty', ANN)).units).toHaveLength(15);
  });

  it("reads only this annotator's labels of this task", async () => {
    const db = await withDemo();
    const [first, second] = demo.turns.filter((turn) => turn.type === 'question');
    await db.labels.bulkPut([
      label(studyId, ANN, first!.id, 'answer', 'yes'),
      label(studyId, ANN, second!.id, 'answer', 'no'),
      label(studyId, 'ann-2', first!.id, 'answer', 'no'),
      label(studyId, ANN, demo.puzzles[0]!.id, 'difficulty', 4),
    ]);
    const data = await loadWorkspace(db, studyId, 'answer', ANN);
    expect([...data.labels.keys()].sort()).toEqual([first!.id, second!.id].sort());
  });

  it('pages through a study with more turns than one read takes', { timeout: 30_000 }, async () => {
    const db = freshDatabase();
    const large = syntheticStudy(700, 5);
    await importStudies(db, [large]);
    const data = await loadWorkspace(db, large.study.id, 'answer', ANN);
    expect(large.turns.length).toBeGreaterThan(10_000);
    expect(data.units).toHaveLength(large.study.counts.questions);
    expect(new Set(data.units.map((unit) => unit.id)).size).toBe(large.study.counts.questions);
  });

  it('remembers the position only if the unit is still in the queue, and fails plainly for a missing study', async () => {
    const db = await withDemo();
    await savePosition(db, studyId, ANN, 'answer', 's-coffee-orca/4');
    expect((await loadWorkspace(db, studyId, 'answer', ANN)).resumeUnitId).toBe('s-coffee-orca/4');
    await savePosition(db, studyId, ANN, 'answer', 'gone');
    expect((await loadWorkspace(db, studyId, 'answer', ANN)).resumeUnitId).toBeUndefined();
    await expect(loadWorkspace(db, 'nope', 'answer', ANN)).rejects.toBeInstanceOf(StudyMissingError);
  });
});

describe('WorkspaceController', () => {
  it('opens at the first unlabelled unit, then where the annotator left off', async () => {
    const db = await withDemo();
    const first = await open(db);
    expect(currentPosition(first.controller.store.getState())).toBe(0);
    first.controller.label('yes');
    first.controller.label('no');
    first.controller.move(3);
    await first.controller.idle();
    await first.controller.dispose();
    const again = await open(db);
    expect(current(again.controller)).toBe(first.data.units[5]!.id);

    await db.meta.clear();
    const fresh = await open(db);
    expect(current(fresh.controller)).toBe(first.data.units[2]!.id);
  });

  it('shows a label and moves on at once, and calls it saved only after the durable write', async () => {
    const db = await withDemo();
    const { controller, clock, data } = await open(db);
    const unit = data.units[0]!;
    clock.now = 2_500;
    controller.label('irrelevant');
    expect(controller.index.get(unit.id)).toMatchObject({ state: 'saving', label: { value: 'irrelevant', rev: 1 } });
    expect(current(controller)).toBe(data.units[1]!.id);
    expect(controller.index.getDone()).toBe(1);
    expect(controller.saveLog.getEntries()).toEqual([]);

    await controller.idle();
    expect(controller.index.get(unit.id)).toMatchObject({ state: 'saved', label: { value: 'irrelevant', rev: 1, ms: 2_500 } });
    expect(controller.saveLog.getEntries()).toEqual([
      {
        seq: 1,
        unitId: unit.id,
        task: 'answer',
        value: 'irrelevant',
        rev: 1,
        unsure: false,
        noteLength: 0,
        message: `Saved irrelevant on question ${unit.turnIndex + 1}`,
      },
    ]);
    expect(await storedLabels(db)).toMatchObject([{ unitId: unit.id, value: 'irrelevant', rev: 1 }]);
    // The label's transaction also remembered where the annotator went on to.
    expect(await readPosition(db, studyId, ANN, 'answer')).toBe(data.units[1]!.id);
  });

  it('revises a label with a higher revision, and does nothing for the same label again', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db);
    controller.label('yes');
    controller.move(-1);
    controller.label('yes');
    controller.move(-1);
    controller.label('no');
    await controller.idle();
    expect(controller.saveLog.getEntries().map((entry) => [entry.value, entry.rev])).toEqual([
      ['yes', 1],
      ['no', 2],
    ]);
    expect(controller.index.get(data.units[0]!.id).label).toMatchObject({ value: 'no', rev: 2 });
  });

  it('keeps unsure and a note given before the first label, and saves them with it', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db);
    controller.toggleUnsure();
    controller.saveNote('not sure the story says');
    expect(await db.labels.count()).toBe(0);
    expect(controller.store.getState().drafts.get(data.units[0]!.id)).toEqual({ unsure: true, note: 'not sure the story says' });
    controller.label('no');
    await controller.idle();
    expect(controller.store.getState().drafts.size).toBe(0);
    expect(controller.saveLog.getEntries().at(-1)).toMatchObject({ value: 'no', rev: 1, unsure: true, noteLength: 23 });
  });

  it('flags and notes a labelled unit as new revisions', async () => {
    const db = await withDemo();
    const { controller } = await open(db);
    controller.label('yes');
    controller.move(-1);
    controller.toggleUnsure();
    controller.saveNote('why');
    controller.toggleUnsure();
    await controller.idle();
    expect(controller.saveLog.getEntries().map((entry) => [entry.rev, entry.unsure, entry.noteLength])).toEqual([
      [1, false, 0],
      [2, true, 0],
      [3, true, 3],
      [4, false, 3],
    ]);
    const kinds = (await db.audit.toArray()).map((entry) => entry.kind).filter((kind) => kind.startsWith('label:'));
    expect(kinds).toEqual(['label:set', 'label:unsure', 'label:note', 'label:unsure']);
  });

  it('undoes changes one by one, newest first, going back to each unit', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db);
    const [a, b] = data.units;
    controller.label('yes');
    controller.label('no');
    controller.move(-2);
    controller.label('irrelevant');
    controller.move(5);

    controller.undo();
    expect(current(controller)).toBe(a!.id);
    expect(controller.index.get(a!.id).label?.value).toBe('yes');
    await controller.idle();
    expect(controller.index.get(a!.id)).toMatchObject({ state: 'saved', label: { value: 'yes', rev: 3 } });

    controller.undo();
    expect(current(controller)).toBe(b!.id);
    await controller.idle();
    expect(controller.index.get(b!.id)).toMatchObject({ state: 'unsaved', label: undefined });
    expect(controller.index.getDone()).toBe(1);
    expect(controller.saveLog.getEntries().at(-1)).toMatchObject({ unitId: b!.id, value: '', rev: 0 });

    controller.undo();
    await controller.idle();
    expect(await db.labels.count()).toBe(0);
    controller.undo();
    expect(controller.store.getState().notice).toBe('Nothing to undo.');
    const kinds = (await db.audit.toArray()).map((entry) => entry.kind).filter((kind) => kind.startsWith('label:'));
    expect(kinds).toEqual(['label:set', 'label:set', 'label:set', 'label:undo', 'label:undo', 'label:undo']);
  });

  it('marks a label that could not be written as an error with the reason, acknowledges nothing, and saves it when tried again', async () => {
    let full = false;
    const db = await withDemo(quotaMiddleware((table) => (full && table === 'labels' ? 'direct' : undefined)));
    const { controller, data } = await open(db);
    full = true;
    controller.label('yes');
    await controller.idle();
    const view = controller.index.get(data.units[0]!.id);
    expect(view.state).toBe('error');
    expect(view.error).toMatch(/storage quota is full/);
    expect(controller.store.getState().saveProblem).toMatch(/^Not saved: question 1\. The disk/);
    expect(controller.saveLog.getEntries()).toEqual([]);
    expect(await db.labels.count()).toBe(0);

    full = false;
    controller.move(-1);
    controller.label('yes');
    await controller.idle();
    expect(controller.index.get(data.units[0]!.id)).toMatchObject({ state: 'saved', label: { value: 'yes', rev: 1 } });
    expect(controller.saveLog.getEntries()).toHaveLength(1);
    expect(controller.store.getState().saveProblem).toBeUndefined();
  });

  it('filters to unlabelled, unsure and noted units as they are when chosen, and back to all', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db, 'match');
    controller.label('matched');
    controller.toggleUnsure();
    controller.label('unmatched');
    controller.saveNote('close call');
    controller.label('matched');
    await controller.idle();

    controller.setFilter('unlabelled');
    expect(controller.store.getState().visible).toHaveLength(40);
    expect(current(controller)).toBe(data.units[3]!.id);
    // Labelling in the filter keeps the list as it was chosen, so rows do not jump away.
    controller.label('matched');
    expect(controller.store.getState().visible).toHaveLength(40);
    controller.setFilter('unsure');
    expect(controller.store.getState().visible).toEqual([1]);
    controller.setFilter('note');
    expect(controller.store.getState().visible).toEqual([2]);
    controller.setFilter('all');
    expect(controller.store.getState().visible).toHaveLength(43);
    expect(current(controller)).toBe(data.units[2]!.id);
    await controller.idle();
  });

  it('jumps to a unit by id, showing all units when the filter hides it', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db);
    controller.label('yes');
    controller.setFilter('unlabelled');
    expect(controller.jumpTo(` ${data.units[0]!.id} `)).toBe(true);
    expect(controller.store.getState().filter).toBe('all');
    expect(current(controller)).toBe(data.units[0]!.id);
    expect(controller.jumpTo('no-such-unit')).toBe(false);
    expect(controller.store.getState().notice).toBe('This task has no unit with the id "no-such-unit".');
    await controller.idle();
  });

  it('narrows the list by text search within the filter, goes to the first match, and clears with an empty search or a jump', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db);
    const coffee = data.units.filter((unit) => unit.puzzleId === 'p-cold-coffee').map((unit) => unit.id);
    expect(coffee.length).toBeGreaterThan(1);
    controller.search('COFFEE she never');
    const shown = () => controller.store.getState().visible.map((position) => data.units[position]!.id);
    expect(shown()).toEqual(coffee);
    expect(current(controller)).toBe(coffee[0]);
    expect(controller.store.getState().notice).toBe(`${coffee.length} units match this search.`);

    controller.label('yes');
    controller.setFilter('unlabelled');
    expect(shown()).toEqual(coffee.slice(1));
    expect(controller.store.getState().query).toBe('COFFEE she never');

    controller.search('');
    expect(controller.store.getState().visible.length).toBe(data.units.length - 1);
    controller.search('no such words anywhere');
    expect(shown()).toEqual([]);
    expect(controller.store.getState().notice).toBe('No unit matches this search.');
    expect(controller.jumpTo(data.units[5]!.id)).toBe(true);
    expect(controller.store.getState()).toMatchObject({ filter: 'all', query: '' });
    expect(current(controller)).toBe(data.units[5]!.id);
    await controller.idle();
  });

  it('never remembers a position past a label still on its way to disk, or one that failed', async () => {
    const positions: unknown[] = [];
    let failUnit = '';
    const db = await withDemo(
      interceptWrites('watch-positions', (table, req, write) => {
        if (table === 'meta' && req.type === 'put') positions.push(...req.values.map((entry: { value: unknown }) => entry.value));
        if (table === 'labels' && req.type === 'put' && req.values.some((value: Label) => value.unitId === failUnit)) {
          return Promise.reject(QUOTA_FAILURES.direct());
        }
        return write();
      }),
    );
    const { controller, data } = await open(db);
    const ids = data.units.map((unit) => unit.id);
    // A burst: five labels shown at once, written one after another.
    for (let n = 0; n < 5; n++) controller.label('yes');
    await controller.idle();
    expect(positions).toEqual(ids.slice(1, 6));

    positions.length = 0;
    failUnit = ids[6] as string;
    for (let n = 0; n < 3; n++) controller.label('no');
    await controller.idle();
    await controller.dispose();
    // Unit 7 failed: every position written afterwards stays on it, so reopening shows it.
    expect(positions).toEqual([ids[6], ids[6], ids[6]]);
    expect(current((await open(db)).controller)).toBe(ids[6]);
  });

  it('stays on the last unit after labelling it, and says why', async () => {
    const db = await withDemo();
    const { controller, data } = await open(db, 'difficulty');
    controller.jumpTo(data.units[13]!.id);
    controller.label(4);
    controller.label(5);
    expect(current(controller)).toBe(data.units[14]!.id);
    expect(controller.store.getState().notice).toBe('That was the last unit in this list. Choose "Unlabelled" to see what is left.');
    await controller.idle();
  });

  it('lets a workspace reopened at once wait for the writes the last one queued', async () => {
    const db = await withDemo();
    const { controller } = await open(db);
    for (let n = 0; n < 20; n++) controller.label('yes');
    void controller.dispose();
    await labelWrites.settled(studyId, ANN, 'answer');
    const reopened = await loadWorkspace(db, studyId, 'answer', ANN);
    expect(reopened.labels.size).toBe(20);
  });

  it('counts time on screen from when the unit was shown', async () => {
    const db = await withDemo();
    const { controller, clock, data } = await open(db);
    clock.now = 1_000;
    controller.move(1);
    clock.now = 4_200;
    controller.label('no');
    await controller.idle();
    expect(controller.index.get(data.units[1]!.id).label?.ms).toBe(3_200);
  });
});

describe('WorkspaceController marking every acceptable answer', () => {
  /** The demo study with the setting on. */
  async function withSets() {
    const db = await withDemo();
    await setMultipleAnswers(db, studyId, true);
    return db;
  }

  it('marks answers in order without saving, and Enter saves the first as the value and all as the set, then moves on', async () => {
    const db = await withSets();
    const { controller, clock, data } = await open(db);
    const unit = data.units[0]!;
    expect(controller.marksAnswers).toBe(true);
    clock.now = 1_500;
    controller.toggleMark('no');
    controller.toggleMark('irrelevant');
    expect(controller.marksOf(unit.id)).toEqual(['no', 'irrelevant']);
    expect(controller.store.getState().notice).toBe('Marked No + Irrelevant, No first. Enter saves.');
    expect(current(controller)).toBe(unit.id);
    expect(controller.index.get(unit.id).label).toBeUndefined();

    controller.saveMarks();
    expect(controller.index.get(unit.id)).toMatchObject({ state: 'saving', label: { value: 'no', acceptable: ['no', 'irrelevant'], rev: 1 } });
    expect(current(controller)).toBe(data.units[1]!.id);
    await controller.idle();
    expect(await storedLabels(db)).toMatchObject([{ unitId: unit.id, value: 'no', acceptable: ['no', 'irrelevant'], rev: 1, ms: 1_500 }]);
    expect(controller.saveLog.getEntries().at(-1)).toMatchObject({
      value: 'no',
      acceptable: ['no', 'irrelevant'],
      rev: 1,
      message: `Saved no + irrelevant on question ${unit.turnIndex + 1}`,
    });
    const audit = (await db.audit.toArray()).filter((entry) => entry.kind === 'label:set');
    expect(JSON.parse(audit.at(-1)!.detail)).toMatchObject({ new: 'no', rev: 1, acceptable: ['no', 'irrelevant'] });
  });

  it('saves one marked answer as the value alone, and a changed set as a new revision', async () => {
    const db = await withSets();
    const { controller, data } = await open(db);
    const unit = data.units[0]!;
    controller.toggleMark('yes');
    controller.toggleMark('irrelevant');
    controller.saveMarks();
    controller.move(-1);
    // Revisiting preloads the stored set; unmarking the first makes the next one first.
    expect(controller.marksOf(unit.id)).toEqual(['yes', 'irrelevant']);
    controller.toggleMark('yes');
    controller.saveMarks();
    await controller.idle();
    const [stored] = await storedLabels(db);
    expect(stored).toMatchObject({ value: 'irrelevant', rev: 2 });
    expect(stored).not.toHaveProperty('acceptable');
    expect(controller.saveLog.getEntries().map((entry) => [entry.value, entry.acceptable, entry.rev])).toEqual([
      ['yes', ['yes', 'irrelevant'], 1],
      ['irrelevant', undefined, 2],
    ]);
  });

  it('saves nothing when nothing is marked and says so; marks left unsaved are dropped on moving away', async () => {
    const db = await withSets();
    const { controller, data } = await open(db);
    controller.saveMarks();
    expect(controller.store.getState().notice).toBe('Nothing is marked, so nothing was saved: mark every acceptable answer with its key, then press Enter.');
    expect(current(controller)).toBe(data.units[0]!.id);
    controller.toggleMark('no');
    controller.toggleMark('no');
    expect(controller.store.getState().notice).toBe('Nothing marked.');
    controller.saveMarks();
    controller.toggleMark('yes');
    controller.move(1);
    controller.move(-1);
    expect(controller.marksOf(data.units[0]!.id)).toEqual([]);
    await controller.idle();
    expect(await db.labels.count()).toBe(0);
  });

  it('undoes a saved set like any label change, showing the set it had before', async () => {
    const db = await withSets();
    const { controller, data } = await open(db);
    const unit = data.units[0]!;
    controller.toggleMark('no');
    controller.toggleMark('yes');
    controller.saveMarks();
    controller.move(-1);
    controller.toggleMark('irrelevant');
    controller.saveMarks();
    await controller.idle();
    expect(controller.index.get(unit.id).label).toMatchObject({ value: 'no', acceptable: ['no', 'yes', 'irrelevant'], rev: 2 });
    controller.toggleMark('yes');
    controller.undo();
    expect(current(controller)).toBe(unit.id);
    expect(controller.marksOf(unit.id)).toEqual(['no', 'yes']);
    await controller.idle();
    expect(await storedLabels(db)).toMatchObject([{ value: 'no', acceptable: ['no', 'yes'], rev: 3 }]);
  });

  it('keeps the one-key flow on match and difficulty units, and in studies without the setting', async () => {
    const db = await withSets();
    expect((await open(db, 'match')).controller.marksAnswers).toBe(false);
    expect((await open(db, 'difficulty')).controller.marksAnswers).toBe(false);
    const plain = await withDemo();
    expect((await open(plain)).controller.marksAnswers).toBe(false);
  });
});
