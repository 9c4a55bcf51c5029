// importLabelFiles against fake-indexeddb, on the demo study: re-importing changes nothing, a
// higher revision replaces the stored label, older and conflicting revisions are kept in the
// audit log, and any error rejects every file with located errors and the database unchanged.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, Label, Turn } from '../../../shared/domain/model';
import type { LabelFile } from '../../../shared/formats/label-file';
import type { StudioDatabase } from '../../../renderer/db/database';
import { importLabelFiles, LabelImportError, type LabelImportAuditDetail } from '../../../renderer/db/import-labels';
import { importStudies } from '../../../renderer/db/import-study';
import { closeDatabases, dumpTables, freshDatabase } from './db-fixtures';
import { demo, F1, labelFile, P1, Q1, Q1_YES_STORED, Q2, record, STUDY } from './label-file-fixtures';

const NOW = '2026-11-22T12:00:00.000Z';

afterEach(closeDatabases);

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`the demo study has no item ${index}`);
  return item;
}

const firstFile = () => labelFile([record(Q1, 'answer', 'yes'), record(Q2, 'answer', 'no'), record(F1, 'match', 'matched'), record(P1, 'difficulty', 4)]);

async function stored(db: StudioDatabase, unit: string, task: Label['task'], annotatorId = 'ann-01'): Promise<Label | undefined> {
  return db.labels.get([STUDY, annotatorId, task, unit]);
}

async function labelAudit(db: StudioDatabase): Promise<AuditEntry[]> {
  return (await db.audit.toArray()).filter((entry) => entry.kind.startsWith('label:'));
}

function detailOf(entry: AuditEntry | undefined): LabelImportAuditDetail {
  if (!entry) throw new Error('expected an audit entry');
  return JSON.parse(entry.detail) as LabelImportAuditDetail;
}

async function rejection(db: StudioDatabase, files: LabelFile[], fileNames?: string[]): Promise<LabelImportError> {
  const before = await dumpTables(db);
  const error: unknown = await importLabelFiles(db, STUDY, files, { now: NOW, ...(fileNames ? { fileNames } : {}) }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LabelImportError);
  expect(await dumpTables(db)).toEqual(before);
  return error as LabelImportError;
}

describe('importLabelFiles: merging', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demo]);
  });

  it('adds every label of a first import, with the annotator, and logs nothing', async () => {
    const summary = await importLabelFiles(db, STUDY, [firstFile()], { now: NOW });
    expect(summary).toEqual({ files: 1, labels: 4, added: 4, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 });
    expect(await db.annotators.toArray()).toEqual([{ studyId: STUDY, id: 'ann-01', name: 'Annotator ann-01' }]);
    expect(await stored(db, Q1, 'answer')).toEqual(Q1_YES_STORED);
    expect((await stored(db, P1, 'difficulty'))?.value).toBe(4);
    expect(await db.labels.count()).toBe(4);
    expect(await labelAudit(db)).toEqual([]);
  });

  it('changes nothing when the same file is imported again', async () => {
    await importLabelFiles(db, STUDY, [firstFile()], { now: NOW });
    const before = await dumpTables(db);
    const summary = await importLabelFiles(db, STUDY, [firstFile()], { now: '2026-11-23T08:00:00.000Z' });
    expect(summary).toEqual({ files: 1, labels: 4, added: 0, updated: 0, unchanged: 4, conflicts: 0, rejected: 0 });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('replaces a label with a higher revision and keeps the replaced one in the audit log', async () => {
    await importLabelFiles(db, STUDY, [firstFile()], { now: NOW });
    const summary = await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'no', { rev: 2, at: '2026-11-22T09:30:00Z', note: 'second look' })])], {
      now: NOW,
      fileNames: ['ann-01.labels.json'],
    });
    expect(summary).toMatchObject({ labels: 1, added: 0, updated: 1, unchanged: 0, conflicts: 0 });
    expect(await stored(db, Q1, 'answer')).toMatchObject({ value: 'no', rev: 2, note: 'second look' });
    const audit = await labelAudit(db);
    expect(audit.map((entry) => entry.kind)).toEqual(['label:replaced']);
    expect(audit[0]).toMatchObject({ studyId: STUDY, at: NOW });
    const detail = detailOf(audit[0]);
    expect(detail).toMatchObject({ file: 'ann-01.labels.json', annotator: 'ann-01', unit: Q1, task: 'answer' });
    expect(detail.old).toMatchObject({ value: 'yes', rev: 1, note: '' });
    expect(detail.new).toMatchObject({ value: 'no', rev: 2, note: 'second look' });
  });

  it('keeps the stored label when a file brings a lower revision, logging the older one once', async () => {
    await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'irrelevant', { rev: 3 })])], { now: NOW });
    const older = labelFile([record(Q1, 'answer', 'yes', { rev: 2 })]);
    const summary = await importLabelFiles(db, STUDY, [older], { now: NOW });
    expect(summary).toMatchObject({ labels: 1, added: 0, updated: 0, unchanged: 1, conflicts: 0 });
    expect(await stored(db, Q1, 'answer')).toMatchObject({ value: 'irrelevant', rev: 3 });
    const audit = await labelAudit(db);
    expect(audit.map((entry) => entry.kind)).toEqual(['label:stale']);
    expect(detailOf(audit[0]).old).toMatchObject({ value: 'yes', rev: 2 });
    expect(detailOf(audit[0]).kept).toMatchObject({ value: 'irrelevant', rev: 3 });

    // The same stale file again changes nothing more.
    const before = await dumpTables(db);
    await importLabelFiles(db, STUDY, [older], { now: '2026-11-23T08:00:00.000Z' });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('resolves a same-revision conflict by the later `at`, keeping the loser in the audit log', async () => {
    await importLabelFiles(
      db,
      STUDY,
      [labelFile([record(Q1, 'answer', 'yes', { rev: 2, at: '2026-11-22T09:00:00Z' }), record(Q2, 'answer', 'yes', { rev: 2, at: '2026-11-22T09:00:00Z' })])],
      { now: NOW },
    );
    const summary = await importLabelFiles(
      db,
      STUDY,
      [labelFile([record(Q1, 'answer', 'no', { rev: 2, at: '2026-11-22T09:05:00Z' }), record(Q2, 'answer', 'no', { rev: 2, at: '2026-11-22T08:55:00Z' })])],
      { now: NOW },
    );
    expect(summary).toMatchObject({ labels: 2, added: 0, updated: 0, unchanged: 0, conflicts: 2 });
    // Q1: the incoming edit is later and wins; Q2: the stored edit is later and stays.
    expect(await stored(db, Q1, 'answer')).toMatchObject({ value: 'no', at: '2026-11-22T09:05:00Z' });
    expect(await stored(db, Q2, 'answer')).toMatchObject({ value: 'yes', at: '2026-11-22T09:00:00Z' });
    const audit = await labelAudit(db);
    expect(audit.map((entry) => entry.kind)).toEqual(['label:conflict', 'label:conflict']);
    const [first, second] = audit.map(detailOf);
    expect(first).toMatchObject({ unit: Q1, old: { value: 'yes' }, kept: { value: 'no' } });
    expect(second).toMatchObject({ unit: Q2, old: { value: 'no' }, kept: { value: 'yes' } });
  });

  it('stores a set of acceptable answers, and takes the same value with another set as different content (issue 33)', async () => {
    await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'no', { acceptable: ['no', 'irrelevant'] })])], { now: NOW });
    expect(await stored(db, Q1, 'answer')).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'] });
    // The same file again changes nothing.
    const again = await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'no', { acceptable: ['no', 'irrelevant'] })])], { now: NOW });
    expect(again).toMatchObject({ unchanged: 1, conflicts: 0 });
    // Same value and revision, no set, edited later: a conflict the later edit wins, the set kept in the audit log.
    const summary = await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'no', { at: '2026-11-22T09:30:00Z' })])], { now: NOW });
    expect(summary).toMatchObject({ unchanged: 0, conflicts: 1 });
    const now = await stored(db, Q1, 'answer');
    expect(now).toMatchObject({ value: 'no', at: '2026-11-22T09:30:00Z' });
    expect(now).not.toHaveProperty('acceptable');
    expect(detailOf((await labelAudit(db))[0])).toMatchObject({ old: { value: 'no', acceptable: ['no', 'irrelevant'] }, kept: { value: 'no' } });
    // A higher revision that brings a set back replaces the label.
    const replaced = await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'no', { rev: 2, acceptable: ['no', 'yes'] })])], { now: NOW });
    expect(replaced).toMatchObject({ updated: 1 });
    expect(await stored(db, Q1, 'answer')).toMatchObject({ rev: 2, acceptable: ['no', 'yes'] });
  });

  it('keeps the stored label when a conflict has the same `at`', async () => {
    await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'yes', { unsure: false })])], { now: NOW });
    const summary = await importLabelFiles(db, STUDY, [labelFile([record(Q1, 'answer', 'yes', { unsure: true })])], { now: NOW });
    expect(summary.conflicts).toBe(1);
    expect(await stored(db, Q1, 'answer')).toMatchObject({ unsure: false });
    expect(detailOf((await labelAudit(db))[0]).old).toMatchObject({ unsure: true });
  });

  it("imports two annotators' files in one call, each under its own annotator", async () => {
    const summary = await importLabelFiles(db, STUDY, [firstFile(), labelFile([record(Q1, 'answer', 'no'), record(P1, 'difficulty', 7)], 'ann-02')], {
      now: NOW,
    });
    expect(summary).toEqual({ files: 2, labels: 6, added: 6, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 });
    expect((await db.annotators.toArray()).map((row) => row.id)).toEqual(['ann-01', 'ann-02']);
    expect((await stored(db, Q1, 'answer', 'ann-01'))?.value).toBe('yes');
    expect((await stored(db, Q1, 'answer', 'ann-02'))?.value).toBe('no');
    expect((await stored(db, P1, 'difficulty', 'ann-02'))?.value).toBe(7);
  });
});

describe('importLabelFiles: rejection', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demo]);
    await importLabelFiles(db, STUDY, [firstFile()], { now: NOW });
  });

  it('rejects a file of another study', async () => {
    const error = await rejection(db, [labelFile([record(Q1, 'answer', 'no', { rev: 5 })], 'ann-01', 'other-study')], ['ann-01.labels.json']);
    expect(error.errors).toEqual([{ file: 'ann-01.labels.json', path: 'studyId', message: `the file belongs to study "other-study", not "${STUDY}"` }]);
  });

  it('rejects a unit the study lacks, naming the label', async () => {
    const error = await rejection(db, [labelFile([record(Q1, 'answer', 'no', { rev: 5 }), record('s-nowhere/1', 'answer', 'yes')])], ['a.labels.json']);
    expect(error.errors).toEqual([
      { file: 'a.labels.json', path: 'labels[1].unit', message: expect.stringContaining('"s-nowhere/1" is not in study') as unknown as string },
    ]);
  });

  it('rejects units that do not fit their task, listing every error of every file', async () => {
    const turnOf = (id: string): Turn =>
      nth(
        demo.turns.filter((turn) => turn.id === id),
        0,
      );
    expect(turnOf(F1).type).toBe('final');
    const error = await rejection(
      db,
      [
        labelFile([record(F1, 'answer', 'yes'), record(Q1, 'match', 'matched'), record(P1, 'answer', 'no')]),
        labelFile([record(P1, 'difficulty', 3), record(Q2, 'difficulty', 3)], 'ann-02'),
      ],
      ['one.labels.json', 'two.labels.json'],
    );
    expect(error.errors.map((e) => `${e.file} ${e.path}`)).toEqual([
      'one.labels.json labels[0].unit',
      'one.labels.json labels[1].unit',
      'one.labels.json labels[2].unit',
      'two.labels.json labels[1].unit',
    ]);
    expect(error.errors[0]?.message).toBe(`unit "${F1}" is a final turn; an answer label needs a question turn`);
    expect(error.errors[1]?.message).toBe(`unit "${Q1}" is a question turn; a match label needs a final turn`);
    expect(error.errors[2]?.message).toBe(`unit "${P1}" is a puzzle; an answer label needs a question turn`);
    expect(error.errors[3]?.message).toBe(`unit "${Q2}" is a question turn; a difficulty label needs a puzzle`);
  });

  it('writes nothing from a valid file when another file in the call is rejected', async () => {
    const good = labelFile([record(Q1, 'answer', 'no', { rev: 9 }), record(Q2, 'answer', 'irrelevant')], 'ann-03');
    const bad = labelFile([record('p-missing', 'difficulty', 2)], 'ann-04');
    const error = await rejection(db, [good, bad]);
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]).toMatchObject({ file: 'label file 2', path: 'labels[0].unit' });
  });

  it('rejects every file when the study is not in the library', async () => {
    const before = await dumpTables(db);
    await expect(importLabelFiles(db, 'no-such-study', [labelFile([record(Q1, 'answer', 'no')], 'ann-01', 'no-such-study')])).rejects.toBeInstanceOf(
      LabelImportError,
    );
    expect(await dumpTables(db)).toEqual(before);
  });
});
