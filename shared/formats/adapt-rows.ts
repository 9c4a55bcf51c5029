// Converts a JSON list in one of the public puzzle layouts into puzzles (and no sessions): picks
// the layout from the first row that names one, reads every row, merges repeats, gives ids, and
// counts the fields of the rows the layout does not read, so none is dropped without a word.

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
  /** Every field a row of the layout may hold that goes into its puzzle. */
  fields: ReadonlySet<string>;
}

// The fields both layouts read (row-fields.ts commonRowFields, difficulty).
const COMMON_FIELDS = ['id', 'title', 'language', 'genre', 'source', 'difficulty', 'level of difficulty'];

const LAYOUTS: readonly Layout[] = [
  {
    format: PUZZLE_LIST_FORMAT,
    matches: isPuzzleListRow,
    read: readPuzzleListRow,
    mergesRepeats: false,
    fields: new Set([...COMMON_FIELDS, 'story', 'question', 'answer', 'keyClues', 'clue']),
  },
  {
    format: SURFACE_BOTTOM_FORMAT,
    matches: isSurfaceBottomRow,
    read: readSurfaceBottomRow,
    mergesRepeats: true,
    fields: new Set([...COMMON_FIELDS, 'surface', 'bottom', 'truth', 'tips']),
  },
];

export const ACCEPTED_LAYOUTS =
  'expected a transcript bundle (an object with "format": "agreement-studio.transcripts/1"), ' +
  'a puzzle list (objects with "story" or "question", and "answer") ' +
  'or a surface/bottom list (objects with "surface", and "bottom" or "truth")';

/** A field of the rows the layout does not read: in how many rows it holds something, and the first few values. */
export interface UnusedField {
  field: string;
  count: number;
  examples: string[];
}

interface AdaptedPuzzles {
  format: string;
  puzzles: Puzzle[];
  unused: UnusedField[];
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
  return { format: layout.format, puzzles, unused: unusedFields(rows, layout.fields) };
}

/** Every field of the rows outside `fields` that holds something (not "", null or []), in the order first met. */
function unusedFields(rows: readonly unknown[], fields: ReadonlySet<string>): UnusedField[] {
  const unused = new Map<string, UnusedField>();
  for (const row of rows) {
    if (!isRecord(row)) continue;
    for (const [field, value] of Object.entries(row)) {
      if (fields.has(field) || value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
      const entry = unused.get(field) ?? { field, count: 0, examples: [] };
      unused.set(field, entry);
      entry.count++;
      if (entry.examples.length < 3) entry.examples.push(shortValue(value));
    }
  }
  return [...unused.values()];
}

function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
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
