// sourceFileFromBytes and findUtf8Fault: UTF-8 text passes as it is, anything a fatal decoder
// refuses is found at its first bad byte with the line and column every parser then reports.

import { describe, expect, it } from 'vitest';
import { checkSourceFile } from '../../../shared/formats/limits';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { findUtf8Fault, sourceFileFromBytes } from '../../../shared/formats/utf8';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

describe('sourceFileFromBytes', () => {
  it('decodes UTF-8, drops a byte order mark, and says nothing more', () => {
    expect(sourceFileFromBytes('a.json', bytes([0xef, 0xbb, 0xbf], '{"name":"Zoë ☃ 😀"}'))).toEqual({ name: 'a.json', size: 27, text: '{"name":"Zoë ☃ 😀"}' });
  });

  it('keeps the replaced text and marks where the bytes stop being UTF-8', () => {
    const file = sourceFileFromBytes('b.json', bytes('{\n  "a": "x', [0xff], '"\n}'));
    expect(file.text).toBe('{\n  "a": "x\uFFFD"\n}');
    expect(file.invalidUtf8).toEqual({ offset: 11, line: 2, column: 10, byte: 0xff });
    expect(checkSourceFile(file)).toEqual({
      file: 'b.json',
      line: 2,
      path: '',
      message: 'not UTF-8 text (column 10): the byte 0xFF at offset 11 is not valid UTF-8; save the file as UTF-8',
    });
    expect(parseTranscriptBundle(file)).toEqual({ ok: false, errors: [checkSourceFile(file)] });
  });
});

describe('findUtf8Fault', () => {
  it.each([
    ['a stray continuation byte', [0x80]],
    ['an overlong "/"', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lead byte that never starts a sequence', [0xf8, 0x88, 0x80, 0x80, 0x80]],
    ['a sequence cut short by ASCII', [0xe2, 0x82, 0x41]],
    ['a sequence cut short by the end', [0xf0, 0x9f, 0x98]],
  ])('finds %s at its first byte, as a fatal decoder refuses it', (_what, bad) => {
    const input = bytes('ok\nü ', bad, ' end');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(input)).toThrow();
    expect(findUtf8Fault(input)).toEqual({ offset: 6, line: 2, column: 3, byte: bad[0] });
  });

  it('finds nothing in well-formed text of every sequence length', () => {
    expect(findUtf8Fault(bytes('a é ☃ 😀 \u{10FFFF}'))).toBeUndefined();
  });
});
