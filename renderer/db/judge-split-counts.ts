// What the study's judge split holds now, for the Judges page: the puzzles and the units people
// labelled in each part. Read one record at a time (only ids are kept), so a large study's turns
// and labels are never held whole in the window.

import type { JudgeSplitPart, Task } from '../../shared/domain/model';
import { labelledUnitSplits, splitCounts, type SplitCount, type SplitRule } from '../../shared/study/judge-splits';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';

export async function judgeSplitCounts(db: StudioDatabase, studyId: string, rule: SplitRule): Promise<Record<JudgeSplitPart, SplitCount>> {
  const turns: Array<{ id: string; puzzleId: string }> = [];
  const puzzles: Array<{ id: string }> = [];
  const labels: Array<{ task: Task; unitId: string }> = [];
  await db.transaction('r', [db.turns, db.puzzles, db.labels], () =>
    Promise.all([
      byStudy(db.turns, studyId).each((turn) => void turns.push({ id: turn.id, puzzleId: turn.puzzleId })),
      byStudy(db.puzzles, studyId).each((puzzle) => void puzzles.push({ id: puzzle.id })),
      byStudy(db.labels, studyId).each((label) => void labels.push({ task: label.task, unitId: label.unitId })),
    ]),
  );
  return splitCounts(labelledUnitSplits(rule, { turns, puzzles }, labels));
}
