// Turns untrusted text into a JSON value with located errors: strips a BOM, enforces the
// input limits, refuses members given twice, and converts JSON.parse's position into a line and column.

import type { FormatError, ParseResult } from './errors';
import { checkSourceFile, scanJson, type SourceFile } from './limits';

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses one JSON text (a whole file, or one JSONL line numbered `line`). */
export function parseJsonText(fileName: string, text: string, line?: number): ParseResult<unknown> {
  const scan = scanJson(fileName, text, line ?? 1);
  if (scan.limitError) return { ok: false, errors: [scan.limitError] };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, errors: [syntaxError(fileName, text, error, line)] };
  }
  // Only now: in text that is not JSON, what looks like a member name may not be one.
  return scan.duplicates.length > 0 ? { ok: false, errors: scan.duplicates } : { ok: true, value };
}

/** Parses a whole JSON file after the size and encoding checks. */
export function parseJsonDocument(file: SourceFile): ParseResult<unknown> {
  const fileError = checkSourceFile(file);
  if (fileError) return { ok: false, errors: [fileError] };
  const text = stripBom(file.text);
  if (text.trim() === '') return { ok: false, errors: [{ file: file.name, path: '', message: 'the file is empty; expected a JSON document' }] };
  return parseJsonText(file.name, text);
}

function syntaxError(fileName: string, text: string, error: unknown, lineOffset?: number): FormatError {
  const raw = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(raw);
  // V8 gives no position for "Unexpected token" (a trailing comma, a stray character), so find it.
  const offset = position ? Number(position[1]) : syntaxErrorOffset(text);
  const before = text.slice(0, offset);
  const line = (lineOffset ?? 1) + before.split('\n').length - 1;
  const column = offset - before.lastIndexOf('\n');
  // Drop the engine's quote of the surrounding text: it may span lines and repeats the input.
  const detail = raw
    .replace(/^JSON\.parse: /, '')
    .replace(/ at position \d+[\s\S]*$/, '')
    .replace(/ in JSON$/, '')
    .replace(/, (?:\.{3})?"[\s\S]*"(?:\.{3})? is not valid JSON$/, '');
  const invisible = invisibleCharacter(text.charCodeAt(offset));
  const said = invisible !== undefined ? `${invisible}, which is not JSON; delete it and save the file again` : detail;
  return { file: fileName, line, path: '', message: `invalid JSON (column ${column}): ${said}` };
}

/** A character the engine would quote as nothing visible, named in words; undefined for a visible one (and for tabs and line breaks, which the engine names). */
function invisibleCharacter(code: number): string | undefined {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0xfeff) return `a byte-order mark (${hex}, an invisible mark some editors put first)`;
  const invisible =
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    code === 0x7f ||
    code === 0xa0 ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064);
  return invisible ? `an invisible character (${hex})` : undefined;
}

/**
 * Offset of the first syntax error in text JSON.parse rejected. Recursion is safe: the text
 * passed scanJson, so nesting is at most INPUT_LIMITS.maxNestingDepth.
 */
function syntaxErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new RangeError(String(i));
  };
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const expect = (char: string): void => {
    skipSpace();
    if (text.charAt(i) !== char) fail();
    i++;
  };
  const literal = (pattern: RegExp): void => {
    pattern.lastIndex = i;
    if (!pattern.test(text)) fail();
    i = pattern.lastIndex;
  };
  const string = (): void => {
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22 /* " */) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c === 0x5c /* \ */) {
        i++;
        if (text.charAt(i) === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 4;
        else if (text.charAt(i) === '' || !'"\\/bfnrt'.includes(text.charAt(i))) fail();
      }
    }
    fail();
  };
  const members = (close: string, member: () => void): void => {
    i++;
    skipSpace();
    if (text.charAt(i) === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      skipSpace();
      if (text.charAt(i) === close) break;
      expect(',');
    }
    i++;
  };
  const value = (): void => {
    skipSpace();
    const c = text.charAt(i);
    if (c === '{') {
      members('}', () => {
        skipSpace();
        if (text.charAt(i) !== '"') fail();
        string();
        expect(':');
        value();
      });
    } else if (c === '[') members(']', value);
    else if (c === '"') string();
    else literal(/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y);
  };
  try {
    value();
    skipSpace();
    return i < text.length ? i : text.length;
  } catch (error) {
    if (error instanceof RangeError && /^\d+$/.test(error.message)) return Number(error.message);
    throw error;
  }
}
