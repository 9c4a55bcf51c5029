// The lead's gold labels (adjudication): one row per study, task and unit in the `gold` table.
// Each set, clear or undo is one read-write transaction that checks the unit and value against
// the study and writes an audit entry keeping the label it replaced, so no decision is lost;
// a unit's gold history is read back from those entries. On a question the gold label can be a
// set: every answer the lead accepts, its value first (issue 33).

import {
  ANSWER_LABELS,
  MATCH_LABELS,
  MAX_DIFFICULTY,
  MIN_DIFFICULTY,
  TASKS,
  type AcceptableAnswers,
  type GoldLabel,
  type LabelValue,
  type Study,
  type Task,
} from '../../shared/domain/model';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';

/** A gold label as the lead sets it (stored in the `gold` table, schema v3); the database adds when and on what basis. */
export type GoldInput = Omit<GoldLabel, 'at' | 'basis'>;

const GOLD_AUDIT_KINDS = ['gold:set', 'gold:clear', 'gold:undo'] as const;
type GoldAuditKind = (typeof GOLD_AUDIT_KINDS)[number];

/** A gold label as the audit log keeps it: everything but the key the entry states. */
export type AuditedGold = Pick<GoldLabel, 'value' | 'note' | 'by' | 'at' | 'basis' | 'acceptable'>;

/** The JSON in the `detail` of a gold audit entry. */
export interface GoldAuditDetail {
  task: Task;
  unit: string;
  /** The gold label before the change, null when the unit had none. */
  old: AuditedGold | null;
  /** The gold label after the change, null when it was cleared. */
  new: AuditedGold | null;
  /** Who made the change. */
  by: string;
}

export interface GoldSetInput extends GoldInput {
  /** Every label on the unit as the lead saw it, as `rater=value`. */
  basis: string[];
  /** ISO 8601 time of the decision; defaults to the current time. */
  now?: string;
}

/** What one set, clear or undo did to a unit's gold label. */
export interface GoldChange {
  /** False when the write found nothing to change and wrote nothing. */
  changed: boolean;
  before: GoldLabel | undefined;
  after: GoldLabel | undefined;
}

/**
 * Sets the gold label of one unit, replacing any earlier one (kept in the audit entry).
 * Setting the same value, set, note, author and basis again changes nothing. Throws a RangeError,
 * writing nothing, for a missing study, a study opened from a pack, a unit the study lacks
 * or that does not take the task, a value outside the study's label scheme, a set that is not
 * two or more distinct answers of the scheme led by the value, or a blank `by`.
 */
export async function setGoldLabel(db: StudioDatabase, input: GoldSetInput): Promise<GoldChange> {
  const { studyId, task, unitId, value, note, by, basis, acceptable } = input;
  const now = input.now ?? new Date().toISOString();
  return db.transaction('rw', [db.studies, db.turns, db.puzzles, db.gold, db.audit], async () => {
    const study = leadStudy(await db.studies.get(studyId), studyId);
    await checkUnit(db, study, task, unitId);
    checkValue(study, task, value);
    if (acceptable !== undefined) checkSet(study, task, value, acceptable);
    if (by.trim() === '') throw new RangeError('a gold label needs the name of who adjudicated it');

    const before = await db.gold.get([studyId, task, unitId]);
    if (
      before &&
      before.value === value &&
      sameList(before.acceptable ?? [], acceptable ?? []) &&
      before.note === note &&
      before.by === by &&
      sameList(before.basis, basis)
    )
      return { changed: false, before, after: before };
    const gold: GoldLabel = {
      studyId,
      task,
      unitId,
      value,
      note,
      by,
      at: now,
      basis: [...basis],
      ...(acceptable !== undefined ? { acceptable: [...acceptable] } : {}),
    };
    await db.gold.put(gold);
    await audit(db, studyId, now, 'gold:set', { task, unit: unitId, old: before ? audited(before) : null, new: audited(gold), by });
    return { changed: true, before, after: gold };
  });
}

/**
 * Removes the gold label of one unit, keeping it in a 'gold:clear' audit entry; a unit without
 * one is left alone (changed: false). Throws a RangeError, writing nothing, for a missing study
 * or a study opened from a pack.
 */
export async function clearGoldLabel(
  db: StudioDatabase,
  studyId: string,
  task: Task,
  unitId: string,
  options: { now?: string; by: string } = { by: '' },
): Promise<GoldChange> {
  const now = options.now ?? new Date().toISOString();
  return db.transaction('rw', [db.studies, db.gold, db.audit], async () => {
    leadStudy(await db.studies.get(studyId), studyId);
    const before = await db.gold.get([studyId, task, unitId]);
    if (before === undefined) return { changed: false, before, after: undefined };
    await db.gold.delete([studyId, task, unitId]);
    await audit(db, studyId, now, 'gold:clear', { task, unit: unitId, old: audited(before), new: null, by: options.by });
    return { changed: true, before, after: undefined };
  });
}

/**
 * Undoes one change: puts back the gold label `change.before` exactly as it was (its value,
 * note, author, time and basis), or removes the unit's gold label if it had none, in a
 * 'gold:undo' audit entry by `by`. Refuses with a RangeError, writing nothing, when the
 * unit's gold label is no longer the one the change left (it was changed since, for example
 * in another window), so an undo never throws away a later decision.
 */
export async function undoGoldChange(
  db: StudioDatabase,
  change: GoldChange & { studyId: string; task: Task; unitId: string },
  options: { now?: string; by: string },
): Promise<GoldChange> {
  const { studyId, task, unitId } = change;
  const now = options.now ?? new Date().toISOString();
  return db.transaction('rw', [db.studies, db.gold, db.audit], async () => {
    leadStudy(await db.studies.get(studyId), studyId);
    const current = await db.gold.get([studyId, task, unitId]);
    if (!sameGold(current, change.after)) throw new RangeError(`the gold label of unit "${unitId}" has changed since; undo it by hand`);
    if (change.before === undefined) await db.gold.delete([studyId, task, unitId]);
    else await db.gold.put({ ...change.before, basis: [...change.before.basis] });
    await audit(db, studyId, now, 'gold:undo', {
      task,
      unit: unitId,
      old: current ? audited(current) : null,
      new: change.before ? audited(change.before) : null,
      by: options.by,
    });
    return { changed: true, before: current, after: change.before };
  });
}

/** One entry of a unit's gold history: what the audit log keeps of a set, clear or undo. */
export interface GoldHistoryEntry {
  id: number;
  kind: 'set' | 'clear' | 'undo';
  /** When the change was made. */
  at: string;
  by: string;
  old: AuditedGold | null;
  new: AuditedGold | null;
}

/**
 * Every gold change of one unit and task, oldest first, from the study's audit log. The log
 * has no index by unit, so the study's entries are scanned, and only gold entries naming the
 * unit are parsed.
 */
export async function loadGoldHistory(db: StudioDatabase, studyId: string, task: Task, unitId: string): Promise<GoldHistoryEntry[]> {
  const unitText = JSON.stringify(unitId);
  const entries = await db.audit
    .where('studyId')
    .equals(studyId)
    .filter((entry) => (GOLD_AUDIT_KINDS as readonly string[]).includes(entry.kind) && entry.detail.includes(unitText))
    .toArray();
  const history: GoldHistoryEntry[] = [];
  for (const entry of entries) {
    const detail = JSON.parse(entry.detail) as GoldAuditDetail;
    if (detail.unit !== unitId || detail.task !== task || entry.id === undefined) continue;
    history.push({
      id: entry.id,
      kind: entry.kind.slice('gold:'.length) as GoldHistoryEntry['kind'],
      at: entry.at,
      by: detail.by,
      old: detail.old,
      new: detail.new,
    });
  }
  return history.sort((a, b) => a.id - b.id);
}

/** The study's gold labels in key order: by task, then unit id. */
export async function loadGoldLabels(db: StudioDatabase, studyId: string): Promise<GoldLabel[]> {
  return byStudy(db.gold, studyId).toArray();
}

/** The study, if it is the lead's own: annotators work on a pack copy and do not adjudicate. */
function leadStudy(study: Study | undefined, studyId: string): Study {
  if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
  if (study.origin)
    throw new RangeError(`the study "${study.name}" was opened from a pack for ${study.origin.annotator.name}; only the lead's own study takes gold labels`);
  return study;
}

const FITTING_UNIT: Record<Task, string> = { answer: 'a question turn', match: 'a final turn', difficulty: 'a puzzle' };

const A_TASK: Record<Task, string> = { answer: 'an answer', match: 'a match', difficulty: 'a difficulty' };

async function checkUnit(db: StudioDatabase, study: Study, task: Task, unitId: string): Promise<void> {
  if (!(TASKS as readonly string[]).includes(task)) throw new RangeError(`unknown task "${String(task)}"; expected answer, match or difficulty`);
  const [turn, puzzle] = await Promise.all([db.turns.get([study.id, unitId]), db.puzzles.get([study.id, unitId])]);
  const fits = task === 'difficulty' ? puzzle !== undefined : turn?.type === (task === 'answer' ? 'question' : 'final');
  if (fits) return;
  const what = puzzle !== undefined ? 'a puzzle' : turn !== undefined ? `a ${turn.type} turn` : undefined;
  throw new RangeError(
    what === undefined
      ? `unit "${unitId}" is not in the study "${study.name}"; ${A_TASK[task]} gold label needs ${FITTING_UNIT[task]}`
      : `unit "${unitId}" is ${what}; ${A_TASK[task]} gold label needs ${FITTING_UNIT[task]}`,
  );
}

/** Gold values are canonical: the UI offers the scheme's values, so nothing needs normalising. */
function checkValue(study: Study, task: Task, value: LabelValue): void {
  if (task === 'difficulty') {
    if (typeof value === 'number' && Number.isInteger(value) && value >= MIN_DIFFICULTY && value <= MAX_DIFFICULTY) return;
    throw new RangeError(`${A_TASK[task]} gold label is a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}, not ${JSON.stringify(value)}`);
  }
  const allowed: readonly string[] =
    task === 'match' ? MATCH_LABELS : study.scheme.answerUnknown ? ANSWER_LABELS : ANSWER_LABELS.filter((label) => label !== 'unknown');
  if (typeof value === 'string' && allowed.includes(value)) return;
  throw new RangeError(`${A_TASK[task]} gold label in the study "${study.name}" is one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
}

/** A gold set is two or more distinct answers of the scheme, the value first, on a question. */
function checkSet(study: Study, task: Task, value: LabelValue, acceptable: AcceptableAnswers): void {
  if (task !== 'answer') throw new RangeError(`${A_TASK[task]} gold label has one value; only an answer gold label can be a set of answers`);
  for (const answer of acceptable) checkValue(study, task, answer);
  if (acceptable.length < 2 || new Set(acceptable).size !== acceptable.length || acceptable[0] !== value)
    throw new RangeError(
      `a gold set is two or more different answers, the gold value ${JSON.stringify(value)} first, not ${acceptable.map((answer) => JSON.stringify(answer)).join(', ')}`,
    );
}

async function audit(db: StudioDatabase, studyId: string, at: string, kind: GoldAuditKind, detail: GoldAuditDetail): Promise<void> {
  await db.audit.add({ studyId, at, kind, detail: JSON.stringify(detail) });
}

function audited(gold: GoldLabel): AuditedGold {
  return {
    value: gold.value,
    note: gold.note,
    by: gold.by,
    at: gold.at,
    basis: gold.basis,
    ...(gold.acceptable !== undefined ? { acceptable: gold.acceptable } : {}),
  };
}

function sameGold(a: GoldLabel | undefined, b: GoldLabel | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.value === b.value && sameList(a.acceptable ?? [], b.acceptable ?? []) && a.note === b.note && a.by === b.by && a.at === b.at && sameList(a.basis, b.basis)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
