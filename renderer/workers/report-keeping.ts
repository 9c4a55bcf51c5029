// The report worker's kept reports: a report is kept in the study's database once computed, and
// opening it again with the same settings, the same app version and no write since to anything it
// reads (data-revision.ts) is answered from there, with no read of the labels and no bootstrap.

import { canonicalJson } from '../../shared/formats/canonical-json';
import { APP } from '../db/app-stamp';
import type { StudioDatabase } from '../db/database';
import { keepReport, keptReport } from '../db/kept-reports';
import type { ReportRequest, StudyReport } from './report-protocol';

/** What a report is computed with besides the data: its settings and the app's version, as one text. */
function computedWith(request: ReportRequest): string {
  return canonicalJson({ app: APP, request });
}

/**
 * The report kept for these settings while the study has not changed since it was computed. It
 * keeps its `generatedAt`: that says when its figures were computed, which is still true of them.
 */
export function keptStudyReport(db: StudioDatabase, studyId: string, request: ReportRequest): Promise<StudyReport | undefined> {
  return keptReport<StudyReport>(db, studyId, computedWith(request));
}

/** Keeps a report computed from a read that saw the marks `revision` (ReportInputs.revision). */
export function keepStudyReport(
  db: StudioDatabase,
  studyId: string,
  request: ReportRequest,
  revision: string | undefined,
  studyReport: StudyReport,
): Promise<void> {
  return keepReport(db, studyId, revision, computedWith(request), studyReport);
}

/** The report kept for these settings, or else `compute`'s, kept for the next open while no write overtook its read. */
export async function keptOrComputed(
  db: StudioDatabase,
  studyId: string,
  request: ReportRequest,
  compute: () => Promise<{ studyReport: StudyReport; revision: string | undefined }>,
): Promise<StudyReport> {
  const kept = await keptStudyReport(db, studyId, request);
  if (kept !== undefined) return kept;
  const { studyReport, revision } = await compute();
  await keepStudyReport(db, studyId, request, revision, studyReport);
  return studyReport;
}
