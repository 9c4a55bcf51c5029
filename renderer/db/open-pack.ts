// Opens a lead's pack (docs/formats.md#pack) on the annotator's computer: the pack becomes, or extends, a
// study whose origin names the pack's annotator, with the pack's puzzles, sessions and turns
// (blind: no judge, no judgements) and that annotator's assignment rows. All-or-nothing.

import { TASKS } from '../../shared/domain/model';
import type { Assignment, Puzzle, Session, Study, StudyCounts, Turn } from '../../shared/domain/model';
import { PACK_FORMAT, packPuzzle, packScheme, type Pack } from '../../shared/formats/pack';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import { isReplaceableSample } from './sample-study';

export interface OpenedPack {
  studyId: string;
  studyName: string;
  annotator: { id: string; name: string };
  /** Units the pack assigns that this annotator did not have yet, over all tasks. */
  newUnits: number;
  /** The same pack (by SHA-256) was opened here before, so nothing changed. */
  alreadyOpened: boolean;
  /** The study's counts after opening. */
  counts: StudyCounts;
  /** The untouched demo study loaded on first start was here and the pack replaced it. */
  replacedSample: boolean;
}

export interface OpenPackOptions {
  /** The pack's file name, for messages and the study's source files. */
  fileName: string;
  /** ISO 8601 time of the open; defaults to the current time. */
  now?: string;
}

/** A pack this computer cannot take; nothing was written. `reason` is the message without the file name. */
export class PackOpenError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'PackOpenError';
  }
}

/**
 * Stores the pack as the annotator's copy of its study. A later pack of the same study and
 * annotator merges: new records are added, each task's units are appended to the stored ones
 * (stored order kept) and the pack's SHA-256 joins `origin.packs`; the study's name and
 * guidelines stay as first opened. The untouched demo study of a first start gives way to the
 * pack (see sample-study.ts). Throws PackOpenError, writing nothing, when the study here is the
 * lead's own copy or another annotator's, or when the pack contradicts a stored record.
 */
export async function openPack(db: StudioDatabase, pack: Pack, options: OpenPackOptions): Promise<OpenedPack> {
  const now = options.now ?? new Date().toISOString();
  const file = options.fileName;
  const studyId = pack.study.id;
  const annotator = { id: pack.annotator.id, name: pack.annotator.name };
  const records = packRecords(pack);

  return db.transaction('rw', [db.studies, db.puzzles, db.sessions, db.turns, db.annotators, db.assignments, db.labels, db.gold, db.audit], async () => {
    const found = await db.studies.get(studyId);
    const storedRecords = await Promise.all([
      db.puzzles.bulkGet(records.puzzles.map((puzzle): [string, string] => [studyId, puzzle.id])),
      db.sessions.bulkGet(records.sessions.map((session): [string, string] => [studyId, session.id])),
      db.turns.bulkGet(records.turns.map((turn): [string, string] => [studyId, turn.id])),
    ]);
    const replacedSample = found !== undefined && (await isReplaceableSample(db, found, holdsRecords(records, storedRecords)));
    if (replacedSample) await removeSample(db, studyId);
    const stored = replacedSample ? undefined : found;
    if (stored) checkOwner(stored, pack, file);
    if (stored?.origin?.packs.includes(pack.sha256)) {
      return { studyId, studyName: stored.name, annotator: stored.origin.annotator, newUnits: 0, alreadyOpened: true, counts: stored.counts, replacedSample };
    }

    const [puzzles, sessions, turns] = replacedSample
      ? [records.puzzles.map(() => undefined), records.sessions.map(() => undefined), records.turns.map(() => undefined)]
      : storedRecords;
    const differences = [
      ...differingRecords('puzzle', 'puzzles', records.puzzles, puzzles, PUZZLE_FIELDS),
      ...differingRecords('session', 'sessions', records.sessions, sessions, SESSION_FIELDS),
      ...differingRecords('turn', 'turns', records.turns, turns, TURN_FIELDS),
    ];
    const [first] = differences;
    if (first !== undefined) {
      const more = differences.length > 1 ? ` (and ${differences.length - 1} more record${differences.length === 2 ? '' : 's'} differ)` : '';
      throw new PackOpenError(
        file,
        `${first}${more}. The pack does not fit the copy of study "${studyId}" on this computer; ask the lead for a new pack, or delete the study here and open every pack again.`,
      );
    }
    const newPuzzles = records.puzzles.filter((_, i) => puzzles[i] === undefined);
    const newSessions = records.sessions.filter((_, i) => sessions[i] === undefined);
    const newTurns = records.turns.filter((_, i) => turns[i] === undefined);

    const rows = await db.assignments.bulkGet(TASKS.map((task): [string, string, string] => [studyId, annotator.id, task]));
    let newUnits = 0;
    const assignments = TASKS.map((task, i): Assignment => {
      const before = rows[i]?.units ?? [];
      const known = new Set(before);
      const added = pack.tasks[task].filter((unit) => !known.has(unit));
      newUnits += added.length;
      return { studyId, annotatorId: annotator.id, task, units: [...before, ...added] };
    });

    const counts = addCounts(stored?.counts, newPuzzles, newSessions, newTurns);
    const study: Study = stored?.origin
      ? {
          ...stored,
          // The latest pack says whether the lead lets annotators mark several answers (issue 33); the labels already given stay as they are either way.
          scheme: packScheme({ answerUnknown: stored.scheme.answerUnknown, multipleAnswers: pack.scheme.multipleAnswers }),
          counts,
          sourceFiles: stored.sourceFiles.includes(file) ? stored.sourceFiles : [...stored.sourceFiles, file],
          origin: { ...stored.origin, packs: [...stored.origin.packs, pack.sha256] },
        }
      : {
          id: studyId,
          name: pack.study.name,
          format: PACK_FORMAT,
          scheme: packScheme(pack.scheme),
          // Empty guidelines mean the lead had none: the app then shows its default guidelines.
          ...(pack.guidelines !== '' ? { guidelines: pack.guidelines } : {}),
          importedAt: now,
          sourceFiles: [file],
          counts,
          origin: { kind: 'pack', annotator, packs: [pack.sha256] },
        };
    await db.studies.put(study);
    await db.puzzles.bulkPut(newPuzzles);
    await db.sessions.bulkPut(newSessions);
    await db.turns.bulkPut(newTurns);
    await db.assignments.bulkPut(assignments);
    if (!(await db.annotators.get([studyId, annotator.id]))) await db.annotators.add({ studyId, id: annotator.id, name: annotator.name });
    if (replacedSample) {
      await db.audit.add({
        studyId,
        at: now,
        kind: 'study:sample-replaced',
        detail: `replaced the untouched demo study "${found.name}" with ${annotator.name}'s copy from ${file}`,
      });
    }
    await db.audit.add({
      studyId,
      at: now,
      kind: 'pack:open',
      detail: `opened ${file} for ${annotator.name} (${annotator.id}): ${newUnits} new units; added ${newPuzzles.length} puzzles, ${newSessions.length} sessions, ${newTurns.length} turns`,
    });
    const owner = study.origin?.annotator ?? annotator;
    return { studyId, studyName: study.name, annotator: owner, newUnits, alreadyOpened: false, counts, replacedSample };
  });
}

/** Whether every record of the pack is stored and equal in every field the pack carries. */
function holdsRecords(records: PackRecords, stored: [Array<Puzzle | undefined>, Array<Session | undefined>, Array<Turn | undefined>]): boolean {
  const [puzzles, sessions, turns] = stored;
  const all = [...puzzles, ...sessions, ...turns];
  if (all.some((record) => record === undefined)) return false;
  return (
    differingRecords('puzzle', 'puzzles', records.puzzles, puzzles, PUZZLE_FIELDS).length === 0 &&
    differingRecords('session', 'sessions', records.sessions, sessions, SESSION_FIELDS).length === 0 &&
    differingRecords('turn', 'turns', records.turns, turns, TURN_FIELDS).length === 0
  );
}

/** Removes the sample's records so the pack's blind copy takes their place (the audit log stays). */
async function removeSample(db: StudioDatabase, studyId: string): Promise<void> {
  await Promise.all([byStudy(db.puzzles, studyId).delete(), byStudy(db.sessions, studyId).delete(), byStudy(db.turns, studyId).delete()]);
  await db.studies.delete(studyId);
}

/** Refuses a pack whose study is here as the lead's copy, or as another annotator's copy. */
function checkOwner(stored: Study, pack: Pack, file: string): void {
  const { origin } = stored;
  const who = `${pack.annotator.name} (${pack.annotator.id})`;
  if (origin === undefined) {
    throw new PackOpenError(
      file,
      `this computer holds the lead's copy of study "${stored.id}" (${stored.name}), with the judges' labels; the pack is for ${who}, so open it in the annotator's own copy of Agreement Studio. To bring in an annotator's work here, import their label file on the study's Team page.`,
    );
  }
  if (origin.annotator.id !== pack.annotator.id) {
    throw new PackOpenError(
      file,
      `this computer holds the copy of study "${stored.id}" of ${origin.annotator.name} (${origin.annotator.id}), but the pack is for ${who}; open it in ${pack.annotator.name}'s own copy of Agreement Studio, or delete the study here first.`,
    );
  }
  if (stored.scheme.answerUnknown !== pack.scheme.answerUnknown) {
    throw new PackOpenError(
      file,
      `the pack's label scheme differs from that of study "${stored.id}" on this computer (whether "unknown" is its own answer); ask the lead for a new pack, or delete the study here and open every pack again.`,
    );
  }
}

interface PackRecords {
  puzzles: Puzzle[];
  sessions: Session[];
  turns: Turn[];
}

/** The pack's records as stored: no judge (packs carry none), no judgements, turn puzzles from their sessions. */
function packRecords(pack: Pack): PackRecords {
  const studyId = pack.study.id;
  const sessionPuzzle = new Map(pack.sessions.map((session) => [session.id, session.puzzleId]));
  const turnCount = new Map<string, number>();
  for (const turn of pack.turns) turnCount.set(turn.sessionId, (turnCount.get(turn.sessionId) ?? 0) + 1);
  return {
    puzzles: pack.puzzles.map((puzzle) => ({ studyId, ...packPuzzle(puzzle) })),
    sessions: pack.sessions.map((session) => ({
      studyId,
      id: session.id,
      puzzleId: session.puzzleId,
      player: session.player,
      judge: '',
      ...(session.maxRounds !== undefined ? { maxRounds: session.maxRounds } : {}),
      ...(session.run !== undefined ? { run: session.run } : {}),
      turnCount: turnCount.get(session.id) ?? 0,
    })),
    turns: pack.turns.map((turn) => ({
      studyId,
      id: turn.id,
      sessionId: turn.sessionId,
      puzzleId: sessionPuzzle.get(turn.sessionId) ?? '',
      index: turn.index,
      type: turn.type,
      text: turn.text,
      judgements: {},
    })),
  };
}

// The fields a pack carries: a stored record that differs in any of them contradicts the pack.
const PUZZLE_FIELDS = ['title', 'story', 'reference', 'language', 'genre', 'keyClues'] as const satisfies ReadonlyArray<keyof Puzzle>;
const SESSION_FIELDS = ['puzzleId', 'player', 'maxRounds', 'run'] as const satisfies ReadonlyArray<keyof Session>;
const TURN_FIELDS = ['sessionId', 'index', 'type', 'text'] as const satisfies ReadonlyArray<keyof Turn>;

/** One sentence per pack record whose stored twin differs, naming the record and the fields. */
function differingRecords<T extends { id: string }>(
  what: string,
  list: string,
  incoming: readonly T[],
  stored: ReadonlyArray<T | undefined>,
  fields: ReadonlyArray<keyof T>,
): string[] {
  const out: string[] = [];
  incoming.forEach((record, i) => {
    const before = stored[i];
    if (before === undefined) return;
    const differing = fields.filter((field) => JSON.stringify(record[field]) !== JSON.stringify(before[field]));
    if (differing.length > 0) out.push(`the ${what} "${record.id}" (${list}[${i}]) has a different ${differing.join(', ')} than the stored one`);
  });
  return out;
}

function addCounts(before: StudyCounts | undefined, puzzles: readonly Puzzle[], sessions: readonly Session[], turns: readonly Turn[]): StudyCounts {
  const base = before ?? { puzzles: 0, sessions: 0, turns: 0, questions: 0, finals: 0 };
  const questions = turns.filter((turn) => turn.type === 'question').length;
  return {
    puzzles: base.puzzles + puzzles.length,
    sessions: base.sessions + sessions.length,
    turns: base.turns + turns.length,
    questions: base.questions + questions,
    finals: base.finals + turns.length - questions,
  };
}
