// Unpacks a workbook's XML parts within the input limits and hands back a copy with every part
// stored, which the spreadsheet reader (read-excel-file) reads without inflating anything or
// starting a worker. The limits are checked before the work they bound: the archive's directory
// sizes before anything is unpacked, each part's size while it is inflated, and each sheet's rows,
// cells and text (shared strings filled in) before the reader builds a row. The command line and
// the app's import and mapping workers both read workbooks through here.

import { byteWords, countWords, INPUT_LIMITS } from './limits';
import { measureSharedStrings, measureSheet, measureXml } from './workbook-xml-scan';
import { readZip, writeZip, ZIP_DEFLATED, ZIP_STORED, ZipArchiveError, type ZipEntry } from './zip-archive';

/**
 * Inflates raw deflate data, stopping once more than `maxBytes` have come out: 'too long' then
 * (or bytes longer than maxBytes, which say the same). Each host has its own (the browser's DecompressionStream, Node's zlib); a damaged stream
 * rejects, and its message is not shown.
 */
export type InflateRaw = (data: Uint8Array, maxBytes: number) => Promise<Uint8Array | 'too long'>;

const SHEET_PART = /^xl\/worksheets\/([^/]+)\.xml$/i;
const SHARED_STRINGS_PART = /^xl\/sharedStrings[^/]*\.xml$/i;

/** The workbook with its XML parts stored uncompressed, after checking every limit; throws a ZipArchiveError saying which limit and by how much. */
export async function storedWorkbook(bytes: ArrayBuffer, inflateRaw: InflateRaw): Promise<ArrayBuffer> {
  const parts = readZip(new Uint8Array(bytes)).filter((entry) => entry.name.endsWith('.xml') || entry.name.endsWith('.rels'));
  checkDirectory(parts);
  const stored: ZipEntry[] = [];
  for (const entry of parts) stored.push({ ...entry, method: ZIP_STORED, data: await unpack(entry, inflateRaw) });
  checkSheets(stored);
  return writeZip(stored).buffer as ArrayBuffer;
}

/** Each part's and all parts' unpacked sizes, as the directory gives them (the inflating holds each part to its own). */
function checkDirectory(parts: readonly ZipEntry[]): void {
  const { maxWorkbookPartBytes, maxWorkbookBytes } = INPUT_LIMITS;
  const largest = parts.reduce<ZipEntry | undefined>((big, entry) => (big === undefined || entry.size > big.size ? entry : big), undefined);
  if (largest !== undefined && largest.size > maxWorkbookPartBytes)
    throw new ZipArchiveError(
      `its part ${largest.name} unpacks to ${byteWords(largest.size)}; the studio reads at most ${byteWords(maxWorkbookPartBytes)} in one part of a workbook`,
    );
  const total = parts.reduce((sum, entry) => sum + entry.size, 0);
  if (total > maxWorkbookBytes)
    throw new ZipArchiveError(
      `its sheets and other parts unpack to ${byteWords(total)}; the studio reads at most ${byteWords(maxWorkbookBytes)} of a workbook`,
    );
}

/** The entry's uncompressed bytes, which must be exactly the size the directory gives. */
async function unpack(entry: ZipEntry, inflateRaw: InflateRaw): Promise<Uint8Array> {
  if (entry.method === ZIP_STORED) {
    if (entry.data.length !== entry.size) throw damaged(entry, 'its size does not match the directory');
    return entry.data;
  }
  if (entry.method !== ZIP_DEFLATED)
    throw new ZipArchiveError(
      `its part ${entry.name} is compressed with method ${entry.method}, which the studio cannot read; save the workbook again from Excel`,
    );
  let out: Uint8Array | 'too long';
  try {
    out = await inflateRaw(entry.data, entry.size);
  } catch {
    throw damaged(entry, 'its compressed data does not unpack');
  }
  // A part longer than its directory says is stopped there, so a lying directory costs no more memory than an honest one.
  if (out === 'too long' || out.length > entry.size) throw damaged(entry, 'it unpacks to more bytes than the directory gives');
  if (out.length !== entry.size) throw damaged(entry, 'it unpacks to fewer bytes than the directory gives');
  return out;
}

/** Every part's nesting, then each sheet's rows, cells and text, the shared strings counted in every cell that uses them. */
function checkSheets(parts: readonly ZipEntry[]): void {
  const { maxNestingDepth, maxSharedStrings, maxSheetRows, maxWorkbookCells, maxCellChars, maxWorkbookTextChars } = INPUT_LIMITS;
  const tooDeep = (entry: ZipEntry, depth: number) => {
    if (depth > maxNestingDepth)
      throw new ZipArchiveError(`its part ${entry.name} nests elements ${countWords(depth)} deep; the studio reads at most ${maxNestingDepth} levels`);
  };
  let sharedLengths: number[] = [];
  const shared = parts.find((entry) => SHARED_STRINGS_PART.test(entry.name));
  if (shared !== undefined) {
    const measure = measureSharedStrings(shared.data);
    tooDeep(shared, measure.depth);
    if (measure.lengths.length > maxSharedStrings)
      throw new ZipArchiveError(
        `its shared strings hold ${countWords(measure.lengths.length)} entries; the studio reads at most ${countWords(maxSharedStrings)}`,
      );
    sharedLengths = measure.lengths;
  }
  let cells = 0;
  let text = 0;
  for (const entry of parts) {
    if (entry === shared) continue;
    const sheet = SHEET_PART.exec(entry.name)?.[1];
    if (sheet === undefined) {
      tooDeep(entry, measureXml(entry.data).depth);
      continue;
    }
    const measure = measureSheet(entry.data, sharedLengths);
    tooDeep(entry, measure.depth);
    const where = `the sheet ${sheet}`;
    if (measure.rows > maxSheetRows)
      throw new ZipArchiveError(`${where} has ${countWords(measure.rows)} rows; the studio reads at most ${countWords(maxSheetRows)}`);
    if (measure.longestCell.chars > maxCellChars)
      throw new ZipArchiveError(
        `the cell ${measure.longestCell.ref} of ${where} holds ${countWords(measure.longestCell.chars)} characters; the studio reads at most ${countWords(maxCellChars)} in one cell`,
      );
    cells += measure.rows * measure.columns;
    if (cells > maxWorkbookCells)
      throw new ZipArchiveError(
        `${where} spans ${countWords(measure.rows)} rows by ${countWords(measure.columns)} columns, ${countWords(measure.rows * measure.columns)} cells; the studio reads at most ${countWords(maxWorkbookCells)} cells of a workbook`,
      );
    text += measure.textChars;
    if (text > maxWorkbookTextChars) {
      const { index, cells: uses } = measure.mostShared;
      const repeated =
        uses > 1
          ? ` (its shared string ${countWords(index + 1)}, ${countWords(sharedLengths[index] ?? 0)} characters, is used in ${countWords(uses)} cells)`
          : '';
      throw new ZipArchiveError(
        `the cells of ${where} hold ${countWords(measure.textChars)} characters of text${repeated}; the studio reads at most ${countWords(maxWorkbookTextChars)} characters of a workbook`,
      );
    }
  }
}

function damaged(entry: ZipEntry, why: string): ZipArchiveError {
  return new ZipArchiveError(`its part ${entry.name} is damaged (${why}); copy or download the workbook again`);
}

/**
 * Why a workbook could not be read, in words: a ZipArchiveError says it already; anything the
 * spreadsheet reader threw is its own wording (an XML parser's, a stack's), so it is not shown.
 */
export function workbookFailure(error: unknown): string {
  if (error instanceof ZipArchiveError) return error.message;
  return 'its sheets could not be read (the workbook is damaged, or was saved in a form the studio does not know); open it in Excel or LibreOffice and save it again as .xlsx';
}
