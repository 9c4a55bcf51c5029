// Reactive reads of the database for the UI (Dexie live queries): they re-run when the
// tables they read change, also when a worker wrote the change.

import { useLiveQuery } from 'dexie-react-hooks';
import { useServices } from '../app/services';
import { byStudy } from './by-study';

export function useStudies() {
  const { db } = useServices();
  return useLiveQuery(() => db.studies.orderBy('id').toArray(), [db]);
}

export function useStudy(studyId: string) {
  const { db } = useServices();
  return useLiveQuery(async () => (await db.studies.get(studyId)) ?? null, [db, studyId]);
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
      db.turns.where('[studyId+sessionId+index]').between([studyId, sessionId, -Infinity], [studyId, sessionId, Infinity]).toArray(),
    ]);
    return { session, puzzle: puzzle ?? null, turns };
  }, [db, studyId, sessionId]);
}
