// Reads the entries of a ZIP archive (an .xlsx workbook is one) from its central directory, and
// writes entries back into an archive as given. The import workers unpack a workbook's parts
// themselves and hand read-excel-file a stored copy (renderer/workers/workbook-reader.ts).

// Every runtime the studio runs in has these; shared/ has no DOM or Node types (as in utf8.ts).
declare const TextDecoder: new (label: 'utf-8') => { decode(bytes: Uint8Array): string };
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

/** Compression methods as the ZIP format numbers them: stored as is, or deflated. */
export const ZIP_STORED = 0;
export const ZIP_DEFLATED = 8;

/** One file in the archive: its bytes as the archive holds them (compressed when `method` says so). */
export interface ZipEntry {
  name: string;
  method: number;
  /** CRC-32 of the uncompressed bytes, as the archive's directory gives it. */
  crc: number;
  /** Uncompressed size in bytes. */
  size: number;
  data: Uint8Array;
}

/** A ZIP archive that cannot be read, in words for the person who chose it. */
export class ZipArchiveError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH_BYTES = 22 + 0xffff;
const CUT_SHORT = 'the file is cut short or damaged (its ZIP directory is not where it should be); copy or download it again';
const ZIP64 = 'it is a ZIP64 archive, which the studio does not read; save it again from Excel or LibreOffice';

/** Every entry of the archive, in the directory's order; throws a ZipArchiveError saying what is wrong. */
export function readZip(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  // All ones: the value is in a ZIP64 record, which only archives over 4 GB or 65,535 entries need.
  if (count === 0xffff || offset === 0xffffffff) throw new ZipArchiveError(ZIP64);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY) throw new ZipArchiveError(CUT_SHORT);
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const crc = view.getUint32(offset + 16, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = new TextDecoder('utf-8').decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new ZipArchiveError(ZIP64);
    if ((flags & 1) !== 0) throw new ZipArchiveError(`its part ${name} is encrypted; save the workbook again without a password`);
    if (localOffset + 30 > view.byteLength || view.getUint32(localOffset, true) !== LOCAL_HEADER) throw new ZipArchiveError(CUT_SHORT);
    // The local header's own name and extra field may differ in length from the directory's.
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (start + compressedSize > view.byteLength) throw new ZipArchiveError(CUT_SHORT);
    entries.push({ name, method, crc, size, data: bytes.subarray(start, start + compressedSize) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An archive of the entries as given (each entry's data already in its method), with no ZIP64 records. */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const names = entries.map((entry) => encoder.encode(entry.name));
  const localSize = entries.reduce((sum, entry, i) => sum + 30 + (names[i]?.length ?? 0) + entry.data.length, 0);
  const directorySize = names.reduce((sum, name) => sum + 46 + name.length, 0);
  if (entries.length > 0xffff || localSize + directorySize > 0xffffffff) throw new ZipArchiveError('too large to write without ZIP64 records');
  const out = new Uint8Array(localSize + directorySize + 22);
  const view = new DataView(out.buffer);
  let local = 0;
  let directory = localSize;
  entries.forEach((entry, i) => {
    const name = names[i] ?? new Uint8Array();
    // Bit 11: the name is UTF-8 (readers take a name without it as code page 437).
    const flags = /^[\x20-\x7e]*$/.test(entry.name) ? 0 : 0x800;
    view.setUint32(local, LOCAL_HEADER, true);
    setSharedFields(view, local + 4, entry, flags, name.length);
    out.set(name, local + 30);
    out.set(entry.data, local + 30 + name.length);
    view.setUint32(directory, DIRECTORY_ENTRY, true);
    view.setUint16(directory + 4, 20, true);
    setSharedFields(view, directory + 6, entry, flags, name.length);
    view.setUint32(directory + 42, local, true);
    out.set(name, directory + 46);
    local += 30 + name.length + entry.data.length;
    directory += 46 + name.length;
  });
  view.setUint32(directory, END_OF_DIRECTORY, true);
  view.setUint16(directory + 8, entries.length, true);
  view.setUint16(directory + 10, entries.length, true);
  view.setUint32(directory + 12, directorySize, true);
  view.setUint32(directory + 16, localSize, true);
  return out;
}

/**
 * The fields a local header and a directory entry both hold, in the same order, from "version
 * needed" (2.0, for deflate) to the name's length; the time, date and extra field stay 0.
 */
function setSharedFields(view: DataView, at: number, entry: ZipEntry, flags: number, nameLength: number): void {
  view.setUint16(at, 20, true);
  view.setUint16(at + 2, flags, true);
  view.setUint16(at + 4, entry.method, true);
  view.setUint32(at + 10, entry.crc, true);
  view.setUint32(at + 14, entry.data.length, true);
  view.setUint32(at + 18, entry.size, true);
  view.setUint16(at + 22, nameLength, true);
}

/** The end record's offset: the last signature that leaves room for the record and its comment length. */
function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= view.byteLength - END_SEARCH_BYTES; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY && at + 22 + view.getUint16(at + 20, true) <= view.byteLength) return at;
  }
  throw new ZipArchiveError(CUT_SHORT);
}
