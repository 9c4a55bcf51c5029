// zod building blocks and value checks for the fields of untrusted records, with messages a study
// lead can act on ("required; expected text", "expected a whole number from 1 to 9, got the number 12").

import { z } from 'zod';
import { idProblem, type IdKind } from '../domain/ids';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../domain/model';
import { quote } from './quote';

export { quote };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a value for messages: `the number 3`, `the text "maybe"`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the text ${quote(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'an object';
}

/** A zod error message function: "required; expected X" when missing, else "expected X, got Y". */
export function expected(what: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `required; expected ${what}` : `expected ${what}, got ${describeValue(issue.input)}`);
}

/** An optional field; null (what Python's None becomes) reads as absent. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

export const text = z.string({ error: expected('text') });

export const optionalText = optional(text);

/** Text that must say something: stories, reference answers. Kept exactly as given. */
export const nonBlankText = text.refine((value) => value.trim() !== '', { error: 'must not be empty' });

/** A text field holding an id of this kind, held to the one id rule (domain/ids.ts). */
function idField(kind: IdKind, what: string) {
  return z.string({ error: expected(what) }).superRefine((value, ctx) => {
    const problem = idProblem(kind, value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A puzzle, session, turn or unit id. */
export const recordId = idField('record', 'a text id');

export const modelName = idField('model', 'a model name');

export const studyId = idField('study', 'a study id');

export const annotatorId = idField('annotator', "an annotator's id");

export const positiveInteger = z
  .int({ error: expected('a whole number of at least 1') })
  .min(1, { error: (issue) => `expected a whole number of at least 1, got ${describeValue(issue.input)}` });

const difficultyText = `a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}`;

export const difficultyLevel = z
  .int({ error: expected(difficultyText) })
  .min(MIN_DIFFICULTY, { error: (issue) => `expected ${difficultyText}, got ${describeValue(issue.input)}` })
  .max(MAX_DIFFICULTY, { error: (issue) => `expected ${difficultyText}, got ${describeValue(issue.input)}` });

export const textList = z.array(text, { error: expected('a list of texts') });

/**
 * A list whose items are checked one by one elsewhere. Unlike z.array(z.unknown()) it does not
 * walk and copy the items, which for the turns of a large bundle is most of the work.
 */
export function itemList(what: string) {
  return z.custom<unknown[]>((value) => Array.isArray(value), { error: expected(what) });
}
