// A binary file dropped by mistake (an image, a PDF, a spreadsheet, an archive) is refused by
// every parser as "not a text file", naming what it looks like, instead of with a UTF-8 or JSON error.

import { describe, expect, it } from 'vitest';
import { binaryKind } from '../../../shared/formats/binary-kind';
import { parseLabelCsv, parseLabelFile } from '../../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { sourceFileFromBytes } from '../../../shared/formats/utf8';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

const SAMPLES: Array<[string, Uint8Array, string]> = [
  ['PNG', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d], 'IHDR', [0x00, 0xff, 0x10]), 'a PNG image'],
  ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0x00, 0x01]), 'a JPEG image'],
  ['GIF', bytes('GIF89a', [0x01, 0x00, 0x01, 0x00, 0x80]), 'a GIF image'],
  // A PDF may be ASCII all through: it is still no JSON or CSV.
  ['PDF', bytes('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), 'a PDF document'],
  ['gzip', bytes([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]), 'a gzip-compressed file'],
  ['ZIP', bytes('PK', [0x03, 0x04, 0x14, 0x00], 'notes.txt'), 'a ZIP archive'],
  ['XLSX', bytes('PK', [0x03, 0x04, 0x14, 0x00, 0x06, 0x00], '[Content_Types].xml', [0x00, 0x9c], 'xl/workbook.xml'), 'an Excel workbook'],
  ['SQLite', bytes('SQLite format 3', [0x00, 0x10, 0x00, 0x01, 0x01]), 'an SQLite database'],
];

describe('binaryKind', () => {
  it.each(SAMPLES)('recognises %s by its first bytes', (_name, file, kind) => {
    expect(binaryKind(file)).toBe(kind);
  });

  it('says nothing of text, even text that is not UTF-8', () => {
    expect(binaryKind(bytes('{"format":"agreement-studio.transcripts/1"}'))).toBeUndefined();
    expect(binaryKind(bytes('annotator,unit,task,value\n'))).toBeUndefined();
    expect(binaryKind(bytes([0xff, 0xfe], 'a'))).toBeUndefined();
    expect(binaryKind(bytes(''))).toBeUndefined();
  });
});

describe('sourceFileFromBytes of a binary file', () => {
  it('keeps the bytes of a workbook or an SQLite database, which importers read, and of nothing else', () => {
    const kept = SAMPLES.flatMap(([name, content]) => (sourceFileFromBytes('f', content).bytes === content ? [name] : []));
    expect(kept).toEqual(['XLSX', 'SQLite']);
  });
});

describe('a binary file through the parsers', () => {
  it.each(SAMPLES)('refuses a %s as not a text file, naming what it looks like', (_name, content, kind) => {
    const file = sourceFileFromBytes('dropped.json', content);
    const message = `not a text file (it looks like ${kind}); choose the JSON, JSONL or CSV file instead`;
    for (const result of [parseTranscriptBundle(file), parseLabelFile(file), parseLabelCsv({ ...file, name: 'dropped.csv' })]) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors).toEqual([{ file: expect.stringMatching(/^dropped\./) as unknown, path: '', message }]);
    }
  });
});
