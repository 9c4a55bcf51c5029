// How the report names its paired test (issue 28 point 1) in words a study lead reads, the same
// in the Markdown, LaTeX and CSV and on the app's report page: which test gave p, what it assumes,
// and a p the replicates can only bound.

import type { AgreementReport, PairedTest, PairedTestResult } from './model/report-model';

/** The report's paired test; reports written before the setting used the exact McNemar test. */
export function pairedTestOf(settings: AgreementReport['settings']): PairedTest {
  return settings.pairedTest ?? 'exact-mcnemar';
}

/** The header of the p column: `Bootstrap-t p` or `McNemar p`. */
export function pairedTestColumn(settings: AgreementReport['settings']): string {
  return pairedTestOf(settings) === 'bootstrap-t' ? 'Bootstrap-t p' : 'McNemar p';
}

/** The sentence under the tables: which test gave p and what it assumes. */
export function pairedTestSentence(settings: AgreementReport['settings']): string {
  const drawn = settings.resample === 'units' ? 'units' : 'puzzles';
  if (pairedTestOf(settings) === 'bootstrap-t')
    return `p: symmetric studentized bootstrap over ${drawn} (B = ${settings.bootstrap}, seed ${settings.seed}) from the replicates of the interval beside it, so p < 0.05 exactly when the 95% CI leaves 0 out`;
  return `p: exact McNemar test of the unit counts, units taken as independent (the interval beside it resamples ${drawn}, so where a ${drawn === 'puzzles' ? "puzzle's units are alike" : 'unit depends on another'} the two can disagree)`;
}

/** A p the replicates only bound prints `≤ 0.001` (two digits, however small); others as `format` prints them. */
export function pairedPValueText(test: PairedTestResult, format: (p: number) => string): string | null {
  if (test.pValue === null) return null;
  return test.pAtBound ? `≤ ${boundText(test.pValue)}` : format(test.pValue);
}

const boundText = (p: number) => String(Number(p.toPrecision(2)));

/** The note for p-values that are bounds, when some row has one. */
export function pAtBoundNote(tests: readonly PairedTestResult[], replicates: number): string[] {
  if (!tests.some((test) => test.pAtBound)) return [];
  return [
    `A p of ≤ ${boundText(1 / (replicates + 1))}: the data lie beyond every bootstrap replicate, so p is at most 1 / (B + 1), the smallest ${replicates} replicates resolve.`,
  ];
}
