// The layout of selective evaluation (Trust or Escalate; issue 32 point 5): per task, each judge's
// confidence threshold from each source of its confidence, what it keeps, its agreement on what it
// keeps, and how many of its units go to people; the reason in a note where nothing passes.

import type { AgreementReport, ReportTask, SelectiveEvaluationRow } from './model/report-model';
import { formatPercent, formatStatistic, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M', answer: 'R' };

const SOURCE_NAME = { samples: 'vote share', 'log-probabilities': 'log-probabilities' } as const;

/** `97.3 (36/37)`: a share in % with its count and denominator. */
const shareOf = (count: number, of: number) => (of === 0 ? UNDEFINED : `${formatPercent(count / of)} (${count}/${of})`);

/** The target the rows were computed for, in words: `90.0% agreement (alpha 0.1) with 90.0% certainty (delta 0.1)`. */
function targetText(rows: readonly SelectiveEvaluationRow[]): string {
  const first = rows[0];
  return first === undefined
    ? ''
    : `${formatPercent(1 - first.alpha)}% agreement (alpha ${first.alpha}) with ${formatPercent(1 - first.delta)}% certainty (delta ${first.delta})`;
}

function selectiveTable(rows: readonly SelectiveEvaluationRow[], task: ReportTask): LayoutTable {
  const reasons = new Map<string, string[]>();
  for (const row of rows)
    if (row.reason !== undefined) reasons.set(row.reason, [...(reasons.get(row.reason) ?? []), `${row.judge} (${SOURCE_NAME[row.source]})`]);
  return {
    id: `judges-selective-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: which of each judge's labels to keep, and which to send to people`,
    caption: `Trust or Escalate (Jung, Brahman and Choi, ICLR 2025), for ${targetText(rows)} (the lead's target; 90% with 90% by default): the confidence at and above which the judge's labels agree with the strict human majority that often, chosen with the authors' fixed-sequence test on the units with a majority and the judge's confidence (vote share of its samples, or the probability of its label). Kept: those units at or above it, and all units with its confidence; agreement: on the kept units with a majority; to people: the units with its confidence below the threshold, all of them when none passes.`,
    columns: ['Judge', 'Confidence', 'Threshold', 'Passes', 'Kept, labelled', 'Kept, all', 'Agreement', 'To people'],
    labelColumns: 2,
    rows: rows.map((row) => ({
      labels: [row.judge, SOURCE_NAME[row.source]],
      ids: [row.judge, row.source],
      values: [
        formatStatistic(row.threshold),
        row.passes ? 'yes' : 'no',
        shareOf(row.keptCalibrationUnits, row.calibrationUnits),
        shareOf(Math.round(row.keptShare * row.units), row.units),
        formatPercent(row.agreementOnKept),
        `${row.escalatedUnits.length}/${row.units}`,
      ],
    })),
    notes: [
      ...[...reasons].map(([reason, who]) => `Nothing kept for ${who.join(', ')}: ${reason}.`),
      'The guarantee assumes the units people labelled are a random sample of the units the threshold is applied to.',
    ],
  };
}

/** The selective evaluation tables, M first, each where some judge has a row for it. */
export function selectiveEvaluationTables(report: AgreementReport): LayoutTable[] {
  const all = report.judges?.selectiveEvaluation ?? [];
  return TASK_ORDER.flatMap((task) => {
    const rows = all.filter((row) => row.task === task);
    return rows.length === 0 ? [] : [selectiveTable(rows, task)];
  });
}
