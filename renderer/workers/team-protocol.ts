// What the team worker and the window exchange: the lead's packs out, label files in, coverage,
// and the annotator's label file. Every call names the database so tests can use their own.

import type { FormatError } from '../../shared/formats/errors';
import type { LabelImportSummary } from '../db/import-labels';

export interface WorkProgress {
  /** What is being done, for the progress label, e.g. "Writing pack 3 of 55". */
  label: string;
  done: number;
  total: number;
}

/** A file the window hands to the platform to save. */
export interface OutgoingFile {
  name: string;
  text: string;
  mimeType: string;
}

export interface PackRequest {
  /** Annotators to write packs for; absent: every annotator of the assignment. */
  annotatorIds?: string[];
  /** Only the assigned units the annotator has not labelled yet. */
  missingOnly: boolean;
}

/** The import's counts over every file (see LabelImportSummary), with the files rejected whole (SPEC §6). */
export type LabelImportTotals = Omit<LabelImportSummary, 'rejected'> & { rejected: number };

export interface RejectedLabelFile {
  file: string;
  errors: FormatError[];
}

export interface LabelImportReport {
  totals: LabelImportTotals;
  rejected: RejectedLabelFile[];
}

export type { AnnotatorCoverage, StudyCoverage, TaskCoverage } from '../../shared/study/coverage';
