// Located errors for every input format: which file, where in it, and what was expected.
// Parsers return them as a complete list instead of throwing on the first one.

export interface FormatError {
  file: string;
  /** 1-based line, for line-oriented inputs (JSONL, CSV) and JSON syntax errors. */
  line?: number;
  /** JSON path such as `sessions[3].turns[2].judgements`, or '' for the whole file. */
  path: string;
  message: string;
  /** For people: the id of the puzzle-list row that `path` points into, when the row gives one. */
  rowId?: string;
  /** For people: what one row of a top-level list is, when it is not a puzzle (TurtleBench's 1.5k rows are guesses). */
  rowNoun?: string;
  /** For a warning on a field a puzzle list does not read: in how many rows it holds something, and its first few values. */
  unread?: { count: number; examples: string[] };
}

/**
 * A parse's outcome. A file that reads may still carry `warnings`: what it holds that was not read
 * (a top-level member this version does not know), named so nothing is dropped without a word.
 */
export type ParseResult<T> = { ok: true; value: T; warnings?: FormatError[] } | { ok: false; errors: FormatError[] };

/** A path into a puzzle list (a top-level array of rows): `[11].answer`. */
const ROW_PATH = /^\[(\d+)\](?:\.(.+)|(\[.+))?$/;

/**
 * Where an error is, in words: a puzzle-list path such as `[11].answer` reads "puzzle 12 (id A),
 * field answer" (or "guess 12 …" when the error says its rows are guesses); any other path is shown
 * as it is. The machine-readable path stays in the error.
 */
export function errorPlace(error: FormatError): string {
  const row = ROW_PATH.exec(error.path);
  if (row === null) return error.path;
  const id = error.rowId !== undefined ? ` (id ${error.rowId})` : '';
  const field = row[2] ?? row[3];
  return `${error.rowNoun ?? 'puzzle'} ${Number(row[1]) + 1}${id}${field !== undefined ? `, field ${field}` : ''}`;
}

/** One line per error, for the app's error lists and the command line alike: file, line, place, message. */
export function formatErrorText(error: FormatError): string {
  const where = [error.file, error.line !== undefined ? `line ${error.line}` : '', errorPlace(error)].filter((part) => part !== '').join(': ');
  return `${where}: ${error.message}`;
}
