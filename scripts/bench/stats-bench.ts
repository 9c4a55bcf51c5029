// In-process side of `npm run bench:stats`: writes the seeded data sets, and times the point
// estimates and the bootstrap of the reliability engine on them (the whole-process timings and
// the competitor run from scripts/bench-stats.mjs).

import { readFileSync } from 'node:fs';
import { parseReliabilityCsv } from '../../shared/formats/reliability-csv';
import { computeReliability, type Rating, type ReliabilityResult } from '../../shared/stats/reliability';
import { median } from './median';
import { writeStatsData, type StatsData } from './stats-data';

export { median };

/** (a) 200,000 units x 3 raters, 3 nominal categories, 10% missing; (b) 20,000 units x 3 raters, 200 numeric categories. */
export function writeBenchSets(dir: string): { a: StatsData; b: StatsData } {
  return {
    a: writeStatsData(`${dir}/a.csv`, { units: 200_000, raters: 3, categories: ['no', 'yes', 'irrelevant'], missing: 0.1, seed: 42 }),
    b: writeStatsData(`${dir}/b.csv`, { units: 20_000, raters: 3, categories: Array.from({ length: 200 }, (_, k) => String(k + 1)), missing: 0, seed: 43 }),
  };
}

export interface PointTiming {
  parseMs: number;
  computeMs: number[];
  result: ReliabilityResult;
}

export function readRatings(path: string): { ratings: Rating[]; parseMs: number } {
  const text = readFileSync(path, 'utf8');
  const start = performance.now();
  const parsed = parseReliabilityCsv({ name: path, text });
  const parseMs = performance.now() - start;
  if (!parsed.ok) throw new Error(`${path} does not parse: ${parsed.errors[0]?.message}`);
  return { ratings: parsed.value, parseMs };
}

/** Every point estimate of the `reliability` command (all alpha levels the data allow, pairs included). */
export function timePointEstimates(path: string, runs: number): PointTiming {
  const { ratings, parseMs } = readRatings(path);
  const computeMs: number[] = [];
  let result: ReliabilityResult | undefined;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    result = computeReliability(ratings);
    computeMs.push(performance.now() - start);
  }
  return { parseMs, computeMs, result: result as ReliabilityResult };
}

/** Point estimates plus the 1,000-replicate bootstrap of alpha and the Gwet family. */
export function timeBootstrap(path: string, replicates: number): { ms: number; result: ReliabilityResult } {
  const { ratings } = readRatings(path);
  const start = performance.now();
  const result = computeReliability(ratings, { bootstrap: { replicates, seed: 1 } });
  return { ms: performance.now() - start, result };
}
