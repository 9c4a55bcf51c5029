// Reads Excel workbooks in the import and mapping workers. read-excel-file unzips with fflate,
// which inflates any part over 512 KB (SPLAT's sharedStrings.xml is 614 KB) in a worker started
// from a blob: URL; the studio's Content-Security-Policy refuses blob: workers, and fflate never
// hears of the refusal, so the import waited forever. Here the worker inflates the parts itself
// (the platform's DecompressionStream) and hands read-excel-file a stored copy, which it reads
// without starting any worker; a damaged or cut-short workbook fails in words.

import readXlsxFile, { readSheet } from 'read-excel-file/universal';
import type { FileReaders } from '../../shared/formats/importers/file-readers';
import { readZip, writeZip, ZIP_DEFLATED, ZIP_STORED, ZipArchiveError, type ZipEntry } from '../../shared/formats/zip-archive';

/** Each part becomes one JavaScript string in read-excel-file, and V8 holds at most 2^29 - 24 characters in one. */
const MAX_UNPACKED_BYTES = 500 * 1024 * 1024;

export const WORKBOOK_READERS: Pick<FileReaders, 'readWorkbook' | 'readSheet'> = {
  readWorkbook: async (bytes, options) => readXlsxFile(await storedWorkbook(bytes), options),
  readSheet: async (bytes, sheet) => readSheet(await storedWorkbook(bytes), sheet),
};

/** The workbook with its XML parts stored uncompressed: the only parts read-excel-file reads. */
export async function storedWorkbook(bytes: ArrayBuffer): Promise<ArrayBuffer> {
  const parts = readZip(new Uint8Array(bytes)).filter((entry) => entry.name.endsWith('.xml') || entry.name.endsWith('.rels'));
  const unpacked = parts.reduce((sum, entry) => sum + entry.size, 0);
  if (unpacked > MAX_UNPACKED_BYTES)
    throw new ZipArchiveError(`its sheets unpack to ${Math.round(unpacked / 1024 / 1024)} MB; the limit is ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
  const stored = await Promise.all(parts.map(async (entry): Promise<ZipEntry> => ({ ...entry, method: ZIP_STORED, data: await inflate(entry) })));
  return writeZip(stored).buffer as ArrayBuffer;
}

/** The entry's uncompressed bytes, which must be exactly the size the directory gives. */
async function inflate(entry: ZipEntry): Promise<Uint8Array> {
  if (entry.method === ZIP_STORED) {
    if (entry.data.length !== entry.size) throw damaged(entry, 'its size does not match the directory');
    return entry.data;
  }
  if (entry.method !== ZIP_DEFLATED)
    throw new ZipArchiveError(
      `its part ${entry.name} is compressed with method ${entry.method}, which the studio cannot read; save the workbook again from Excel`,
    );
  const out = new Uint8Array(entry.size);
  let at = 0;
  const reader = new Blob([entry.data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // A part longer than its directory says is refused before it can take more memory.
      if (at + chunk.value.length > out.length) throw damaged(entry, 'it unpacks to more bytes than the directory gives');
      out.set(chunk.value, at);
      at += chunk.value.length;
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error instanceof ZipArchiveError ? error : damaged(entry, error instanceof Error ? error.message : String(error));
  }
  if (at !== out.length) throw damaged(entry, 'it unpacks to fewer bytes than the directory gives');
  return out;
}

function damaged(entry: ZipEntry, why: string): ZipArchiveError {
  return new ZipArchiveError(`its part ${entry.name} is damaged (${why}); copy or download the workbook again`);
}
