// Stable puzzle ids for public layouts, which may carry no usable ids: the file's own ids when
// every puzzle has exactly one and no two share it, otherwise slugs of the titles
// ("the-elevator", "the-elevator-2") or `puzzle-<row>` for untitled rows.

import { isReservedKey } from '../domain/ids';
import { slugify } from './study-id';

interface IdSource {
  /** The distinct ids the puzzle's rows carry, and whether every one of its rows had one. */
  givenIds: ReadonlySet<string>;
  everyRowHasId: boolean;
  title: string | undefined;
  /** 0-based index of the puzzle's first row. */
  row: number;
}

const MAX_SLUG_CHARS = 64;

export function assignPuzzleIds(sources: readonly IdSource[]): string[] {
  const given = sources.map((source) => (source.everyRowHasId && source.givenIds.size === 1 ? [...source.givenIds][0] : undefined));
  const usable = given.filter((id): id is string => id !== undefined && !isReservedKey(id));
  // All or none: ids that number rows rather than puzzles (one per user guess, say) differ
  // within a puzzle, and mixing given and generated ids would make neither predictable.
  if (usable.length === sources.length && new Set(usable).size === usable.length) return usable;

  const taken = new Set<string>();
  return sources.map((source) => {
    const base = slugify(source.title ?? '', MAX_SLUG_CHARS) || `puzzle-${source.row + 1}`;
    let id = base;
    for (let n = 2; taken.has(id) || isReservedKey(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}
