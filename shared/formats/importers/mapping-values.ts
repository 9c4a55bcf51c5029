// The labels in a mapped file's label columns: a value is read through the column's value map for
// its kind of turn, else by the shared reply rule, else it is no label (a person's column) or
// unparseable (a judge's); and the annotator id a rater's column takes from its header.

import { idProblem } from '../../domain/ids';
import { UNPARSEABLE, type LabelScheme } from '../../domain/model';
import { readJudgeReply } from '../judge-reply';

// A mapped file says nothing about an "unknown" answer, so it reads as irrelevant, as in bundles.
export const MAPPED_SCHEME: LabelScheme = { answerUnknown: false };

/** What a value mapped to nothing gives: the rater or judge has no label on that turn (and the value is counted as left out). */
export const NO_LABEL = 'no label';

export type TurnType = 'question' | 'final';

/** What a value of each kind of turn may be mapped to; `unparseable` is for judges only (a person's label is always read). */
export const VALUE_TARGETS = {
  question: ['yes', 'no', 'irrelevant', UNPARSEABLE, NO_LABEL],
  final: ['matched', 'unmatched', UNPARSEABLE, NO_LABEL],
} as const;

export type QuestionTarget = (typeof VALUE_TARGETS.question)[number];
export type FinalTarget = (typeof VALUE_TARGETS.final)[number];
export type ValueTarget = QuestionTarget | FinalTarget;

/** One column's value map: per kind of turn, a value as written (trimmed) and what it means. */
export interface ValueMap {
  question?: Record<string, QuestionTarget>;
  final?: Record<string, FinalTarget>;
}

/** Whose labels a column holds: a person's (a rater, as a label file) or a model's (a judge, as judgements). */
export type ColumnRole = 'rater' | 'judge';

/** What the shared reply rule makes of a value the map does not name: the label it reads, else no label for a person and unparseable for a judge. */
export function defaultTarget(value: string, type: TurnType, role: ColumnRole): ValueTarget {
  const read = readJudgeReply(value, type === 'final' ? 'match' : 'answer', MAPPED_SCHEME);
  if (read === UNPARSEABLE) return role === 'judge' ? UNPARSEABLE : NO_LABEL;
  // The mapped scheme has no "unknown" answer, so the rule already read it as irrelevant.
  return read === 'unknown' ? 'irrelevant' : read;
}

/** The label a value gives on a turn of this kind: the map's entry for it, else the default. */
export function mappedValue(value: string, type: TurnType, role: ColumnRole, map: ValueMap | undefined): ValueTarget {
  const entries: Readonly<Record<string, ValueTarget>> | undefined = map?.[type];
  const key = value.trim();
  return entries !== undefined && Object.hasOwn(entries, key) ? (entries[key] as ValueTarget) : defaultTarget(key, type, role);
}

/**
 * An annotator id from a column's header, held to the annotator id rule (it names the rater's label
 * file): letters without their accents, every run of other characters one "-", 100 characters at
 * most; a device or reserved name gets "rater-" before it. Undefined when nothing usable is left.
 */
export function raterIdFromHeader(header: string): string | undefined {
  const id = header
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100)
    .replace(/[._-]+$/, '');
  if (id === '') return undefined;
  if (idProblem('annotator', id) === undefined) return id;
  const prefixed = `rater-${id}`.slice(0, 100).replace(/[._-]+$/, '');
  return idProblem('annotator', prefixed) === undefined ? prefixed : undefined;
}

/** A rater column as the import uses it: the field, the annotator's id and name, and whether the id is not the header as written. */
export interface RaterColumn {
  field: string;
  id: string;
  name: string;
  /** The id differs from the header: the dialog and the command line say so. */
  renamed: boolean;
}

/** Each rater column's id (the preset's, else from its header, else `rater-N`; a repeat gets `-2`) and name (the preset's, else the header). */
export function raterColumns(raters: ReadonlyArray<{ field: string; id?: string; name?: string }>): RaterColumn[] {
  const taken = new Set<string>();
  return raters.map((rater, i) => {
    const wanted = rater.id ?? raterIdFromHeader(rater.field) ?? `rater-${i + 1}`;
    let id = wanted;
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${wanted.slice(0, 95)}-${n}`;
    taken.add(id.toLowerCase());
    return { field: rater.field, id, name: rater.name ?? rater.field, renamed: id !== rater.field };
  });
}
