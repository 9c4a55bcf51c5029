// What the import worker and the window exchange: progress by phase and the outcome, which
// says for an opened pack whose copy of the study it is, so the window can open it in annotator mode;
// a benchmark's files (and puzzle lists that left fields unread) wait in the worker, by request id,
// for the lead to agree or name the models.

import type { StudyCounts } from '../../shared/domain/model';
import type { FormatError } from '../../shared/formats/errors';
import type { ImportPreview } from '../../shared/formats/importers/import-preview';
import type { MissingName } from '../../shared/formats/importers/imported-study';

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

/**
 * An import held in the worker: its preview, for the lead to agree to, or the model names it lacks.
 * `unreadFields`: records read as a puzzle list that left fields unread, which the lead may map instead.
 */
export type PendingImport = { requestId: string } & ({ preview: ImportPreview; unreadFields?: true } | { needs: MissingName[]; message: string });

export type ImportStart = ImportOutcome | PendingImport;
