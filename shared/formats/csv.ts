// A small RFC 4180 reader for the CSV inputs (label CSV, reliability CSV): text in, rows of
// string fields out, with the 1-based line each row starts on so errors can name it.
// Accepts a BOM and CRLF, LF or CR line ends; quoted fields may hold commas, quotes and newlines.

import { stripBom } from './json-document';
import { INPUT_LIMITS } from './limits';

export interface CsvTable {
  rows: string[][];
  /** `lineOfRow[i]` is the 1-based line on which `rows[i]` starts. */
  lineOfRow: number[];
}

export type CsvReadResult = ({ ok: true } & CsvTable) | { ok: false; line: number; message: string };

/**
 * Splits CSV text into rows. Empty lines are skipped (a trailing newline, or blank lines a
 * spreadsheet left), but a quoted empty field `""` is a row. A quote inside an unquoted field
 * is kept as a literal character, as spreadsheets write `5" screen`; text after a closing quote
 * other than a comma or line end is an error, since the field's extent would be a guess.
 */
export function readCsv(input: string): CsvReadResult {
  const text = stripBom(input);
  const rows: string[][] = [];
  const lineOfRow: number[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const rowLine = line;
    const row: string[] = [];
    // A physical line with nothing on it holds no record.
    const first = text.charCodeAt(i);
    if (first === 0x0a || first === 0x0d) {
      i += first === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      line++;
      continue;
    }
    for (;;) {
      let field: string;
      if (text.charCodeAt(i) === 0x22 /* " */) {
        const fieldLine = line;
        const pieces: string[] = [];
        let start = i + 1;
        let closed = false;
        let j = start;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 0x22) {
            pieces.push(text.slice(start, j));
            if (text.charCodeAt(j + 1) === 0x22) {
              pieces.push('"');
              j += 2;
              start = j;
              continue;
            }
            closed = true;
            j++;
            break;
          }
          if (c === 0x0a || (c === 0x0d && text.charCodeAt(j + 1) !== 0x0a)) line++;
          j++;
        }
        if (!closed) return { ok: false, line: fieldLine, message: 'a quoted field is never closed (missing closing ")' };
        field = pieces.join('');
        i = j;
        const next = text.charCodeAt(i);
        if (i < n && next !== 0x2c && next !== 0x0a && next !== 0x0d) {
          return { ok: false, line, message: 'unexpected text after a closing quote; a quote inside a quoted field is written ""' };
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 0x2c || c === 0x0a || c === 0x0d) break;
          j++;
        }
        field = text.slice(i, j);
        i = j;
      }
      if (field.length > INPUT_LIMITS.maxStringChars) {
        return { ok: false, line, message: `a field is longer than the limit of ${INPUT_LIMITS.maxStringChars} characters` };
      }
      row.push(field);
      const c = text.charCodeAt(i);
      if (c === 0x2c) {
        i++;
        continue;
      }
      if (c === 0x0d || c === 0x0a) {
        i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
        line++;
      }
      break;
    }
    rows.push(row);
    lineOfRow.push(rowLine);
  }
  return { ok: true, rows, lineOfRow };
}
