// The planner's estimates (shared/stats/planner/study-estimates.ts) on a hand-made study, each
// figure beside its plain count, and the people's model behind them: the accuracy that gives the
// people's agreement, and the majority's chances given the truth.

import { describe, expect, it } from 'vitest';
import { estimateStudy, intraclassCorrelation, majorityMatrix, personAccuracy } from '../../../../shared/stats/planner/study-estimates';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { handStudy } from '../study/study-fixtures';

/**
 * Two puzzles, judges j1 and j2 (j2 leaves u6 alone), people a, b, c. The human majority: u1 yes,
 * u2 no, u3 none (yes, no, irrelevant), u4 none (irrelevant, no), u5 yes, u6 no (one label).
 */
function smallStudy() {
  return handStudy(
    [{ id: 'p1' }, { id: 'p2' }],
    [
      {
        id: 's1',
        puzzleId: 'p1',
        player: 'P',
        judge: 'j1',
        turns: [
          { id: 'u1', judges: { j1: 'yes', j2: 'yes' }, humans: { a: 'yes', b: 'yes', c: 'no' } },
          { id: 'u2', judges: { j1: 'no', j2: 'yes' }, humans: { a: 'no', b: 'no', c: 'no' } },
          { id: 'u3', judges: { j1: 'yes', j2: 'no' }, humans: { a: 'yes', b: 'no', c: 'irrelevant' } },
          { id: 'f1', final: true, judges: { j1: 'matched' }, humans: { a: 'matched', b: 'matched', c: 'unmatched' } },
        ],
      },
      {
        id: 's2',
        puzzleId: 'p2',
        player: 'P',
        judge: 'j1',
        turns: [
          { id: 'u4', judges: { j1: 'irrelevant', j2: 'irrelevant' }, humans: { a: 'irrelevant', b: 'no' } },
          { id: 'u5', judges: { j1: 'no', j2: 'yes' }, humans: { a: 'yes', b: 'yes' } },
          { id: 'u6', judges: { j1: 'yes' }, humans: { a: 'no' } },
        ],
      },
    ],
  );
}

describe('the planner reads a study', () => {
  const { study, labels } = smallStudy();
  const estimates = estimateStudy(indexStudy(study, labels), 'answer', 'all');

  it('counts puzzles, units per puzzle, people per unit and the people', () => {
    expect(estimates.categories).toEqual(['yes', 'no', 'irrelevant']);
    expect(estimates.puzzles).toBe(2);
    expect(estimates.studyPuzzles).toBe(2);
    expect(estimates.unitsPerPuzzle).toEqual([3, 3]);
    expect(estimates.annotatorsPerUnit).toEqual([3, 3, 3, 2, 2, 1]);
    expect(estimates.annotators).toBe(3);
  });

  it("counts people's agreeing pairs and the majority's labels and ties", () => {
    // Pairs: u1 1 of 3, u2 3 of 3, u3 0 of 3, u4 0 of 1, u5 1 of 1, u6 none.
    expect(estimates.people.pairs).toBe(11);
    expect(estimates.people.pairAgreement).toBeCloseTo(5 / 11, 12);
    expect(estimates.people.accuracy).toBeCloseTo((1 + Math.sqrt(8 / 11)) / 3, 12);
    expect(estimates.majorityShares).toEqual([0.5, 0.5, 0]);
    expect(estimates.ties).toBe(2);
  });

  it("counts each judge's confusion with the majority, its coverage and its puzzles' spread", () => {
    const [j1, j2] = estimates.judges;
    // j1: u1 yes/yes, u2 no/no, u5 no where people say yes, u6 yes where people say no.
    expect(j1).toMatchObject({ judge: 'j1', units: 4, agreements: 2, coverage: 1 });
    expect(j1?.confusion).toEqual([
      [1, 1, 0],
      [1, 1, 0],
      [0, 0, 0],
    ]);
    // Agrees on both of p1's units and neither of p2's: all the spread is between puzzles.
    expect(j1?.icc).toBe(0.99);
    // j2: u1 yes/yes, u2 yes where people say no, u5 yes/yes; it left u6 alone.
    expect(j2).toMatchObject({ judge: 'j2', units: 3, agreements: 2, coverage: 5 / 6 });
    expect(j2?.confusion).toEqual([
      [2, 1, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    for (const judge of estimates.judges) for (const row of judge.errorRates) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('pairs the judges on the units both labelled that have a majority', () => {
    // u1 both agree, u2 only j1, u5 only j2; p1 holds two of them, p2 one.
    expect(estimates.pairs).toEqual([{ a: 'j1', b: 'j2', cells: [1, 1, 1, 0], unitsPerPuzzle: [2, 1], icc: expect.any(Number) }]);
  });

  it('reads one bucket alone and one task alone', () => {
    const match = estimateStudy(indexStudy(study, labels), 'match', 'all');
    expect(match).toMatchObject({ puzzles: 1, studyPuzzles: 1, unitsPerPuzzle: [1], ties: 0, majorityShares: [1, 0] });
    expect(match.judges[0]).toMatchObject({
      units: 1,
      agreements: 1,
      confusion: [
        [1, 0],
        [0, 0],
      ],
    });
    // Neither puzzle has a difficulty: both are unrated, and no unit is easy.
    expect(estimateStudy(indexStudy(study, labels), 'answer', 'easy').puzzles).toBe(0);
    expect(estimateStudy(indexStudy(study, labels), 'answer', 'unrated').puzzles).toBe(2);
  });
});

describe("the people's model", () => {
  it('gives back the agreement its accuracy implies', () => {
    for (const k of [2, 3, 4])
      for (const q of [0.6, 0.8, 0.95, 1]) {
        const agreement = q * q + (1 - q) ** 2 / (k - 1);
        expect(personAccuracy(agreement, k)).toBeCloseTo(q, 10);
      }
    // Below chance there is nothing above chance to find.
    expect(personAccuracy(0.2, 3)).toBeCloseTo(1 / 3, 12);
  });

  it("gives the majority's chances: the identity for people who never err, a plain sum for three who may", () => {
    expect(majorityMatrix(1, 3, [3, 2, 1])).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    // Two labels, three people right with chance 0.9: right when at least two are.
    const [row] = majorityMatrix(0.9, 2, [3]);
    expect(row?.[0]).toBeCloseTo(0.9 ** 3 + 3 * 0.9 ** 2 * 0.1, 12);
    expect(row?.[1]).toBeCloseTo(0.1 ** 3 + 3 * 0.1 ** 2 * 0.9, 12);
    // Two people on two labels tie whenever they differ.
    const [pair] = majorityMatrix(0.9, 2, [2]);
    expect(pair?.[0]).toBeCloseTo(0.81, 12);
    expect(pair?.[1]).toBeCloseTo(0.01, 12);
  });

  it('estimates no intra-cluster correlation for clusters alike, and some for clusters apart', () => {
    expect(
      intraclassCorrelation([
        { sum: 2, squares: 2, n: 4 },
        { sum: 2, squares: 2, n: 4 },
      ]),
    ).toBe(0);
    expect(
      intraclassCorrelation([
        { sum: 4, squares: 4, n: 4 },
        { sum: 0, squares: 0, n: 4 },
      ]),
    ).toBe(0.99);
    expect(intraclassCorrelation([{ sum: 1, squares: 1, n: 1 }])).toBe(0);
  });
});
