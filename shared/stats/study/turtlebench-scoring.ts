// TurtleBench's own accuracy of a judge against the human label (eval.py L211-221, SOURCES §3):
// a two-class collapse, Correct against everything else. A human "yes" (Correct, T) needs the
// judge's yes; any other human label accepts any other readable judge label; unparseable is wrong.

import { UNPARSEABLE } from '../../domain/model';

export interface TurtleBenchScore {
  /** Units the judge got right the TurtleBench way. */
  correct: number;
  /** Units with a human label: a judge's missing or unparseable label counts as wrong. */
  n: number;
  /** correct / n; null when n is 0. */
  accuracy: number | null;
}

/** `human` and `judge` are canonical answer labels (yes, no, irrelevant, unknown) or `unparseable`; a missing judge label is wrong. */
export function turtleBenchScore(units: Iterable<{ human: string; judge: string | undefined }>): TurtleBenchScore {
  let correct = 0;
  let n = 0;
  for (const { human, judge } of units) {
    n++;
    if (judge === undefined || judge === UNPARSEABLE) continue;
    if (human === 'yes' ? judge === 'yes' : judge !== 'yes') correct++;
  }
  return { correct, n, accuracy: n === 0 ? null : correct / n };
}
