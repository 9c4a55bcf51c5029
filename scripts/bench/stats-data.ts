// Seeded reliability data for `npm run bench:stats`, written as unit,rater,value CSV: raters who
// report a unit's true category most of the time, so the statistics are neither 0 nor 1.

import { writeFileSync } from 'node:fs';
import { createPrng } from '../../shared/random/prng';

export interface StatsDataSpec {
  units: number;
  raters: number;
  /** Category labels, in order. */
  categories: readonly string[];
  /** Chance that any one rating is missing (an absent row). */
  missing: number;
  seed: number;
}

export interface StatsData {
  path: string;
  rows: number;
  bytes: number;
}

/**
 * Each unit has a true category (skewed towards the first ones, as "no" dominates real answer
 * labels); a rater reports it with probability 0.75, else a category near it (ordered scales) or
 * any category.
 */
export function writeStatsData(path: string, spec: StatsDataSpec): StatsData {
  const prng = createPrng(spec.seed);
  const q = spec.categories.length;
  const lines = ['unit,rater,value'];
  const width = String(spec.units).length;
  for (let u = 1; u <= spec.units; u++) {
    const unit = `u${String(u).padStart(width, '0')}`;
    const truth = Math.min(q - 1, Math.floor(q * prng.next() ** 1.5));
    for (let r = 1; r <= spec.raters; r++) {
      if (prng.chance(spec.missing)) continue;
      let k = truth;
      if (!prng.chance(0.75)) k = q > 10 ? Math.max(0, Math.min(q - 1, truth + prng.int(-5, 5))) : prng.int(0, q - 1);
      lines.push(`${unit},r${r},${spec.categories[k] as string}`);
    }
  }
  const text = `${lines.join('\n')}\n`;
  writeFileSync(path, text);
  return { path, rows: lines.length - 1, bytes: text.length };
}
