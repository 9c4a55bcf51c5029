// The import and mapping workers' workbook reader: a workbook saved as Excel saves it (deflated
// parts, one over 512 KB, which read-excel-file would inflate in a blob: worker the app's policy
// refuses) becomes a copy with every part stored, read to the same rows as the command line reads
// the original; SPLAT's real puzzles.xlsx too (when ../shared/real-data is present). A damaged,
// lying or cut-short workbook is refused in words that name the part, and the importer names the file.
// A part inflating far past its directory's size is handed to the decompressor in slices of 4 kB.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_READERS } from '../../../cli/support/file-readers';
import { EXCEL_WORKBOOK } from '../../../shared/formats/binary-kind';
import { importSplatPuzzleSheet } from '../../../shared/formats/importers/splat-puzzle-sheet';
import { readZip, writeZip, ZIP_DEFLATED, ZIP_STORED } from '../../../shared/formats/zip-archive';
import { inflateInNode } from '../../../cli/support/workbook-inflate';
import { storedWorkbook, storedWorkbook as storedWorkbookWith } from '../../../shared/formats/workbook-parts';
import { inflateInBrowser, WORKBOOK_READERS } from '../../../renderer/workers/workbook-reader';
import { splatScaleSheet } from '../../shared/formats/importers/splat-run';
import { writeWorkbook } from '../../shared/formats/importers/workbook-writer';

const sheet = splatScaleSheet();
const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

/** The workbook with its entries changed by `change`, written again. */
function rewritten(bytes: Uint8Array, change: (entries: ReturnType<typeof readZip>) => ReturnType<typeof readZip>): ArrayBuffer {
  return buffer(writeZip(change(readZip(bytes))));
}

async function refusal(read: Promise<unknown>): Promise<string> {
  try {
    await read;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('read without a refusal');
}

describe('the workbook reader of the import and mapping workers', () => {
  it('stores every part of an Excel-saved workbook, including the shared strings over 512 KB, and reads the rows the command line reads', async () => {
    const parts = readZip(sheet.bytes);
    const shared = parts.find((entry) => entry.name === 'xl/sharedStrings.xml');
    expect(shared?.method).toBe(ZIP_DEFLATED);
    expect(shared?.size).toBeGreaterThan(512 * 1024);

    const stored = readZip(new Uint8Array(await storedWorkbook(buffer(sheet.bytes), inflateInBrowser)));
    expect(stored.map((entry) => entry.method)).toEqual(parts.map(() => ZIP_STORED));
    expect(stored.map((entry) => [entry.name, entry.size, entry.crc])).toEqual(parts.map((entry) => [entry.name, entry.size, entry.crc]));

    const rows = await WORKBOOK_READERS.readWorkbook(buffer(sheet.bytes), { trim: false });
    expect(rows).toEqual(await FILE_READERS.readWorkbook(buffer(sheet.bytes), { trim: false }));
    expect(rows[0]?.data).toHaveLength(976);
    expect(rows[0]?.data[1]).toEqual([sheet.rows[0]?.title, sheet.rows[0]?.story, sheet.rows[0]?.answer, sheet.rows[0]?.level]);
    expect(await WORKBOOK_READERS.readSheet(buffer(sheet.bytes), 'Sheet1')).toEqual(rows[0]?.data);
  });

  it('reads a workbook whose parts are stored already', async () => {
    const bytes = writeWorkbook([
      {
        name: 'Runs',
        rows: [
          ['a', 'b'],
          ['x', 2],
        ],
      },
    ]);
    expect(await WORKBOOK_READERS.readSheet(buffer(bytes), 1)).toEqual([
      ['a', 'b'],
      ['x', 2],
    ]);
  });

  it.each([
    ['the browser', inflateInBrowser],
    ['Node', inflateInNode],
  ])(
    'refuses a damaged part, a part longer or shorter than its directory says, a cut-short file and one too large unpacked, in words (inflated by %s)',
    async (_host, inflate) => {
      const storedWorkbook = (bytes: ArrayBuffer) => storedWorkbookWith(bytes, inflate);
      const corrupt = rewritten(sheet.bytes, (entries) =>
        entries.map((entry) => (entry.name === 'xl/sharedStrings.xml' ? { ...entry, data: entry.data.map((byte, i) => (i > 100 ? 0xff : byte)) } : entry)),
      );
      expect(await refusal(storedWorkbook(corrupt))).toMatch(/^its part xl\/sharedStrings\.xml is damaged \(.+\); copy or download the workbook again$/);

      const sized = (delta: number) =>
        rewritten(sheet.bytes, (entries) => entries.map((entry) => (entry.name === 'xl/sharedStrings.xml' ? { ...entry, size: entry.size + delta } : entry)));
      expect(await refusal(storedWorkbook(sized(-1)))).toBe(
        'its part xl/sharedStrings.xml is damaged (it unpacks to more bytes than the directory gives); copy or download the workbook again',
      );
      expect(await refusal(storedWorkbook(sized(1)))).toBe(
        'its part xl/sharedStrings.xml is damaged (it unpacks to fewer bytes than the directory gives); copy or download the workbook again',
      );
      expect(await refusal(storedWorkbook(buffer(sheet.bytes.subarray(0, 100_000))))).toMatch(/^the file is cut short or damaged/);
      const huge = rewritten(sheet.bytes, (entries) => entries.map((entry) => ({ ...entry, size: 100 * 1024 * 1024 })));
      expect(await refusal(storedWorkbook(huge))).toBe(
        'its part [Content_Types].xml unpacks to 100 MB; the studio reads at most 32 MB in one part of a workbook',
      );
    },
  );

  it('gives the importer a refusal that names the file and says the workbook cannot be read', async () => {
    const bytes = sheet.bytes.subarray(0, 100_000);
    const result = await importSplatPuzzleSheet(
      [{ name: 'puzzles.xlsx', text: '', size: bytes.length, binaryKind: EXCEL_WORKBOOK, bytes }],
      {},
      WORKBOOK_READERS,
    );
    expect(result.ok ? [] : result.errors).toEqual([
      {
        file: 'puzzles.xlsx',
        path: '',
        message: 'cannot read the workbook: the file is cut short or damaged (its ZIP directory is not where it should be); copy or download it again',
      },
    ]);
  });
});

describe("the browser's inflating of a part that lies about its size", () => {
  afterEach(() => vi.unstubAllGlobals());

  // Chromium's stream inflates each chunk written to it whole, and writes wait while its output is
  // unread; so the chunks must be small for a bomb to be stopped near its bound (the bench measures
  // the memory: 300 MB from a 300 kB part before, none now). Node's stream stands in, its chunks counted.
  it('hands the decompressor a bomb 4 kB at a time and stops at the size the directory gives', async () => {
    const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: constants.Z_BEST_COMPRESSION }));
    // The platform's stream, with the compressed bytes written to it counted: each is inflated whole.
    const Real = globalThis.DecompressionStream;
    let written = 0;
    let largest = 0;
    class CountingDecompression {
      readonly writable: WritableStream<BufferSource>;
      readonly readable: ReadableStream<Uint8Array>;
      constructor(format: CompressionFormat) {
        const inflating = new Real(format);
        const counting = new TransformStream<BufferSource, BufferSource>({
          transform(chunk, controller) {
            written += chunk.byteLength;
            largest = Math.max(largest, chunk.byteLength);
            controller.enqueue(chunk);
          },
        });
        counting.readable.pipeTo(inflating.writable).catch(() => undefined);
        this.writable = counting.writable;
        this.readable = inflating.readable;
      }
    }
    vi.stubGlobal('DecompressionStream', CountingDecompression);
    expect(await inflateInBrowser(bomb, 1024 * 1024)).toBe('too long');
    expect(bomb.length).toBeGreaterThan(60_000);
    expect(largest).toBe(4096);
    // Below the bound it is read whole across the slices.
    written = 0;
    const text = new Uint8Array(Buffer.from(Array.from({ length: 100_000 }, (_, i) => `cell ${(i * 7919) % 100_003}`).join(';')));
    expect(await inflateInBrowser(new Uint8Array(deflateRawSync(text)), text.length)).toEqual(text);
    expect(written).toBeGreaterThan(4096);
  });
});

const REAL = fileURLToPath(new URL('../../../../shared/real-data/LateralThinking/puzzles.xlsx', import.meta.url));

describe("SPLAT's real puzzles.xlsx", () => {
  const present = existsSync(REAL);
  if (!present) console.log(`skipped: ${REAL} is absent (SPLAT's files carry no licence and are not in the repository)`);

  it.skipIf(!present)('reads to the rows the command line reads', async () => {
    const bytes = new Uint8Array(readFileSync(REAL));
    const rows = await WORKBOOK_READERS.readWorkbook(buffer(bytes), { trim: false });
    expect(rows[0]?.data).toHaveLength(976);
    expect(rows).toEqual(await FILE_READERS.readWorkbook(buffer(bytes), { trim: false }));
  });
});
