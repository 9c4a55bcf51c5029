// Puzzles listed for people sort numeric titles by value, not character by character.

import { describe, expect, it } from 'vitest';
import { comparePuzzlesForPeople } from '../../../shared/domain/puzzle-order';

describe('comparePuzzlesForPeople', () => {
  it('sorts numbers in titles and ids by value, titles before ids, ties by id', () => {
    const puzzles = [{ id: '10' }, { id: '9' }, { id: 'b', title: 'Puzzle 10' }, { id: 'a', title: 'Puzzle 2' }, { id: '100' }, { id: 'c', title: 'puzzle 2' }];
    expect([...puzzles].sort(comparePuzzlesForPeople).map((puzzle) => puzzle.title ?? puzzle.id)).toEqual([
      '9',
      '10',
      '100',
      'Puzzle 2',
      'puzzle 2',
      'Puzzle 10',
    ]);
  });
});
