// Text search over a task's queue: the item (question or final answer), the unit id, and its
// puzzle's title and story, ignoring case and accents. The folded texts are built once, on the
// first search, so each key typed is one substring scan per unit, fast on 100,000 units; a
// puzzle's story is folded and matched once per query, not once per unit.

import type { PuzzleView, WorkUnit } from './unit-queue';

/** Lower case without accents ("Café" and "cafe" match), word for word the same length or shorter. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a query, folded; a unit matches when every word is in its texts. */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(/\s+/)
    .filter((word) => word !== '');
}

export class UnitSearchIndex {
  private unitTexts: string[] | undefined;
  private puzzleTexts: Map<string, string> | undefined;

  constructor(
    private readonly units: readonly WorkUnit[],
    private readonly puzzles: ReadonlyMap<string, PuzzleView>,
  ) {}

  /** Queue positions, ascending, of the units matching every word of the query; every position for an empty query. */
  match(query: string): number[] {
    const words = queryWords(query);
    if (words.length === 0) return this.units.map((_, position) => position);
    const unitTexts = (this.unitTexts ??= this.units.map((unit) => foldText(`${unit.id}\n${unit.text}`)));
    const puzzleTexts = (this.puzzleTexts ??= new Map([...this.puzzles].map(([id, puzzle]) => [id, foldText(`${puzzle.title ?? ''}\n${puzzle.story}`)])));
    // Which words each puzzle's title and story hold, decided once per puzzle for this query.
    const puzzleHits = new Map<string, boolean[]>();
    const hitsOf = (puzzleId: string) => {
      let hits = puzzleHits.get(puzzleId);
      if (!hits) {
        const text = puzzleTexts.get(puzzleId) ?? '';
        hits = words.map((word) => text.includes(word));
        puzzleHits.set(puzzleId, hits);
      }
      return hits;
    };
    const positions: number[] = [];
    for (let position = 0; position < this.units.length; position++) {
      const unit = this.units[position] as WorkUnit;
      const text = unitTexts[position] as string;
      let all = true;
      for (let word = 0; word < words.length && all; word++) all = text.includes(words[word] as string) || (hitsOf(unit.puzzleId)[word] ?? false);
      if (all) positions.push(position);
    }
    return positions;
  }
}
