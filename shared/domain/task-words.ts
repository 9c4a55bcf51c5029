// How the studio names tasks, their units and label values in plain words, on its pages and buttons.

import type { LabelValue, Task } from './model';

export const TASK_TITLES: Record<Task, string> = {
  answer: 'Answer questions',
  match: 'Judge final answers',
  difficulty: 'Rate puzzle difficulty',
};

export const TASK_UNITS: Record<Task, string> = {
  answer: 'questions',
  match: 'final answers',
  difficulty: 'puzzles',
};

/** A label value as a word on a button or badge: "Yes", "Unmatched", "7". */
export function valueText(value: LabelValue): string {
  return typeof value === 'number' ? String(value) : value.charAt(0).toUpperCase() + value.slice(1);
}
