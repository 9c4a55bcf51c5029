// The reliability CSV reader (docs/command-line.md, `reliability`): columns in any order, BOM, CRLF, quoted fields, empty
// value as a missing rating, and every malformed file rejected with its line. The direct split
// for quote-free text and the RFC 4180 path must read the same ratings.

import { describe, expect, it } from 'vitest';
import { parseReliabilityCsv, readReliabilityCsv } from '../../../../shared/formats/reliability-csv';
import { INPUT_LIMITS } from '../../../../shared/formats/limits';

const parse = (text: string) => parseReliabilityCsv({ name: 'ratings.csv', text });

function messages(text: string): string[] {
  const result = parse(text);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors.map((e) => `${e.line ?? '-'}: ${e.message}`);
}

describe('parseReliabilityCsv', () => {
  it('reads unit,rater,value rows', () => {
    expect(parse('unit,rater,value\nu1,A,yes\nu1,B,no\n')).toEqual({
      ok: true,
      value: [
        { unit: 'u1', rater: 'A', value: 'yes' },
        { unit: 'u1', rater: 'B', value: 'no' },
      ],
    });
  });

  it('takes columns in any order and ignores extra ones, with a BOM and CRLF line ends', () => {
    const result = parse('\uFEFFnote,Value,RATER,unit\r\nx,yes,A,u1\r\n,no,B,u1\r\n');
    expect(result).toEqual({
      ok: true,
      value: [
        { unit: 'u1', rater: 'A', value: 'yes' },
        { unit: 'u1', rater: 'B', value: 'no' },
      ],
    });
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    const result = parse('unit,rater,value\n"u,1","Ann ""A""","yes\nreally"\nu2,B,no\n');
    expect(result).toEqual({
      ok: true,
      value: [
        { unit: 'u,1', rater: 'Ann "A"', value: 'yes\nreally' },
        { unit: 'u2', rater: 'B', value: 'no' },
      ],
    });
  });

  it('reads the same ratings with or without quotes, and with CR-only line ends', () => {
    const plain = 'unit,rater,value\nu1,A,yes\n\nu1, B ,no\nu2,A,\n';
    const quoted = 'unit,rater,value\n"u1",A,yes\n\nu1, B ,"no"\nu2,A,""\n';
    expect(parse(quoted)).toEqual(parse(plain));
    expect(parse(plain.replace(/\n/g, '\r'))).toEqual(parse(plain));
    expect(parse(plain)).toEqual({
      ok: true,
      value: [
        { unit: 'u1', rater: 'A', value: 'yes' },
        { unit: 'u1', rater: 'B', value: 'no' },
      ],
    });
  });

  it('skips an empty value (a missing rating), blank lines and rows of empty cells', () => {
    const result = parse('unit,rater,value\nu1,A,\n\n,,\n u1 , B , no \n');
    expect(result).toEqual({ ok: true, value: [{ unit: 'u1', rater: 'B', value: 'no' }] });
  });

  it('gives each rating its line', () => {
    const result = readReliabilityCsv({ name: 'r.csv', text: 'unit,rater,value\n\nu1,A,yes\r\nu1,B,\nu1,C,no' });
    expect(result.ok && Array.from(result.value.lineOfRating)).toEqual([3, 5]);
  });

  it('names the missing columns of the header', () => {
    expect(messages('unit,annotator,value\nu1,A,yes\n')).toEqual([
      '1: the header lacks the column rater; expected a header row unit,rater,value (columns in any order)',
    ]);
    expect(messages('\n\nid,label\n')).toEqual([
      '3: the header lacks the columns unit, rater, value; expected a header row unit,rater,value (columns in any order)',
    ]);
    expect(messages('unit,rater,value,unit\n')).toEqual(['1: the header names the column unit twice']);
    expect(messages('')).toEqual(['-: the file is empty; expected the header row unit,rater,value']);
  });

  it('lists every row error with its line', () => {
    expect(messages('unit,rater,value\nu1,A\n,B,yes\nu2,,no\nu3,C,yes\n')).toEqual([
      '2: expected at least 3 fields (unit,rater,value), found 2',
      '3: required; expected the unit id',
      "4: required; expected the rater's id",
    ]);
  });

  it('rejects a second rating of a unit by the same rater, naming both lines', () => {
    expect(messages('unit,rater,value\nu1,A,yes\nu2,A,no\nu1,B,no\nu1,A,no\n')).toEqual(['5: duplicate rating: rater "A" already rated unit "u1" on line 2']);
    expect(messages('rater,unit,value\n"A","u1",yes\nA,u1,yes\n')).toEqual(['3: duplicate rating: rater "A" already rated unit "u1" on line 2']);
  });

  it('rejects broken quoting and overlong fields with the line', () => {
    expect(messages('unit,rater,value\nu1,A,"yes\n')).toEqual(['2: invalid CSV: a quoted field is never closed (missing closing ")']);
    expect(messages(`unit,rater,value\nu1,A,${'x'.repeat(INPUT_LIMITS.maxStringChars + 1)}\n`)).toEqual([
      `2: invalid CSV: a field is longer than the limit of ${INPUT_LIMITS.maxStringChars} characters`,
    ]);
  });

  it('refuses a file over the size limit before reading it', () => {
    const result = parseReliabilityCsv({ name: 'big.csv', text: '', size: INPUT_LIMITS.maxFileBytes + 1 });
    expect(result.ok).toBe(false);
  });
});
