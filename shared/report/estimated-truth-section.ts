// The report's "Estimated truth" section (issue 33): estimatedTruth.ts for each task of the
// study's units, over the report's buckets, with the report's bootstrap.

import type { BootstrapOptions } from '../stats/bootstrap';
import { estimatedTruth } from '../stats/study/estimated-truth';
import type { StudyUnits } from '../stats/study/study-units';
import type { EstimatedTruthSection, TruthRaters } from './model/estimated-truth';
import type { ReportBucket, ReportTask } from './model/report-model';

export function estimatedTruthSection(
  units: StudyUnits,
  buckets: Record<ReportTask, readonly ReportBucket[]>,
  raters: TruthRaters,
  bootstrap: BootstrapOptions,
): EstimatedTruthSection {
  if (raters !== 'people' && raters !== 'people-and-judges')
    throw new RangeError(`the truth's raters must be people or people-and-judges, not ${String(raters)}`);
  const tasks = (['answer', 'match'] as const).map(
    (task) => estimatedTruth(task, units.units[task], units.categories[task], units.judges[task], buckets[task], raters, bootstrap).section,
  );
  return { raters, replicates: bootstrap.replicates, tasks };
}
