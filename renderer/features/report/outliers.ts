// Which annotators stand out as unreliable: per task, an annotator whose agreement with the
// majority of the others lies well below that of the rest. Pure; the rule is also the text the
// report page shows under the table, so the lead knows why a row is marked.

import type { AnnotatorReliability } from '../../../shared/report/model/report-model';

/** Below this many units an annotator's agreement wobbles by ten points by chance alone. */
const MIN_UNITS = 20;
/** With few annotators the others' spread can be tiny; a smaller gap is never flagged. */
const MIN_GAP = 0.1;
const SPREAD = 2;

export const OUTLIER_RULE =
  `Marked as an outlier: agreement more than ${SPREAD} standard deviations, and at least ${Math.round(MIN_GAP * 100)} percentage points, below the mean of the other annotators of the same task ` +
  `(counting annotators with n ≥ ${MIN_UNITS}, and only when there are at least two others). Compared with the others rather than with everyone, ` +
  'so the rule also works with three annotators, where no one can be 2 SD below a mean they are part of.';

export function outlierKey(task: AnnotatorReliability['task'], annotator: string): string {
  return `${task}\u0000${annotator}`;
}

/** Keys (outlierKey) of the flagged annotator-task rows. */
export function findOutliers(rows: readonly AnnotatorReliability[]): Set<string> {
  const byTask = new Map<AnnotatorReliability['task'], Array<{ annotator: string; agreement: number }>>();
  for (const row of rows) {
    if (row.agreement === null || row.n < MIN_UNITS) continue;
    const list = byTask.get(row.task) ?? [];
    list.push({ annotator: row.annotator, agreement: row.agreement });
    byTask.set(row.task, list);
  }
  const flagged = new Set<string>();
  for (const [task, list] of byTask) {
    for (const candidate of list) {
      const others = list.filter((other) => other !== candidate).map((other) => other.agreement);
      if (others.length < 2) continue;
      const mean = others.reduce((sum, value) => sum + value, 0) / others.length;
      const sd = Math.sqrt(others.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (others.length - 1));
      if (candidate.agreement < mean - Math.max(SPREAD * sd, MIN_GAP)) flagged.add(outlierKey(task, candidate.annotator));
    }
  }
  return flagged;
}
