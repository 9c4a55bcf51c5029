// The ZIP reader and writer the import workers unpack workbooks with: entries written are read back
// as written (stored and deflated, ASCII and UTF-8 names), the real puzzles.xlsx's directory reads
// as unzip lists it (when ../shared/real-data is present), and a cut-short, encrypted or ZIP64
// archive is refused in words.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip, writeZip, ZIP_DEFLATED, ZIP_STORED, ZipArchiveError, type ZipEntry } from '../../../shared/formats/zip-archive';

const text = (value: string) => new TextEncoder().encode(value);

const STORED: ZipEntry = { name: 'xl/workbook.xml', method: ZIP_STORED, crc: 0x12345678, size: 5, data: text('<a/>\n') };
const long = text('<si><t>A man walks into a bar.</t></si>'.repeat(200));
const DEFLATED: ZipEntry = {
  name: 'xl/sharedStrings.xml',
  method: ZIP_DEFLATED,
  crc: 0x9abcdef0,
  size: long.length,
  data: new Uint8Array(deflateRawSync(long)),
};
const UTF8_NAME: ZipEntry = { name: 'xl/media/海龟汤.xml', method: ZIP_STORED, crc: 1, size: 2, data: text('ok') };

/** The same archive with one directory entry's field (at `field` bytes into the entry) set to `value`. */
function withDirectoryField(archive: Uint8Array, field: number, value: number, bytes: 2 | 4): Uint8Array {
  const copy = archive.slice();
  const view = new DataView(copy.buffer);
  const directory = view.getUint32(copy.length - 6, true);
  if (bytes === 2) view.setUint16(directory + field, value, true);
  else view.setUint32(directory + field, value, true);
  return copy;
}

describe('readZip and writeZip', () => {
  it('reads back every entry as written: name, method, CRC, size and bytes', () => {
    const entries = readZip(writeZip([STORED, DEFLATED, UTF8_NAME]));
    expect(entries.map(({ name, method, crc, size }) => ({ name, method, crc, size }))).toEqual(
      [STORED, DEFLATED, UTF8_NAME].map(({ name, method, crc, size }) => ({ name, method, crc, size })),
    );
    expect(entries.map((entry) => [...entry.data])).toEqual([STORED, DEFLATED, UTF8_NAME].map((entry) => [...entry.data]));
    expect(new Uint8Array(inflateRawSync(entries[1]?.data ?? new Uint8Array()))).toEqual(long);
  });

  it('reads an archive inside a larger buffer, after a comment, and with local headers longer than the directory says', () => {
    const archive = writeZip([STORED]);
    // A comment of 3 bytes after the end record, as some writers add.
    const commented = new Uint8Array([...archive.slice(0, -2), 3, 0, ...text('hi!')]);
    const padded = new Uint8Array([9, 9, 9, ...commented]).subarray(3);
    expect(readZip(padded).map((entry) => new TextDecoder().decode(entry.data))).toEqual(['<a/>\n']);
    // An extra field in the local header only (its length at byte 28 of the header): the data starts after it.
    const nameEnd = 30 + STORED.name.length;
    const withExtra = new Uint8Array([...archive.subarray(0, nameEnd), 0xfe, 0xca, 0, 0, ...archive.subarray(nameEnd)]);
    const view = new DataView(withExtra.buffer);
    view.setUint16(28, 4, true);
    // The end record's offset of the directory (its last 6 bytes but 2) moves by the 4 bytes.
    view.setUint32(withExtra.length - 6, view.getUint32(withExtra.length - 6, true) + 4, true);
    expect(readZip(withExtra).map((entry) => new TextDecoder().decode(entry.data))).toEqual(['<a/>\n']);
  });

  it('refuses a cut-short file, one that is no ZIP, an encrypted part and a ZIP64 archive, in words', () => {
    const archive = writeZip([STORED, DEFLATED]);
    const refusal = (bytes: Uint8Array) => {
      try {
        readZip(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(ZipArchiveError);
        return (error as Error).message;
      }
      throw new Error('read without a refusal');
    };
    const cutShort = 'the file is cut short or damaged (its ZIP directory is not where it should be); copy or download it again';
    expect(refusal(archive.subarray(0, archive.length - 30))).toBe(cutShort);
    expect(refusal(archive.subarray(0, 200))).toBe(cutShort);
    expect(refusal(text('{"not": "a zip"}'))).toBe(cutShort);
    // The directory's offset points past the data's end: an entry cut from the middle.
    const view = new DataView(archive.slice().buffer);
    view.setUint32(archive.length - 6, archive.length - 10, true);
    expect(refusal(new Uint8Array(view.buffer))).toBe(cutShort);
    expect(refusal(withDirectoryField(archive, 8, 1, 2))).toBe('its part xl/workbook.xml is encrypted; save the workbook again without a password');
    expect(refusal(withDirectoryField(archive, 24, 0xffffffff, 4))).toMatch(/^it is a ZIP64 archive, which the studio does not read/);
  });
});

const REAL = fileURLToPath(new URL('../../../../shared/real-data/LateralThinking/puzzles.xlsx', import.meta.url));

describe("SPLAT's real puzzles.xlsx", () => {
  const present = existsSync(REAL);
  if (!present) console.log(`skipped: ${REAL} is absent (SPLAT's files carry no licence and are not in the repository)`);

  it.skipIf(!present)('lists its 17 entries with their methods and sizes, and its shared strings inflate to their size', () => {
    const entries = readZip(new Uint8Array(readFileSync(REAL)));
    expect(entries).toHaveLength(17);
    const shared = entries.find((entry) => entry.name === 'xl/sharedStrings.xml');
    expect(shared).toMatchObject({ method: ZIP_DEFLATED, size: 613_758, crc: 0x154946e3 });
    expect(shared?.data.length).toBe(256_960);
    expect(inflateRawSync(shared?.data ?? new Uint8Array()).length).toBe(613_758);
    expect(entries.find((entry) => entry.name === 'xl/_rels/')).toMatchObject({ method: ZIP_STORED, size: 0 });
  });
});
