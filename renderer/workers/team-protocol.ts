// What the team worker and the window exchange: the lead's packs out, label files in, coverage,
// and the annotator's label file. Every call names the database so tests can use their own.

export type { LabelImportReport, LabelImportTotals, RejectedLabelFile } from '../db/import-label-files';
export type { OutgoingFile, WorkProgress } from '../db/long-work';
export type { PackRequest } from '../db/team-packs';
export type { AnnotatorCoverage, StudyCoverage, TaskCoverage } from '../../shared/study/coverage';
