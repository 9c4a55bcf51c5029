// Reads Excel workbooks in the import and mapping workers. read-excel-file unzips with fflate,
// which inflates any part over 512 KB (SPLAT's sharedStrings.xml is 614 KB) in a worker started
// from a blob: URL; the studio's Content-Security-Policy refuses blob: workers, and fflate never
// hears of the refusal, so the import waited forever. Here the parts are unpacked within the input
// limits (shared/formats/workbook-parts.ts, with the platform's DecompressionStream) and
// read-excel-file reads the stored copy without starting any worker.

import readXlsxFile, { readSheet } from 'read-excel-file/universal';
import type { FileReaders } from '../../shared/formats/importers/file-readers';
import { storedWorkbook, type InflateRaw } from '../../shared/formats/workbook-parts';

export const WORKBOOK_READERS: Pick<FileReaders, 'readWorkbook' | 'readSheet'> = {
  readWorkbook: async (bytes, options) => readXlsxFile(await storedWorkbook(bytes, inflateInBrowser), options),
  readSheet: async (bytes, sheet) => readSheet(await storedWorkbook(bytes, inflateInBrowser), sheet),
};

/** Raw deflate through DecompressionStream, read chunk by chunk and stopped once past `maxBytes`. */
export const inflateInBrowser: InflateRaw = async (data, maxBytes) => {
  const out = new Uint8Array(maxBytes);
  let at = 0;
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (at + chunk.value.length > maxBytes) {
        await reader.cancel();
        return 'too long';
      }
      out.set(chunk.value, at);
      at += chunk.value.length;
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return out.subarray(0, at);
};
