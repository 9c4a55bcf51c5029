// Judge x human-majority confusion matrices (SPEC §4, "a confusion matrix judge x human for every
// judge"): where a judge's labels part from what most humans said, category by category.

import type { ConfusionMatrix, ReportTask } from '../../report/model/report-model';
import { humanMajority } from './majority';
import type { TaskUnit } from './study-units';

/**
 * Counts the units the judge labelled and at least one human labelled: by (judge label, human
 * majority) in `categories` order, or as `unitsWithoutMajority` when the humans tie. The kappa
 * is the judge-vs-majority Cohen's kappa of the same units, computed with the pairwise figures.
 */
export function confusionMatrix(
  task: ReportTask,
  judge: string,
  units: readonly TaskUnit[],
  categories: readonly string[],
  cohenKappa: number | null,
): ConfusionMatrix {
  const index = new Map(categories.map((category, i) => [category, i]));
  const counts = categories.map(() => categories.map(() => 0));
  let unitsWithoutMajority = 0;
  for (const unit of units) {
    const label = unit.judgements.get(judge);
    if (label === undefined || unit.humans.length === 0) continue;
    const majority = humanMajority(unit);
    if (majority === null) {
      unitsWithoutMajority++;
      continue;
    }
    const row = counts[index.get(label) ?? -1];
    const column = index.get(majority);
    if (row !== undefined && column !== undefined) row[column] = (row[column] ?? 0) + 1;
  }
  return { task, judge, categories: [...categories], counts, unitsWithoutMajority, cohenKappa };
}
