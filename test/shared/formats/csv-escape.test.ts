// Writing CSV: csvField quotes each kind of cell as RFC 4180 needs and defuses formula starts, and
// writeCsv's CRLF records read back through readCsv with text and numbers intact.

import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../shared/formats/csv';
import { csvField, writeCsv, type CsvCell } from '../../../shared/formats/csv-escape';

describe('csvField', () => {
  it.each<[CsvCell, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['model#2', '"model#2"'],
    // Formula starts: prefixed with a single quote, then quoted only when RFC 4180 needs it.
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    // Only the first character decides.
    ['a=1', 'a=1'],
    ['x-1', 'x-1'],
    // Numbers are never escaped, negative or not.
    [-0.12, '-0.12'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e-7, '1e-7'],
    [-0, '0'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%j -> %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });
});

describe('writeCsv', () => {
  it('writes CRLF records that readCsv reads back, text escaped and numbers as numbers', () => {
    const text = writeCsv(
      ['name', 'value'],
      [
        ['-x', -0.5],
        ['a,"b"\nc', 3],
        [null, null],
      ],
    );
    expect(text).toBe(`name,value\r\n'-x,-0.5\r\n"a,""b""\nc",3\r\n,\r\n`);
    const table = readCsv(text);
    expect(table.ok && table.rows).toEqual([
      ['name', 'value'],
      ["'-x", '-0.5'],
      ['a,"b"\nc', '3'],
      ['', ''],
    ]);
  });
});
