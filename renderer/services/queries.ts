// Reactive reads of the database for the UI (Dexie live queries): they re-run when the
// tables they read change, also when a worker wrote the change.

import { useLiveQuery } from 'dexie-react-hooks';
import { TASKS, type AcceptableAnswers, type Study, type Task, type Turn } from '../../shared/domain/model';
import type { AssignmentTableRecords } from '../../shared/study/assignment-table';
import { useServices } from './services';
import { readLastAutoBackup, studiesDueForBackup } from '../db/backup';
import { byStudy } from '../db/by-study';
import { withPrefix } from '../db/key-range';
import type { StudioDatabase } from '../db/database';
import { loadGoldHistory } from '../db/gold';
import { loadJudgeSignal } from '../db/team-setup';

export function useStudies() {
  const { db } = useServices();
  return useLiveQuery(() => db.studies.orderBy('id').toArray(), [db]);
}

export function useStudy(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(async () => (await db.studies.get(studyId)) ?? null, [db, studyId]);
}

/** Whether the study is in the library; undefined while the read runs. */
export function useStudyExists(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(async () => (await db.studies.get(studyId)) !== undefined, [db, studyId]);
}

export function usePuzzle(studyId: string, puzzleId: string) {
  const { db } = useServices();
  return useLiveQuery(() => db.puzzles.get([studyId, puzzleId]), [db, studyId, puzzleId]);
}

export function usePuzzles(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(() => byStudy(db.puzzles, studyId).toArray(), [db, studyId]);
}

export function useSessions(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(() => byStudy(db.sessions, studyId).toArray(), [db, studyId]);
}

export function useSessionWithTurns(studyId: string, sessionId: string) {
  const { db } = useServices();
  return useLiveQuery(async () => {
    const session = await db.sessions.get([studyId, sessionId]);
    if (!session) return null;
    const [puzzle, turns] = await Promise.all([
      db.puzzles.get([studyId, session.puzzleId]),
      withPrefix(db.turns.where('[studyId+sessionId+index]'), [studyId, sessionId]).toArray(),
    ]);
    return { session, puzzle: puzzle ?? null, turns };
  }, [db, studyId, sessionId]);
}

/** One human label on a turn, with the labeller's display name. */
export interface TurnHumanLabel {
  annotatorId: string;
  name: string;
  value: string;
  /** Every answer the annotator accepts, `value` first, when the label is a set (issue 33). */
  acceptable?: AcceptableAnswers;
  unsure: boolean;
}

/**
 * Every human label on these turns (answer labels on questions, match labels on final answers),
 * by turn id, annotators in name order. For the lead's transcript only: annotator mode never
 * calls it, so a blind view never even reads other people's labels. Every label write records
 * its annotator, so the annotators table names every labeller.
 */
export function useTurnHumanLabels(studyId: string, turns: readonly Pick<Turn, 'id' | 'type'>[]) {
  const { db } = useServices();
  const turnKey = turns.map((turn) => `${turn.type}:${turn.id}`).join('\n');
  return useLiveQuery(
    async () => {
      const annotators = (await byStudy(db.annotators, studyId).toArray()).sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
      const keys = annotators.flatMap((annotator) =>
        turns.map((turn): [string, string, string, string] => [studyId, annotator.id, turn.type === 'question' ? 'answer' : 'match', turn.id]),
      );
      const found = await db.labels.bulkGet(keys);
      const byTurn = new Map<string, TurnHumanLabel[]>();
      found.forEach((label, index) => {
        if (!label) return;
        const annotator = annotators[Math.floor(index / turns.length)];
        const list = byTurn.get(label.unitId) ?? [];
        list.push({
          annotatorId: label.annotatorId,
          name: annotator?.name ?? label.annotatorId,
          value: String(label.value),
          ...(label.acceptable !== undefined ? { acceptable: label.acceptable } : {}),
          unsure: label.unsure,
        });
        byTurn.set(label.unitId, list);
      });
      return byTurn;
    },
    // turnKey stands for the turns: a new array with the same turns must not re-run the query.
    [db, studyId, turnKey],
  );
}

/** The study's annotators (the team once assigned, plus anyone who labelled), by id. */
export function useAnnotators(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(() => byStudy(db.annotators, studyId).toArray(), [db, studyId]);
}

/** The stored assignment: one row per annotator and task. */
export function useAssignments(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(() => byStudy(db.assignments, studyId).toArray(), [db, studyId]);
}

/**
 * What the assignment table needs of the study's records: puzzle ids and titles, which puzzle
 * each session plays, and each turn's session, position and type, read from keys alone so
 * 100,000 turns cost no text. Reads no assignment, so a hand edit does not re-run it.
 */
export function useAssignmentRecords(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(() => readAssignmentRecords(db, studyId), [db, studyId]);
}

async function readAssignmentRecords(db: StudioDatabase, studyId: string): Promise<AssignmentTableRecords> {
  return db.transaction('r', [db.puzzles, db.sessions, db.turns], async () => {
    const bySession = () => withPrefix(db.turns.where('[studyId+sessionId+index]'), [studyId]);
    const [puzzles, sessions, turnKeys, finalKeys] = await Promise.all([
      byStudy(db.puzzles, studyId).toArray(),
      byStudy(db.sessions, studyId).toArray(),
      bySession().primaryKeys(),
      db.turns.where('[studyId+type]').equals([studyId, 'final']).primaryKeys(),
    ]);
    const finals = new Set(finalKeys.map(([, id]) => id));
    const turns: Array<AssignmentTableRecords['turns'][number]> = [];
    const add = (id: string, sessionId: string, index: number) => turns.push({ id, sessionId, index, type: finals.has(id) ? 'final' : 'question' });
    // The index lists turns by session id, as the sessions' primary keys are ordered, so each
    // session's turnCount says where its turns end; should the counts not add up, walk the keys.
    if (sessions.reduce((sum, session) => sum + session.turnCount, 0) === turnKeys.length) {
      let position = 0;
      for (const session of sessions) for (let index = 0; index < session.turnCount; index++) add(turnKeys[position++]?.[1] ?? '', session.id, index);
    } else {
      await bySession().eachPrimaryKey((primaryKey, cursor) => {
        const [, sessionId, index] = cursor.key as [string, string, number];
        add(primaryKey[1], sessionId, index);
      });
    }
    return {
      puzzles: puzzles.map(({ id, title }) => (title === undefined ? { id } : { id, title })),
      sessions: sessions.map(({ id, puzzleId }) => ({ id, puzzleId })),
      turns,
    };
  });
}

/** How many units a task of the study has: its questions, final answers or puzzles. */
export function taskUnitCount(study: Study, task: Task): number {
  return task === 'answer' ? study.counts.questions : task === 'match' ? study.counts.finals : study.counts.puzzles;
}

interface TaskProgress {
  labelled: number;
  total: number;
}

/**
 * The annotator's progress on each task (in TASKS order), over the units assigned to them when the study
 * has an assignment for them, else over every unit. Reads label keys only, so it stays quick with
 * a million labels stored. Undefined until an annotator is known.
 */
export function useTaskProgress(study: Study, annotatorId: string | undefined) {
  const { db } = useServices();
  return useLiveQuery(
    async () =>
      annotatorId === undefined ? undefined : { annotatorId, tasks: await Promise.all(TASKS.map((task) => taskProgress(db, study, annotatorId, task))) },
    [db, study, annotatorId],
  );
}

async function taskProgress(db: StudioDatabase, study: Study, annotatorId: string, task: Task): Promise<TaskProgress> {
  const range = withPrefix(db.labels.where(':id'), [study.id, annotatorId, task]);
  const assignment = await db.assignments.get([study.id, annotatorId, task]);
  if (assignment === undefined) {
    const total = taskUnitCount(study, task);
    return { labelled: Math.min(await range.count(), total), total };
  }
  const assigned = new Set(assignment.units);
  const keys = await range.primaryKeys();
  return { labelled: keys.filter((key) => assigned.has(key[3])).length, total: assigned.size };
}

/** A unit's gold-label history, oldest first (see loadGoldHistory). */
export function useGoldHistory(studyId: string, task: Task, unitId: string) {
  const { db } = useServices();
  return useLiveQuery(() => loadGoldHistory(db, studyId, task, unitId), [db, studyId, task, unitId]);
}

/** Studies whose labels changed since their last backup; none when the host keeps snapshots itself. */
export function useStudiesDueForBackup(hostKeepsSnapshots: boolean) {
  const { db } = useServices();
  return useLiveQuery(() => (hostKeepsSnapshots ? [] : studiesDueForBackup(db, Date.now())), [db, hostKeepsSnapshots]);
}

/** The desktop app's last automatic snapshot pass that wrote or failed; undefined before the first. */
export function useLastAutoBackup() {
  const { db } = useServices();
  return useLiveQuery(() => readLastAutoBackup(db), [db]);
}

/** The study's team server connection on this computer (issue 18), null when it has none; undefined while the read runs. */
export function useSyncConnection(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(async () => (await db.syncConnections.get(studyId)) ?? null, [db, studyId]);
}

/** The lead's record of each annotator database of the study, with how far each was pulled. */
export function useTeamDatabases(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(() => db.teamDatabases.where('studyId').equals(studyId).sortBy('annotatorId'), [db, studyId]);
}

/**
 * The judge's uncertainty on each puzzle, which a calibration sample draws on; read (every turn,
 * whole) only while `wanted`, and undefined while it is not or the read runs.
 */
export function useJudgeSignal(studyId: string, wanted: boolean) {
  const { db } = useServices();
  return useLiveQuery(async () => (wanted ? loadJudgeSignal(db, studyId) : undefined), [db, studyId, wanted]);
}
