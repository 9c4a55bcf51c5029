// What the backup worker and the window exchange: a backup's summary (what a restore would put
// back, and what of the file it does not read), and the outcome of checking or restoring a backup file, with every located error.

import type { FormatError } from '../../shared/formats/errors';

export interface BackupSummary {
  studyId: string;
  studyName: string;
  createdAt: string;
  app: string;
  counts: { puzzles: number; sessions: number; turns: number; annotators: number; labels: number; gold: number };
  /** Top-level members of the file that this version does not read (issue 26 point 7); absent when none. */
  notRead?: FormatError[];
}

export type BackupOutcome = { ok: true; summary: BackupSummary } | { ok: false; errors: FormatError[] };

export type { RestoreProgress, StudySnapshot } from '../db/backup';
