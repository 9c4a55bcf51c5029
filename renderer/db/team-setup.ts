// The lead's team setup: assigns a stored study to annotators with the seeded balanced
// assignment the command line uses (every puzzle, or a calibration sample of them drawn at that
// moment and kept on the study), stores it as one assignments row per annotator and task, and
// applies hand edits by puzzle; each change is one read-write transaction, audited.

import {
  TASKS,
  type Assignment,
  type CalibrationRule,
  type CalibrationSample,
  type Puzzle,
  type Session,
  type Study,
  type Task,
  type Turn,
} from '../../shared/domain/model';
import { FILE_SAFE_ID_RULE, isAnnotatorId } from '../../shared/domain/ids';
import type { PackTasks } from '../../shared/formats/pack';
import { assignStudy } from '../../shared/study/assignment';
import { drawCalibrationSample, judgeSignal, type JudgeSignal, type SignalRecords } from '../../shared/study/calibration-sample';
import { assignmentUnits, emptyTasks } from '../../shared/study/study-packs';
import { byStudy } from './by-study';
import { withPrefix } from './key-range';
import type { StudioDatabase } from './database';

export interface TeamInput {
  /** The team, in the order the lead lists them; ids name the pack files. */
  annotators: ReadonlyArray<{ id: string; name: string }>;
  /** Annotators per puzzle for the answer and match tasks. */
  overlap: number;
  /** Annotators per puzzle for difficulty; absent: the puzzle's own annotators. */
  difficultyOverlap?: number;
  seed: number;
  /** Assign only a sample of the puzzles, drawn with the same seed; absent: every puzzle. */
  sample?: { rule: CalibrationRule; budget: number };
  /** ISO 8601 time for the setup and the audit entry; defaults to the current time. */
  now?: string;
}

export interface PuzzleAssignmentChange {
  annotatorId: string;
  puzzleId: string;
  /** The puzzle's question and final turns (answer and match units), or its difficulty. */
  part: 'turns' | 'difficulty';
  assigned: boolean;
  now?: string;
}

/** The records the assignment is computed from: full puzzles and sessions, turns without their text. */
interface UnitRecords {
  puzzles: Puzzle[];
  sessions: Session[];
  turns: Array<Pick<Turn, 'id' | 'sessionId' | 'puzzleId' | 'index' | 'type'>>;
}

/**
 * Replaces the study's assignment with the seeded one for this team and records the setup.
 * With `sample`, draws the calibration sample first (shared/study/calibration-sample.ts), keeps it
 * on the study and assigns only its puzzles; without, assigns every puzzle and drops any sample.
 * Annotators leaving the team keep their record only if they have labels in the study.
 * Throws a RangeError, writing nothing, on an unusable team, overlap, seed or budget, a draw
 * that chose no puzzle, a missing study, or a study opened from a pack. Returns the stored rows.
 */
export async function assignTeam(db: StudioDatabase, studyId: string, input: TeamInput): Promise<Assignment[]> {
  const annotators = checkTeam(input.annotators);
  const now = input.now ?? new Date().toISOString();
  return db.transaction('rw', [db.studies, db.puzzles, db.sessions, db.turns, db.annotators, db.assignments, db.labels, db.audit], async () => {
    const study = leadStudy(await db.studies.get(studyId), studyId);
    const { sample } = input;
    // A sample reads the judges' labels and confidences, so only then are the turns read whole.
    let records: UnitRecords;
    let calibrationSample: CalibrationSample | undefined;
    if (sample === undefined) records = await readUnitRecords(db, studyId);
    else {
      const whole = await readSignalRecords(db, studyId);
      records = whole;
      calibrationSample = drawSample(whole, sample, input.seed, now);
    }
    const allPuzzles = records.puzzles.map((puzzle) => puzzle.id);
    const { difficultyOverlap } = input;
    const assignment = assignStudy({
      puzzleIds: calibrationSample?.chosen ?? allPuzzles,
      annotatorIds: annotators.map((annotator) => annotator.id),
      overlap: input.overlap,
      ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}),
      seed: input.seed,
    });
    const units = assignmentUnits(records, assignment);
    const rows = annotators.flatMap(({ id }) => TASKS.map((task): Assignment => ({ studyId, annotatorId: id, task, units: units.get(id)?.[task] ?? [] })));

    await byStudy(db.assignments, studyId).delete();
    await db.assignments.bulkPut(rows);
    const team = new Set(annotators.map((annotator) => annotator.id));
    for (const former of await byStudy(db.annotators, studyId).toArray()) {
      if (team.has(former.id)) continue;
      const labels = await withPrefix(db.labels.where(':id'), [studyId, former.id]).count();
      if (labels === 0) await db.annotators.delete([studyId, former.id]);
    }
    await db.annotators.bulkPut(annotators.map(({ id, name }) => ({ studyId, id, name })));
    const next: Study = {
      ...study,
      setup: {
        overlap: input.overlap,
        ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}),
        seed: input.seed,
        assignedAt: now,
        editedByHand: false,
      },
    };
    // Assigning every puzzle ends the former sample: its probabilities no longer describe the assignment.
    if (calibrationSample !== undefined) next.calibrationSample = calibrationSample;
    else delete next.calibrationSample;
    await db.studies.put(next);
    const difficultyText = difficultyOverlap !== undefined ? `difficulty overlap ${difficultyOverlap}` : "difficulty by the puzzle's own annotators";
    const puzzlesText =
      calibrationSample === undefined
        ? `${allPuzzles.length} puzzles`
        : `a calibration sample of ${calibrationSample.chosen.length} of ${allPuzzles.length} puzzles (${calibrationSample.rule} rule, budget ${calibrationSample.budget}${calibrationSample.source !== undefined ? `, uncertainty from the judge's ${calibrationSample.source}` : ''})`;
    await db.audit.add({
      studyId,
      at: now,
      kind: 'team:assign',
      detail: `assigned ${puzzlesText} to ${annotators.length} annotators (${annotators.map((a) => a.id).join(', ')}): overlap ${input.overlap}, ${difficultyText}, seed ${input.seed}`,
    });
    return rows;
  });
}

/**
 * Gives an annotator a puzzle's turns or difficulty, or takes them away, keeping each unit list
 * in study order, and marks the setup as edited by hand (the seed alone no longer gives it).
 * Returns whether anything changed. Throws a RangeError for a study without an assignment,
 * opened from a pack, or an annotator or puzzle it does not hold.
 */
export async function setPuzzleAssignment(db: StudioDatabase, studyId: string, change: PuzzleAssignmentChange): Promise<boolean> {
  const now = change.now ?? new Date().toISOString();
  const { annotatorId, puzzleId, part, assigned } = change;
  return db.transaction('rw', [db.studies, db.puzzles, db.sessions, db.turns, db.annotators, db.assignments, db.audit], async () => {
    const study = leadStudy(await db.studies.get(studyId), studyId);
    const { setup } = study;
    if (setup === undefined) throw new RangeError(`the study "${study.name}" has no team yet; assign it to annotators before changing the assignment by hand`);
    if ((await db.annotators.get([studyId, annotatorId])) === undefined)
      throw new RangeError(`the annotator "${annotatorId}" is not in the study "${study.name}"`);
    if ((await db.puzzles.get([studyId, puzzleId])) === undefined) throw new RangeError(`the puzzle "${puzzleId}" is not in the study "${study.name}"`);

    const tasks: readonly Task[] = part === 'turns' ? ['answer', 'match'] : ['difficulty'];
    const stored = await db.assignments.bulkGet(tasks.map((task): [string, string, string] => [studyId, annotatorId, task]));
    const current = new Map(tasks.map((task, index) => [task, stored[index]?.units ?? []]));

    const records = await readUnitRecords(db, studyId);
    // Every unit of the study and the puzzle's own units, both in study order, expanded exactly
    // as the seeded assignment expands puzzles.
    const allPuzzles = records.puzzles.map((puzzle) => puzzle.id);
    const expanded = assignmentUnits(
      records,
      new Map([
        ['study', { puzzles: allPuzzles, difficultyPuzzles: allPuzzles }],
        ['puzzle', { puzzles: [puzzleId], difficultyPuzzles: [puzzleId] }],
      ]),
    );
    const studyUnits = expanded.get('study') ?? emptyTasks();
    const puzzleUnits = expanded.get('puzzle') ?? emptyTasks();

    const changed: Assignment[] = [];
    for (const task of tasks) {
      const units = current.get(task) ?? [];
      const own = new Set(puzzleUnits[task]);
      const held = new Set(units);
      const next = assigned ? studyUnits[task].filter((unit) => own.has(unit) || held.has(unit)) : units.filter((unit) => !own.has(unit));
      if (!sameList(next, units)) changed.push({ studyId, annotatorId, task, units: next });
    }
    if (changed.length === 0) return false;

    await db.assignments.bulkPut(changed);
    await db.studies.put({ ...study, setup: { ...setup, editedByHand: true } });
    await db.audit.add({ studyId, at: now, kind: 'team:edit', detail: editText(annotatorId, puzzleId, assigned, part, puzzleUnits) });
    return true;
  });
}

/** The study's stored assignment, one row per annotator and task, in key order. */
export async function loadAssignments(db: StudioDatabase, studyId: string): Promise<Assignment[]> {
  return byStudy(db.assignments, studyId).toArray();
}

function checkTeam(annotators: TeamInput['annotators']): Array<{ id: string; name: string }> {
  if (annotators.length === 0) throw new RangeError('name at least one annotator');
  // Packs are saved as <id>.pack.json, and some file systems ignore case.
  const seen = new Map<string, string>();
  return annotators.map(({ id, name }, index) => {
    if (!isAnnotatorId(id))
      throw new RangeError(`annotator ${index + 1} has no usable id: ${JSON.stringify(id)}; use ${FILE_SAFE_ID_RULE} (the id names the pack file)`);
    const twin = seen.get(id.toLowerCase());
    if (twin !== undefined) {
      throw new RangeError(
        twin === id
          ? `the annotator "${id}" is named twice`
          : `the annotators "${twin}" and "${id}" differ only in case; their pack files would have the same name`,
      );
    }
    seen.set(id.toLowerCase(), id);
    return { id, name: name.trim() === '' ? id : name };
  });
}

/** The study, if it is the lead's own: a study opened from a pack is one annotator's copy. */
function leadStudy(study: Study | undefined, studyId: string): Study {
  if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
  if (study.origin)
    throw new RangeError(
      `the study "${study.name}" was opened from a pack for ${study.origin.annotator.name}; only the lead's own study can be assigned to a team`,
    );
  return study;
}

/**
 * Puzzles and sessions in stored order, and the turns as outlines built from index keys alone
 * (the [studyId+sessionId+index] index gives each session's turn ids in order, the type index
 * the final ones), so 100,000 turns are read without their text or judge fields.
 */
async function readUnitRecords(db: StudioDatabase, studyId: string): Promise<UnitRecords> {
  const [puzzles, sessions, ordered, finals] = await Promise.all([
    byStudy(db.puzzles, studyId).toArray(),
    byStudy(db.sessions, studyId).toArray(),
    withPrefix(db.turns.where('[studyId+sessionId+index]'), [studyId]).primaryKeys(),
    db.turns.where('[studyId+type]').equals([studyId, 'final']).primaryKeys(),
  ]);
  // Both list sessions by id; turnCount tells where one session's turns end. Should the
  // stored counts not add up, read the turns whole rather than mis-assign them.
  if (sessions.reduce((sum, session) => sum + session.turnCount, 0) !== ordered.length)
    return { puzzles, sessions, turns: await byStudy(db.turns, studyId).toArray() };
  const finalIds = new Set(finals.map(([, id]) => id));
  const turns: UnitRecords['turns'] = [];
  let position = 0;
  for (const session of sessions) {
    for (let index = 0; index < session.turnCount; index++) {
      const id = ordered[position++]?.[1] ?? '';
      turns.push({ id, sessionId: session.id, puzzleId: session.puzzleId, index, type: finalIds.has(id) ? 'final' : 'question' });
    }
  }
  return { puzzles, sessions, turns };
}

/** Puzzles and sessions in stored order and every turn whole: what the judge's uncertainty is read from. */
async function readSignalRecords(db: StudioDatabase, studyId: string): Promise<{ puzzles: Puzzle[]; sessions: Session[]; turns: Turn[] }> {
  const [puzzles, sessions, turns] = await Promise.all([
    byStudy(db.puzzles, studyId).toArray(),
    byStudy(db.sessions, studyId).toArray(),
    byStudy(db.turns, studyId).toArray(),
  ]);
  return { puzzles, sessions, turns };
}

/** The calibration sample of the study's puzzles, drawn with the setup's seed; a RangeError when it would assign nothing. */
function drawSample(
  records: SignalRecords & { puzzles: readonly Puzzle[] },
  sample: NonNullable<TeamInput['sample']>,
  seed: number,
  now: string,
): CalibrationSample {
  const draw = drawCalibrationSample({ puzzleIds: records.puzzles.map((puzzle) => puzzle.id), signal: judgeSignal(records), ...sample, seed });
  if (draw.chosen.length === 0)
    throw new RangeError(
      `the draw with seed ${seed} chose no puzzle (each puzzle is drawn on its own, ${sample.budget} on average); draw a new seed or raise the budget`,
    );
  return { ...draw, drawnAt: now };
}

/** The judge's uncertainty on each puzzle of the study, for the team page to say what a calibration sample would draw on. */
export async function loadJudgeSignal(db: StudioDatabase, studyId: string): Promise<JudgeSignal> {
  return judgeSignal(await readSignalRecords(db, studyId));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((unit, index) => unit === b[index]);
}

function editText(annotatorId: string, puzzleId: string, assigned: boolean, part: PuzzleAssignmentChange['part'], units: PackTasks): string {
  const what =
    part === 'turns'
      ? `the turns of puzzle "${puzzleId}" (${units.answer.length} answer and ${units.match.length} match units)`
      : `the difficulty of puzzle "${puzzleId}"`;
  return assigned ? `gave ${annotatorId} ${what}` : `took ${what} from ${annotatorId}`;
}
