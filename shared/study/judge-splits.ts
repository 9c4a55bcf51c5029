// The split of a study's puzzles for improving a judge honestly (issue 34 point 1): `examples`
// (few-shot examples are drawn from it), `development` (prompts are tuned on it) and a held-out
// `test`. Each puzzle goes to a split by a seeded number of its own id alone, so a puzzle never
// straddles splits, and puzzles and labels that arrive later never move the puzzles already split.

import { JUDGE_SPLIT_PARTS, type JudgeSplitPart, type StudyData, type Task } from '../domain/model';
import { keyedUniform } from '../random/keyed-uniform';

export const JUDGE_SPLITS = JUDGE_SPLIT_PARTS;
export type JudgeSplit = JudgeSplitPart;

/** The share of the puzzles in each split, as fractions that add up to 1. */
export type SplitShares = Readonly<Record<JudgeSplit, number>>;

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
  for (const split of JUDGE_SPLITS) {
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

/**
 * The split of one puzzle: its seeded number in [0, 1) against the cumulative shares (examples
 * first, then development, then test). Throws a RangeError on a rule checkSplitRule refuses.
 */
export function puzzleSplit(rule: SplitRule, puzzleId: string): JudgeSplit {
  checkSplitRule(rule);
  return splitOfDraw(rule.shares, keyedUniform(rule.seed, puzzleId));
}

function splitOfDraw(shares: SplitShares, draw: number): JudgeSplit {
  if (draw < shares.examples) return 'examples';
  return draw < shares.examples + shares.development ? 'development' : 'test';
}

/** One human-labelled unit, the puzzle it belongs to and that puzzle's split. */
export interface UnitSplit {
  task: Task;
  unitId: string;
  puzzleId: string;
  split: JudgeSplit;
}

/**
 * The split of each human-labelled unit, once per unit, in the order its first label comes: an
 * `answer` or `match` unit by its turn's puzzle, a `difficulty` unit by its puzzle. Lenient as the
 * report builder is: a label on a turn or puzzle the study does not hold is left out, because the
 * import rejects such labels before they get here.
 */
export function labelledUnitSplits(
  rule: SplitRule,
  data: Pick<StudyData, 'puzzles' | 'turns'>,
  labels: ReadonlyArray<{ task: Task; unitId: string }>,
): UnitSplit[] {
  checkSplitRule(rule);
  const puzzleOfTurn = new Map(data.turns.map((turn) => [turn.id, turn.puzzleId]));
  const puzzleIds = new Set(data.puzzles.map((puzzle) => puzzle.id));
  const splitOfPuzzle = new Map<string, JudgeSplit>();
  const seen = new Set<string>();
  const units: UnitSplit[] = [];
  for (const { task, unitId } of labels) {
    const puzzleId = task === 'difficulty' ? (puzzleIds.has(unitId) ? unitId : undefined) : puzzleOfTurn.get(unitId);
    // A turn id and a puzzle id may be the same text, so a unit is known by its task too.
    const key = `${task}\u0000${unitId}`;
    if (puzzleId === undefined || seen.has(key)) continue;
    seen.add(key);
    let split = splitOfPuzzle.get(puzzleId);
    if (split === undefined) {
      split = splitOfDraw(rule.shares, keyedUniform(rule.seed, puzzleId));
      splitOfPuzzle.set(puzzleId, split);
    }
    units.push({ task, unitId, puzzleId, split });
  }
  return units;
}

export interface SplitCount {
  /** Distinct puzzles with a labelled unit in the split. */
  puzzles: number;
  units: number;
}

/** How many labelled units, and of how many puzzles, each split holds. */
export function splitCounts(units: readonly UnitSplit[]): Record<JudgeSplit, SplitCount> {
  const counts = { examples: { puzzles: 0, units: 0 }, development: { puzzles: 0, units: 0 }, test: { puzzles: 0, units: 0 } };
  const counted = new Set<string>();
  for (const { puzzleId, split } of units) {
    counts[split].units++;
    if (counted.has(puzzleId)) continue;
    counted.add(puzzleId);
    counts[split].puzzles++;
  }
  return counts;
}

function percent(share: number): string {
  return `${Number((share * 100).toPrecision(6))}%`;
}
