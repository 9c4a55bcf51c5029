// The seeded balanced assignment of puzzles to annotators (docs/command-line.md, `pack`): each puzzle goes
// to `overlap` distinct annotators and loads differ by at most one. A puzzle's units (its
// difficulty and every turn of its sessions) follow the puzzle. Pure; owns no data.

import { createPrng, type Prng } from '../random/prng';

export interface AssignmentInput {
  puzzleIds: readonly string[];
  annotatorIds: readonly string[];
  /** Annotators per puzzle, 1 to the number of annotators. */
  overlap: number;
  seed: number;
}

export interface StudyAssignmentInput extends AssignmentInput {
  /** Annotators who rate each puzzle's difficulty, 1 to every annotator; default: the puzzle's own annotators. */
  difficultyOverlap?: number;
}

export interface AnnotatorAssignment {
  /** Puzzles whose question and final turns the annotator labels (answer and match units). */
  puzzles: string[];
  /** Puzzles whose difficulty the annotator rates. */
  difficultyPuzzles: string[];
}

/**
 * Shuffles the puzzles and the annotators with the seed, then gives shuffled puzzle i to the
 * annotators at positions (i*overlap + j) mod A, j < overlap. Over all puzzles those positions
 * run through 0..N*overlap-1 in a row, so every annotator gets floor or ceil of N*overlap/A
 * puzzles; overlap consecutive positions are distinct mod A when overlap <= A.
 * Each annotator's list keeps the order of `puzzleIds`. Throws a RangeError on impossible input.
 */
export function assignPuzzles(input: AssignmentInput): Map<string, string[]> {
  checkInput(input, input.overlap, 'overlap');
  return rotate(input.puzzleIds, input.annotatorIds, input.overlap, createPrng(input.seed));
}

/**
 * The whole study's assignment: answer and match units by `overlap`, difficulty by
 * `difficultyOverlap` (an independent balanced draw from the same seed), or, without it, the
 * difficulty of exactly the puzzles the annotator labels.
 */
export function assignStudy(input: StudyAssignmentInput): Map<string, AnnotatorAssignment> {
  const puzzles = assignPuzzles(input);
  const { difficultyOverlap } = input;
  let difficulty = puzzles;
  if (difficultyOverlap !== undefined) {
    checkInput(input, difficultyOverlap, 'difficulty overlap');
    const prng = createPrng(input.seed);
    // Skip the draws of the first assignment so the difficulty draw is a different one.
    for (let i = 0; i < input.puzzleIds.length + input.annotatorIds.length; i++) prng.next();
    difficulty = rotate(input.puzzleIds, input.annotatorIds, difficultyOverlap, prng);
  }
  const out = new Map<string, AnnotatorAssignment>();
  for (const id of input.annotatorIds) out.set(id, { puzzles: puzzles.get(id) ?? [], difficultyPuzzles: difficulty.get(id) ?? [] });
  return out;
}

function rotate(puzzleIds: readonly string[], annotatorIds: readonly string[], overlap: number, prng: Prng): Map<string, string[]> {
  const order = shuffle(
    puzzleIds.map((_, index) => index),
    prng,
  );
  const annotators = shuffle([...annotatorIds], prng);
  const indices = new Map<string, number[]>(annotatorIds.map((id) => [id, []]));
  const count = annotators.length;
  order.forEach((puzzleIndex, i) => {
    for (let j = 0; j < overlap; j++) {
      const annotator = annotators[(i * overlap + j) % count];
      if (annotator !== undefined) indices.get(annotator)?.push(puzzleIndex);
    }
  });
  const out = new Map<string, string[]>();
  for (const [id, list] of indices)
    out.set(
      id,
      list.sort((a, b) => a - b).map((index) => puzzleIds[index] ?? ''),
    );
  return out;
}

/** Fisher-Yates, in place. */
function shuffle<T>(items: T[], prng: Prng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(prng.next() * (i + 1));
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}

function checkInput(input: AssignmentInput, overlap: number, what: string): void {
  const annotators = input.annotatorIds.length;
  if (annotators === 0) throw new RangeError('name at least one annotator');
  if (!Number.isInteger(overlap) || overlap < 1) throw new RangeError(`the ${what} must be a whole number of at least 1, not ${overlap}`);
  if (overlap > annotators) {
    throw new RangeError(
      `the ${what} is ${overlap}, but there ${annotators === 1 ? 'is 1 annotator' : `are ${annotators} annotators`}; each puzzle needs ${overlap} different annotators`,
    );
  }
  if (!Number.isInteger(input.seed)) throw new RangeError(`the seed must be a whole number, not ${input.seed}`);
  const duplicate = (ids: readonly string[]) => ids.find((id, index) => ids.indexOf(id) !== index);
  const twinAnnotator = duplicate(input.annotatorIds);
  if (twinAnnotator !== undefined) throw new RangeError(`the annotator ${JSON.stringify(twinAnnotator)} is named twice`);
  if (new Set(input.puzzleIds).size !== input.puzzleIds.length)
    throw new RangeError(`the puzzle ${JSON.stringify(duplicate(input.puzzleIds))} is listed twice`);
}
