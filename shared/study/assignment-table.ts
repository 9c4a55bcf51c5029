// The lead's assignment as a table by puzzle: who labels the puzzle's turns, who rates its
// difficulty, and each annotator's load. Pure, and cheap enough to redo on every hand edit:
// one pass over the turns, and assigned units matched a session at a time (see TurnUnits).

import type { Assignment, Puzzle, Session, Turn } from '../domain/model';

/** The few fields of the study's records the table needs. */
export interface AssignmentTableRecords {
  puzzles: ReadonlyArray<Pick<Puzzle, 'id' | 'title'>>;
  sessions: ReadonlyArray<Pick<Session, 'id' | 'puzzleId'>>;
  turns: ReadonlyArray<Pick<Turn, 'id' | 'sessionId' | 'index' | 'type'>>;
}

export interface PuzzleAssignmentRow {
  puzzleId: string;
  title?: string;
  /** The puzzle's question and final turns: its answer and match units. */
  turnUnits: number;
  /** Annotators holding any answer or match unit of the puzzle, in the order they first appear in the assignment. */
  turns: string[];
  /** Annotators assigned the puzzle's difficulty, in the same order. */
  difficulty: string[];
}

export interface AnnotatorLoad {
  annotatorId: string;
  /** Puzzles whose turns the annotator labels (at least one of them). */
  puzzles: number;
  /** Assigned units over all three tasks. */
  units: number;
}

export interface AssignmentTable {
  /** One row per puzzle, in the order of `records.puzzles`. */
  rows: PuzzleAssignmentRow[];
  /** One entry per annotator of the assignment, in the order they first appear in it. */
  loads: AnnotatorLoad[];
}

/** Units naming no turn or puzzle of the records are counted in the loads' units only. */
export function assignmentTable(records: AssignmentTableRecords, assignments: readonly Assignment[]): AssignmentTable {
  const rowOf = new Map<string, number>();
  const rows = records.puzzles.map((puzzle, index): PuzzleAssignmentRow => {
    rowOf.set(puzzle.id, index);
    return { puzzleId: puzzle.id, ...(puzzle.title !== undefined ? { title: puzzle.title } : {}), turnUnits: 0, turns: [], difficulty: [] };
  });
  const turnUnits = new TurnUnits(records, rowOf);
  for (const [index, count] of turnUnits.countByRow.entries()) {
    const row = rows[index];
    if (row) row.turnUnits = count;
  }

  const loads = new Map<string, AnnotatorLoad>();
  // The rows each annotator already holds, per column, so a row lists each annotator once.
  const turnRows = new Map<string, Set<number>>();
  const difficultyRows = new Map<string, Set<number>>();
  for (const assignment of assignments) {
    const id = assignment.annotatorId;
    let load = loads.get(id);
    if (load === undefined) {
      load = { annotatorId: id, puzzles: 0, units: 0 };
      loads.set(id, load);
      turnRows.set(id, new Set());
      difficultyRows.set(id, new Set());
    }
    load.units += assignment.units.length;
    const isDifficulty = assignment.task === 'difficulty';
    const held = (isDifficulty ? difficultyRows : turnRows).get(id) ?? new Set<number>();
    const add = (row: number | undefined) => {
      if (row === undefined || held.has(row)) return;
      held.add(row);
      const target = rows[row];
      if (target) (isDifficulty ? target.difficulty : target.turns).push(id);
    };
    if (isDifficulty) for (const unit of assignment.units) add(rowOf.get(unit));
    else turnUnits.eachRow(assignment.units, add);
  }
  for (const [id, held] of turnRows) {
    const load = loads.get(id);
    if (load) load.puzzles = held.size;
  }
  return { rows, loads: [...loads.values()] };
}

/**
 * Finds the puzzle row of turn units cheaply. A unit list holds each session's question turns
 * (or final turns) as a run in turn order, so a run is found by its first id and the rest of it
 * is checked by comparing ids in place, which costs far less than hashing every one of 100,000
 * ids. A unit outside such a run falls back to a map of every turn, built only if needed.
 */
class TurnUnits {
  /** Question and final turns per puzzle row. */
  readonly countByRow: number[];
  private readonly runOf = new Map<string, number>();
  private readonly runs: string[][] = [];
  private readonly runRow: number[] = [];
  private rowOfTurn: Map<string, number> | undefined;

  constructor(
    private readonly records: AssignmentTableRecords,
    private readonly rowOf: ReadonlyMap<string, number>,
  ) {
    this.countByRow = new Array<number>(records.puzzles.length).fill(0);
    const sessionAt = new Map<string, number>();
    const sessionRows: number[] = [];
    records.sessions.forEach((session, index) => {
      sessionAt.set(session.id, index);
      sessionRows.push(rowOf.get(session.puzzleId) ?? -1);
    });
    // Each session's questions and finals become a run each. Turns usually come grouped by
    // session, so the session is looked up only when it changes.
    const runAt = new Array<number>(records.sessions.length * 2).fill(-1);
    const indexes: number[][] = [];
    let sessionId: string | undefined;
    let session = -1;
    for (const turn of records.turns) {
      if (turn.sessionId !== sessionId) {
        sessionId = turn.sessionId;
        session = sessionAt.get(sessionId) ?? -1;
      }
      const row = sessionRows[session] ?? -1;
      if (row < 0) continue;
      this.countByRow[row] = (this.countByRow[row] ?? 0) + 1;
      const slot = session * 2 + (turn.type === 'final' ? 1 : 0);
      let run = runAt[slot] ?? -1;
      if (run < 0) {
        run = this.runs.length;
        runAt[slot] = run;
        this.runs.push([]);
        this.runRow.push(row);
        indexes.push([]);
      }
      this.runs[run]?.push(turn.id);
      indexes[run]?.push(turn.index);
    }
    // Stored turns come by id, where "s/10" sorts before "s/2": put each run in turn order.
    this.runs.forEach((ids, run) => {
      const order = indexes[run] ?? [];
      if (order.some((index, at) => at > 0 && index < (order[at - 1] ?? index))) {
        const sorted = ids.map((id, at) => ({ id, index: order[at] ?? 0 })).sort((a, b) => a.index - b.index);
        ids.splice(0, ids.length, ...sorted.map((turn) => turn.id));
      }
      if (ids[0] !== undefined) this.runOf.set(ids[0], run);
    });
  }

  /** Calls `found` with the puzzle row of each unit (undefined for an unknown unit), a whole run at a time. */
  eachRow(units: readonly string[], found: (row: number | undefined) => void): void {
    let at = 0;
    while (at < units.length) {
      const unit = units[at] ?? '';
      const run = this.runOf.get(unit);
      if (run === undefined) {
        found(this.rowOfTurnMap().get(unit));
        at += 1;
        continue;
      }
      const ids = this.runs[run] ?? [];
      let length = 1;
      while (length < ids.length && units[at + length] === ids[length]) length += 1;
      found(this.runRow[run]);
      at += length;
    }
  }

  private rowOfTurnMap(): Map<string, number> {
    if (this.rowOfTurn) return this.rowOfTurn;
    const sessionRow = new Map<string, number>();
    for (const session of this.records.sessions) {
      const row = this.rowOf.get(session.puzzleId);
      if (row !== undefined) sessionRow.set(session.id, row);
    }
    this.rowOfTurn = new Map();
    for (const turn of this.records.turns) {
      const row = sessionRow.get(turn.sessionId);
      if (row !== undefined) this.rowOfTurn.set(turn.id, row);
    }
    return this.rowOfTurn;
  }
}
