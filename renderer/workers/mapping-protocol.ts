// What the mapping worker and the window exchange: the fields of the files being mapped, and for a
// mapping the first records mapped with what the whole import would give, problems and leftovers.

import type { FormatError } from '../../shared/formats/errors';
import type { Leftover, MissingName } from '../../shared/formats/importers/imported-study';
import type { MappedRow } from '../../shared/formats/importers/mapping';

export type MappingFields = { ok: true; fieldNames: string[]; layouts: string[] } | { ok: false; errors: FormatError[] };

/** The first records mapped, and what importing every record would give. */
export interface MappingCheck {
  rows: MappedRow[];
  /** Every problem of the whole import (the first 200), and the names it still needs. */
  problems: FormatError[];
  needs: MissingName[];
  leftovers: Leftover[];
  counts?: { puzzles: number; sessions: number; turns: number; unparseable: number };
}

/** The mapped study as our own bundle's text, which the import worker then reads like any bundle file. */
export type MappedBundle = { ok: true; fileName: string; text: string } | { ok: false; errors: FormatError[] };
