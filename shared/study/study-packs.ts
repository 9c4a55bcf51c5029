// One blind pack per annotator for a whole study: the seeded balanced assignment of
// assignment.ts, then each annotator's puzzles, sessions and turns through buildPack.
// Shared by the command line and the app so both hand out the same packs for a seed.

import type { StudyData } from '../domain/model';
import { buildPack, type Pack } from '../formats/pack';
import { assignStudy } from './assignment';

export interface StudyPacksInput {
  data: StudyData;
  annotators: ReadonlyArray<{ id: string; name: string }>;
  overlap: number;
  difficultyOverlap?: number;
  seed: number;
  /** The guidelines text the annotator reads (the study's own, or the default ones). */
  guidelines: string;
  createdAt: string;
  app: string;
}

/** Packs in the order of `annotators`. Throws a RangeError when the overlap cannot be met. */
export function buildStudyPacks(input: StudyPacksInput): Pack[] {
  const { data } = input;
  const assignment = assignStudy({
    puzzleIds: data.puzzles.map((puzzle) => puzzle.id),
    annotatorIds: input.annotators.map((annotator) => annotator.id),
    overlap: input.overlap,
    ...(input.difficultyOverlap !== undefined ? { difficultyOverlap: input.difficultyOverlap } : {}),
    seed: input.seed,
  });
  const sessionsOf = groupBy(data.sessions, (session) => session.puzzleId);
  const turnsOf = groupBy(data.turns, (turn) => turn.sessionId);
  return input.annotators.map((annotator) => {
    const assigned = assignment.get(annotator.id) ?? { puzzles: [], difficultyPuzzles: [] };
    const shown = new Set([...assigned.puzzles, ...assigned.difficultyPuzzles]);
    const sessions = assigned.puzzles.flatMap((puzzleId) => sessionsOf.get(puzzleId) ?? []);
    return buildPack({
      study: { id: data.study.id, name: data.study.name },
      guidelines: input.guidelines,
      scheme: data.study.scheme,
      annotator,
      puzzles: data.puzzles.filter((puzzle) => shown.has(puzzle.id)),
      sessions,
      turns: sessions.flatMap((session) => turnsOf.get(session.id) ?? []),
      difficultyPuzzleIds: assigned.difficultyPuzzles,
      createdAt: input.createdAt,
      app: input.app,
    });
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list === undefined) out.set(k, [item]);
    else list.push(item);
  }
  return out;
}
