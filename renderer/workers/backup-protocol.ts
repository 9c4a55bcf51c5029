// What the backup worker and the window exchange: a backup's summary (what a restore would put
// back), and the outcome of checking or restoring a backup file, with every located error.

import type { FormatError } from '../../shared/formats/errors';

export interface BackupSummary {
  studyId: string;
  studyName: string;
  createdAt: string;
  app: string;
  counts: { puzzles: number; sessions: number; turns: number; annotators: number; labels: number; gold: number };
}

export type BackupOutcome = { ok: true; summary: BackupSummary } | { ok: false; errors: FormatError[] };

export type { RestoreProgress, StudySnapshot } from '../db/backup';
