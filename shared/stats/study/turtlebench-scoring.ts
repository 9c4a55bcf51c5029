// TurtleBench's own accuracy of a judge against the human label (eval.py L211-221, SOURCES §3):
// a two-class collapse, Correct against everything else. A human "yes" (Correct, T) needs the
// judge's yes; any other human label accepts any other readable judge label; unparseable is wrong.

import { UNPARSEABLE } from '../../domain/model';
import type { TurtleBenchScoring } from '../../report/model/report-model';
import type { TaskUnit } from './study-units';

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

/**
 * Each judge's TurtleBench accuracy and three-way exact agreement on the answer units, when the
 * study has the shape TurtleBench scores: judges, and human labels from exactly one annotator
 * (TurtleBench's ground truth). With several annotators there is no one reference label, so
 * nothing is returned; the agreement tables already compare every judge with them all.
 */
export function turtleBenchScoring(units: readonly TaskUnit[], judges: readonly string[]): TurtleBenchScoring | undefined {
  const annotators = new Set(units.flatMap((unit) => unit.humans.map((human) => human.annotator)));
  const [annotator] = annotators;
  if (annotator === undefined || annotators.size > 1 || judges.length === 0) return undefined;
  const labelled = units.flatMap((unit) => (unit.humans[0] === undefined ? [] : [{ unit, human: unit.humans[0].value }]));
  return {
    annotator,
    judges: judges.map((judge) => {
      const pairs = labelled.map(({ unit, human }) => ({ human, judge: unit.judgements.get(judge) }));
      const { correct, n, accuracy } = turtleBenchScore(pairs);
      const agreements = pairs.filter((pair) => pair.judge === pair.human).length;
      return { judge, n, correct, accuracy, agreements, agreement: n === 0 ? null : agreements / n };
    }),
  };
}
