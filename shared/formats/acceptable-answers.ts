// A label's set of acceptable answers (issue 33) as every file and document carries it: the one
// check label files, label CSVs, backups and the lead's pull share (the team server's validation
// function states the same rule in ES5), and the comparison every merge uses, so two labels with
// the same value but different sets are different labels everywhere.

import { answerLabelsOf, type AcceptableAnswers, type LabelScheme, type LabelValue, type Task } from '../domain/model';
import { describeValue, quote } from './field-schemas';

/** Between the answers of a set in a label CSV's `acceptable` cell: `no|irrelevant`. */
export const ACCEPTABLE_CSV_SEPARATOR = '|';

export type AcceptableReading = { ok: true; acceptable?: AcceptableAnswers } | { ok: false; message: string };

/**
 * Reads `raw` (a label's `acceptable` member, undefined when it has none) as the set of the label
 * of `task` whose value is `value`: two or more different answer labels of the scheme, exactly as
 * the app writes them (`unknown` only where the scheme has it), the first the label's value.
 * The study's `multipleAnswers` setting is not asked: a set given while it was on stays readable
 * after the lead turns it off, and no label is lost for it.
 */
export function readAcceptable(task: Task, value: LabelValue, raw: unknown, scheme: LabelScheme): AcceptableReading {
  if (raw === undefined) return { ok: true };
  const refuse = (message: string): AcceptableReading => ({ ok: false, message });
  if (task !== 'answer') return refuse(`only an answer label may carry a set of acceptable answers; a ${task} label has its value alone`);
  const answers = answerLabelsOf(scheme);
  const words = `${answers.slice(0, -1).join(', ')} or ${answers[answers.length - 1] ?? ''}`;
  const what = `a list of 2 or more different answer labels (${words}), the first the label's value ${quote(value)}`;
  if (!Array.isArray(raw)) return refuse(`expected ${what}, got ${describeValue(raw)}`);
  if (raw.length < 2)
    return refuse(`expected ${what}, got ${raw.length === 0 ? 'an empty list' : 'one answer'}; a label with one acceptable answer has its value alone`);
  const set: AcceptableAnswers[number][] = [];
  for (const [index, item] of raw.entries()) {
    const answer = answers.find((label) => label === item);
    if (answer === undefined) return refuse(`acceptable[${index}]: expected an answer label (${words}), got ${describeValue(item)}`);
    if (set.includes(answer)) return refuse(`acceptable[${index}]: ${quote(answer)} is listed twice; each acceptable answer once`);
    set.push(answer);
  }
  if (set[0] !== value) return refuse(`the first acceptable answer must be the label's value ${quote(value)}, got ${quote(set[0])}`);
  return { ok: true, acceptable: set };
}

/** Whether two sets accept the same answers with the same forced choice first (the rest in any order); absent is no set. */
export function sameAcceptable(a: AcceptableAnswers | undefined, b: AcceptableAnswers | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a[0] === b[0] && a.every((answer) => b.includes(answer));
}

/** `{ acceptable }` as a fresh copy when the label has a set, else nothing: spread into a record so absent stays absent. */
export function acceptableMember(label: { acceptable?: AcceptableAnswers }): { acceptable?: AcceptableAnswers } {
  return label.acceptable !== undefined ? { acceptable: [...label.acceptable] } : {};
}
