// The one order the report reads a study and its labels in, whatever order they arrived in:
// the command line reads records in file order, the app's database returns them by key. Both
// are put in study order here, so the same study and labels give the same report everywhere.

import type { StudyData } from '../../domain/model';
import type { StudyLabel } from './study-units';

/**
 * Puzzles and sessions by id (code-unit order, how IndexedDB orders string keys), turns by their
 * session in that order and then by index. The order matters beyond display: bootstrap replicates
 * draw units by position, so a study read in another order would get other intervals. Returns
 * `data` itself when it is already in study order.
 */
export function inStudyOrder(data: StudyData): StudyData {
  const puzzles = sortedCopy(data.puzzles, compareIds);
  const sessions = sortedCopy(data.sessions, compareIds) ?? data.sessions;
  const sessionRank = new Map(sessions.map((session, rank) => [session.id, rank]));
  const rank = (sessionId: string) => sessionRank.get(sessionId) ?? sessions.length;
  const turns = sortedCopy(data.turns, (a, b) => rank(a.sessionId) - rank(b.sessionId) || a.index - b.index);
  if (puzzles === undefined && sessions === data.sessions && turns === undefined) return data;
  return { ...data, puzzles: puzzles ?? data.puzzles, sessions, turns: turns ?? data.turns };
}

/**
 * Labels by annotator, task and unit id: the database's primary-key order. The sort is stable,
 * so of two labels by one annotator on one unit the later one still wins in indexStudy.
 */
export function inLabelOrder<T extends StudyLabel>(labels: readonly T[]): readonly T[] {
  return sortedCopy(labels, (a, b) => compareText(a.annotatorId, b.annotatorId) || compareText(a.task, b.task) || compareText(a.unitId, b.unitId)) ?? labels;
}

function compareIds(a: { id: string }, b: { id: string }): number {
  return compareText(a.id, b.id);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy, or undefined when the list is already sorted (one pass, no copy: the usual case for labels from the database). */
function sortedCopy<T>(list: readonly T[], compare: (a: T, b: T) => number): T[] | undefined {
  for (let i = 1; i < list.length; i++) {
    if (compare(list[i - 1] as T, list[i] as T) > 0) return [...list].sort(compare);
  }
  return undefined;
}
