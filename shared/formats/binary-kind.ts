// Recognises the binary files people drop by mistake (an image, a PDF, a spreadsheet, an archive)
// by their first bytes, so the refusal says what the file looks like instead of quoting the first
// byte that is not UTF-8 or the first character that is not JSON.

import { readZip } from './zip-archive';

export const EXCEL_WORKBOOK = 'an Excel workbook';
export const SQLITE_DATABASE = 'an SQLite database';
/** An Office file in the compound-file container that holds an encrypted workbook's EncryptionInfo: a workbook saved with a password. */
const ENCRYPTED_WORKBOOK = 'a password-protected (encrypted) Excel workbook';
const COMPOUND_FILE = 'an Office document in the old binary format (an .xls or .doc file)';

/** The binary kinds some importers read as such (SPLAT's puzzles.xlsx, GameArena's users.db), so their bytes are kept. */
export const READABLE_BINARY_KINDS: ReadonlySet<string> = new Set([EXCEL_WORKBOOK, SQLITE_DATABASE]);

/** Magic bytes at the start of a file, and what a person would call such a file. */
const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; kind: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: 'a PDF document' },
  { bytes: [0x1f, 0x8b], kind: 'a gzip-compressed file' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'a ZIP archive' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], kind: 'a ZIP archive' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], kind: COMPOUND_FILE },
  // "SQLite format 3" and a NUL: the header of every SQLite 3 database file.
  { bytes: [...'SQLite format 3'].map((c) => c.charCodeAt(0)).concat(0), kind: SQLITE_DATABASE },
];

/** How far into a ZIP archive to look for an Excel workbook's part names when its directory cannot be read. */
const ZIP_PEEK_BYTES = 4096;

/** What the bytes look like (e.g. "a PNG image"), or undefined when they start like no binary format known here. */
export function binaryKind(bytes: Uint8Array): string | undefined {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, i) => bytes[i] === byte));
  if (match === undefined) return undefined;
  // An .xlsx is a ZIP archive whose parts live under xl/; saying "Excel workbook" tells the person what to do.
  if (match.kind === 'a ZIP archive' && zipPartNames(bytes).some((name) => name.startsWith('xl/'))) return EXCEL_WORKBOOK;
  if (match.kind === COMPOUND_FILE && holdsUtf16(bytes, 'EncryptionInfo')) return ENCRYPTED_WORKBOOK;
  return match.kind;
}

/** The sentence every parser gives for a binary file, so the app and the command line read alike. */
export function binaryFileMessage(kind: string): string {
  if (kind === ENCRYPTED_WORKBOOK) return `${kind}: open it in Excel and save it again without a password, then choose that copy`;
  return `not a text file (it looks like ${kind}); choose the JSON, JSONL or CSV file instead`;
}

/**
 * The names of the archive's parts from its central directory, wherever in the file they are
 * ([Content_Types].xml need not come first); the names in its first bytes when the directory
 * cannot be read (a cut-short file), which the workbook reader then refuses in words.
 */
function zipPartNames(bytes: Uint8Array): string[] {
  try {
    return readZip(bytes).map((entry) => entry.name);
  } catch {
    return latin1(bytes.subarray(0, ZIP_PEEK_BYTES)).includes('xl/') ? ['xl/'] : [];
  }
}

/** Whether the bytes hold `name` in UTF-16LE, as a compound file's directory names its streams. */
function holdsUtf16(bytes: Uint8Array, name: string): boolean {
  const first = name.charCodeAt(0);
  for (let i = bytes.indexOf(first); i >= 0 && i + name.length * 2 <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    let k = 0;
    while (k < name.length && bytes[i + 2 * k] === name.charCodeAt(k) && bytes[i + 2 * k + 1] === 0) k++;
    if (k === name.length) return true;
  }
  return false;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}
