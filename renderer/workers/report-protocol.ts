// What the report worker and the window exchange: the lead's report request, progress by
// phase, the report with the extras only the app shows, disagreements for the adjudication
// queue and the heatmap, and export files.

import type { UnparseableReplies } from '../../shared/domain/model';
import type { AgreementReport, PairedTest, Resampling } from '../../shared/report/model/report-model';

export interface ReportRequest {
  /** Bootstrap replicates B (default 1000). */
  bootstrap: number;
  seed: number;
  average: 'micro' | 'macro';
  /** Count the lead's gold labels as one more rater group, `gold`. */
  includeGold: boolean;
  /** Leave labels marked unsure out of every figure (the command line's --leave-out-unsure). */
  leaveOutUnsure: boolean;
  /** The study's setting for unparseable judge replies (the command line's --unparseable). */
  unparseable: UnparseableReplies;
  /** The Alt-Test's epsilon from the study's annotator expertise (ALT_TEST_EPSILON). */
  altTestEpsilon: number;
  /** What a bootstrap replicate draws: whole puzzles or single units (the command line's --resample). */
  resample: Resampling;
  /** The test of the paired comparisons (the command line's --paired-test). */
  pairedTest: PairedTest;
  /** The study's model families as the lead gave them (empty: the names' own). */
  modelFamilies: Record<string, string>;
  /** Selective evaluation's target agreement and its risk (the command line's --selective-agreement and --selective-risk). */
  selectiveAgreement: number;
  selectiveRisk: number;
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

export type { DisagreementQuery, RaterId, UnitDisagreement } from '../../shared/stats/study/disagreements';

export type DatasetFormat = 'jsonl' | 'csv';

export interface DatasetRequest {
  format: DatasetFormat;
  /** Lead export: judge labels included. Annotator mode exports without them. */
  includeJudges: boolean;
}

export type ReportFileFormat = 'json' | 'md' | 'csv' | 'latex';

export type { GoldInput } from '../db/gold';
