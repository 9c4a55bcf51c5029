// The plan worker's computation of a report's Estimated truth section (issue 33): the study read
// as the report reads it, with the settings of the report on the page, and the section built with
// its progress passed on. Apart from the report so that the report shows first: the section's
// refits take seconds.

import { buildEstimatedTruth } from '../../shared/report/build-report';
import type { EstimatedTruthSection, TruthRaters } from '../../shared/report/model/estimated-truth';
import type { StudioDatabase } from '../db/database';
import { loadReportInputs } from '../db/report-inputs';
import type { ReportProgress, ReportRequest } from './report-protocol';
import { READING, reportSettingsOf } from './study-report';

/** The section buildReport would add to the report of `request`, with the truth fitted to `raters`. */
export async function computeEstimatedTruth(
  db: StudioDatabase,
  studyId: string,
  request: ReportRequest,
  raters: TruthRaters,
  onProgress?: (progress: ReportProgress) => void,
): Promise<EstimatedTruthSection> {
  onProgress?.({ label: READING, done: 0, total: 1 });
  const { study, labels, gold } = await loadReportInputs(db, studyId, { gold: request.includeGold });
  return buildEstimatedTruth(
    {
      study,
      labels,
      gold,
      settings: reportSettingsOf(request),
      inputs: [],
      app: '',
      now: '',
      onProgress: (label, done, total) => onProgress?.({ label, done, total }),
    },
    raters,
  );
}
