// Imports annotators' label files (docs/formats.md#label-file) into a stored study, all-or-nothing (SPEC §6).
// Every file is first checked against the study (its study id; each unit exists and fits its
// task) and any error rejects the whole import with every error listed. The merge then runs
// in one read-write transaction: re-importing a file changes nothing, a higher revision
// replaces the stored label, and every revision that loses (replaced, stale or conflicting)
// is kept in the audit log rather than thrown away.

import type { AcceptableAnswers, AuditEntry, Label, LabelValue, Task, TurnType } from '../../shared/domain/model';
import { acceptableMember, sameAcceptable } from '../../shared/formats/acceptable-answers';
import { ErrorList } from '../../shared/formats/error-list';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import type { LabelFile, LabelRecord } from '../../shared/formats/label-file';
import { byStudy } from './by-study';
import { withPrefix } from './key-range';
import type { StudioDatabase } from './database';

export interface LabelImportSummary {
  /** Label files imported. */
  files: number;
  /** Labels in those files. */
  labels: number;
  /** Labels that were not stored before. */
  added: number;
  /** Stored labels replaced by a higher revision. */
  updated: number;
  /** Labels already stored as they are, or older revisions than the stored one. */
  unchanged: number;
  /** Same revision with different content; the later `at` was kept, the other audited. */
  conflicts: number;
  /** Always 0: a file with any error rejects the whole import (LabelImportError). */
  rejected: 0;
}

export interface LabelImportOptions {
  /** The name of each file, by position, for error locations; defaults to `label file N`. */
  fileNames?: readonly string[];
  /** ISO 8601 time written on audit entries; defaults to the current time. */
  now?: string;
  /** Called inside the transaction with the audit entries this import added (one already logged is not added again). */
  onLogged?: (entries: readonly AuditEntry[]) => void;
}

/** A rejected import: nothing was written, and `errors` lists every problem found. */
export class LabelImportError extends Error {
  constructor(readonly errors: readonly FormatError[]) {
    super(`the label import was rejected, nothing was imported:\n${errors.map(formatErrorText).join('\n')}`);
    this.name = 'LabelImportError';
  }
}

export type LabelAuditKind = 'label:replaced' | 'label:stale' | 'label:conflict';

/** A label as the audit log keeps it: the parts of the key the entry does not state, and its content. */
export interface AuditedLabel {
  value: LabelValue;
  /** The label's set of acceptable answers (issue 33); absent when it has none. */
  acceptable?: AcceptableAnswers;
  at: string;
  ms: number | null;
  rev: number;
  unsure: boolean;
  note: string;
}

/** The JSON in the `detail` of a label-import audit entry. */
export interface LabelImportAuditDetail {
  file: string;
  annotator: string;
  unit: string;
  task: Task;
  /** The label that stays stored after the import. */
  kept: AuditedLabel;
  /** The label the audit entry preserves: the replaced, stale or losing revision. */
  old: AuditedLabel;
  /** For label:replaced, the revision that replaced `old` (same as `kept`). */
  new: AuditedLabel;
}

const FITTING_UNIT: Record<Task, string> = {
  answer: 'a question turn',
  match: 'a final turn',
  difficulty: 'a puzzle',
};

const A_TASK: Record<Task, string> = { answer: 'an answer', match: 'a match', difficulty: 'a difficulty' };

/**
 * Imports label files into study `studyId`. Throws LabelImportError, writing nothing, when any
 * file does not belong to the study or names a unit the study lacks or that does not fit the task.
 */
export async function importLabelFiles(
  db: StudioDatabase,
  studyId: string,
  files: readonly LabelFile[],
  options: LabelImportOptions = {},
): Promise<LabelImportSummary> {
  const names = files.map((_, index) => options.fileNames?.[index] ?? `label file ${index + 1}`);
  const now = options.now ?? new Date().toISOString();
  const summary: LabelImportSummary = { files: files.length, labels: 0, added: 0, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 };

  // One transaction for checking and writing, so the study cannot change in between; the
  // study tables are only read. A thrown LabelImportError aborts it before any write.
  await db.transaction('rw', [db.studies, db.turns, db.puzzles, db.labels, db.annotators, db.audit], async () => {
    const errors = await validate(db, studyId, files, names);
    if (errors.length > 0) throw new LabelImportError(errors);

    const auditEntries: AuditEntry[] = [];
    const audit = (kind: LabelAuditKind, detail: LabelImportAuditDetail) => auditEntries.push({ studyId, at: now, kind, detail: JSON.stringify(detail) });

    // Labels are read and written in bulk, one request per file rather than one per label:
    // a request's round trip, not the work, is what costs with 100,000 labels. `current` holds
    // what this import has decided so far, so a second file for the same annotator meets the
    // first one's labels.
    const current = new Map<string, Label>();
    const writes = new Map<string, Label>();
    for (const [index, file] of files.entries()) {
      const fileName = names[index] ?? '';
      const annotatorId = file.annotator.id;
      const stored = await db.annotators.get([studyId, annotatorId]);
      if (stored?.name !== file.annotator.name) await db.annotators.put({ studyId, id: annotatorId, name: file.annotator.name });

      // The annotator's stored labels of the study in one key range: one request, however many labels.
      const fetched = new Map<string, Label>();
      await withPrefix(db.labels.where(':id'), [studyId, annotatorId]).each(
        (label) => void fetched.set(labelKey(annotatorId, label.task, label.unitId), label),
      );
      for (const record of file.labels) {
        summary.labels += 1;
        const key = labelKey(annotatorId, record.task, record.unit);
        const incoming = toLabel(studyId, annotatorId, record);
        const before = current.get(key) ?? fetched.get(key);
        const detail = (kept: Label, old: Label, replacement: Label): LabelImportAuditDetail => ({
          file: fileName,
          annotator: annotatorId,
          unit: record.unit,
          task: record.task,
          kept: audited(kept),
          old: audited(old),
          new: audited(replacement),
        });
        const keep = (label: Label) => {
          current.set(key, label);
          writes.set(key, label);
        };
        if (before === undefined) {
          keep(incoming);
          summary.added += 1;
        } else if (sameContent(before, incoming) && before.rev === incoming.rev) {
          summary.unchanged += 1;
        } else if (incoming.rev > before.rev) {
          keep(withCreatedAt(incoming, before));
          audit('label:replaced', detail(incoming, before, incoming));
          summary.updated += 1;
        } else if (incoming.rev < before.rev) {
          audit('label:stale', detail(before, incoming, before));
          summary.unchanged += 1;
        } else {
          // Same revision, different content: edited in two places. The later edit wins.
          const incomingWins = Date.parse(incoming.at) > Date.parse(before.at);
          if (incomingWins) {
            keep(withCreatedAt(incoming, before));
            audit('label:conflict', detail(incoming, before, incoming));
          } else {
            audit('label:conflict', detail(before, incoming, before));
          }
          summary.conflicts += 1;
        }
      }
    }
    if (writes.size > 0) await db.labels.bulkPut([...writes.values()]);
    if (auditEntries.length > 0) {
      const logged = await unlogged(db, studyId, auditEntries);
      await db.audit.bulkAdd(logged);
      options.onLogged?.(logged);
    }
  });
  return summary;
}

/**
 * Every error the files would meet against the stored study (another study, units it lacks or
 * that do not take the task, a unit labelled twice), writing nothing: the Team page adds these
 * to a label CSV's row errors, so every problem of the file shows at once.
 */
export async function checkLabelFiles(db: StudioDatabase, studyId: string, files: readonly LabelFile[], names: readonly string[]): Promise<FormatError[]> {
  return db.transaction('r', [db.studies, db.turns, db.puzzles], () => validate(db, studyId, files, names));
}

/** Every error of every file against the stored study, in file order. */
async function validate(db: StudioDatabase, studyId: string, files: readonly LabelFile[], names: readonly string[]): Promise<FormatError[]> {
  const study = await db.studies.get(studyId);
  if (!study) {
    return files.map((_, index) => ({
      file: names[index] ?? '',
      path: 'studyId',
      message: `study "${studyId}" is not in the library; import its transcripts first`,
    }));
  }
  const { turnType, puzzleKnown } = await studyUnitIndex(db, studyId);
  const all: FormatError[] = [];
  for (const [index, file] of files.entries()) {
    const errors = new ErrorList(names[index] ?? '');
    if (file.studyId !== studyId) {
      // Its units would be checked against the wrong study: one error says it all.
      errors.add('studyId', `the file belongs to study "${file.studyId}", not "${studyId}"`);
      all.push(...errors.list());
      continue;
    }
    const firstIndexOf = new Map<string, number>();
    file.labels.forEach((label, labelIndex) => {
      const path = `labels[${labelIndex}].unit`;
      const key = `${label.task}\u0000${label.unit}`;
      const first = firstIndexOf.get(key);
      if (first !== undefined) {
        errors.add(`labels[${labelIndex}]`, `duplicate ${label.task} label: unit "${label.unit}" already has one at labels[${first}]`);
        return;
      }
      firstIndexOf.set(key, labelIndex);
      const type = turnType.get(label.unit);
      const isPuzzle = puzzleKnown.has(label.unit);
      const fits = label.task === 'difficulty' ? isPuzzle : label.task === 'answer' ? type === 'question' : type === 'final';
      if (fits) return;
      const what = isPuzzle ? 'a puzzle' : type !== undefined ? `a ${type} turn` : undefined;
      errors.add(
        path,
        what === undefined
          ? `unit "${label.unit}" is not in study "${studyId}"; expected ${FITTING_UNIT[label.task]}`
          : `unit "${label.unit}" is ${what}; ${A_TASK[label.task]} label needs ${FITTING_UNIT[label.task]}`,
      );
    });
    all.push(...errors.list());
  }
  return all;
}

/**
 * Which ids are question turns, final turns and puzzles, from keys alone (the type index and
 * the primary keys): no turn text is read, so checking 100,000 labels costs two key scans.
 */
async function studyUnitIndex(db: StudioDatabase, studyId: string): Promise<{ turnType: Map<string, TurnType>; puzzleKnown: Set<string> }> {
  const [questions, finals, puzzles] = await Promise.all([
    db.turns.where('[studyId+type]').equals([studyId, 'question']).primaryKeys(),
    db.turns.where('[studyId+type]').equals([studyId, 'final']).primaryKeys(),
    byStudy(db.puzzles, studyId).primaryKeys(),
  ]);
  const turnType = new Map<string, TurnType>();
  for (const [, id] of questions) turnType.set(id, 'question');
  for (const [, id] of finals) turnType.set(id, 'final');
  return { turnType, puzzleKnown: new Set(puzzles.map(([, id]) => id)) };
}

/**
 * Drops entries the study's audit log already holds, so a re-imported stale or conflicting
 * label is not logged twice. Reads the log only when there is something to log.
 */
async function unlogged(db: StudioDatabase, studyId: string, entries: readonly AuditEntry[]): Promise<AuditEntry[]> {
  const logged = new Set<string>();
  await db.audit
    .where('studyId')
    .equals(studyId)
    .each((entry) => void logged.add(`${entry.kind}\u0000${entry.detail}`));
  return entries.filter((entry) => {
    const key = `${entry.kind}\u0000${entry.detail}`;
    if (logged.has(key)) return false;
    logged.add(key);
    return true;
  });
}

function labelKey(annotatorId: string, task: Task, unitId: string): string {
  return `${annotatorId}\u0000${task}\u0000${unitId}`;
}

function toLabel(studyId: string, annotatorId: string, record: LabelRecord): Label {
  const label: Label = {
    studyId,
    annotatorId,
    unitId: record.unit,
    task: record.task,
    value: record.value,
    ...acceptableMember(record),
    at: record.at,
    rev: record.rev,
    unsure: record.unsure,
    note: record.note,
  };
  if (record.ms !== undefined) label.ms = record.ms;
  if (record.createdAt !== undefined) label.createdAt = record.createdAt;
  return label;
}

/** The replacement keeps when the label was first set, which label files do not carry. */
function withCreatedAt(label: Label, before: Label): Label {
  const createdAt = label.createdAt ?? before.createdAt;
  return createdAt === undefined ? label : { ...label, createdAt };
}

function sameContent(a: Label, b: Label): boolean {
  return a.value === b.value && sameAcceptable(a.acceptable, b.acceptable) && a.unsure === b.unsure && a.note === b.note;
}

function audited(label: Label): AuditedLabel {
  return { value: label.value, ...acceptableMember(label), at: label.at, ms: label.ms ?? null, rev: label.rev, unsure: label.unsure, note: label.note };
}
