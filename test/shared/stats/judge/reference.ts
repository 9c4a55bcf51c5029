// Test helper: the scikit-learn and statsmodels values of test/fixtures/judge-metrics, made once by
// its make-reference.py (see its README) and read here as plain JSON.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Value = number | null;

export interface ClassificationCase {
  name: string;
  labels: string[];
  reference: string[];
  judge: string[];
  /** scikit-learn's confusion_matrix: rows the reference (true) label, columns the judge's. */
  confusionTrueByPredicted: number[][];
  perLabel: Array<{ label: string; precision: Value; recall: Value; f1: Value; support: number }>;
  macro: Record<'precision' | 'recall' | 'f1', { value: Value; over: string[] }>;
  micro: Record<'precision' | 'recall' | 'f1', Value>;
  accuracy: number;
  rates?: { positive: string; truePositiveRate: Value; trueNegativeRate: Value };
}

export interface McNemarCase {
  table: number[][];
  b: number;
  c: number;
  statistic: number;
  pvalue: number;
}

export interface Reference {
  source: string;
  classification: ClassificationCase[];
  mcnemar: McNemarCase[];
  holm: Array<{ pvalues: number[]; adjusted: number[] }>;
}

const path = fileURLToPath(new URL('../../../fixtures/judge-metrics/reference.json', import.meta.url));
export const REFERENCE = JSON.parse(readFileSync(path, 'utf8')) as Reference;

/** Equal to 1e-12, relative to the larger of 1 and the expected value's size; null must match null. */
export function close(actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected));
}
