// What the import worker and the window exchange: progress by phase and the outcome, which
// says for an opened pack whose copy of the study it is, so the window can open it in annotator mode.

import type { StudyCounts } from '../../shared/domain/model';
import type { FormatError } from '../../shared/formats/errors';

export type ImportPhase = 'parsing' | 'writing';

export interface ImportPhaseProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

/** How to import: `combine` makes every transcript file of the request one study. */
export interface ImportOptions {
  combine?: boolean;
}

export interface ImportedStudySummary {
  id: string;
  name: string;
  counts: StudyCounts;
  /** What the import changed for people to know, e.g. ids prefixed with their file's name when files were combined. */
  notes?: string[];
  /** Set when the file was a pack: the study is this annotator's copy. */
  pack?: {
    annotator: { id: string; name: string };
    /** Units the pack added to the annotator's assignment. */
    newUnits: number;
    /** The same pack was opened before, so nothing changed. */
    alreadyOpened: boolean;
    /** The pack replaced the untouched demo study that the first start had loaded. */
    replacedSample: boolean;
  };
}

export type ImportOutcome = { ok: true; studies: ImportedStudySummary[] } | { ok: false; errors: FormatError[] };
