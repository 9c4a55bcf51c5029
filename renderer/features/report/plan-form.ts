// The planner panel's form as the lead fills it in, and the plan request it makes: figures typed
// in points or percent turned into the planner's shares, the judges checked against the report's,
// and every problem said as a sentence the lead can act on before anything is sent.

import { DEFAULT_ALT_TEST_EPSILON } from '../../../shared/stats/judge/alt-test';
import type { AgreementReport, ReportBucket, ReportTask } from '../../../shared/report/model/report-model';
import type { PlanRequest, PlanTarget } from '../../workers/plan-protocol';
import { TASK_NAMES } from './report-text';

export type TargetKind = PlanTarget['kind'];

export interface PlanForm {
  task: ReportTask;
  bucket: ReportBucket;
  kind: TargetKind;
  vary: PlanRequest['vary'];
  judge: string;
  /** The second judge of a difference target. */
  otherJudge: string;
  /** The target's figure as typed: a width in points, a power in percent, a difference in points (empty: the smallest found). */
  valueText: string;
}

/** What a new target kind's figure starts at: an interval 10 points wide, 80% power, the smallest difference found. */
export const DEFAULT_VALUE_TEXT: Record<TargetKind, string> = { width: '10', power: '80', difference: '' };

type PlanRequestResult = { ok: true; request: PlanRequest } | { ok: false; problem: string };

/** A plain decimal number, as the command line reads its targets; NaN for anything else. */
function decimal(text: string): number {
  const trimmed = text.trim();
  return /^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request for the form, with the report's own settings for which labels count; or the first problem with the form. */
export function planRequestOf(form: PlanForm, judges: readonly string[], report: AgreementReport): PlanRequestResult {
  const problem = (text: string): PlanRequestResult => ({ ok: false, problem: text });
  if (judges.length === 0) return problem(`No judge has figures for ${TASK_NAMES[form.task]} in this bucket, so there is nothing to plan from.`);
  const value = decimal(form.valueText);
  let target: PlanTarget;
  switch (form.kind) {
    case 'width':
      if (!(value > 0 && value < 100)) return problem("Give the interval's width in points, a number above 0 and below 100, such as 10.");
      target = { kind: 'width', width: value / 100, judge: form.judge };
      break;
    case 'power':
      if (!(value > 0 && value < 100)) return problem('Give the power as a percentage above 0 and below 100, such as 80.');
      target = { kind: 'power', power: value / 100, judge: form.judge, epsilon: report.judges?.altTestEpsilon ?? DEFAULT_ALT_TEST_EPSILON };
      break;
    case 'difference': {
      if (judges.length < 2) return problem(`A difference needs two judges, and only ${judges[0]} has figures for ${TASK_NAMES[form.task]} in this bucket.`);
      if (form.judge === form.otherJudge) return problem('Pick two different judges to compare.');
      const empty = form.valueText.trim() === '';
      if (!empty && !(value > 0 && value <= 100))
        return problem('Give the difference in points, above 0 and at most 100, such as 5; or leave it empty for the smallest difference the study finds.');
      target = { kind: 'difference', judges: [form.judge, form.otherJudge], ...(empty ? {} : { difference: value / 100 }) };
      break;
    }
  }
  return {
    ok: true,
    request: {
      task: form.task,
      bucket: form.bucket,
      target,
      // The paired test reads the majority, not each person: a difference is planned in puzzles.
      vary: form.kind === 'difference' ? 'puzzles' : form.vary,
      leaveOutUnsure: report.settings.unsureLabels === 'left-out',
      unparseable: report.settings.unparseable ?? 'left-out',
    },
  };
}
