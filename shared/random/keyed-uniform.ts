// A seeded uniform number in [0, 1) for each key: the same seed and key always give the same number
// on every machine, and one key's number never depends on any other key, so a seeded choice made
// key by key stays put when keys are added. Not for anything secret.

import { createPrng } from './prng';

/** FNV-1a's 32-bit offset basis and prime (Fowler, Noll and Vo). */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over the seed's four bytes and then the key's UTF-16 code units, so that no key can stand
 * in for another seed. FNV-1a alone mixes its low bits poorly, so the hash seeds mulberry32
 * (createPrng), whose first draw spreads every bit of it over [0, 1).
 */
export function keyedUniform(seed: number, key: string): number {
  // Seeds are taken modulo 2^32, as createPrng takes them.
  const seedBits = Math.trunc(seed) >>> 0;
  let hash = FNV_OFFSET;
  for (let shift = 0; shift < 32; shift += 8) hash = Math.imul(hash ^ ((seedBits >>> shift) & 0xff), FNV_PRIME);
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), FNV_PRIME);
  return createPrng(hash).next();
}
