// Node side of `npm run bench`: generates the seeded 100,000-question bundle the Chromium
// side imports, and times parse + validate of it in Node.

import { writeFileSync } from 'node:fs';
import { generateSyntheticBundle } from '../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { median } from './median';

export interface NodeBenchResult {
  bytes: number;
  puzzles: number;
  sessions: number;
  questions: number;
  turns: number;
  parseMs: number[];
}

/** 1,000 puzzles x 10 sessions x 10 questions = exactly 100,000 question turns (plus finals). */
export function writeBenchBundle(path: string): string {
  const bundle = generateSyntheticBundle({ puzzles: 1_000, seed: 42, sessionsPerPuzzle: 10, questionsPerSession: [10, 10] });
  const text = JSON.stringify(bundle);
  writeFileSync(path, text);
  return text;
}

export function benchParse(text: string, runs: number): NodeBenchResult {
  const parseMs: number[] = [];
  let counts = { puzzles: 0, sessions: 0, questions: 0, turns: 0 };
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const result = parseTranscriptBundle({ name: 'bench-100k.json', text });
    parseMs.push(performance.now() - start);
    if (!result.ok) throw new Error(`the generated bundle does not parse: ${result.errors[0]?.message}`);
    counts = result.value.study.counts;
  }
  return { bytes: text.length, ...counts, parseMs };
}

export { median };
