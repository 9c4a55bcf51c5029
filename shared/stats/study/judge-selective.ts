// Selective evaluation in the report (issue 32 point 5): per task, judge and source of its
// confidence, the Trust or Escalate threshold chosen on the units with a strict human majority,
// and which of its units fall below it and go to people. It reads the units the confidence
// figures gathered (judge-confidence.ts), so it adds no pass over the study's units.

import type { ReportTask, SelectiveEvaluationRow } from '../../report/model/report-model';
import { selectiveEvaluation } from '../judge/selective-evaluation';
import type { ConfidentUnit, ConfidentUnits } from './judge-confidence';

/** The report's default target: 90% agreement with people (alpha 0.1), held with 90% certainty (risk, delta, 0.1). */
export const SELECTIVE_AGREEMENT = 0.9;
export const SELECTIVE_RISK = 0.1;

/** The ids of the units below `threshold`, in the order given; every unit when `threshold` is null (no threshold passed). */
export function escalatedUnits(units: readonly ConfidentUnit[], threshold: number | null): string[] {
  return units.filter((unit) => threshold === null || unit.confidence < threshold).map((unit) => unit.id);
}

/**
 * The rows of one task, one per judge and source of `confident` that has a unit with a strict
 * human majority (as the calibration rows): the calibration units are those; all units, every
 * unit with the judge's label and that confidence.
 */
export function selectiveEvaluationRows(
  task: ReportTask,
  confident: readonly ConfidentUnits[],
  { agreement, risk }: { agreement: number; risk: number } = { agreement: SELECTIVE_AGREEMENT, risk: SELECTIVE_RISK },
): SelectiveEvaluationRow[] {
  return confident.flatMap(({ judge, source, units }): SelectiveEvaluationRow[] => {
    const calibration = units.flatMap(({ confidence, agrees }) => (agrees === null ? [] : [{ confidence, agrees }]));
    if (calibration.length === 0) return [];
    const result = selectiveEvaluation(
      calibration,
      units.map((unit) => unit.confidence),
      // alpha as the lead would write it: 1 - 0.9 is 0.09999999999999998 in floating point.
      Number((1 - agreement).toFixed(12)),
      risk,
    );
    // The row is the module's result with where it applies and which units go to people.
    return [{ task, judge, source, ...result, units: units.length, escalatedUnits: escalatedUnits(units, result.threshold) }];
  });
}
