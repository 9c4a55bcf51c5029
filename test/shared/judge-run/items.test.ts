// The items of a judge run (issue 17 point 3): every question and final turn, only the labelled
// ones, or a seeded sample, k samples each, in study order, with keys that stay the same.

import { describe, expect, it } from 'vitest';
import { judgeItems } from '../../../shared/judge-run/items';
import { judgeStudy } from './judge-study';

const study = judgeStudy([
  {
    id: 's1',
    turns: [
      { id: 'a', type: 'question' },
      { id: 'b', type: 'question' },
      { id: 'c', type: 'final' },
    ],
  },
  {
    id: 's2',
    turns: [
      { id: 'd', type: 'question' },
      { id: 'e', type: 'final' },
    ],
  },
]);

describe('judge items', () => {
  it('asks every turn once by default, with its task, in study order', () => {
    expect(judgeItems(study, { kind: 'all' }).map((item) => [item.key, item.task])).toEqual([
      ['a#0', 'answer'],
      ['b#0', 'answer'],
      ['c#0', 'match'],
      ['d#0', 'answer'],
      ['e#0', 'match'],
    ]);
  });

  it('asks each turn k times, samples together', () => {
    expect(judgeItems(study, { kind: 'labelled', unitIds: new Set(['e', 'b', 'p-lamp']) }, 2).map((item) => item.key)).toEqual(['b#0', 'b#1', 'e#0', 'e#1']);
  });

  it('draws the same seeded sample every time, in study order, and another with another seed', () => {
    const sample = (seed: number) => judgeItems(study, { kind: 'sample', size: 3, seed }).map((item) => item.turnId);
    expect(sample(7)).toHaveLength(3);
    expect(sample(7)).toEqual(sample(7));
    expect([...sample(7)].sort()).toEqual(sample(7));
    const seeds = Array.from({ length: 10 }, (_, seed) => sample(seed).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
    expect(judgeItems(study, { kind: 'sample', size: 50, seed: 1 })).toHaveLength(5);
  });

  it('refuses a sample count below one', () => {
    expect(() => judgeItems(study, { kind: 'all' }, 0)).toThrow(/at least 1/);
  });
});
