// Recognises the binary files people drop by mistake (an image, a PDF, a spreadsheet, an archive)
// by their first bytes, so the refusal says what the file looks like instead of quoting the first
// byte that is not UTF-8 or the first character that is not JSON.

export const EXCEL_WORKBOOK = 'an Excel workbook';
export const SQLITE_DATABASE = 'an SQLite database';

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
  // "SQLite format 3" and a NUL: the header of every SQLite 3 database file.
  { bytes: [...'SQLite format 3'].map((c) => c.charCodeAt(0)).concat(0), kind: SQLITE_DATABASE },
];

/** How far into a ZIP archive to look for an Excel workbook's part names. */
const ZIP_PEEK_BYTES = 4096;

/** What the bytes look like (e.g. "a PNG image"), or undefined when they start like no binary format known here. */
export function binaryKind(bytes: Uint8Array): string | undefined {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, i) => bytes[i] === byte));
  if (match === undefined) return undefined;
  // An .xlsx is a ZIP archive whose parts live under xl/; saying "Excel workbook" tells the person what to do.
  if (match.kind === 'a ZIP archive' && latin1(bytes.subarray(0, ZIP_PEEK_BYTES)).includes('xl/')) return EXCEL_WORKBOOK;
  return match.kind;
}

/** The sentence every parser gives for a binary file, so the app and the command line read alike. */
export function binaryFileMessage(kind: string): string {
  return `not a text file (it looks like ${kind}); choose the JSON, JSONL or CSV file instead`;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}
