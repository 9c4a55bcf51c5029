// The seeded split of a study's puzzles into examples, development and test (issue 34 point 1):
// the same seed gives the same split, new puzzles and labels never move a puzzle already split,
// the shares come out within binomial tolerance, and a rule a lead should not set is refused.

import { describe, expect, it } from 'vitest';
import type { StudyData, Task } from '../../../shared/domain/model';
import { JUDGE_SPLITS, checkSplitRule, labelledUnitSplits, puzzleSplit, splitCounts, type SplitRule } from '../../../shared/study/judge-splits';

const RULE: SplitRule = { seed: 34, shares: { examples: 0.15, development: 0.45, test: 0.4 } };

function puzzleIds(count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => `puzzle-${from + i}`);
}

/** Puzzles with two question turns and one final turn each, as StudyData needs them here. */
function studyOf(ids: readonly string[]): Pick<StudyData, 'puzzles' | 'turns'> {
  return {
    puzzles: ids.map((id) => ({ studyId: 's', id, story: '', reference: '', keyClues: [] })),
    turns: ids.flatMap((id) =>
      ['q1', 'q2', 'f'].map((name, index) => ({
        studyId: 's',
        id: `${id}/${name}`,
        sessionId: `${id}/session`,
        puzzleId: id,
        index,
        type: name === 'f' ? ('final' as const) : ('question' as const),
        text: '',
        judgements: {},
      })),
    ),
  };
}

function labelsOf(ids: readonly string[]): Array<{ task: Task; unitId: string }> {
  return ids.flatMap((id) => [
    { task: 'answer' as const, unitId: `${id}/q1` },
    { task: 'answer' as const, unitId: `${id}/q2` },
    { task: 'match' as const, unitId: `${id}/f` },
    { task: 'difficulty' as const, unitId: id },
  ]);
}

describe('judge splits', () => {
  it('gives the same split for the same seed, and another for another seed', () => {
    const ids = puzzleIds(200);
    const first = ids.map((id) => puzzleSplit(RULE, id));
    expect(ids.map((id) => puzzleSplit({ ...RULE, shares: { ...RULE.shares } }, id))).toEqual(first);
    expect(ids.map((id) => puzzleSplit({ ...RULE, seed: 35 }, id))).not.toEqual(first);
  });

  it('never moves a unit already split when puzzles and labels are added', () => {
    const early = puzzleIds(300);
    const before = labelledUnitSplits(
      RULE,
      studyOf(early),
      labelsOf(early).filter((_, i) => i % 3 !== 0),
    );
    const late = [...puzzleIds(150, 1000), ...early, ...puzzleIds(150, 300)];
    // More labels on the old puzzles, labels on new ones, and everything in another order.
    const after = labelledUnitSplits(RULE, studyOf(late), [...labelsOf(late)].reverse());
    const afterByUnit = new Map(after.map((unit) => [`${unit.task}/${unit.unitId}`, unit.split]));
    for (const unit of before) expect(afterByUnit.get(`${unit.task}/${unit.unitId}`)).toBe(unit.split);
    // A unit labelled only later goes to its puzzle's split.
    for (const unit of after) expect(unit.split).toBe(puzzleSplit(RULE, unit.puzzleId));
    expect(after).toHaveLength(late.length * 4);
  });

  it('realises the shares within binomial tolerance on 10,000 puzzles', () => {
    const ids = puzzleIds(10_000);
    const counts = splitCounts(labelledUnitSplits(RULE, studyOf(ids), labelsOf(ids)));
    const lines: string[] = [];
    for (const split of JUDGE_SPLITS) {
      const share = RULE.shares[split];
      const sd = Math.sqrt(ids.length * share * (1 - share));
      const { puzzles } = counts[split];
      lines.push(`${split} ${puzzles} (expected ${ids.length * share}, ${((puzzles - ids.length * share) / sd).toFixed(2)} SD)`);
      expect(Math.abs(puzzles - ids.length * share)).toBeLessThan(4 * sd);
      expect(counts[split].units).toBe(4 * puzzles);
    }
    console.log(`judge splits, 10,000 puzzles at 15/45/40%, seed 34: ${lines.join('; ')}`);
  });

  it('puts every unit of a puzzle in one split, once', () => {
    const ids = puzzleIds(500);
    const units = labelledUnitSplits(RULE, studyOf(ids), [...labelsOf(ids), ...labelsOf(ids)]);
    expect(units).toHaveLength(ids.length * 4);
    const splitOfPuzzle = new Map<string, string>();
    for (const unit of units) {
      expect(splitOfPuzzle.get(unit.puzzleId) ?? unit.split).toBe(unit.split);
      splitOfPuzzle.set(unit.puzzleId, unit.split);
    }
    expect(new Set(splitOfPuzzle.values())).toEqual(new Set(JUDGE_SPLITS));
  });

  it('leaves out labels on units the study does not hold', () => {
    const ids = puzzleIds(3);
    const labels: Array<{ task: Task; unitId: string }> = [
      { task: 'answer', unitId: 'no-such-turn' },
      { task: 'difficulty', unitId: 'no-such-puzzle' },
      { task: 'answer', unitId: 'puzzle-0/q1' },
    ];
    expect(labelledUnitSplits(RULE, studyOf(ids), labels).map((unit) => unit.unitId)).toEqual(['puzzle-0/q1']);
  });

  it.each([
    [{ seed: 1.5, shares: RULE.shares }, "the split's seed must be a whole number, not 1.5"],
    [{ seed: 1, shares: { examples: 0.05, development: 0.5, test: 0.45 } }, 'the examples split must hold 10% to 20% of the puzzles, not 5%'],
    [{ seed: 1, shares: { examples: 0.25, development: 0.5, test: 0.25 } }, 'the examples split must hold 10% to 20% of the puzzles, not 25%'],
    [{ seed: 1, shares: { examples: 0.1, development: Number.NaN, test: 0.45 } }, "the development split's share must be a number, not NaN"],
    [{ seed: 1, shares: { examples: 0.2, development: 0, test: 0.8 } }, 'the development split must hold some of the puzzles, not 0%'],
    [{ seed: 1, shares: { examples: 0.2, development: 0.8, test: 0 } }, 'the test split must hold some of the puzzles, not 0%'],
    [
      { seed: 1, shares: { examples: 0.15, development: 0.5, test: 0.3 } },
      'the examples, development and test splits must share all the puzzles: their shares add up to 95%, not 100%',
    ],
  ])('refuses a rule a lead should not set: %o', (rule, message) => {
    expect(() => checkSplitRule(rule)).toThrow(new RangeError(message));
    expect(() => puzzleSplit(rule, 'puzzle-0')).toThrow(RangeError);
    expect(() => labelledUnitSplits(rule, studyOf([]), [])).toThrow(RangeError);
  });

  it('accepts the edges of the examples share and shares typed as percentages', () => {
    expect(() => checkSplitRule({ seed: 0, shares: { examples: 0.1, development: 0.45, test: 0.45 } })).not.toThrow();
    expect(() => checkSplitRule({ seed: 0, shares: { examples: 0.2, development: 0.7, test: 0.1 } })).not.toThrow();
    expect(() => checkSplitRule({ seed: 0, shares: { examples: 0.1, development: 0.3, test: 0.6 } })).not.toThrow();
  });
});
