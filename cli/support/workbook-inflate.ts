// Node's inflater for a workbook's parts (shared/formats/workbook-parts.ts): zlib stops at the
// part's size plus one byte, so a part that unpacks to more than its directory says costs no
// more memory than one that does not.

import { inflateRawSync } from 'node:zlib';
import type { InflateRaw } from '../../shared/formats/workbook-parts';

export const inflateInNode: InflateRaw = (data, maxBytes) => {
  try {
    return Promise.resolve(new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes + 1) })).subarray(0));
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return Promise.resolve('too long');
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
};
