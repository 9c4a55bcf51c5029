// Selective evaluation in the report (issue 32 point 5): per task, judge and source of its
// confidence, the Trust or Escalate threshold chosen on the units with a strict human majority,
// and which of the units the judge labelled fall below it and go to people.

import type { ConfidenceSource, ReportTask, SelectiveEvaluationRow } from '../../report/model/report-model';
import { selectiveEvaluation, type SelectiveEvaluationUnit } from '../judge/selective-evaluation';
import { CONFIDENCE_SOURCES } from './judge-confidence';
import { humanMajority } from './majority';
import type { TaskUnit, UnitConfidence } from './study-units';

/** The report's target: 90% agreement with people (alpha 0.1), held with 90% certainty (delta 0.1). */
export const SELECTIVE_ALPHA = 0.1;
export const SELECTIVE_DELTA = 0.1;

const confidenceReader = new Map(CONFIDENCE_SOURCES);

/** The judge's confidence in its label on `unit` from `source`; undefined where it did not keep it. */
function confidenceOf(unit: TaskUnit, judge: string, source: ConfidenceSource): number | undefined {
  const confidence = unit.confidence?.get(judge);
  return confidence === undefined ? undefined : (confidenceReader.get(source) as (one: UnitConfidence) => number | undefined)(confidence);
}

/**
 * The units of `units` the judge labelled whose confidence from `source` is below `threshold` or
 * missing (a label without it cannot be shown to reach the threshold), in the order given; every
 * unit it labelled when `threshold` is null (no threshold passed).
 */
export function escalatedUnits(units: readonly TaskUnit[], judge: string, source: ConfidenceSource, threshold: number | null): string[] {
  const escalated: string[] = [];
  for (const unit of units) {
    if (!unit.judgements.has(judge)) continue;
    const confidence = threshold === null ? undefined : confidenceOf(unit, judge, source);
    if (confidence === undefined || confidence < (threshold as number)) escalated.push(unit.id);
  }
  return escalated;
}

/**
 * The rows of one task over `units` (every unit of the task), per judge in `judges` order and
 * source: a row where the judge has that confidence on a unit with a strict human majority, as
 * the calibration rows. The calibration units are those; all units, those with the confidence.
 */
export function selectiveEvaluationRows(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  alpha = SELECTIVE_ALPHA,
  delta = SELECTIVE_DELTA,
): SelectiveEvaluationRow[] {
  return judges.flatMap((judge) =>
    CONFIDENCE_SOURCES.flatMap(([source]): SelectiveEvaluationRow[] => {
      const calibration: SelectiveEvaluationUnit[] = [];
      const all: number[] = [];
      let labelled = 0;
      for (const unit of units) {
        const label = unit.judgements.get(judge);
        if (label === undefined) continue;
        labelled++;
        const confidence = confidenceOf(unit, judge, source);
        if (confidence === undefined) continue;
        all.push(confidence);
        const majority = humanMajority(unit);
        if (majority !== null) calibration.push({ confidence, agrees: label === majority });
      }
      if (calibration.length === 0) return [];
      const { threshold, passes, calibrationUnits, keptCalibrationUnits, keptCalibrationShare, keptShare, agreementOnKept, reason } = selectiveEvaluation(
        calibration,
        all,
        alpha,
        delta,
      );
      return [
        {
          task,
          judge,
          source,
          alpha,
          delta,
          threshold,
          passes,
          calibrationUnits,
          keptCalibrationUnits,
          keptCalibrationShare,
          units: all.length,
          keptShare,
          agreementOnKept,
          labelled,
          escalatedUnits: escalatedUnits(units, judge, source, threshold),
          ...(reason === undefined ? {} : { reason }),
        },
      ];
    }),
  );
}
