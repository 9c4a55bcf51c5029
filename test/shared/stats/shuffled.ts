// A seeded shuffle for the statistics tests that check a figure does not depend on input order:
// Fisher-Yates over the app's own seeded generator, so every run shuffles the same way.

import { createPrng } from '../../../shared/random/prng';

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const prng = createPrng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
