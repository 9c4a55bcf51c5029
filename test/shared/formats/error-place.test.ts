// Where an error is, in words: a puzzle-list path reads "puzzle 12 (id A), field answer" in the
// app's error lists and on the command line alike, while the error keeps its machine-readable path.

import { describe, expect, it } from 'vitest';
import { errorPlace, formatErrorText } from '../../../shared/formats/errors';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';

describe('errorPlace', () => {
  it.each([
    [{ path: '[11].answer', rowId: 'A' }, 'puzzle 12 (id A), field answer'],
    [{ path: '[0].answer' }, 'puzzle 1, field answer'],
    [{ path: '[2].keyClues[1]' }, 'puzzle 3, field keyClues[1]'],
    [{ path: '[4]', rowId: '17' }, 'puzzle 5 (id 17)'],
    [{ path: '[4][0]' }, 'puzzle 5, field [0]'],
    [{ path: '[6].user_guess', rowNoun: 'guess' }, 'guess 7, field user_guess'],
    // Paths into a transcript bundle stay as they are: they name their records already.
    [{ path: 'puzzles[3].story' }, 'puzzles[3].story'],
    [{ path: '' }, ''],
  ])('%j reads %j', (place, words) => {
    expect(errorPlace({ file: 'f.json', message: 'm', ...place })).toBe(words);
  });
});

describe('a puzzle list with errors', () => {
  it('locates each error by puzzle number, the id the row gives, and the field, keeping the path', () => {
    const rows = [
      { id: 'A', story: 's', answer: 'a' },
      { id: 'B', story: 's' },
      { story: 'x', answer: 3, keyClues: ['a', 5] },
      { id: 12, question: 'q' },
    ];
    const result = parseTranscriptBundle({ name: 'list.json', text: JSON.stringify(rows) });
    if (result.ok) throw new Error('expected the list to be refused');
    expect(result.errors.map((error) => error.path)).toEqual(['[1].answer', '[2].answer', '[2].keyClues[1]', '[3].answer']);
    expect(result.errors.map(formatErrorText)).toEqual([
      'list.json: puzzle 2 (id B), field answer: required; expected text',
      'list.json: puzzle 3, field answer: expected text, got the number 3',
      'list.json: puzzle 3, field keyClues[1]: expected text, got the number 5',
      'list.json: puzzle 4 (id 12), field answer: required; expected text',
    ]);
  });

  it('cuts a long row id short', () => {
    const result = parseTranscriptBundle({ name: 'list.json', text: JSON.stringify([{ id: 'x'.repeat(500), story: 's' }]) });
    if (result.ok) throw new Error('expected the list to be refused');
    expect(result.errors[0]?.rowId).toBe(`${'x'.repeat(40)}…`);
  });
});
