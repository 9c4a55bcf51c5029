// The units of one task in the order an annotator meets them, built from stored puzzles and
// turns. Blind by construction: a WorkUnit has no field for a judge label or a judge reply, so
// nothing the workspace renders can show one (SPEC §5).

import type { Puzzle, Task, Turn } from '../../../shared/domain/model';

export type UnitKind = 'question' | 'final' | 'puzzle';

export interface WorkUnit {
  /** A turn id (answer, match) or a puzzle id (difficulty). */
  id: string;
  kind: UnitKind;
  puzzleId: string;
  /** The session of a turn; '' for a puzzle. */
  sessionId: string;
  /** 0-based position of a turn in its session; 0 for a puzzle. */
  turnIndex: number;
  /** The question or final answer; '' for a puzzle. */
  text: string;
  /**
   * Position in the queue of the first unit of the same session. Questions of a session are
   * consecutive and in turn order, so the earlier questions of the unit at position p are
   * exactly queue[sessionStart .. p-1], with no per-unit list to keep.
   */
  sessionStart: number;
}

/** What the workspace shows of a puzzle: never its bundle difficulty, which would anchor a rating. */
export interface PuzzleView {
  id: string;
  title?: string;
  story: string;
  reference: string;
  keyClues: readonly string[];
}

export function unitKindOf(task: Task): UnitKind {
  return task === 'answer' ? 'question' : task === 'match' ? 'final' : 'puzzle';
}

export function puzzleView(puzzle: Puzzle): PuzzleView {
  const view: PuzzleView = { id: puzzle.id, story: puzzle.story, reference: puzzle.reference, keyClues: puzzle.keyClues };
  if (puzzle.title !== undefined) view.title = puzzle.title;
  return view;
}

/** Copies only what a unit shows, so the judge fields of a turn are not kept in memory at all. */
export function turnUnit(turn: Turn): WorkUnit {
  return {
    id: turn.id,
    kind: turn.type === 'question' ? 'question' : 'final',
    puzzleId: turn.puzzleId,
    sessionId: turn.sessionId,
    turnIndex: turn.index,
    text: turn.text,
    sessionStart: 0,
  };
}

function puzzleUnit(puzzle: Puzzle): WorkUnit {
  return { id: puzzle.id, kind: 'puzzle', puzzleId: puzzle.id, sessionId: '', turnIndex: 0, text: '', sessionStart: 0 };
}

// Code-unit order for unit ids: the same on every computer, and fast for 100,000 units.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Puzzles and sessions as a person sorts them ("p-9" before "p-10"), in one fixed locale so every computer agrees.
const numericCollator = new Intl.Collator('en', { numeric: true });

/** Each distinct id's place in number-aware order: the collator runs over the few distinct ids, not over every comparison of 100,000 units. */
function ranks(ids: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(ids)].sort((a, b) => numericCollator.compare(a, b) || compareText(a, b));
  return new Map(sorted.map((id, rank) => [id, rank]));
}

/**
 * Orders units puzzle by puzzle (so the story stays the same across consecutive units), then
 * session by session, then in turn order, and fills in sessionStart. Sorts in place.
 */
export function orderUnits(units: WorkUnit[]): WorkUnit[] {
  const puzzleRank = ranks(units.map((unit) => unit.puzzleId));
  const sessionRank = ranks(units.map((unit) => unit.sessionId));
  const rank = (map: Map<string, number>, id: string) => map.get(id) ?? 0;
  units.sort(
    (a, b) =>
      rank(puzzleRank, a.puzzleId) - rank(puzzleRank, b.puzzleId) ||
      rank(sessionRank, a.sessionId) - rank(sessionRank, b.sessionId) ||
      a.turnIndex - b.turnIndex ||
      compareText(a.id, b.id),
  );
  let start = 0;
  for (let position = 0; position < units.length; position++) {
    const unit = units[position] as WorkUnit;
    if (position > 0 && (units[position - 1] as WorkUnit).sessionId !== unit.sessionId) start = position;
    unit.sessionStart = unit.kind === 'puzzle' ? position : start;
  }
  return units;
}

/** The queue of one task from whole records (the loader builds the same queue chunk by chunk). */
export function buildUnitQueue(task: Task, puzzles: readonly Puzzle[], turns: readonly Turn[]): WorkUnit[] {
  if (task === 'difficulty') return orderUnits(puzzles.map(puzzleUnit));
  const kind = unitKindOf(task);
  return orderUnits(turns.filter((turn) => turn.type === kind).map(turnUnit));
}

/**
 * Earlier questions of the session, in order: the player's questions only, never the judge's
 * replies. Earlier final answers are left out too: that the game went on after one tells
 * that the judge called it unmatched.
 */
export function earlierQuestions(units: readonly WorkUnit[], position: number): WorkUnit[] {
  const unit = units[position];
  if (!unit || unit.kind !== 'question') return [];
  return units.slice(unit.sessionStart, position);
}

/** How a unit is named in the list and in screen-reader messages. */
export function unitName(unit: WorkUnit, puzzle: PuzzleView | undefined): string {
  if (unit.kind === 'question') return `question ${unit.turnIndex + 1}`;
  if (unit.kind === 'final') return `final answer (turn ${unit.turnIndex + 1})`;
  return `puzzle ${puzzle?.title ?? unit.id}`;
}
