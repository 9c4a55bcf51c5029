// Writes one annotator's labels: each change (set, unsure, note, undo) is one read-write
// transaction over labels, audit, annotators and meta, so the label, its audit entry, the
// annotator record and the resume position land together or not at all. The database opens
// every transaction with strict durability, so a resolved write is on disk.

import { nextRevision, type AcceptableAnswers, type Label, type LabelValue, type Task } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../db/database';
import { sameAnswers } from './answer-marks';

export interface LabelKey {
  studyId: string;
  annotatorId: string;
  task: Task;
  unitId: string;
}

export type LabelChange =
  /**
   * Sets the value; `unsure` and `note` carry flags the annotator gave before the first label.
   * `acceptable`: every answer marked, `value` first, when two or more were (issue 33); without
   * it the label is `value` alone, whatever set it had before.
   * `resolve`: the unit's label is in conflict between the annotator's devices, and this one is
   * kept, so it is written as a new revision even when this device already shows it.
   */
  | { kind: 'label:set'; value: LabelValue; acceptable?: AcceptableAnswers; ms: number; unsure?: boolean; note?: string; resolve?: boolean }
  | { kind: 'label:unsure'; unsure: boolean }
  | { kind: 'label:note'; note: string };

type AuditKind = LabelChange['kind'] | 'label:undo';

export interface LabelWrite {
  before: Label | undefined;
  after: Label | undefined;
  /** False when the change would leave the label as it was, so nothing was written. */
  changed: boolean;
}

export interface WriteContext {
  annotatorName: string;
  /** ISO 8601 time of the change. */
  now: string;
  /** The unit the annotator is on after this change, remembered for resuming. */
  position?: string;
}

/** What the audit entry of a label change holds, as JSON in its `detail`. */
export interface LabelAuditDetail {
  unit: string;
  task: Task;
  annotator: string;
  old: LabelValue | null;
  new: LabelValue | null;
  oldRev: number | null;
  /** The revision after the change; null when the change removed the label. */
  rev: number | null;
  unsure: boolean | null;
  note: string | null;
  /** Every answer the label accepts after the change, when it is a set (issue 33); absent otherwise. */
  acceptable?: AcceptableAnswers;
}

export class NoLabelError extends Error {
  constructor(readonly unitId: string) {
    super(`There is no label on ${unitId} yet: choose a label first.`);
    this.name = 'NoLabelError';
  }
}

export function labelPrimaryKey(key: LabelKey): [string, string, string, string] {
  return [key.studyId, key.annotatorId, key.task, key.unitId];
}

export function positionKey(studyId: string, annotatorId: string, task: Task): string {
  return `labelling.position/${studyId}/${annotatorId}/${task}`;
}

/**
 * The label after a change, or `before` itself when nothing would change. Also used by the
 * workspace to show a label at once, before the write that makes it true resolves.
 */
export function applyChange(key: LabelKey, before: Label | undefined, change: LabelChange, now: string): Label {
  switch (change.kind) {
    case 'label:set': {
      const unsure = change.unsure ?? before?.unsure ?? false;
      const note = change.note ?? before?.note ?? '';
      if (
        change.resolve !== true &&
        before &&
        before.value === change.value &&
        sameAnswers(before.acceptable, change.acceptable) &&
        before.unsure === unsure &&
        before.note === note
      )
        return before;
      const label: Label = {
        studyId: key.studyId,
        annotatorId: key.annotatorId,
        unitId: key.unitId,
        task: key.task,
        value: change.value,
        at: now,
        // Time on screen adds up over visits, so a unit looked at twice counts both looks.
        ms: Math.max(0, Math.round((before?.ms ?? 0) + change.ms)),
        rev: nextRevision(before?.rev ?? 0),
        unsure,
        note,
      };
      const createdAt = before ? before.createdAt : now;
      if (createdAt !== undefined) label.createdAt = createdAt;
      if (change.acceptable !== undefined) label.acceptable = [...change.acceptable];
      return label;
    }
    case 'label:unsure':
      if (!before) throw new NoLabelError(key.unitId);
      return before.unsure === change.unsure ? before : { ...before, unsure: change.unsure, at: now, rev: nextRevision(before.rev) };
    case 'label:note':
      if (!before) throw new NoLabelError(key.unitId);
      return before.note === change.note ? before : { ...before, note: change.note, at: now, rev: nextRevision(before.rev) };
  }
}

/** Writes one change durably, with its audit entry; resolves only once it is on disk. */
export async function writeLabelChange(db: StudioDatabase, key: LabelKey, change: LabelChange, context: WriteContext): Promise<LabelWrite> {
  return db.transaction('rw', [db.labels, db.audit, db.annotators, db.meta], async () => {
    // The stored label, not the workspace's copy, decides the revision: another window may have written since.
    const before = await db.labels.get(labelPrimaryKey(key));
    const after = applyChange(key, before, change, context.now);
    if (after === before) {
      await rememberPosition(db, key, context);
      return { before, after, changed: false };
    }
    await db.labels.put(after);
    await recordChange(db, key, change.kind, before, after, context);
    return { before, after, changed: true };
  });
}

/**
 * Puts back the state a label had before a change (or removes it, if the change created it).
 * The restored label gets a new revision, so a later merge of label files sees the undo as the
 * newest change rather than an old revision.
 */
export async function undoLabelChange(db: StudioDatabase, key: LabelKey, restore: Label | undefined, context: WriteContext): Promise<LabelWrite> {
  return db.transaction('rw', [db.labels, db.audit, db.annotators, db.meta], async () => {
    const before = await db.labels.get(labelPrimaryKey(key));
    let after: Label | undefined;
    if (restore === undefined) {
      await db.labels.delete(labelPrimaryKey(key));
    } else {
      after = { ...restore, ...key, at: context.now, rev: nextRevision(Math.max(before?.rev ?? 0, restore.rev)) };
      await db.labels.put(after);
    }
    await recordChange(db, key, 'label:undo', before, after, context);
    return { before, after, changed: true };
  });
}

async function recordChange(db: StudioDatabase, key: LabelKey, kind: AuditKind, before: Label | undefined, after: Label | undefined, context: WriteContext) {
  const detail: LabelAuditDetail = {
    unit: key.unitId,
    task: key.task,
    annotator: key.annotatorId,
    old: before?.value ?? null,
    new: after?.value ?? null,
    oldRev: before?.rev ?? null,
    rev: after?.rev ?? null,
    unsure: after?.unsure ?? null,
    note: after?.note ?? null,
    ...(after?.acceptable !== undefined ? { acceptable: after.acceptable } : {}),
  };
  await db.audit.add({ studyId: key.studyId, at: context.now, kind, detail: JSON.stringify(detail) });
  // The study's annotator list comes from who labelled; a renamed profile updates its name.
  const annotator = await db.annotators.get([key.studyId, key.annotatorId]);
  if (annotator?.name !== context.annotatorName) await db.annotators.put({ studyId: key.studyId, id: key.annotatorId, name: context.annotatorName });
  await rememberPosition(db, key, context);
}

async function rememberPosition(db: StudioDatabase, key: LabelKey, context: WriteContext) {
  if (context.position !== undefined) await db.meta.put({ key: positionKey(key.studyId, key.annotatorId, key.task), value: context.position });
}

/** Remembers where the annotator is, for moves that label nothing. */
export async function savePosition(db: StudioDatabase, studyId: string, annotatorId: string, task: Task, unitId: string): Promise<void> {
  await db.meta.put({ key: positionKey(studyId, annotatorId, task), value: unitId });
}

export async function readPosition(db: StudioDatabase, studyId: string, annotatorId: string, task: Task): Promise<string | undefined> {
  const entry = await db.meta.get(positionKey(studyId, annotatorId, task));
  return typeof entry?.value === 'string' ? entry.value : undefined;
}
