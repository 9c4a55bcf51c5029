// Turns untrusted text into a JSON value with located errors: strips a BOM, enforces the
// input limits, and converts JSON.parse's position into a line and column.

import type { FormatError, ParseResult } from './errors';
import { checkFileSize, scanJsonLimits, type SourceFile } from './limits';

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses one JSON text (a whole file, or one JSONL line numbered `line`). */
export function parseJsonText(fileName: string, text: string, line?: number): ParseResult<unknown> {
  const limitError = scanJsonLimits(fileName, text, line ?? 1);
  if (limitError) return { ok: false, errors: [limitError] };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, errors: [syntaxError(fileName, text, error, line)] };
  }
}

/** Parses a whole JSON file after the size check. */
export function parseJsonDocument(file: SourceFile): ParseResult<unknown> {
  const sizeError = checkFileSize(file);
  if (sizeError) return { ok: false, errors: [sizeError] };
  const text = stripBom(file.text);
  if (text.trim() === '') return { ok: false, errors: [{ file: file.name, path: '', message: 'the file is empty; expected a JSON document' }] };
  return parseJsonText(file.name, text);
}

function syntaxError(fileName: string, text: string, error: unknown, lineOffset?: number): FormatError {
  const raw = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(raw);
  let line = lineOffset;
  let column: number | undefined;
  if (position) {
    const offset = Number(position[1]);
    const before = text.slice(0, offset);
    const newlines = before.split('\n').length - 1;
    line = (lineOffset ?? 1) + newlines;
    column = offset - before.lastIndexOf('\n');
  } else if (line === undefined) {
    line = text.split('\n').length;
  }
  const detail = raw.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '').replace(/,? ?"[^"]*"\.{3}.*$/, '');
  const where = column !== undefined ? ` (column ${column})` : '';
  return { file: fileName, line, path: '', message: `invalid JSON${where}: ${detail}` };
}
