// Hard limits on untrusted input, checked before and while parsing so a hostile file is
// rejected with a clear message instead of exhausting memory or the stack.

import type { FormatError } from './errors';

export const INPUT_LIMITS = {
  maxFileBytes: 200 * 1024 * 1024,
  maxNestingDepth: 64,
  maxStringChars: 1024 * 1024,
  maxTurns: 5_000_000,
} as const;

/** A file as read from disk or from the browser: its name, size in bytes, and text. */
export interface SourceFile {
  name: string;
  text: string;
  /** Bytes on disk when known; otherwise the text length stands in. */
  size?: number;
  /** Set when the bytes were not UTF-8 (see sourceFileFromBytes): `text` then holds U+FFFD there, and parsers reject the file. */
  invalidUtf8?: Utf8Fault;
}

/** Where a file's bytes stop being UTF-8: the first bad byte, its 0-based offset, and its 1-based line and column. */
export interface Utf8Fault {
  offset: number;
  line: number;
  column: number;
  byte: number;
}

const MB = 1024 * 1024;

export function checkFileSize(file: SourceFile): FormatError | undefined {
  const size = file.size ?? file.text.length;
  if (size <= INPUT_LIMITS.maxFileBytes) return undefined;
  return {
    file: file.name,
    path: '',
    message: `file is ${(size / MB).toFixed(1)} MB; the limit is ${INPUT_LIMITS.maxFileBytes / MB} MB`,
  };
}

/** What every parser checks before reading the text: the file's size, then that its bytes were UTF-8. */
export function checkSourceFile(file: SourceFile): FormatError | undefined {
  const sizeError = checkFileSize(file);
  if (sizeError || file.invalidUtf8 === undefined) return sizeError;
  const { line, column, offset, byte } = file.invalidUtf8;
  const hex = byte.toString(16).toUpperCase().padStart(2, '0');
  return { file: file.name, line, path: '', message: `not UTF-8 text (column ${column}): the byte 0x${hex} at offset ${offset} is not valid UTF-8; save the file as UTF-8` };
}

/**
 * One linear pass over JSON text (a whole document or one JSONL line) that finds nesting
 * deeper than the limit and strings longer than the limit, without building anything.
 * `firstLine` numbers the lines of the text for the messages.
 */
export function scanJsonLimits(fileName: string, text: string, firstLine = 1): FormatError | undefined {
  let depth = 0;
  let line = firstLine;
  let inString = false;
  let stringStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        i++;
      } else if (c === 0x22 /* " */) {
        inString = false;
        if (i - stringStart > INPUT_LIMITS.maxStringChars) {
          return { file: fileName, line, path: '', message: `a string is longer than the limit of ${INPUT_LIMITS.maxStringChars / MB} MB` };
        }
      } else if (c === 0x0a) {
        line++;
      }
      continue;
    }
    if (c === 0x22) {
      inString = true;
      stringStart = i + 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > INPUT_LIMITS.maxNestingDepth) {
        return { file: fileName, line, path: '', message: `nesting is deeper than the limit of ${INPUT_LIMITS.maxNestingDepth} levels` };
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x0a) {
      line++;
    }
  }
  if (inString && text.length - stringStart > INPUT_LIMITS.maxStringChars) {
    return { file: fileName, line, path: '', message: `a string is longer than the limit of ${INPUT_LIMITS.maxStringChars / MB} MB` };
  }
  return undefined;
}
