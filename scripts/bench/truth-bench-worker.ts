// Worker side of the estimated truth's bench (issue 33: "Dawid-Skene over 55 raters x 975 puzzles
// converges in under 1 s in a worker"): in a dedicated Web Worker of the app's origin, reads a
// seeded study from the app's database as the report reads it (not timed), builds each task's
// ratings as the Estimated truth section does (people only), and times Dawid-Skene alone on them.
// The app's own "Estimate the truth" also fits MACE and the judges' figures; the bench times that
// press separately, in the built app.

import type { ReportTask } from '../../shared/report/model/report-model';
import { dawidSkene } from '../../shared/stats/crowd/dawid-skene';
import { truthRatings } from '../../shared/stats/study/estimated-truth';
import { inLabelOrder, inStudyOrder } from '../../shared/stats/study/study-order';
import { indexStudy } from '../../shared/stats/study/study-units';
import { StudioDatabase } from '../../renderer/db/database';
import { loadReportInputs } from '../../renderer/db/report-inputs';

export interface DawidSkeneTiming {
  task: ReportTask;
  raters: number;
  items: number;
  ratings: number;
  ms: number;
  iterations: number;
  converged: boolean;
}

self.onmessage = async (event: MessageEvent<{ studyId: string }>) => {
  const db = new StudioDatabase();
  try {
    const { study, labels } = await loadReportInputs(db, event.data.studyId);
    const units = indexStudy(inStudyOrder(study), inLabelOrder(labels), [], 'left-out');
    const timings = (['answer', 'match'] as const).map((task): DawidSkeneTiming => {
      const { ratings } = truthRatings(units.units[task], units.categories[task], units.judges[task], 'people');
      const start = performance.now();
      const fit = dawidSkene(ratings);
      const ms = performance.now() - start;
      return {
        task,
        raters: ratings.raterCount,
        items: ratings.itemCount,
        ratings: ratings.item.length,
        ms,
        iterations: fit.iterations,
        converged: fit.converged,
      };
    });
    self.postMessage({ timings });
  } catch (error) {
    self.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  } finally {
    db.close();
  }
};
