// One judge against the human majority on one task (issue 15 point 4), the entry the report's
// "Judges" section calls per judge, task and bucket: the classifier scores over the task's labels
// and the direction of the judge's errors, on the same pairs.

import { ANSWER_LABELS, MATCH_LABELS } from '../../domain/model';
import { classify, type Classification, type LabelPair } from './classification';
import { errorDirection, JUDGE_POLES, NON_POLAR_LABELS, type ErrorDirection } from './error-direction';

export interface JudgeAgainstPeople {
  classification: Classification;
  errors: ErrorDirection;
}

const TASK_LABELS = { answer: ANSWER_LABELS, match: MATCH_LABELS } as const;

/**
 * `pairs` are the units the judge labelled that have a human majority (ties left out by the
 * caller). An unparseable judge label is a miss of the people's label if passed in, which is how
 * the report's `disagreement` policy counts it; under `left-out` the caller leaves it out.
 * `labels` are the study's labels of the task (without `unknown` where its scheme does not enable
 * it, so no all-zero row and column); every label of the task by default.
 */
export function judgeAgainstPeople(task: 'answer' | 'match', pairs: readonly LabelPair[], labels: readonly string[] = TASK_LABELS[task]): JudgeAgainstPeople {
  const poles = JUDGE_POLES[task];
  return {
    classification: classify(pairs, labels, poles.positive),
    errors: errorDirection(pairs, poles, NON_POLAR_LABELS[task]),
  };
}
