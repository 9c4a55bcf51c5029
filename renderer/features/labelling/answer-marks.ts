// The answers marked on a question before Enter saves them, in a study that lets annotators
// mark every acceptable answer (issue 33): a key marks its answer, or unmarks it if marked, and
// the first still marked is the forced choice, the label's value. Pure; the labelling workspace
// and the lead's gold set both mark with it.

import { ANSWER_LABELS, type AcceptableAnswers, type AnswerLabel, type LabelValue } from '../../../shared/domain/model';
import { valueText } from '../../../shared/domain/task-words';

/** The value as an answer label, or undefined for a match or difficulty value. */
export function asAnswer(value: LabelValue): AnswerLabel | undefined {
  return (ANSWER_LABELS as readonly LabelValue[]).includes(value) ? (value as AnswerLabel) : undefined;
}

/** The marks after a key: the answer added last, or taken out if it was marked. */
export function toggleMark(marks: readonly AnswerLabel[], answer: AnswerLabel): AnswerLabel[] {
  return marks.includes(answer) ? marks.filter((marked) => marked !== answer) : [...marks, answer];
}

/** The label the marks save: the first marked as the value, and all of them as the set when two or more; undefined when none is marked. */
export function markedLabel(marks: readonly AnswerLabel[]): { value: AnswerLabel; acceptable?: AcceptableAnswers } | undefined {
  const [first] = marks;
  if (first === undefined) return undefined;
  return marks.length > 1 ? { value: first, acceptable: [...marks] } : { value: first };
}

/** Whether two sets of answers are the same, in the same order (the first is the forced choice); absent is no set. */
export function sameAnswers(a: AcceptableAnswers | undefined, b: AcceptableAnswers | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((answer, index) => answer === b[index]);
}

/** The answers marked (or a label's set) in words, first first: "No + Irrelevant". */
export function answersText(values: readonly LabelValue[]): string {
  return values.map(valueText).join(' + ');
}
