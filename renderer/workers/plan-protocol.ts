// What the plan worker and the window exchange: the lead's planning request (a task, a bucket, a
// target, what the plan varies, and the report settings that decide which labels count) and the
// plan it answers with; progress is the report's, a phase in words and a count. Also a prompt
// version's few-shot examples asked for and chosen.

import type { UnparseableReplies } from '../../shared/domain/model';
import type { PromptExamples } from '../../shared/judge-run/stored-records';
import type { ReportBucket, ReportTask } from '../../shared/report/model/report-model';
import type { PlanTarget } from '../../shared/stats/planner/plan';

export interface PlanRequest {
  task: ReportTask;
  bucket: ReportBucket;
  target: PlanTarget;
  /** What the search changes: the bucket's puzzles or the people per puzzle (width and power targets only). */
  vary: 'puzzles' | 'annotators';
  /** As the report counts them, so the plan starts from the figures on the page. */
  leaveOutUnsure: boolean;
  unparseable: UnparseableReplies;
}

export type { PlanTarget, PlanTrial, StudyPlan } from '../../shared/stats/planner/plan';
export type { ReportProgress as PlanProgress } from './report-protocol';

/** A prompt version's few-shot examples: `count` a task, from people's corrections of the judge `from`. */
export interface ExamplesRequest {
  from: string;
  count: number;
}

/** The examples chosen, or why none could be, in words. */
export type ExamplesChoice = { ok: true; examples: PromptExamples } | { ok: false; reason: string };
