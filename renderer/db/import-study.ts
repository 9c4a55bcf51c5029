// Stores parsed transcript bundles all-or-nothing: one read-write transaction with chunked
// bulkPut, progress after every chunk, the judge prompts a bundle brought as prompt versions, and
// an audit entry per study. Any failure aborts the transaction, so the database is as it was.

import type { StudyData } from '../../shared/domain/model';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import { deleteJudgeRunsOf } from './judge-runs';
import { keptReportsKey } from './kept-reports';
import { deletePromptSearchesOf } from './prompt-searches';
import { storeJudgePrompts } from './prompt-versions';
import { deleteSyncRecords } from './sync-records';

/** Records written per bulkPut: large enough to amortise calls, small enough to report progress. */
const CHUNK_SIZE = 5_000;

export interface ImportProgress {
  done: number;
  total: number;
}

export class StudyExistsError extends Error {
  constructor(
    readonly studyId: string,
    readonly studyName: string,
  ) {
    super(`a study with id "${studyId}" (${studyName}) is already in the library; delete it first to import it again`);
    this.name = 'StudyExistsError';
  }
}

export function countRecords(studies: readonly StudyData[]): number {
  return studies.reduce((sum, data) => sum + data.puzzles.length + data.sessions.length + data.turns.length, 0);
}

export async function importStudies(db: StudioDatabase, studies: readonly StudyData[], onProgress?: (progress: ImportProgress) => void): Promise<void> {
  const total = countRecords(studies);
  let done = 0;
  await db.transaction('rw', [db.studies, db.puzzles, db.sessions, db.turns, db.promptVersions, db.audit], async () => {
    for (const data of studies) {
      // Inside the transaction this also sees a study added earlier in the same batch.
      const existing = await db.studies.get(data.study.id);
      if (existing) throw new StudyExistsError(existing.id, existing.name);
      await db.studies.add(data.study);
      const writes: Array<() => Promise<unknown>> = [];
      for (let start = 0; start < data.puzzles.length; start += CHUNK_SIZE) {
        const chunk = data.puzzles.slice(start, start + CHUNK_SIZE);
        writes.push(() => db.puzzles.bulkPut(chunk).then(() => chunk.length));
      }
      for (let start = 0; start < data.sessions.length; start += CHUNK_SIZE) {
        const chunk = data.sessions.slice(start, start + CHUNK_SIZE);
        writes.push(() => db.sessions.bulkPut(chunk).then(() => chunk.length));
      }
      for (let start = 0; start < data.turns.length; start += CHUNK_SIZE) {
        const chunk = data.turns.slice(start, start + CHUNK_SIZE);
        writes.push(() => db.turns.bulkPut(chunk).then(() => chunk.length));
      }
      for (const write of writes) {
        done += (await write()) as number;
        onProgress?.({ done, total });
      }
      const at = new Date().toISOString();
      const prompts = await storeJudgePrompts(db, data.study, data.judgePrompts ?? [], at);
      const { puzzles, sessions, turns } = data.study.counts;
      await db.audit.add({
        studyId: data.study.id,
        at,
        kind: 'study:import',
        detail: `imported ${data.study.sourceFiles.join(', ')}: ${puzzles} puzzles, ${sessions} sessions, ${turns} turns${prompts.length > 0 ? `; judge prompts as prompt versions ${prompts.join(', ')}` : ''}`,
      });
    }
  });
}

/**
 * Removes a study and everything that belongs to it, in one transaction. The audit log is
 * append-only, so it keeps the study's history and records the deletion.
 */
export async function deleteStudy(db: StudioDatabase, studyId: string): Promise<void> {
  const tables = [
    db.studies,
    db.puzzles,
    db.sessions,
    db.turns,
    db.annotators,
    db.assignments,
    db.gold,
    db.labels,
    db.judgeRuns,
    db.judgeAnswers,
    db.promptSearches,
    db.syncConnections,
    db.teamDatabases,
    db.audit,
    db.meta,
  ];
  await db.transaction('rw', tables, async () => {
    const study = await db.studies.get(studyId);
    if (!study) return;
    await Promise.all([
      byStudy(db.puzzles, studyId).delete(),
      byStudy(db.sessions, studyId).delete(),
      byStudy(db.turns, studyId).delete(),
      byStudy(db.annotators, studyId).delete(),
      byStudy(db.assignments, studyId).delete(),
      byStudy(db.gold, studyId).delete(),
      byStudy(db.labels, studyId).delete(),
      deleteJudgeRunsOf(db, studyId),
      deletePromptSearchesOf(db, studyId),
      deleteSyncRecords(db, studyId),
      // Its kept reports are the only large thing the study has in the meta table.
      db.meta.delete(keptReportsKey(studyId)),
    ]);
    await db.studies.delete(studyId);
    await db.audit.add({ studyId, at: new Date().toISOString(), kind: 'study:delete', detail: `deleted study "${study.name}"` });
  });
}
