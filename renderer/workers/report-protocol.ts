// What the report worker and the window exchange: the lead's report request, progress by
// phase, the report with the extras only the app shows, disagreements for the adjudication
// queue and the heatmap, and export files.

import type { LabelValue, Task } from '../../shared/domain/model';
import type { Bucket } from '../../shared/domain/difficulty';
import type { AgreementReport, ReportTask } from '../../shared/report/report-model';

export interface ReportRequest {
  /** Bootstrap replicates B (default 1000). */
  bootstrap: number;
  seed: number;
  average: 'micro' | 'macro';
  /** Count the lead's gold labels as one more rater group, `gold`. */
  includeGold: boolean;
}

export interface ReportProgress {
  /** The phase, for the progress label, e.g. "Bootstrap: question agreement". */
  label: string;
  done: number;
  total: number;
}

/** The report as the app shows it: the CLI's report (same numbers) plus the difficulty histogram. */
export interface StudyReport {
  report: AgreementReport;
  /** ratingsByLevel[i] = difficulty ratings of level i + 1 (1..9). */
  ratingsByLevel: number[];
}

/** Who gave a label: `human:<annotator id>`, `judge:<model>` or `gold`. */
export type RaterId = string;

export interface DisagreementQuery {
  task: ReportTask;
  /** With both: the units where these two raters both labelled and disagree (a heatmap cell). */
  a?: RaterId;
  b?: RaterId;
  /** Only units without a gold label yet. */
  openOnly?: boolean;
  limit?: number;
}

export interface UnitDisagreement {
  task: ReportTask;
  unitId: string;
  puzzleId: string;
  sessionId: string;
  bucket: Bucket;
  /** The turn's text (question or final answer). */
  text: string;
  /** Every rater's label on the unit: humans, then judges. */
  labels: Array<{ rater: RaterId; value: string }>;
  /** Share of agreeing rater pairs, 0..1; the queue runs lowest first. */
  agreement: number;
  humanMajority: string | null;
  gold?: { value: LabelValue; note: string; at: string; by: string };
}

export type DatasetFormat = 'jsonl' | 'csv';

export interface DatasetRequest {
  format: DatasetFormat;
  /** Lead export: judge labels included. Annotator mode exports without them. */
  includeJudges: boolean;
}

export type ReportFileFormat = 'json' | 'md' | 'csv' | 'latex';

/** A gold label as the lead sets it (stored in the `gold` table, schema v3). */
export interface GoldInput {
  studyId: string;
  task: Task;
  unitId: string;
  value: LabelValue;
  note: string;
  /** Who adjudicated (the lead's name on this computer). */
  by: string;
}
