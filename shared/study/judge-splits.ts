// The split of a study's puzzles for improving a judge honestly (issue 34 point 1): `examples`
// (few-shot examples are drawn from it), `development` (prompts are tuned on it) and a held-out
// `test`. Each puzzle goes to a split by a seeded number of its own id alone, so a puzzle never
// straddles splits, and puzzles and labels that arrive later never move the puzzles already split.

import { JUDGE_SPLIT_PARTS, type JudgeSplitPart, type Puzzle, type Task, type Turn } from '../domain/model';
import { checkSplitRule, type SplitRule, type SplitShares } from '../domain/judge-split-rule';
import { keyedUniform } from '../random/keyed-uniform';

export { checkSplitRule, MAX_EXAMPLES_SHARE, MIN_EXAMPLES_SHARE, type SplitRule, type SplitShares } from '../domain/judge-split-rule';

export const JUDGE_SPLITS = JUDGE_SPLIT_PARTS;
export type JudgeSplit = JudgeSplitPart;

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
  data: { puzzles: ReadonlyArray<Pick<Puzzle, 'id'>>; turns: ReadonlyArray<Pick<Turn, 'id' | 'puzzleId'>> },
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
