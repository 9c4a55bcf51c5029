// The plan worker's choosing of a prompt version's few-shot examples (issue 34 point 2): the study
// and people's labels read as the report reads them, indexed once, and each task's examples chosen
// from the examples part of the study's judge split with the split's seed, as `agreement-studio
// judge --examples` chooses them; or why none can be, in a lead's words.

import { chooseFewShotExamples, MAX_FEW_SHOT_EXAMPLES } from '../../shared/judge-run/few-shot-examples';
import { indexStudy } from '../../shared/stats/study/study-units';
import { labelledUnitSplits, splitCounts } from '../../shared/study/judge-splits';
import type { StudioDatabase } from '../db/database';
import { loadReportData } from '../db/report-inputs';
import type { ExamplesChoice, ExamplesRequest } from './plan-protocol';

/** Up to `count` examples a task from people's corrections of the judge `from`, for a version that runs on the study. */
export async function choosePromptExamples(db: StudioDatabase, studyId: string, { from, count }: ExamplesRequest): Promise<ExamplesChoice> {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_FEW_SHOT_EXAMPLES)
    return { ok: false, reason: `the number of examples a task must be a whole number from 1 to ${MAX_FEW_SHOT_EXAMPLES}, not ${count}` };
  const { study, labels } = await loadReportData(db, studyId, { gold: false });
  const split = study.study.judgeSplit;
  if (split === undefined) return { ok: false, reason: 'the study has no judge split; set the split for improving the judge first' };
  if (!study.turns.some((turn) => turn.judgements[from] !== undefined))
    return { ok: false, reason: `the study holds no labels of the judge "${from}", whose corrections the examples are` };
  const units = indexStudy(study, labels);
  const choose = (task: 'answer' | 'match') => chooseFewShotExamples(study, units, { task, judge: from, split, count, seed: split.seed }).examples;
  const chosen = { answer: choose('answer'), match: choose('match') };
  if (chosen.answer.length + chosen.match.length > 0) return { ok: true, examples: { studyId, from, count, chosen } };
  const inSplit = splitCounts(labelledUnitSplits(split, study, labels)).examples;
  return {
    ok: false,
    reason: `no examples to give: the examples part of the split (seed ${split.seed}) holds ${inSplit.units} turns people labelled, of ${inSplit.puzzles} puzzles, and on none of them do "${from}" and the people's majority disagree; choose another judge, or label more turns of that part`,
  };
}
