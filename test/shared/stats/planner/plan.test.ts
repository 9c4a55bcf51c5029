// planStudy (shared/stats/planner/plan.ts) on a seeded synthetic study: its progress reaches its
// bound, every target kind gives a plan with its assumptions, and a bad target is a RangeError
// that names what was expected.

import { describe, expect, it } from 'vitest';
import { planStudy, type PlanTarget } from '../../../../shared/stats/planner/plan';
import { estimateStudy } from '../../../../shared/stats/planner/study-estimates';
import { syntheticUnits } from './synthetic';

const pilot = estimateStudy(syntheticUnits(60, 3), 'answer', 'all');
const FAST = { repeats: 40, replicates: 100 } as const;

describe('the plan reports its progress', () => {
  it('calls back as simulated studies finish, never backwards, and ends at its bound', () => {
    const calls: [number, number][] = [];
    planStudy(pilot, { kind: 'width', width: 0.1, judge: 'judge-a' }, FAST, (done, total) => calls.push([done, total]));
    expect(calls.length).toBeGreaterThan(2);
    const total = calls[0]?.[1] as number;
    expect(calls.every(([, t]) => t === total)).toBe(true);
    for (let i = 1; i < calls.length; i++) expect((calls[i] as [number, number])[0]).toBeGreaterThanOrEqual((calls[i - 1] as [number, number])[0]);
    expect(calls.at(-1)).toEqual([total, total]);
    // Below the bound before the end: the callback says how far the plan is, not that it is done.
    expect(calls[0]?.[0]).toBeLessThan(total);
  });
});

describe('every target gives a plan', () => {
  it('a width: more puzzles than now, and the width reached at that size', () => {
    const plan = planStudy(pilot, { kind: 'width', width: 0.08, judge: 'judge-a' }, FAST);
    expect(plan.current).toEqual({ puzzles: 60, studyPuzzles: 60, annotatorsPerPuzzle: 3 });
    expect(plan.atCurrent.share).toBeLessThan(0.8);
    expect(plan.recommended?.puzzles).toBeGreaterThan(60);
    expect(plan.more?.puzzles).toBe((plan.recommended?.puzzles as number) - 60);
    expect(plan.atRecommended?.share).toBeGreaterThanOrEqual(0.8);
    expect(plan.atRecommended?.width?.atLevel).toBeLessThanOrEqual(0.08);
    expect(plan.assumptions.join(' ')).toMatch(/New puzzles are like the study's puzzles/);
    // The same seed gives the same plan.
    expect(planStudy(pilot, { kind: 'width', width: 0.08, judge: 'judge-a' }, FAST)).toEqual(plan);
  });

  it('a width the study already reaches: no more puzzles', () => {
    const plan = planStudy(pilot, { kind: 'width', width: 0.3, judge: 'judge-a' }, FAST);
    expect(plan.more?.puzzles).toBe(0);
    expect(plan.recommended?.puzzles).toBeLessThan(60);
  });

  it('more people per puzzle cannot narrow an interval that puzzles set: none up to the bound', () => {
    const plan = planStudy(pilot, { kind: 'width', width: 0.05, judge: 'judge-a' }, { ...FAST, vary: 'annotators', maxAnnotators: 5 });
    expect(plan.recommended).toBeNull();
    expect(plan.reason).toMatch(/no size up to 5 people per puzzle/);
  });

  it('an Alt-Test power, with its epsilon in the assumptions', () => {
    const plan = planStudy(pilot, { kind: 'power', power: 0.8, judge: 'judge-a', epsilon: 0.2 }, FAST);
    expect(plan.level).toBe(0.8);
    expect(plan.atCurrent.share).toBeGreaterThanOrEqual(0);
    expect(plan.assumptions.join(' ')).toMatch(/Alt-Test is the report's, at epsilon 0.2/);
  });

  it("a difference between two judges: a size for a given one, the smallest found at the study's size without", () => {
    const sized = planStudy(pilot, { kind: 'difference', judges: ['judge-a', 'judge-b'], difference: 0.1 }, FAST);
    expect(sized.recommended?.puzzles).toBeGreaterThan(0);
    const smallest = planStudy(pilot, { kind: 'difference', judges: ['judge-a', 'judge-b'] }, FAST);
    expect(smallest.detectableDifference).toBeGreaterThan(0);
    expect(smallest.detectableDifference).toBeLessThan(0.5);
    expect(smallest.atRecommended?.share).toBeGreaterThanOrEqual(0.8);
  });
});

describe('a bad target is a RangeError naming what was expected', () => {
  const cases: [string, PlanTarget, object, RegExp][] = [
    ['a width of 0', { kind: 'width', width: 0, judge: 'judge-a' }, {}, /target width must be a number above 0 and below 1, such as 0.05, not 0/],
    ['a width of 1.5', { kind: 'width', width: 1.5, judge: 'judge-a' }, {}, /above 0 and below 1/],
    ['a power of 1', { kind: 'power', power: 1, judge: 'judge-a', epsilon: 0.2 }, {}, /target power must be a number above 0 and below 1, such as 0.8, not 1/],
    ['an epsilon of 1', { kind: 'power', power: 0.8, judge: 'judge-a', epsilon: 1 }, {}, /epsilon must be from 0 up to but not including 1/],
    [
      'an unknown judge',
      { kind: 'width', width: 0.05, judge: 'judge-z' },
      {},
      /judge must be one that labelled the answer task \(judge-a, judge-b\), not "judge-z"/,
    ],
    ['one judge twice', { kind: 'difference', judges: ['judge-a', 'judge-a'] }, {}, /two different judges/],
    [
      'a difference of 0',
      { kind: 'difference', judges: ['judge-a', 'judge-b'], difference: 0 },
      {},
      /target difference must be a number above 0 and at most 1/,
    ],
    ['a difference by people', { kind: 'difference', judges: ['judge-a', 'judge-b'], difference: 0.1 }, { vary: 'annotators' }, /planned in puzzles only/],
    ['too few repeats', { kind: 'width', width: 0.05, judge: 'judge-a' }, { repeats: 5 }, /repeats must be a whole number from 20 to 10000, not 5/],
  ];
  it.each(cases)('%s', (_, target, options, message) => {
    expect(() => planStudy(pilot, target, options)).toThrow(RangeError);
    expect(() => planStudy(pilot, target, options)).toThrow(message);
  });
});
