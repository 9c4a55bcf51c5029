// The third hostile round's files for the workbook and SQLite readers and the text checks (issue
// 27, findings 2, 3 and 6), built in memory: a shared string filling 150,000 cells, a million-row
// sheet, a 10 MB cell, zip bombs (one whose directory says 1.2 GB, one whose directory says 1 MB
// and which inflates to 300 MB), elements nested 200,000 deep, a GameArena users.db with a 150 MB
// blob in another table, a workbook whose part names come after its first 4 kB, an encrypted
// workbook's container, UTF-16 without a byte-order mark and a doubled byte-order mark. Each case
// says what the studio must do: refuse it whole with words matching `message`, or import it.

import { constants, deflateRawSync } from 'node:zlib';
import { loadSqlJsInNode } from '../../cli/support/sql-js';
import { byteWords, countWords, INPUT_LIMITS } from '../../shared/formats/limits';
import { readZip, writeZip, ZIP_DEFLATED, ZIP_STORED, type ZipEntry } from '../../shared/formats/zip-archive';
import { gameArenaDatabase } from '../shared/formats/importers/game-arena-run';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';

export interface ReaderCase {
  name: string;
  /** The finding of issue 27 it reproduces, in its words. */
  finding: string;
  bytes: () => Promise<Uint8Array>;
  /** Refused whole with a message matching this, or imported (its puzzles counted). */
  expect: { refused: RegExp } | { imported: { puzzles: number } };
}

const MB = 1024 * 1024;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A small valid workbook whose parts are then replaced or added to. */
function baseWorkbook(): ZipEntry[] {
  return readZip(
    writeWorkbook(
      [
        {
          name: 'Sheet1',
          rows: [
            ['title', 'story', 'answer', 'level of difficulty'],
            ['Lamp', 'A man lights a lamp.', 'It burns oil.', 3],
          ],
        },
      ],
      { asExcel: true },
    ),
  );
}

/** The workbook with `parts` put in place of (or beside) its own, deflated. */
function withParts(parts: Record<string, string | Uint8Array>, entries = baseWorkbook()): Uint8Array {
  const replaced = new Map(Object.entries(parts).map(([name, content]) => [name, typeof content === 'string' ? new TextEncoder().encode(content) : content]));
  const kept = entries.filter((entry) => !replaced.has(entry.name));
  const added = [...replaced].map(([name, data]): ZipEntry => ({
    name,
    method: ZIP_DEFLATED,
    crc: 0,
    size: data.length,
    data: new Uint8Array(deflateRawSync(data)),
  }));
  return writeZip([...kept, ...added]);
}

const sheetXml = (rows: string) => `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** `cells` cells (in rows of 100) that all use shared string 0, which is `chars` long. */
function sharedStringBomb(chars: number, cells: number): Uint8Array {
  const rows: string[] = [];
  for (let r = 1; r <= cells / 100; r++) rows.push(`<row r="${r}">${'<c t="s"><v>0</v></c>'.repeat(100)}</row>`);
  return withParts({
    'xl/sharedStrings.xml': `${XML_HEAD}<sst xmlns="${MAIN}" count="${cells}" uniqueCount="1"><si><t>${'x'.repeat(chars)}</t></si></sst>`,
    'xl/worksheets/sheet1.xml': sheetXml(rows.join('')),
  });
}

/**
 * Raw deflate data that inflates to `bytes` spaces: one 1 MB block flushed so that it stands
 * alone, repeated, and a final empty block. Built without inflating or deflating gigabytes.
 */
function spacesDeflated(bytes: number): Uint8Array {
  const block = new Uint8Array(deflateRawSync(Buffer.alloc(MB, 0x20), { finishFlush: constants.Z_FULL_FLUSH }));
  const count = Math.ceil(bytes / MB);
  const out = new Uint8Array(block.length * count + 2);
  for (let i = 0; i < count; i++) out.set(block, i * block.length);
  // A final block of fixed codes holding only its end: bits 1 (final), 01 (fixed), then code 256.
  out.set([0x03, 0x00], block.length * count);
  return out;
}

/** The base workbook with its sheet replaced by deflated data, its directory giving `claimed` bytes. */
function bomb(inflated: number, claimed: number): Uint8Array {
  const entries = baseWorkbook().map((entry) =>
    entry.name === 'xl/worksheets/sheet1.xml' ? { ...entry, method: ZIP_DEFLATED, size: claimed, data: spacesDeflated(inflated) } : entry,
  );
  return writeZip(entries);
}

/** An Office compound file (the container Excel saves an encrypted workbook in) naming its EncryptionInfo stream. */
function encryptedWorkbook(): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const name = 'EncryptionInfo';
  for (let i = 0; i < name.length; i++) bytes[1024 + 2 * i] = name.charCodeAt(i);
  return bytes;
}

/** A workbook whose first part is 8 kB of stored padding, so no part name of its own is in its first 4 kB. */
function partsPastFourKilobytes(): Uint8Array {
  const padding = new Uint8Array(8192).map((_, i) => (i * 7919) & 0xff);
  return writeZip([{ name: 'docProps/thumbnail.jpeg', method: ZIP_STORED, crc: 0, size: padding.length, data: padding }, ...baseWorkbook()]);
}

/** GameArena's users.db with a table the importer does not read holding one blob of `blobBytes`. */
async function databaseWithBlob(blobBytes: number): Promise<Uint8Array> {
  const SQL = await loadSqlJsInNode();
  const db = new SQL.Database(await gameArenaDatabase());
  try {
    db.run('CREATE TABLE avatars (id INTEGER PRIMARY KEY, image BLOB)');
    db.run(`INSERT INTO avatars (image) VALUES (zeroblob(${blobBytes}))`);
    return db.export();
  } finally {
    db.close();
  }
}

const bundleText = '{"format": "agreement-studio.transcripts/1", "id": "s", "name": "S", "puzzles": [], "sessions": []}';

export const READER_CASES: readonly ReaderCase[] = [
  {
    name: 'shared-string-bomb.xlsx',
    finding: 'one 900 kB shared string fills 150,000 cells',
    bytes: () => Promise.resolve(sharedStringBomb(900 * 1024, 150_000)),
    expect: {
      refused: new RegExp(
        `the cells of the sheet sheet1 hold ${countWords(900 * 1024 * 150_000)} characters of text \\(its shared string 1, ${countWords(900 * 1024)} characters, is used in 150,000 cells\\); the studio reads at most ${countWords(INPUT_LIMITS.maxWorkbookTextChars)} characters`,
      ),
    },
  },
  {
    name: 'million-rows.xlsx',
    finding: 'a sheet of a million rows',
    bytes: () => Promise.resolve(withParts({ 'xl/worksheets/sheet1.xml': sheetXml('<row><c><v>1</v></c></row>'.repeat(1_000_000)) })),
    expect: { refused: new RegExp(`the sheet sheet1 has 1,000,000 rows; the studio reads at most ${countWords(INPUT_LIMITS.maxSheetRows)}`) },
  },
  {
    name: 'ten-megabyte-cell.xlsx',
    finding: 'one 10 MB cell',
    bytes: () =>
      Promise.resolve(
        withParts({ 'xl/worksheets/sheet1.xml': sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'y'.repeat(10 * MB)}</t></is></c></row>`) }),
      ),
    expect: {
      refused: new RegExp(
        `the cell A1 of the sheet sheet1 holds ${countWords(10 * MB)} characters; the studio reads at most ${countWords(INPUT_LIMITS.maxCellChars)} in one cell`,
      ),
    },
  },
  {
    name: 'zip-bomb-1.2GB.xlsx',
    finding: 'a 1.2 MB file inflating to 1.2 GB',
    bytes: () => Promise.resolve(bomb(1229 * MB, 1229 * MB)),
    expect: {
      refused: new RegExp(
        `its part xl/worksheets/sheet1\\.xml unpacks to ${byteWords(1229 * MB)}; the studio reads at most ${byteWords(INPUT_LIMITS.maxWorkbookPartBytes)} in one part`,
      ),
    },
  },
  {
    name: 'zip-bomb-300MB-lying.xlsx',
    finding: 'a file inflating to 300 MB (its directory saying 1 MB)',
    bytes: () => Promise.resolve(bomb(300 * MB, MB)),
    expect: { refused: /its part xl\/worksheets\/sheet1\.xml is damaged \(it unpacks to more bytes than the directory gives\)/ },
  },
  {
    name: 'deep-elements.xlsx',
    finding: 'a sheet of elements nested 200,000 deep',
    bytes: () => Promise.resolve(withParts({ 'xl/worksheets/sheet1.xml': sheetXml(`${'<x>'.repeat(200_000)}${'</x>'.repeat(200_000)}`) })),
    expect: {
      refused: new RegExp(`its part xl/worksheets/sheet1\\.xml nests elements 200,002 deep; the studio reads at most ${INPUT_LIMITS.maxNestingDepth} levels`),
    },
  },
  {
    name: 'blob-150MB-users.db',
    finding: "a 150 MB blob in another table of GameArena's users.db",
    bytes: () => databaseWithBlob(150 * MB),
    expect: { imported: { puzzles: 3 } },
  },
  {
    name: 'content-types-past-4kB.xlsx',
    finding: 'a workbook whose [Content_Types].xml is not in its first 4 kB',
    bytes: () => Promise.resolve(partsPastFourKilobytes()),
    expect: { imported: { puzzles: 1 } },
  },
  {
    name: 'encrypted.xlsx',
    finding: 'a password-protected workbook',
    bytes: () => Promise.resolve(encryptedWorkbook()),
    expect: { refused: /a password-protected \(encrypted\) Excel workbook: open it in Excel and save it again without a password/ },
  },
  {
    name: 'utf16-no-bom.json',
    finding: 'UTF-16 without a byte-order mark',
    bytes: () => Promise.resolve(new Uint8Array(Buffer.from(bundleText, 'utf16le'))),
    expect: { refused: /UTF-16 text \(without a byte-order mark: a zero byte in every other place\); save it as UTF-8/ },
  },
  {
    name: 'doubled-bom.json',
    finding: 'a doubled byte-order mark',
    bytes: () => Promise.resolve(new Uint8Array(Buffer.from(`\uFEFF\uFEFF${bundleText}`, 'utf8'))),
    expect: { refused: /the file starts with two byte-order marks \(the invisible mark U\+FEFF .*\); save it as UTF-8 with one or none/ },
  },
];
