// indexStudy and the human majority: turns become answer and match units in their puzzle's bucket,
// labels on unknown units, tasks or values are ignored and the later label wins, unknown reads as
// irrelevant unless enabled, and a tie for first is no majority.

import { describe, expect, it } from 'vitest';
import { humanLabelCounts, humanMajority, strictMajorityOfCounts } from '../../../../shared/stats/study/majority';
import { indexStudy, type TaskUnit } from '../../../../shared/stats/study/study-units';
import { bucketStudy, handStudy } from './study-fixtures';

function unit(humans: string[]): TaskUnit {
  return { id: 'u', puzzleId: 'p', bucket: 'easy', judgements: new Map(), humans: humans.map((value, i) => ({ annotator: `a${i}`, value })) };
}

describe('units and buckets of a study', () => {
  it('makes question turns answer units and final turns match units, each with the bucket of its puzzle', () => {
    const { study, labels } = bucketStudy();
    const units = indexStudy(study, labels);
    expect(units.units.answer.map((u) => [u.id, u.bucket])).toEqual([
      ['e1', 'easy'],
      ['e2', 'easy'],
      ['m1', 'medium'],
      ['h1', 'hard'],
      ['u1', 'unrated'],
    ]);
    expect(units.units.match.map((u) => [u.id, u.bucket])).toEqual([
      ['e3', 'easy'],
      ['m2', 'medium'],
      ['h2', 'hard'],
      ['h3', 'hard'],
      ['u2', 'unrated'],
    ]);
    expect(units.judges).toEqual({ answer: ['j1', 'j2'], match: ['j1', 'j2'] });
    expect(units.categories).toEqual({ answer: ['yes', 'no', 'irrelevant'], match: ['matched', 'unmatched'] });
  });

  it('takes difficulty from human ratings over the bundle, then the bundle, else unrated', () => {
    const { study, labels } = bucketStudy();
    expect(indexStudy(study, labels).difficulty).toEqual([
      // 2, 3, 3: mean 8/3, level 3; the bundle's 9 is overridden.
      { puzzleId: 'pE', title: 'Puzzle pE', mean: 8 / 3, level: 3, bucket: 'easy', source: 'human', ratings: 3 },
      { puzzleId: 'pM', title: 'Puzzle pM', mean: 5, level: 5, bucket: 'medium', source: 'bundle', ratings: 0 },
      // 7, 8: mean 7.5 rounds half up to 8.
      { puzzleId: 'pH', title: 'Puzzle pH', mean: 7.5, level: 8, bucket: 'hard', source: 'human', ratings: 2 },
      { puzzleId: 'pU', title: 'Puzzle pU', mean: null, level: null, bucket: 'unrated', source: 'none', ratings: 0 },
    ]);
  });

  it('ignores labels on unknown units, of the wrong task, or with values the task does not allow; the later of two labels wins', () => {
    const { study } = bucketStudy();
    const units = indexStudy(study, [
      { annotatorId: 'a1', unitId: 'e1', task: 'answer', value: 'no' },
      { annotatorId: 'a1', unitId: 'e1', task: 'answer', value: 'Yes.' as 'yes' },
      { annotatorId: 'a2', unitId: 'e1', task: 'match', value: 'matched' },
      { annotatorId: 'a2', unitId: 'e3', task: 'answer', value: 'yes' },
      { annotatorId: 'a2', unitId: 'nowhere', task: 'answer', value: 'yes' },
      { annotatorId: 'a3', unitId: 'e1', task: 'answer', value: 'maybe' as 'yes' },
      { annotatorId: 'a3', unitId: 'e1', task: 'difficulty', value: 4 },
      { annotatorId: 'a3', unitId: 'pM', task: 'difficulty', value: 12 },
      { annotatorId: 'a3', unitId: 'pM', task: 'answer', value: 'yes' },
      { annotatorId: 'a1', unitId: 'pM', task: 'difficulty', value: 2 },
      { annotatorId: 'a1', unitId: 'pM', task: 'difficulty', value: 8 },
    ]);
    expect(units.unitsById.answer.get('e1')?.humans).toEqual([{ annotator: 'a1', value: 'yes' }]);
    expect(units.units.match.every((u) => u.humans.length === 0)).toBe(true);
    expect(units.units.answer.filter((u) => u.humans.length > 0).map((u) => u.id)).toEqual(['e1']);
    expect(units.difficultyRatings).toEqual([{ puzzleId: 'pM', annotator: 'a1', value: 8 }]);
  });

  it('reads unknown as irrelevant unless the scheme enables it', () => {
    const sessions = [{ id: 's', puzzleId: 'p', player: 'P', judge: 'j', turns: [{ id: 't', judges: { j: 'unknown' }, humans: { a1: 'unknown' } }] }];
    const plain = handStudy([{ id: 'p' }], sessions);
    const plainUnit = indexStudy(plain.study, plain.labels).units.answer[0];
    expect(plainUnit?.judgements.get('j')).toBe('irrelevant');
    expect(plainUnit?.humans).toEqual([{ annotator: 'a1', value: 'irrelevant' }]);
    const withUnknown = handStudy([{ id: 'p' }], sessions, { answerUnknown: true });
    const units = indexStudy(withUnknown.study, withUnknown.labels);
    expect(units.categories.answer).toEqual(['yes', 'no', 'irrelevant', 'unknown']);
    expect(units.units.answer[0]?.humans).toEqual([{ annotator: 'a1', value: 'unknown' }]);
  });
});

describe('human majority', () => {
  it('is the strictly most frequent label; a tie for first is no majority', () => {
    expect(humanMajority(unit(['yes', 'yes', 'no']))).toBe('yes');
    expect(humanMajority(unit(['no']))).toBe('no');
    expect(humanMajority(unit([]))).toBeNull();
    expect(humanMajority(unit(['yes', 'no']))).toBeNull();
    expect(humanMajority(unit(['yes', 'no', 'irrelevant']))).toBeNull();
    expect(humanMajority(unit(['yes', 'yes', 'no', 'no', 'irrelevant']))).toBeNull();
    expect(humanMajority(unit(['yes', 'yes', 'no', 'no', 'no', 'irrelevant']))).toBe('no');
  });

  it('of the others: one label taken out', () => {
    const counts = humanLabelCounts(unit(['yes', 'yes', 'no']));
    expect(strictMajorityOfCounts(counts, 'no')).toBe('yes');
    // Without one yes: yes 1, no 1, a tie.
    expect(strictMajorityOfCounts(counts, 'yes')).toBeNull();
    expect(strictMajorityOfCounts(humanLabelCounts(unit(['no'])), 'no')).toBeNull();
  });
});

describe('sets of acceptable answers on the units (issue 33)', () => {
  it('keeps a label set and a gold set as categories, value first; the later label wins with or without its set', () => {
    const { study, labels } = bucketStudy();
    const withSets = [
      ...labels,
      { annotatorId: 'a1', unitId: 'e1', task: 'answer' as const, value: 'yes' as const, acceptable: ['yes', 'irrelevant'] as const },
      { annotatorId: 'a2', unitId: 'e1', task: 'answer' as const, value: 'no' as const, acceptable: ['no', 'yes'] as const },
      { annotatorId: 'a2', unitId: 'e1', task: 'answer' as const, value: 'no' as const },
      // unknown reads as irrelevant in a scheme without it: the set {irrelevant, unknown} is irrelevant alone.
      { annotatorId: 'a3', unitId: 'e1', task: 'answer' as const, value: 'irrelevant' as const, acceptable: ['irrelevant', 'unknown'] as const },
    ];
    const gold = [{ task: 'answer' as const, unitId: 'e2', value: 'no' as const, acceptable: ['no', 'irrelevant'] as const }];
    const units = indexStudy(study, withSets, gold);
    const e1 = units.unitsById.answer.get('e1');
    expect(e1?.humans).toEqual([
      { annotator: 'a1', value: 'yes', acceptable: ['yes', 'irrelevant'] },
      { annotator: 'a2', value: 'no' },
      { annotator: 'a3', value: 'irrelevant' },
    ]);
    expect(units.unitsById.answer.get('e2')).toMatchObject({ gold: 'no', goldAcceptable: ['no', 'irrelevant'] });
    // Without sets the units are as they always were: no set field at all.
    const plain = indexStudy(study, labels);
    expect(plain.units.answer.flatMap((u) => u.humans).some((human) => 'acceptable' in human)).toBe(false);
    expect(plain.withSets).toBeUndefined();
    expect(units.withSets).toBe(true);
  });
});
