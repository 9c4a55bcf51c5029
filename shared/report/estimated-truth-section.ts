// The report's "Estimated truth" section (issue 33): estimatedTruth.ts for each task of the
// study's units, over the report's buckets, with the report's bootstrap.

import type { BootstrapOptions } from '../stats/bootstrap';
import { estimatedTruth } from '../stats/study/estimated-truth';
import type { StudyUnits } from '../stats/study/study-units';
import type { EstimatedTruthSection, TruthRaters } from './model/estimated-truth';
import type { ReportBucket, ReportTask } from './model/report-model';

const TASK_PHASE: Record<ReportTask, string> = { answer: 'R (questions)', match: 'M (final answers)' };

/** Both tasks' estimated truth; `onProgress` hears each bootstrap replicate. */
export function estimatedTruthSection(
  units: StudyUnits,
  buckets: Record<ReportTask, readonly ReportBucket[]>,
  raters: TruthRaters,
  bootstrap: BootstrapOptions,
  onProgress?: (label: string, done: number, total: number) => void,
): EstimatedTruthSection {
  if (raters !== 'people' && raters !== 'people-and-judges')
    throw new RangeError(`the truth's raters must be people or people-and-judges, not ${String(raters)}`);
  // Progress in replicates: each is a fit (or a fit per judge) of one task's ratings.
  const total = 2 * Math.max(1, bootstrap.replicates);
  let done = 0;
  const tasks = (['answer', 'match'] as const).map((task, t) => {
    const label = `Estimated truth: ${TASK_PHASE[task]}`;
    onProgress?.(label, t * Math.max(1, bootstrap.replicates), total);
    const tick = () => onProgress?.(label, ++done, total);
    const truth = estimatedTruth(task, units.units[task], units.categories[task], units.judges[task], buckets[task], raters, bootstrap, tick);
    done = (t + 1) * Math.max(1, bootstrap.replicates);
    return truth.section;
  });
  onProgress?.('Estimated truth', total, total);
  return { raters, replicates: bootstrap.replicates, tasks };
}
