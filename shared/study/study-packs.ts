// Packs for a whole study: the seeded balanced assignment of assignment.ts, expanded to the
// units each annotator labels, then one blind pack per annotator through buildPack.
// Shared by the command line and the app so both hand out the same packs for a seed.

import type { Puzzle, Session, StudyData, Turn } from '../domain/model';
import { buildPack, type Pack, type PackTasks } from '../formats/pack';
import { assignStudy, type AnnotatorAssignment } from './assignment';

export interface PackOptions {
  /** The guidelines text the annotator reads (the study's own, or the default ones). */
  guidelines: string;
  createdAt: string;
  app: string;
}

export interface StudyPacksInput extends PackOptions {
  data: StudyData;
  annotators: ReadonlyArray<{ id: string; name: string }>;
  overlap: number;
  difficultyOverlap?: number;
  seed: number;
}

/**
 * Packs in the order of `annotators`. Throws a RangeError when the overlap cannot be met.
 * Puzzles and sessions are taken in id order, the order the app's database returns them, so
 * the command line and the app give the same packs for a seed whatever the bundle's order.
 */
export function buildStudyPacks(input: StudyPacksInput): Pack[] {
  const data = { ...input.data, puzzles: byId(input.data.puzzles), sessions: byId(input.data.sessions) };
  const assignment = assignStudy({
    puzzleIds: data.puzzles.map((puzzle) => puzzle.id),
    annotatorIds: input.annotators.map((annotator) => annotator.id),
    overlap: input.overlap,
    ...(input.difficultyOverlap !== undefined ? { difficultyOverlap: input.difficultyOverlap } : {}),
    seed: input.seed,
  });
  const units = assignmentUnits(data, assignment);
  return input.annotators.map((annotator) => buildAnnotatorPack(data, annotator, units.get(annotator.id) ?? emptyTasks(), input));
}

/** One annotator's pack of the given units, e.g. the units of a stored assignment or only the missing ones. */
export function buildAnnotatorPack(data: StudyData, annotator: { id: string; name: string }, tasks: PackTasks, options: PackOptions): Pack {
  return buildPack({
    study: { id: data.study.id, name: data.study.name },
    guidelines: options.guidelines,
    scheme: data.study.scheme,
    annotator,
    puzzles: data.puzzles,
    sessions: data.sessions,
    turns: data.turns,
    tasks,
    createdAt: options.createdAt,
    app: options.app,
  });
}

/** What expanding an assignment reads: ids and positions, never texts. */
export interface UnitRecords {
  puzzles: ReadonlyArray<Pick<Puzzle, 'id'>>;
  sessions: ReadonlyArray<Pick<Session, 'id' | 'puzzleId'>>;
  turns: ReadonlyArray<Pick<Turn, 'id' | 'sessionId' | 'puzzleId' | 'index' | 'type'>>;
}

/**
 * Expands puzzle assignments to units: the question and final turns of every session of an
 * annotator's puzzles (all turns of a puzzle go with it), and the puzzles to rate. Units come
 * in study order: sessions as stored, turns by index, puzzles as stored.
 */
export function assignmentUnits(data: UnitRecords, assignment: ReadonlyMap<string, AnnotatorAssignment>): Map<string, PackTasks> {
  const sessionPuzzle = new Map(data.sessions.map((session) => [session.id, session.puzzleId]));
  const sessionOrder = new Map(data.sessions.map((session, index) => [session.id, index]));
  const turns = [...data.turns].sort((a, b) => (sessionOrder.get(a.sessionId) ?? 0) - (sessionOrder.get(b.sessionId) ?? 0) || a.index - b.index);
  const out = new Map<string, PackTasks>();
  for (const [annotatorId, assigned] of assignment) {
    const puzzles = new Set(assigned.puzzles);
    const rated = new Set(assigned.difficultyPuzzles);
    const tasks = emptyTasks();
    for (const turn of turns) {
      if (puzzles.has(sessionPuzzle.get(turn.sessionId) ?? turn.puzzleId)) (turn.type === 'question' ? tasks.answer : tasks.match).push(turn.id);
    }
    tasks.difficulty = data.puzzles.filter((puzzle) => rated.has(puzzle.id)).map((puzzle) => puzzle.id);
    out.set(annotatorId, tasks);
  }
  return out;
}

/** In code-unit order of the ids, which is how IndexedDB orders string keys. */
function byId<T extends { id: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function emptyTasks(): PackTasks {
  return { answer: [], match: [], difficulty: [] };
}
