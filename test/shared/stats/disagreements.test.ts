// listDisagreements on a hand-made study whose per-unit agreement is worked out in its comments:
// the adjudication queue's order, labels, majority and gold, the open-only and limit options, one
// task at a time, and the units of one heatmap cell.

import { describe, expect, it } from 'vitest';
import type { GoldLabel } from '../../../shared/domain/model';
import { listDisagreements, type DisagreementQuery } from '../../../shared/stats/study/disagreements';
import { easySessionStudy, NOW } from './study/study-fixtures';

/**
 * One easy puzzle, one session judged by j1 and re-judged by j2, three annotators. Agreement per
 * unit = agreeing pairs among its humans and judges / all their pairs, worked out beside each turn.
 * Turn ids sort apart from play order (z-first is played before a-last), so ties must follow play
 * order, not ids. Labels are handed over in reverse, so annotator order must not come from input order.
 */
function study() {
  const built = easySessionStudy('j1', [
    // yes x4, no x1: C(4,2) = 6 of C(5,2) = 10 pairs agree: 0.6.
    { id: 't1', judges: { j1: 'yes', j2: 'yes' }, humans: { c: 'no', a: 'yes', b: 'yes' } },
    // Everyone says no: 1, never in the queue (gold's yes does not count).
    { id: 't2', judges: { j1: 'no', j2: 'no' }, humans: { a: 'no', b: 'no' } },
    // yes, no, irrelevant: 0 of 3 pairs: 0.
    { id: 'z-first', judges: { j1: 'yes', j2: 'no' }, humans: { a: 'irrelevant' } },
    // no x3, yes x1: C(3,2) = 3 of C(4,2) = 6: 0.5. Humans tie, so no majority.
    { id: 't4', judges: { j1: 'no', j2: 'no' }, humans: { a: 'yes', b: 'no' } },
    // Judges only, yes and no: 0 of 1: 0.
    { id: 'a-last', judges: { j1: 'yes', j2: 'no' } },
    // One rater, no pair: 1.
    { id: 't6', judges: { j1: 'yes' } },
    // A final answer: only in match queries. matched x2, unmatched x1: 1 of 3.
    { id: 'f1', final: true, judges: { j1: 'matched' }, humans: { a: 'matched', b: 'unmatched' } },
  ]);
  return { study: built.study, labels: [...built.labels].reverse() };
}

function gold(unitId: string, value: GoldLabel['value'], note = ''): GoldLabel {
  return { studyId: 'hand-study', task: 'answer', unitId, value, note, by: 'Lead', at: NOW, basis: [] };
}

const GOLD = [gold('t2', 'yes'), gold('z-first', 'yes', 'the story says so'), gold('t4', 'no')];

function list(query: Omit<DisagreementQuery, 'task'> & { task?: DisagreementQuery['task'] }, withGold = true) {
  return listDisagreements({ ...study(), ...(withGold ? { gold: GOLD } : {}) }, { task: 'answer', ...query });
}

function order(query: Omit<DisagreementQuery, 'task'> & { task?: DisagreementQuery['task'] }, withGold = true): Array<[string, number]> {
  return list(query, withGold).map((unit) => [unit.unitId, unit.agreement]);
}

describe('listDisagreements: the adjudication queue', () => {
  it('lists the units with a disagreeing pair, lowest agreement first, ties in play order', () => {
    expect(order({}, false)).toEqual([
      ['z-first', 0],
      ['a-last', 0],
      ['t4', 0.5],
      ['t1', 0.6],
    ]);
    // Gold labels change nothing in the agreement or the queue; they only come along.
    expect(order({})).toEqual(order({}, false));
  });

  it('gives every rater label (humans by annotator id, then judges), the majority, the texts and the gold label', () => {
    const [zFirst, , t4, t1] = list({});
    expect(zFirst).toEqual({
      task: 'answer',
      unitId: 'z-first',
      puzzleId: 'p',
      sessionId: 's',
      bucket: 'easy',
      text: 'Turn z-first.',
      labels: [
        { rater: 'human:a', value: 'irrelevant' },
        { rater: 'judge:j1', value: 'yes' },
        { rater: 'judge:j2', value: 'no' },
      ],
      agreement: 0,
      humanMajority: 'irrelevant',
      gold: { value: 'yes', note: 'the story says so', at: NOW, by: 'Lead' },
    });
    expect(t4?.humanMajority).toBeNull();
    expect(t1?.labels.map((label) => label.rater)).toEqual(['human:a', 'human:b', 'human:c', 'judge:j1', 'judge:j2']);
    expect(t1).not.toHaveProperty('gold');
  });

  it('leaves out units with a gold label when openOnly, and keeps the first `limit`', () => {
    expect(order({ openOnly: true })).toEqual([
      ['a-last', 0],
      ['t1', 0.6],
    ]);
    expect(order({ limit: 2 })).toEqual([
      ['z-first', 0],
      ['a-last', 0],
    ]);
    expect(order({ limit: 0 })).toEqual([]);
  });

  it('lists one task at a time', () => {
    expect(order({ task: 'match' })).toEqual([['f1', 1 / 3]]);
  });
});

describe('listDisagreements: one heatmap cell (a and b)', () => {
  it('gives the units both raters labelled with different labels, whatever the others said', () => {
    // a agrees with j1 on t1 and t2; differs on z-first (irrelevant/yes) and t4 (yes/no).
    expect(order({ a: 'human:a', b: 'judge:j1' })).toEqual([
      ['z-first', 0],
      ['t4', 0.5],
    ]);
    expect(order({ a: 'judge:j2', b: 'judge:j1' })).toEqual([
      ['z-first', 0],
      ['a-last', 0],
    ]);
    // c labelled only t1, and agreed with neither a nor b there.
    expect(order({ a: 'human:c', b: 'human:b' })).toEqual([['t1', 0.6]]);
  });

  it('reads gold and the human majority as raters', () => {
    // Gold yes on t2 (everyone else no), yes on z-first (a irrelevant), no on t4 (a yes).
    expect(order({ a: 'gold', b: 'human:a' })).toEqual([
      ['z-first', 0],
      ['t4', 0.5],
      ['t2', 1],
    ]);
    // Majorities: t1 yes, t2 no, z-first irrelevant, t4 none (a tie).
    expect(order({ a: 'judge:j1', b: 'human-majority' })).toEqual([['z-first', 0]]);
    expect(order({ a: 'gold', b: 'judge:j1' }, false)).toEqual([]);
  });

  it('finds nothing for a rater with no labels, or a rater against itself', () => {
    expect(order({ a: 'human:nobody', b: 'judge:j1' })).toEqual([]);
    expect(order({ a: 'judge:j1', b: 'judge:j1' })).toEqual([]);
  });
});
