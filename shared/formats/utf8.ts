// Turns the bytes of a chosen file into the SourceFile the parsers read. Bytes that are not
// UTF-8 are not repaired silently: the file carries where its first bad byte is, and every
// parser rejects it there (SPEC §6), instead of reading U+FFFD into the study.

import { binaryKind, READABLE_BINARY_KINDS } from './binary-kind';
import type { SourceFile, Utf8Fault } from './limits';

// Every runtime the studio runs in (Chromium, its workers, Electron's main process, Node) has
// TextDecoder; shared/ has no DOM or Node types, so the one constructor it uses is declared here.
declare const TextDecoder: new (label: 'utf-8', options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };

/** The file as text (a UTF-8 byte order mark dropped), with `binaryKind` for an image, PDF or archive and `invalidUtf8` when the bytes are not UTF-8. */
export function sourceFileFromBytes(name: string, bytes: Uint8Array): SourceFile & { size: number } {
  const size = bytes.byteLength;
  const kind = binaryKind(bytes);
  if (kind !== undefined)
    return READABLE_BINARY_KINDS.has(kind) ? { name, size, text: '', binaryKind: kind, bytes } : { name, size, text: '', binaryKind: kind };
  const encodingProblem = textEncodingProblem(bytes);
  if (encodingProblem !== undefined) return { name, size, text: '', encodingProblem };
  try {
    return { name, size, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Located only now, so a UTF-8 file costs one native decode and nothing else.
    const text = new TextDecoder('utf-8').decode(bytes);
    const fault = findUtf8Fault(bytes);
    return fault === undefined ? { name, size, text } : { name, size, text, invalidUtf8: fault };
  }
}

/** How many bytes of a file's start show whether it is UTF-16. */
const UTF16_PEEK_BYTES = 4096;

/**
 * What is wrong with text that is not UTF-8 in a way a person can fix by saving it again: UTF-16
 * (with its byte-order mark, or without one: a zero byte in every other place, as ASCII text has
 * in UTF-16), or UTF-8 whose byte-order mark is given twice (the second would reach the parser as
 * an invisible character). Undefined for any other bytes.
 */
export function textEncodingProblem(bytes: Uint8Array): string | undefined {
  const [b0, b1] = bytes;
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return 'UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8';
  const doubledBom = [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf].every((byte, i) => bytes[i] === byte);
  if (doubledBom)
    return 'the file starts with two byte-order marks (the invisible mark U+FEFF that some editors put first, here twice); save it as UTF-8 with one or none';
  const peek = Math.min(bytes.length, UTF16_PEEK_BYTES) & ~1;
  if (peek < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < peek; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = peek / 2;
  // Latin text in UTF-16 has a zero in nearly every pair, always on the same side; no UTF-8 text does.
  const mostly = (zeros: number) => zeros >= pairs * 0.4;
  const hardly = (zeros: number) => zeros <= pairs * 0.05;
  if ((mostly(oddZeros) && hardly(evenZeros)) || (mostly(evenZeros) && hardly(oddZeros)))
    return 'UTF-16 text (without a byte-order mark: a zero byte in every other place); save it as UTF-8';
  return undefined;
}

/**
 * The first byte that does not begin or continue a well-formed UTF-8 sequence (by the same
 * rules as a fatal TextDecoder: no overlong forms, no surrogates, nothing above U+10FFFF, no
 * sequence cut short), with its line and column; undefined when every byte is well-formed.
 */
export function findUtf8Fault(bytes: Uint8Array): Utf8Fault | undefined {
  const n = bytes.length;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < n;) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      if (lead === 0x0a) {
        line++;
        lineStart = i + 1;
      }
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    // The second byte's range is narrower after these leads: that is what rules out overlong forms, surrogates and code points above U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    let bad = length === 0 || i + 1 >= n || (bytes[i + 1] as number) < low || (bytes[i + 1] as number) > high;
    for (let k = 2; !bad && k < length; k++) bad = i + k >= n || ((bytes[i + k] as number) & 0xc0) !== 0x80;
    if (bad) {
      // Columns count UTF-16 code units, as the JSON messages do; the bytes before the fault on its line are well-formed.
      const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, i)).length + 1;
      return { offset: i, line, column, byte: lead };
    }
    i += length;
  }
  return undefined;
}
