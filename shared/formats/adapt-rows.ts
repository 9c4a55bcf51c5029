// Converts a JSON list in one of the public puzzle layouts into puzzles (and no sessions): picks
// the layout from the first row that names one, reads every row, merges repeats, gives ids.

import type { Puzzle } from '../domain/model';
import type { ErrorList } from './error-list';
import type { FormatError } from './errors';
import { isRecord } from './field-schemas';
import { assignPuzzleIds } from './puzzle-ids';
import { isPuzzleListRow, PUZZLE_LIST_FORMAT, readPuzzleListRow } from './puzzle-list';
import type { AdaptedRow } from './row-fields';
import { isSurfaceBottomRow, readSurfaceBottomRow, SURFACE_BOTTOM_FORMAT } from './surface-bottom';

interface Layout {
  format: string;
  matches: (row: unknown) => boolean;
  read: (raw: unknown, index: number, errors: ErrorList) => AdaptedRow | undefined;
  /** Whether rows with the same title, story and answer are one puzzle (one row per user guess). */
  mergesRepeats: boolean;
}

const LAYOUTS: readonly Layout[] = [
  { format: PUZZLE_LIST_FORMAT, matches: isPuzzleListRow, read: readPuzzleListRow, mergesRepeats: false },
  { format: SURFACE_BOTTOM_FORMAT, matches: isSurfaceBottomRow, read: readSurfaceBottomRow, mergesRepeats: true },
];

export const ACCEPTED_LAYOUTS =
  'expected a transcript bundle (an object with "format": "agreement-studio.transcripts/1"), ' +
  'a puzzle list (objects with "story" or "question", and "answer") ' +
  'or a surface/bottom list (objects with "surface", and "bottom" or "truth")';

interface AdaptedPuzzles {
  format: string;
  puzzles: Puzzle[];
}

interface PuzzleRows {
  first: AdaptedRow;
  givenIds: Set<string>;
  everyRowHasId: boolean;
}

export function adaptRows(rows: readonly unknown[], studyId: string, errors: ErrorList): AdaptedPuzzles | undefined {
  const firstMatch = rows.find((row) => LAYOUTS.some((layout) => layout.matches(row)));
  const layout = LAYOUTS.find((candidate) => candidate.matches(firstMatch));
  if (layout === undefined) {
    errors.add('', `${rows.length === 0 ? 'the file holds an empty list' : 'the rows match no layout this app reads'}; ${ACCEPTED_LAYOUTS}`);
    return undefined;
  }
  const groups: PuzzleRows[] = [];
  const byContent = new Map<string, PuzzleRows>();
  rows.forEach((raw, index) => {
    const row = layout.read(raw, index, errors);
    if (row === undefined) return;
    const key = layout.mergesRepeats ? JSON.stringify([row.puzzle.title ?? '', row.puzzle.story, row.puzzle.reference]) : undefined;
    const repeated = key === undefined ? undefined : byContent.get(key);
    if (repeated) {
      if (row.givenId !== undefined) repeated.givenIds.add(row.givenId);
      else repeated.everyRowHasId = false;
      return;
    }
    const group: PuzzleRows = { first: row, givenIds: new Set(row.givenId !== undefined ? [row.givenId] : []), everyRowHasId: row.givenId !== undefined };
    groups.push(group);
    if (key !== undefined) byContent.set(key, group);
  });
  if (errors.count > 0) {
    errors.update((error) => withRowId(error, rows));
    return undefined;
  }

  const ids = assignPuzzleIds(groups.map(({ first, givenIds, everyRowHasId }) => ({ givenIds, everyRowHasId, row: first.row, title: first.puzzle.title })));
  const puzzles = groups.map(({ first }, index): Puzzle => ({ studyId, id: ids[index] ?? '', ...first.puzzle }));
  return { format: layout.format, puzzles };
}

/** Longest row id quoted in a message; a longer one is cut, as it only helps find the row. */
const MAX_ROW_ID_CHARS = 40;

/** Adds the id a row gives (text or a number) to an error inside that row, so people can find the row. */
function withRowId(error: FormatError, rows: readonly unknown[]): FormatError {
  const index = /^\[(\d+)\]/.exec(error.path)?.[1];
  const row = index === undefined ? undefined : rows[Number(index)];
  const raw = isRecord(row) ? row.id : undefined;
  const id = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (id === '') return error;
  return { ...error, rowId: id.length > MAX_ROW_ID_CHARS ? `${id.slice(0, MAX_ROW_ID_CHARS)}…` : id };
}
