// assignPuzzles and assignStudy: every listed case is checked for each puzzle going to `overlap`
// distinct annotators with loads within one, seeded and in puzzle order; difficulty overlap is
// honoured and impossible input refused with a clear message.

import { describe, expect, it } from 'vitest';
import { assignPuzzles, assignStudy } from '../../../shared/study/assignment';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

/** Checks every property of a balanced assignment and returns the loads. */
function expectBalanced(assignment: Map<string, string[]>, puzzleIds: string[], annotatorIds: string[], overlap: number): number[] {
  expect([...assignment.keys()].sort()).toEqual([...annotatorIds].sort());
  const holders = new Map<string, number>();
  for (const list of assignment.values()) {
    // Distinct annotators per puzzle: no annotator holds a puzzle twice.
    expect(new Set(list).size).toBe(list.length);
    for (const id of list) holders.set(id, (holders.get(id) ?? 0) + 1);
  }
  for (const id of puzzleIds) expect(holders.get(id) ?? 0).toBe(overlap);
  expect(holders.size).toBe(puzzleIds.length);
  const loads = [...assignment.values()].map((list) => list.length);
  expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  expect(loads.reduce((a, b) => a + b, 0)).toBe(puzzleIds.length * overlap);
  return loads;
}

describe('assignPuzzles', () => {
  const cases: Array<[number, number, number]> = [];
  for (const puzzles of [0, 1, 2, 5, 7, 10, 13, 60]) {
    for (const annotators of [1, 2, 3, 4, 7, 11]) {
      for (const overlap of [1, 2, 3, annotators]) if (overlap <= annotators) cases.push([puzzles, annotators, overlap]);
    }
  }
  cases.push([60, 3, 3], [975, 55, 55], [975, 55, 3], [975, 55, 54], [1000, 7, 5], [2271, 13, 4]);

  it.each(cases)('%i puzzles, %i annotators, overlap %i: each puzzle to overlap distinct annotators, loads within one', (p, a, k) => {
    const puzzleIds = ids('p', p);
    const annotatorIds = ids('ann', a);
    for (const seed of [1, 2, 99]) expectBalanced(assignPuzzles({ puzzleIds, annotatorIds, overlap: k, seed }), puzzleIds, annotatorIds, k);
  });

  it('gives everyone every puzzle when the overlap is the number of annotators (975 x 55 x 55)', () => {
    const puzzleIds = ids('p', 975);
    const assignment = assignPuzzles({ puzzleIds, annotatorIds: ids('ann', 55), overlap: 55, seed: 7 });
    for (const list of assignment.values()) expect(list).toEqual(puzzleIds);
  });

  it('balances 60 puzzles over 3 annotators with overlap 3 and 2', () => {
    const puzzleIds = ids('p', 60);
    expect(expectBalanced(assignPuzzles({ puzzleIds, annotatorIds: ids('a', 3), overlap: 3, seed: 1 }), puzzleIds, ids('a', 3), 3)).toEqual([60, 60, 60]);
    expect(expectBalanced(assignPuzzles({ puzzleIds, annotatorIds: ids('a', 3), overlap: 2, seed: 1 }), puzzleIds, ids('a', 3), 2)).toEqual([40, 40, 40]);
  });

  it('is deterministic for a seed, differs between seeds, and keeps each list in puzzle order', () => {
    const input = { puzzleIds: ids('p', 40), annotatorIds: ids('ann', 6), overlap: 2 };
    const a = assignPuzzles({ ...input, seed: 5 });
    expect(assignPuzzles({ ...input, seed: 5 })).toEqual(a);
    expect(assignPuzzles({ ...input, seed: 6 })).not.toEqual(a);
    expect(assignPuzzles({ ...input, seed: 5 + 2 ** 32 })).toEqual(a);
    const order = new Map(input.puzzleIds.map((id, i) => [id, i]));
    for (const list of a.values()) expect(list.map((id) => order.get(id))).toEqual([...list.map((id) => order.get(id))].sort((x = 0, y = 0) => x - y));
  });

  it('refuses impossible input with a clear message', () => {
    const puzzleIds = ids('p', 4);
    expect(() => assignPuzzles({ puzzleIds, annotatorIds: ids('a', 3), overlap: 4, seed: 1 })).toThrow(
      'the overlap is 4, but there are 3 annotators; each puzzle needs 4 different annotators',
    );
    expect(() => assignPuzzles({ puzzleIds, annotatorIds: ids('a', 3), overlap: 0, seed: 1 })).toThrow('at least 1');
    expect(() => assignPuzzles({ puzzleIds, annotatorIds: [], overlap: 1, seed: 1 })).toThrow('at least one annotator');
    expect(() => assignPuzzles({ puzzleIds, annotatorIds: ['a', 'b', 'a'], overlap: 1, seed: 1 })).toThrow('"a" is named twice');
    expect(() => assignPuzzles({ puzzleIds: ['p', 'q', 'p'], annotatorIds: ['a'], overlap: 1, seed: 1 })).toThrow('"p" is listed twice');
  });
});

describe('assignStudy', () => {
  it('rates difficulty of the labelled puzzles by default', () => {
    const input = { puzzleIds: ids('p', 30), annotatorIds: ids('ann', 5), overlap: 2, seed: 3 };
    const puzzles = assignPuzzles(input);
    for (const [id, assigned] of assignStudy(input)) {
      expect(assigned.puzzles).toEqual(puzzles.get(id));
      expect(assigned.difficultyPuzzles).toEqual(assigned.puzzles);
    }
  });

  it.each([
    [975, 55, 3, 55],
    [60, 3, 3, 3],
    [50, 9, 2, 7],
    [31, 4, 1, 3],
  ])('%i puzzles, %i annotators: overlap %i for answers and %i for difficulty, both balanced', (p, a, k, d) => {
    const puzzleIds = ids('p', p);
    const annotatorIds = ids('ann', a);
    const study = assignStudy({ puzzleIds, annotatorIds, overlap: k, difficultyOverlap: d, seed: 11 });
    expectBalanced(new Map([...study].map(([id, x]) => [id, x.puzzles])), puzzleIds, annotatorIds, k);
    expectBalanced(new Map([...study].map(([id, x]) => [id, x.difficultyPuzzles])), puzzleIds, annotatorIds, d);
  });

  it('refuses a difficulty overlap above the number of annotators', () => {
    expect(() => assignStudy({ puzzleIds: ids('p', 3), annotatorIds: ids('a', 2), overlap: 1, difficultyOverlap: 3, seed: 1 })).toThrow(
      'the difficulty overlap is 3, but there are 2 annotators',
    );
  });
});
