// Opens a workspace: reads the task's units once (in primary-key chunks, reporting progress),
// restricted to the annotator's assignment when the study has one for the task, this
// annotator's labels for the task once (one primary-key range), and the remembered position.
// Reads nothing else, so opening costs the same however many labels others made.

import type { Label, Study, Task, Turn } from '../../../shared/domain/model';
import { byStudy } from '../../db/by-study';
import { withPrefix } from '../../db/key-range';
import type { StudioDatabase } from '../../db/database';
import { readPosition } from './label-writer';
import { buildUnitQueue, orderUnits, puzzleView, turnUnit, unitKindOf, type PuzzleView, type WorkUnit } from './unit-queue';

/** Turns read per request: big enough to amortise the calls, small enough to show progress. */
const CHUNK_SIZE = 10_000;

export interface LoadProgress {
  done: number;
  total: number;
}

export interface WorkspaceData {
  study: Study;
  task: Task;
  annotatorId: string;
  units: WorkUnit[];
  positionOf: Map<string, number>;
  puzzles: Map<string, PuzzleView>;
  /** This annotator's stored labels of the task, by unit id. */
  labels: Map<string, Label>;
  /** The unit the annotator was last on, if it is still in the queue. */
  resumeUnitId?: string;
}

export class StudyMissingError extends Error {
  constructor(readonly studyId: string) {
    super(`The study "${studyId}" is not in the library.`);
    this.name = 'StudyMissingError';
  }
}

export async function loadWorkspace(
  db: StudioDatabase,
  studyId: string,
  task: Task,
  annotatorId: string,
  onProgress?: (progress: LoadProgress) => void,
): Promise<WorkspaceData> {
  const study = await db.studies.get(studyId);
  if (!study) throw new StudyMissingError(studyId);
  const puzzleRecords = await byStudy(db.puzzles, studyId).toArray();
  const puzzles = new Map(puzzleRecords.map((puzzle) => [puzzle.id, puzzleView(puzzle)]));
  // An assigned annotator labels only their units; without an assignment row, every unit.
  const assignment = await db.assignments.get([studyId, annotatorId, task]);
  const assigned = assignment ? new Set(assignment.units) : undefined;

  let units: WorkUnit[];
  if (task === 'difficulty') {
    units = buildUnitQueue('difficulty', assigned ? puzzleRecords.filter((puzzle) => assigned.has(puzzle.id)) : puzzleRecords, []);
    onProgress?.({ done: units.length, total: units.length });
  } else {
    units = orderUnits(await readTurnUnits(db, study, task, assigned, onProgress));
  }
  const positionOf = new Map<string, number>();
  units.forEach((unit, position) => positionOf.set(unit.id, position));

  const stored = await withPrefix(db.labels.where(':id'), [studyId, annotatorId, task]).toArray();
  const labels = new Map<string, Label>();
  for (const label of stored) labels.set(label.unitId, label);

  const data: WorkspaceData = { study, task, annotatorId, units, positionOf, puzzles, labels };
  const resumeUnitId = await readPosition(db, studyId, annotatorId, task);
  if (resumeUnitId !== undefined && positionOf.has(resumeUnitId)) data.resumeUnitId = resumeUnitId;
  return data;
}

/**
 * Pages through the study's turns by primary key, keeping only the task's turn type (and only
 * assigned turns, when given) and only the fields a unit shows. A page by key range costs the
 * same wherever it starts, unlike an offset, and each page's full records (judge labels
 * included) are dropped once converted.
 */
async function readTurnUnits(
  db: StudioDatabase,
  study: Study,
  task: Task,
  assigned: ReadonlySet<string> | undefined,
  onProgress?: (progress: LoadProgress) => void,
): Promise<WorkUnit[]> {
  const kind = unitKindOf(task);
  const total = study.counts.turns;
  const units: WorkUnit[] = [];
  let done = 0;
  let after: [string, string] | undefined;
  onProgress?.({ done, total });
  for (;;) {
    const page: Turn[] = await withPrefix(db.turns.where(':id'), [study.id], after).limit(CHUNK_SIZE).toArray();
    for (const turn of page) if (turn.type === kind && (assigned === undefined || assigned.has(turn.id))) units.push(turnUnit(turn));
    done += page.length;
    onProgress?.({ done: Math.min(done, total), total });
    const last = page[page.length - 1];
    if (!last || page.length < CHUNK_SIZE) break;
    after = [study.id, last.id];
  }
  return units;
}
