// What the mapping worker and the window exchange: the fields of the files being mapped, and for a
// mapping the first records mapped with what the whole import would give (counts, each label
// column's values), problems and leftovers; and the mapped study, for the import worker to store.

import type { FormatError } from '../../shared/formats/errors';
import type { ImportedStudy, Leftover, MissingName } from '../../shared/formats/importers/imported-study';
import type { LabelColumn, MappedRow } from '../../shared/formats/importers/mapping';

export type MappingFields = { ok: true; fieldNames: string[]; layouts: string[] } | { ok: false; errors: FormatError[] };

/** The first records mapped, and what importing every record would give. */
export interface MappingCheck {
  rows: MappedRow[];
  /** Every problem of the whole import (the first 200), and the names it still needs. */
  problems: FormatError[];
  needs: MissingName[];
  leftovers: Leftover[];
  /** Each rater's and judge's label column over every record: its distinct values with their counts, and its labels. */
  columns: LabelColumn[];
  counts?: { puzzles: number; sessions: number; turns: number; questions: number; finals: number; unparseable: number };
}

/** The mapped study, with the files it came from, which the import worker stores with its raters' labels. */
export type MappedStudy = { ok: true; study: ImportedStudy; fileNames: string[] } | { ok: false; errors: FormatError[] };
