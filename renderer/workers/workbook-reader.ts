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

/**
 * Compressed bytes handed to the decompressor at a time. The stream inflates each chunk it is given
 * whole before the reader can stop it, and deflate packs at most about 1,032 bytes into one, so a
 * slice comes out as at most about 4 MB; the whole part at once could come out as hundreds of MB.
 */
const INFLATE_SLICE_BYTES = 4096;

/** Raw deflate through DecompressionStream, fed a slice at a time as the output is read, and stopped once past `maxBytes`. */
export const inflateInBrowser: InflateRaw = async (data, maxBytes) => {
  const out = new Uint8Array(maxBytes);
  let at = 0;
  const inflating = new DecompressionStream('deflate-raw');
  const writer = inflating.writable.getWriter();
  const reader = inflating.readable.getReader();
  // Each write waits until the output of the one before has been read (the stream's backpressure).
  const feeding = (async () => {
    for (let start = 0; start < data.length; start += INFLATE_SLICE_BYTES)
      await writer.write(data.subarray(start, start + INFLATE_SLICE_BYTES) as Uint8Array<ArrayBuffer>);
    await writer.close();
  })();
  // A damaged or cancelled stream rejects the writes too; the reads below say what happened.
  feeding.catch(() => undefined);
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (at + chunk.value.length > maxBytes) {
        await reader.cancel();
        return 'too long';
      }
      out.set(chunk.value, at);
      at += chunk.value.length;
    }
    await feeding;
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return out.subarray(0, at);
};
