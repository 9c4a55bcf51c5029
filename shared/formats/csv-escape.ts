// Writes CSV for the exports (agreement report, labelled dataset): RFC 4180 quoting, CRLF line
// ends, and formula-injection escaping of text cells (SPEC §6). Numbers are written as numbers,
// never escaped, so a negative statistic such as -0.12 stays numeric in a spreadsheet.

/** A text cell is escaped and quoted as needed; a number is written as is; null is an empty cell. */
export type CsvCell = string | number | null;

/** What starts a formula in Excel, LibreOffice and Google Sheets (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Besides RFC 4180's comma, quote and line breaks, `#` is quoted too: readers that skip
 * `#` comment lines (pandas' `comment='#'`) also cut an unquoted field at a `#`.
 */
const NEEDS_QUOTES = /[",\r\n#]/;

export const CSV_INJECTION_NOTE =
  "text cells that begin with =, +, -, @, a tab or a carriage return are prefixed with ' so spreadsheets do not run them as formulas";

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    // NaN and Infinity are not numbers a spreadsheet reads back; they are missing values here.
    return Number.isFinite(cell) ? String(cell) : '';
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** Header and rows as one CSV text, each record ended by CRLF. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return csvLine(header) + rows.map(csvLine).join('');
}

/**
 * A value from the inputs on a `#` comment line above a CSV table. A comment line is not a CSV
 * record, so it gets no quoting; percent-encoding `%`, `,`, `"` and line-breaking or control
 * characters keeps it one line and one cell, so no part of a study or file name can start a
 * cell of its own (a formula) or open a quoted field that would shift every cell after it.
 * Lossless: decodeURIComponent reads it back.
 */
export function csvCommentText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is encoded
  return text.replace(/[%,"\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, encodeURIComponent);
}

export const CSV_COMMENT_NOTE =
  'in these comment lines % and commas and quotes and control characters of values are percent-encoded (decodeURIComponent reads them back)';
