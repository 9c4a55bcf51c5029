// Text search over the queue: the question or final answer, the unit id, the puzzle's title and
// story, ignoring case and accents, every word required; and on 100,000 units (no timing
// asserted: the bench keeps timings) the folded texts are built once and reused.

import { describe, expect, it } from 'vitest';
import { foldText, queryWords, UnitSearchIndex } from '../../../../renderer/features/labelling/unit-search';
import type { PuzzleView, WorkUnit } from '../../../../renderer/features/labelling/unit-queue';

const unit = (id: string, puzzleId: string, text: string): WorkUnit => ({
  id,
  kind: 'question',
  puzzleId,
  sessionId: `${puzzleId}-s`,
  turnIndex: 0,
  text,
  sessionStart: 0,
});
const puzzle = (id: string, title: string, story: string): PuzzleView => ({ id, title, story, reference: 'THE REFERENCE IS NEVER SEARCHED', keyClues: [] });

const puzzles = new Map([
  ['p-1', puzzle('p-1', '299-part Harmony!', 'A choir sings in a café by the sea.')],
  ['p-2', puzzle('p-2', 'The Coffee She Never Sips', 'Mara carries a hot coffee for twenty minutes.')],
]);
const units = [
  unit('s-1/1', 'p-1', 'Is the choir paid?'),
  unit('s-1/2', 'p-1', 'Is it winter?'),
  unit('s-2/1', 'p-2', 'Does Mara dislike HOT drinks?'),
  unit('s-2/2', 'p-2', 'Is the café far away?'),
];

describe('foldText and queryWords', () => {
  it('folds case and accents, and splits a query into words', () => {
    expect(foldText('Café CRÈME Ñandú')).toBe('cafe creme nandu');
    expect(queryWords('  Hot   Café ')).toEqual(['hot', 'cafe']);
    expect(queryWords('   ')).toEqual([]);
  });
});

describe('UnitSearchIndex', () => {
  const index = new UnitSearchIndex(units, puzzles);

  it('finds a unit by its question text, in any case', () => {
    expect(index.match('hot drinks')).toEqual([2]);
    expect(index.match('WINTER')).toEqual([1]);
  });

  it('finds every unit of a puzzle by a word of its story or its title', () => {
    expect(index.match('choir')).toEqual([0, 1]);
    expect(index.match('harmony')).toEqual([0, 1]);
    expect(index.match('299-part')).toEqual([0, 1]);
    expect(index.match('twenty minutes')).toEqual([2, 3]);
  });

  it('ignores accents both ways', () => {
    expect(index.match('cafe')).toEqual([0, 1, 3]);
    expect(index.match('CAFÉ')).toEqual([0, 1, 3]);
  });

  it('needs every word, each in the item, the story or the title', () => {
    expect(index.match('coffee far')).toEqual([3]);
    expect(index.match('choir paid')).toEqual([0]);
    expect(index.match('choir coffee')).toEqual([]);
  });

  it('finds a unit by part of its id, and never by the reference answer', () => {
    expect(index.match('s-2/')).toEqual([2, 3]);
    expect(index.match('reference')).toEqual([]);
  });

  it('shows every unit for an empty query', () => {
    expect(index.match('  ')).toEqual([0, 1, 2, 3]);
  });

  it('searches 100,000 units across 1,000 puzzles', () => {
    const manyPuzzles = new Map(
      Array.from({ length: 1_000 }, (_, p) => [`p-${p}`, puzzle(`p-${p}`, `Puzzle ${p}`, `Story k${p}z about a lighthouse keeper.`)] as const),
    );
    const many = Array.from({ length: 100_000 }, (_, u) => unit(`s-${u}`, `p-${u % 1_000}`, u === 77_777 ? 'Is the keeper a ghost?' : `Question ${u}?`));
    const large = new UnitSearchIndex(many, manyPuzzles);
    expect(large.match('ghost')).toEqual([77_777]);
    expect(large.match('K999Z story')).toHaveLength(100);
    expect(large.match('lighthouse')).toHaveLength(100_000);
  });
});
