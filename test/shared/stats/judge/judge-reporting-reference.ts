// Test helper: test/fixtures/judge-reporting/reference.json, the authors' own code run once on
// their examples and ours (see the fixture's README and make-reference.py).

import { readFileSync } from 'node:fs';
import type { JudgeCalibration, JudgedFinals } from '../../../../shared/stats/judge/corrected-score';

export interface ReferenceCase {
  name: string;
  source: string;
  counts: JudgedFinals & JudgeCalibration;
  theta: number;
  ci95: [number, number];
}

export interface Reference {
  generatedWith: string;
  cases: ReferenceCase[];
  normalQuantiles: Array<[number, number]>;
}

export const REFERENCE = JSON.parse(readFileSync(new URL('../../../fixtures/judge-reporting/reference.json', import.meta.url), 'utf8')) as Reference;
