// The rule of a study's judge split (seed and shares) and its check, apart from the splitting
// itself (shared/study/judge-splits.ts) so the study's files can check a stored rule with the
// same words the Judges page and the command line use.

import { JUDGE_SPLIT_PARTS, type JudgeSplitPart } from './model';

/** The share of the puzzles in each split, as fractions that add up to 1. */
export type SplitShares = Readonly<Record<JudgeSplitPart, number>>;

export interface SplitRule {
  /** A whole number; the same seed and shares give every puzzle the same split. */
  seed: number;
  shares: SplitShares;
}

/** The examples split holds 10% to 20% of the puzzles: enough to draw examples from, few enough to leave most for tuning and testing. */
export const MIN_EXAMPLES_SHARE = 0.1;
export const MAX_EXAMPLES_SHARE = 0.2;

// Shares typed as percentages with a few decimals are taken as adding up to 100%.
const SUM_TOLERANCE = 1e-9;

/** Throws a RangeError, in the lead's words, naming the first thing wrong with the rule. */
export function checkSplitRule(rule: SplitRule): void {
  if (!Number.isSafeInteger(rule.seed)) throw new RangeError(`the split's seed must be a whole number, not ${rule.seed}`);
  const { examples, development, test } = rule.shares;
  for (const split of JUDGE_SPLIT_PARTS) {
    const share = rule.shares[split];
    if (typeof share !== 'number' || !Number.isFinite(share)) throw new RangeError(`the ${split} split's share must be a number, not ${String(share)}`);
  }
  if (examples < MIN_EXAMPLES_SHARE - SUM_TOLERANCE || examples > MAX_EXAMPLES_SHARE + SUM_TOLERANCE)
    throw new RangeError(
      `the examples split must hold ${percent(MIN_EXAMPLES_SHARE)} to ${percent(MAX_EXAMPLES_SHARE)} of the puzzles, not ${percent(examples)}`,
    );
  if (development <= 0) throw new RangeError(`the development split must hold some of the puzzles, not ${percent(development)}`);
  if (test <= 0) throw new RangeError(`the test split must hold some of the puzzles, not ${percent(test)}`);
  const total = examples + development + test;
  if (Math.abs(total - 1) > SUM_TOLERANCE)
    throw new RangeError(`the examples, development and test splits must share all the puzzles: their shares add up to ${percent(total)}, not 100%`);
}

function percent(share: number): string {
  return `${Number((share * 100).toPrecision(6))}%`;
}
