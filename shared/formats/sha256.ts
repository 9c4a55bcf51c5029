// SHA-256 of text (UTF-8), in hex: content checksums for packs and label files, and study ids.
// Uses @noble/hashes so the same code runs in the renderer, the worker and Node.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
