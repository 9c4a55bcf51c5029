// The Alternative Annotator Test (Calderon, Reichart and Dror, 2025; reference code nitaytech/AltTest):
// may a judge stand in for the annotators? Each annotator is left out in turn and the judge wins against
// them when it represents the others at least as well, up to epsilon (a one-sided t-test, BY-corrected).

import type { AnnotatorExpertise } from '../../domain/model';
import { studentTCdf } from './student-t';

/** The authors' cost-benefit margin per level: how much worse than a person the judge may be and still pass. */
export const ALT_TEST_EPSILON: Readonly<Record<AnnotatorExpertise, number>> = { expert: 0.2, skilled: 0.15, crowd: 0.1 };

/** The reference's default epsilon, the expert level. */
export const DEFAULT_ALT_TEST_EPSILON = ALT_TEST_EPSILON.expert;

/** The false discovery rate q of the Benjamini-Yekutieli procedure, as in the reference. */
export const ALT_TEST_FDR = 0.05;

/** The reference skips an annotator who shares fewer units than this with the judge and another annotator (the t-test's normality needs about 30). */
export const ALT_TEST_MIN_UNITS = 30;

/** Fewer annotators leave no group for the judge to represent (the authors' FAQ); the reference runs with two, we refuse. */
export const ALT_TEST_MIN_ANNOTATORS = 3;

/**
 * How a label is scored against the other annotators' labels of the unit: `accuracy`, the share of
 * them it equals (categorical labels); `neg-rmse`, minus the root mean squared difference from them
 * (numbers, such as difficulty ratings).
 */
export type AltTestScoring = 'accuracy' | 'neg-rmse';

export interface AltTestRating<V> {
  annotator: string;
  value: V;
}

/** One unit: the judge's label (undefined when it gave none) and one label per annotator; a later label of the same annotator replaces an earlier one. */
export interface AltTestUnit<V> {
  judge: V | undefined;
  humans: readonly AltTestRating<V>[];
}

export interface AltTestOptions {
  /** The lead's epsilon, usually ALT_TEST_EPSILON[expertise]; default DEFAULT_ALT_TEST_EPSILON. From 0 to 1. */
  epsilon?: number;
}

export interface AltTestAnnotator {
  annotator: string;
  /** Units compared: labelled by this annotator, the judge and at least one other annotator. */
  n: number;
  /** Whether the annotator took part: false when n is below ALT_TEST_MIN_UNITS (see reason). */
  tested: boolean;
  /** rho_j: share of the n units where the judge's score is at least the annotator's (ties count for both); null when not tested. */
  advantage: number | null;
  /** One-sided p of H0 "the annotator's edge, mean(W_annotator - W_judge), is at least epsilon"; null when not tested or undefined (see reason). */
  pValue: number | null;
  /** H0 rejected by Benjamini-Yekutieli at ALT_TEST_FDR over the tested annotators: the judge wins against this annotator. */
  judgeWins: boolean;
  /** Why the annotator was not tested, or why pValue is null; null otherwise. */
  reason: string | null;
}

export interface AltTestResult {
  epsilon: number;
  scoring: AltTestScoring;
  /** Units compared: with a judge label and labels of at least two annotators. */
  units: number;
  /** Units left out because the judge gave no label or fewer than two annotators labelled them. */
  unitsLeftOut: number;
  /** Every annotator with a label on any unit, in order of first appearance; empty when refused for having too few. */
  annotators: AltTestAnnotator[];
  /** omega: share of the tested annotators the judge wins against. */
  winningRate: number | null;
  /** rho: mean advantage over the tested annotators; the figure to rank judges by. */
  advantageProbability: number | null;
  /** winningRate >= 0.5. */
  passed: boolean | null;
  /** Why the test was refused (winningRate, advantageProbability and passed are then null); null otherwise. */
  reason: string | null;
}

function accuracyScore<V>(label: V, others: readonly V[]): number {
  let same = 0;
  for (const other of others) if (other === label) same++;
  return same / others.length;
}

function negRmseScore(label: number, others: readonly number[]): number {
  let squares = 0;
  for (const other of others) squares += (label - other) ** 2;
  return -Math.sqrt(squares / others.length);
}

/**
 * The one-sided one-sample t-test of the reference (scipy's ttest_1samp, alternative 'less'): is
 * mean(d) below epsilon? Only called with ALT_TEST_MIN_UNITS or more differences.
 */
function edgeBelowEpsilon(d: Float64Array, epsilon: number): { pValue: number | null; reason: string | null } {
  const n = d.length;
  const mean = d.reduce((sum, x) => sum + x, 0) / n;
  const variance = d.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  if (variance === 0) {
    // Every unit gave the same difference: t is infinite, as scipy computes it, unless the mean is epsilon itself.
    if (mean === epsilon) return { pValue: null, reason: 'every unit gave the same difference, equal to epsilon: t is 0/0' };
    return { pValue: mean < epsilon ? 0 : 1, reason: null };
  }
  return { pValue: studentTCdf((mean - epsilon) / Math.sqrt(variance / n), n - 1), reason: null };
}

/** Indices of the p-values the Benjamini-Yekutieli step-up procedure rejects at false discovery rate q; null p-values are never rejected. */
function benjaminiYekutieli(pValues: readonly (number | null)[], q: number): Set<number> {
  const m = pValues.length;
  let harmonic = 0;
  for (let k = 1; k <= m; k++) harmonic += 1 / k;
  const rankOf = (i: number) => pValues[i] ?? 2; // a null p ranks after every p, which is at most 1
  const order = pValues.map((_, i) => i).sort((a, b) => rankOf(a) - rankOf(b));
  let last = -1;
  order.forEach((index, rank) => {
    const p = pValues[index];
    if (p !== null && p !== undefined && p <= ((rank + 1) / m) * (q / harmonic)) last = rank;
  });
  return new Set(order.slice(0, last + 1));
}

/**
 * The Alt-Test of one judge against the annotators, following the reference code: units without a
 * judge label or with fewer than two annotators are left out; for each annotator, on the units they
 * labelled, the judge and the annotator are scored against the other annotators of the unit, W = 1
 * for whichever scores at least as high (both on a tie), and d = W_annotator - W_judge is tested
 * against epsilon. Annotators sharing fewer than ALT_TEST_MIN_UNITS units are skipped and said so.
 * Refused, with a reason, below ALT_TEST_MIN_ANNOTATORS annotators or when no annotator can be tested.
 */
/**
 * A unit's labels, one per annotator: its latest, in the order the annotators first appear. The
 * unit's own list where no annotator repeats (nearly always, and the test runs per judge on
 * every unit): a few labels are compared faster than a map is made; many go through the map.
 */
function latestPerAnnotator<V>(humans: readonly AltTestRating<V>[]): readonly AltTestRating<V>[] {
  const latest = () => [...new Map(humans.map((rating) => [rating.annotator, rating.value]))].map(([annotator, value]) => ({ annotator, value }));
  if (humans.length > FEW_LABELS) return latest();
  for (let i = 1; i < humans.length; i++) for (let j = 0; j < i; j++) if (humans[i]?.annotator === humans[j]?.annotator) return latest();
  return humans;
}

/** Up to this many labels on a unit are checked for a repeated annotator pair by pair. */
const FEW_LABELS = 8;

export function altTest(units: Iterable<AltTestUnit<string | number>>, options?: AltTestOptions & { scoring?: 'accuracy' }): AltTestResult;
export function altTest(units: Iterable<AltTestUnit<number>>, options: AltTestOptions & { scoring: 'neg-rmse' }): AltTestResult;
export function altTest(units: Iterable<AltTestUnit<string | number>>, options: AltTestOptions & { scoring?: AltTestScoring } = {}): AltTestResult {
  const epsilon = options.epsilon ?? DEFAULT_ALT_TEST_EPSILON;
  const scoring = options.scoring ?? 'accuracy';
  const score = (scoring === 'accuracy' ? accuracyScore : negRmseScore) as (label: string | number, others: readonly (string | number)[]) => number;
  const refuse = (reason: string, compared = 0, leftOut = 0, annotators: AltTestAnnotator[] = []): AltTestResult => ({
    epsilon,
    scoring,
    units: compared,
    unitsLeftOut: leftOut,
    annotators,
    winningRate: null,
    advantageProbability: null,
    passed: null,
    reason,
  });
  if (!(epsilon >= 0 && epsilon <= 1)) return refuse(`epsilon must be a number from 0 to 1, not ${epsilon}`);

  const compared: { judge: string | number; labels: readonly AltTestRating<string | number>[] }[] = [];
  const names = new Set<string>();
  let leftOut = 0;
  for (const unit of units) {
    const labels = latestPerAnnotator(unit.humans);
    for (const { annotator } of labels) names.add(annotator);
    if (unit.judge === undefined || labels.length < 2) leftOut++;
    else compared.push({ judge: unit.judge, labels });
  }
  if (names.size < ALT_TEST_MIN_ANNOTATORS) {
    const who = names.size === 0 ? 'none' : names.size === 1 ? 'one' : 'two';
    return refuse(
      `the Alt-Test needs at least ${ALT_TEST_MIN_ANNOTATORS} annotators and this has ${who}: with fewer, leaving one out leaves no group for the judge to represent`,
      compared.length,
      leftOut,
    );
  }

  const others: (string | number)[] = [];
  // One list of differences reused by every annotator (the test runs per judge and bucket on every unit).
  const differences = new Float64Array(compared.length);
  const annotators = [...names].map((annotator): AltTestAnnotator => {
    let n = 0;
    let judgeAtLeast = 0;
    for (const unit of compared) {
      let own: string | number | undefined;
      for (const label of unit.labels) {
        if (label.annotator === annotator) {
          own = label.value;
          break;
        }
      }
      if (own === undefined) continue;
      // The other annotators' labels in the unit's order, into one reused list (the test runs per judge on every unit).
      others.length = 0;
      for (const label of unit.labels) if (label.annotator !== annotator) others.push(label.value);
      const annotatorScore = score(own, others);
      const judgeScore = score(unit.judge, others);
      const judgeWins = judgeScore >= annotatorScore ? 1 : 0;
      judgeAtLeast += judgeWins;
      differences[n++] = (annotatorScore >= judgeScore ? 1 : 0) - judgeWins;
    }
    if (n < ALT_TEST_MIN_UNITS) {
      const reason = `shares ${n} unit${n === 1 ? '' : 's'} with the judge and another annotator, fewer than the ${ALT_TEST_MIN_UNITS} the t-test needs`;
      return { annotator, n, tested: false, advantage: null, pValue: null, judgeWins: false, reason };
    }
    return { annotator, n, tested: true, advantage: judgeAtLeast / n, ...edgeBelowEpsilon(differences.subarray(0, n), epsilon), judgeWins: false };
  });
  const tested = annotators.filter((row) => row.tested);
  if (tested.length === 0) {
    return refuse(`no annotator shares ${ALT_TEST_MIN_UNITS} units with the judge and another annotator`, compared.length, leftOut, annotators);
  }
  const rejected = benjaminiYekutieli(
    tested.map((row) => row.pValue),
    ALT_TEST_FDR,
  );
  tested.forEach((row, index) => (row.judgeWins = rejected.has(index)));
  const winningRate = rejected.size / tested.length;
  const advantageSum = tested.reduce((sum, row) => sum + (row.advantage ?? 0), 0);
  return {
    epsilon,
    scoring,
    units: compared.length,
    unitsLeftOut: leftOut,
    annotators,
    winningRate,
    advantageProbability: advantageSum / tested.length,
    passed: winningRate >= 0.5,
    reason: null,
  };
}
