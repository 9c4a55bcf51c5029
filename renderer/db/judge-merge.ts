// A lead merging one judge of a study into another on purpose (issue 28 point 5): the study's
// judges with the runs behind each and the judges each may go into, what a merge would do, and
// the merge itself in one transaction: labels, sessions, runs and an audit entry.

import {
  checkJudgeMerge,
  judgeMergeCounts,
  judgeSamplesAfterMerge,
  judgeTasks,
  mergeJudgeLabels,
  mergeTargets,
  type JudgeMergeCounts,
  type OverlapRule,
} from '../../shared/judge-run/judge-merge';
import type { JudgeRunRow } from '../../shared/judge-run/stored-records';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import { isEnded, listJudgeRuns } from './judge-runs';
import { forgetTranscriptsChecksum } from './report-inputs';

export interface StudyJudge {
  judge: string;
  /** Units (turns) it labelled. */
  units: number;
  tasks: Array<'answer' | 'match'>;
  /** The runs of this computer whose labels it carries, newest first; none for labels from the study's files. */
  runs: JudgeRunRow[];
  /** The judges it may be merged into: those that labelled a task it labelled. */
  targets: string[];
}

/** The study's judges in name order, each with its runs and the judges it may be merged into. */
export async function studyJudges(db: StudioDatabase, studyId: string): Promise<StudyJudge[]> {
  const [turns, runs] = await Promise.all([byStudy(db.turns, studyId).toArray(), listJudgeRuns(db, studyId)]);
  const tasks = judgeTasks(turns);
  const units = new Map<string, number>();
  for (const turn of turns) for (const judge of Object.keys(turn.judgements)) units.set(judge, (units.get(judge) ?? 0) + 1);
  return [...tasks.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((judge) => ({
      judge,
      units: units.get(judge) ?? 0,
      tasks: (['answer', 'match'] as const).filter((task) => tasks.get(judge)?.has(task)),
      runs: runs.filter((run) => run.judge === judge),
      targets: mergeTargets(tasks, judge),
    }));
}

/** What merging `merged` into `target` would do; throws an Error in the lead's words for a merge that cannot be. */
export async function judgeMergePreview(db: StudioDatabase, studyId: string, merged: string, target: string): Promise<JudgeMergeCounts> {
  const turns = await byStudy(db.turns, studyId).toArray();
  checkJudgeMerge(judgeTasks(turns), merged, target);
  return judgeMergeCounts(turns, merged, target);
}

interface JudgeMerge {
  studyId: string;
  merged: string;
  target: string;
  rule: OverlapRule;
  /** Who merged (the lead's name on this computer), for the audit log. */
  by: string;
  /** ISO 8601 time of the merge; defaults to the current time. */
  now?: string;
}

/**
 * Merges `merged` into `target` in one transaction: its labels move under the target's name (the
 * overlaps as `rule` says), sessions it judged and the study's note on its samples name the target,
 * its runs' rows now belong to the target and keep the name they ran as, and an audit entry says
 * who merged what into what, the counts and the rule. Returns the counts. Throws an Error, writing
 * nothing, for a missing study, a merge that cannot be, or a run of either judge not yet applied
 * (its labels would land under its old name, or replace the merged ones, when it ends).
 */
export async function mergeJudge(db: StudioDatabase, merge: JudgeMerge): Promise<JudgeMergeCounts> {
  const { studyId, merged, target, rule, by } = merge;
  const now = merge.now ?? new Date().toISOString();
  const tables = [db.studies, db.sessions, db.turns, db.judgeRuns, db.audit, db.meta];
  return db.transaction('rw', tables, async () => {
    const study = await db.studies.get(studyId);
    if (study === undefined) throw new Error(`The study "${studyId}" is not in the library.`);
    const turns = await byStudy(db.turns, studyId).toArray();
    checkJudgeMerge(judgeTasks(turns), merged, target);
    const runs = await listJudgeRuns(db, studyId);
    const unfinished = runs.find((run) => (run.judge === merged || run.judge === target) && !isEnded(run));
    if (unfinished !== undefined)
      throw new Error(
        `A run of ${unfinished.judge} is not finished (it is ${unfinished.state === 'paused' ? 'paused' : 'running or was interrupted'}): let it finish or cancel it, then merge.`,
      );

    const counts = judgeMergeCounts(turns, merged, target);
    await db.turns.bulkPut(mergeJudgeLabels(turns, merged, target, rule));
    await forgetTranscriptsChecksum(db, study);
    const sessions = await byStudy(db.sessions, studyId)
      .filter((session) => session.judge === merged)
      .toArray();
    await db.sessions.bulkPut(sessions.map((session) => ({ ...session, judge: target })));
    if (study.judgeSamples !== undefined) await db.studies.put({ ...study, judgeSamples: judgeSamplesAfterMerge(study.judgeSamples, merged, target) });
    const moved = runs.filter((run) => run.judge === merged);
    await db.judgeRuns.bulkPut(moved.map((run) => ({ ...run, judge: target, ranAs: run.ranAs ?? merged, updatedAt: now })));
    await db.audit.add({
      studyId,
      at: now,
      kind: 'judge:merge',
      detail: JSON.stringify({ merged, into: target, by, overlap: rule, counts, runs: moved.length, sessions: sessions.length }),
    });
    return counts;
  });
}
