// What the import worker and the window exchange: progress by phase and the outcome.

import type { StudyCounts } from '../../shared/domain/model';
import type { FormatError } from '../../shared/formats/errors';

export type ImportPhase = 'parsing' | 'writing';

export interface ImportPhaseProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

export interface ImportedStudySummary {
  id: string;
  name: string;
  counts: StudyCounts;
}

export type ImportOutcome = { ok: true; studies: ImportedStudySummary[] } | { ok: false; errors: FormatError[] };
