// Hard limits on untrusted input, checked before and while parsing so a hostile file is
// rejected with a clear message instead of exhausting memory or the stack.

import { binaryFileMessage } from './binary-kind';
import type { FormatError } from './errors';
import { quote } from './quote';
import { jsonPath } from './zod-issues';

/**
 * Every limit on what the studio reads, in one table (docs/formats.md lists it). Each reader checks
 * its limit before the work it bounds, and a file over one is refused with the limit and the
 * file's own figure. Each number leaves real files far below it; the bench (`npm run bench`,
 * hostile readers) shows a file at the limit is read in seconds and under 500 MB.
 */
export const INPUT_LIMITS = {
  /** One file's bytes, checked before it is read; an SQLite database is read whole into memory, so it bounds the pages read too. */
  maxFileBytes: 200 * 1024 * 1024,
  /** Objects or arrays in one another (JSON), elements in one another (a workbook's XML), maps and lists in one another (YAML); real files go 6 deep. */
  maxNestingDepth: 64,
  /** One string: a JSON or CSV field, an id, a story. */
  maxStringChars: 1024 * 1024,
  maxTurns: 5_000_000,
  /** One unzipped part of a workbook (a sheet, the shared strings); SPLAT's largest is 0.6 MB, and a 76 MB sheet takes read-excel-file over 400 MB. */
  maxWorkbookPartBytes: 32 * 1024 * 1024,
  /** All of a workbook's parts unzipped, checked against the archive's directory before any is unpacked. */
  maxWorkbookBytes: 64 * 1024 * 1024,
  /** Rows of one sheet, counted from the sheet's row numbers: SPLAT's puzzles.xlsx has 976, AgentBench's workbooks fewer; a puzzle sheet of 50,000 rows imports on the command line in under 2 s and 300 MB (the bench), one of 100,000 took 11 s. */
  maxSheetRows: 50_000,
  /** Cells of every sheet, empty ones inside each sheet's extent included (the reader fills them in): 100,000 rows of 5 columns take read-excel-file 2 s and under 400 MB. */
  maxWorkbookCells: 500_000,
  /** One workbook cell once its shared string is filled in: over the string limit, as a judge's reply of 2 MB in a mapped sheet is read whole and kept cut (Excel itself holds 32,767 characters in a cell). */
  maxCellChars: 4 * 1024 * 1024,
  /** Entries of the shared strings; a workbook cannot use more than it has cells. */
  maxSharedStrings: 500_000,
  /** The text of every cell once shared strings are filled in, so one long string in many cells counts each time. */
  maxWorkbookTextChars: 64 * 1024 * 1024,
  /** One YAML settings file (SPLAT's or AgentBench's config.yaml, 3 kB): the `yaml` package builds a node per value, and 2 MB of a flat list takes it 300 MB. */
  maxYamlBytes: 1024 * 1024,
  /** Uses of aliases in one YAML document, each alias inside an anchor counted every time that anchor is used (the `yaml` package's own default for toJS): SPLAT's config.yaml has none. */
  maxYamlAliases: 100,
  /** One SQLite database, checked before SQLite opens it: SQLite (sql.js) copies the whole file into its own memory, so a database costs twice its size; GameArena's users.db files are a few MB. */
  maxSqliteBytes: 64 * 1024 * 1024,
  /** One value read from an SQLite table: GameArena's history of one game is a few kB; a reply over the string limit is still read and kept cut. */
  maxSqliteValueBytes: 16 * 1024 * 1024,
} as const;

/** A count in words for a limit's message: 1,000,000. */
export function countWords(n: number): string {
  return n.toLocaleString('en');
}

/** Bytes in words for a limit's message: "1.2 GB", "650 kB", "32 MB". */
export function byteWords(bytes: number): string {
  const units: ReadonlyArray<[number, string]> = [
    [1024 * 1024 * 1024, 'GB'],
    [1024 * 1024, 'MB'],
    [1024, 'kB'],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1)).toLocaleString('en')} ${unit}`;
  return `${bytes} bytes`;
}

/** A file as read from disk or from the browser: its name, size in bytes, and text. */
export interface SourceFile {
  name: string;
  text: string;
  /** Bytes on disk when known; otherwise the text length stands in. */
  size?: number;
  /** Set when the bytes were not UTF-8 (see sourceFileFromBytes): `text` then holds U+FFFD there, and parsers reject the file. */
  invalidUtf8?: Utf8Fault;
  /** Set when the bytes start like a known binary format (see binary-kind.ts), e.g. "a PNG image": parsers reject the file as not text. */
  binaryKind?: string;
  /** Set when the bytes are text in another form than UTF-8 that saving again fixes (UTF-16, a doubled byte-order mark; see textEncodingProblem): the message. */
  encodingProblem?: string;
  /** The bytes of a binary file that an importer reads as such (READABLE_BINARY_KINDS: a workbook, an SQLite database); `text` is then empty. */
  bytes?: Uint8Array;
}

/** Where a file's bytes stop being UTF-8: the first bad byte, its 0-based offset, and its 1-based line and column. */
export interface Utf8Fault {
  offset: number;
  line: number;
  column: number;
  byte: number;
}

const MB = 1024 * 1024;

/** How large a file may be, and what to call it in the message; imports take the input limit. */
interface SizeLimit {
  maxBytes: number;
  what?: string;
}

export function checkFileSize(file: SourceFile, limit: SizeLimit = { maxBytes: INPUT_LIMITS.maxFileBytes }): FormatError | undefined {
  const size = file.size ?? file.text.length;
  if (size <= limit.maxBytes) return undefined;
  const forWhat = limit.what !== undefined ? ` for ${limit.what}` : '';
  return { file: file.name, path: '', message: `file is ${(size / MB).toFixed(1)} MB; the limit${forWhat} is ${limit.maxBytes / MB} MB` };
}

/** What every parser checks before reading the text: the file's size, that it is not a binary file, then that its bytes were UTF-8. */
export function checkSourceFile(file: SourceFile, limit?: SizeLimit): FormatError | undefined {
  const sizeError = checkFileSize(file, limit);
  if (sizeError) return sizeError;
  if (file.binaryKind !== undefined) return { file: file.name, path: '', message: binaryFileMessage(file.binaryKind) };
  if (file.encodingProblem !== undefined) return { file: file.name, path: '', message: file.encodingProblem };
  if (file.invalidUtf8 === undefined) return undefined;
  const { line, column, offset, byte } = file.invalidUtf8;
  const hex = byte.toString(16).toUpperCase().padStart(2, '0');
  return {
    file: file.name,
    line,
    path: '',
    message: `not UTF-8 text (column ${column}): the byte 0x${hex} at offset ${offset} is not valid UTF-8; save the file as UTF-8`,
  };
}

/** What one pass over JSON text found: a broken limit, and members given twice in one object. */
export interface JsonScan {
  /** Nesting or a string over the limit: JSON.parse must not see the text. */
  limitError?: FormatError;
  /** Every member named twice in one object (at most MAX_DUPLICATES), where the second one stands. */
  duplicates: FormatError[];
}

const MAX_DUPLICATES = 20;
/** An object's member names are compared one by one up to this many, then through a Set. */
const LINEAR_KEY_LIMIT = 16;

/** One open object or array of the scan: where it is, and the member names an object has had. */
interface Frame {
  isArray: boolean;
  /** The array index of the current item. */
  index: number;
  /** The object's member being read, and whether the next string is a member name. */
  key: string;
  expectKey: boolean;
  keys: string[];
  keySet: Set<string> | undefined;
}

/**
 * One linear pass over JSON text (a whole document or one JSONL line) that finds nesting
 * deeper than the limit, strings longer than the limit once decoded (`\n` is one character),
 * and members named twice in one object. JSON.parse keeps the last of two same-named members
 * without a word, so a file could show one value to a reader and hold another: the parsers
 * refuse such files. `firstLine` numbers the lines of the text for the messages.
 */
export function scanJson(fileName: string, text: string, firstLine = 1): JsonScan {
  const duplicates: FormatError[] = [];
  // Nesting is capped, so the frames are made once per depth and reused.
  const frames: Frame[] = [];
  let depth = 0;
  let line = firstLine;
  const tooLong = (): JsonScan => ({
    limitError: { file: fileName, line, path: '', message: `a string is longer than the limit of ${INPUT_LIMITS.maxStringChars / MB} MB` },
    duplicates,
  });
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      const startLine = line;
      let escapes = 0;
      let escaped = false;
      for (i = start; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x22) break;
        if (s === 0x5c /* \ */) {
          escaped = true;
          // \uXXXX is one character written as six, any other escape one written as two.
          const extra = text.charCodeAt(i + 1) === 0x75 /* u */ ? 5 : 1;
          escapes += extra;
          i += extra;
        } else if (s === 0x0a) {
          line++;
        }
      }
      if (i - start - escapes > INPUT_LIMITS.maxStringChars) return tooLong();
      const frame = depth > 0 ? frames[depth - 1] : undefined;
      if (frame !== undefined && frame.expectKey) {
        frame.expectKey = false;
        frame.key = escaped ? decodeKey(text.slice(start, i)) : text.slice(start, i);
        if (rememberKey(frame) && duplicates.length < MAX_DUPLICATES) {
          duplicates.push({
            file: fileName,
            line: startLine,
            path: framePath(frames, depth),
            message: `the member ${quote(frame.key)} is given twice in this object; each member may be given once (a reader would keep only the last)`,
          });
        }
      }
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > INPUT_LIMITS.maxNestingDepth) {
        return {
          limitError: { file: fileName, line, path: '', message: `nesting is deeper than the limit of ${INPUT_LIMITS.maxNestingDepth} levels` },
          duplicates,
        };
      }
      const frame = frames[depth - 1] ?? (frames[depth - 1] = { isArray: false, index: 0, key: '', expectKey: false, keys: [], keySet: undefined });
      frame.isArray = c === 0x5b;
      frame.index = 0;
      frame.key = '';
      frame.expectKey = c === 0x7b;
      frame.keys.length = 0;
      frame.keySet = undefined;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth > 0) depth--;
    } else if (c === 0x2c /* , */) {
      const frame = depth > 0 ? frames[depth - 1] : undefined;
      if (frame?.isArray) frame.index++;
      else if (frame) frame.expectKey = true;
    } else if (c === 0x0a) {
      line++;
    }
  }
  return { duplicates };
}

/** A member name with escapes, decoded so `"a"` and `"\u0061"` are seen as one name. */
function decodeKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    // Not a valid string: JSON.parse of the whole text reports the syntax error.
    return raw;
  }
}

/** Adds the frame's current member name to those it has had; true when it had it already. */
function rememberKey(frame: Frame): boolean {
  const { key } = frame;
  if (frame.keySet !== undefined) {
    if (frame.keySet.has(key)) return true;
    frame.keySet.add(key);
    return false;
  }
  if (frame.keys.includes(key)) return true;
  frame.keys.push(key);
  if (frame.keys.length > LINEAR_KEY_LIMIT) frame.keySet = new Set(frame.keys);
  return false;
}

/** The JSON path of the member or item being read at `depth`, e.g. `sessions[3].turns`. */
function framePath(frames: readonly Frame[], depth: number): string {
  return jsonPath(frames.slice(0, depth).map((frame) => (frame.isArray ? frame.index : frame.key)));
}
