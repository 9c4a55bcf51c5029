// The layout of a judge's calibration and stability (issue 31 points 1 and 2): per task, each
// judge's ECE and Brier score with their intervals and its reliability diagram's bins; how far
// its samples agree; and how far two judges of one model agree.

import type { AgreementReport, JudgesSection, ReportTask, TestedShare } from './model/report-model';
import { formatPercent, formatStatistic, intervalSuffix, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M', answer: 'R' };

const SOURCE_NAME = { samples: 'vote share', 'log-probabilities': 'log-probabilities' } as const;

/** `3.2 [0.0, 7.9]`: a share in % with its interval. */
function shareCell(share: TestedShare): string {
  return share.value === null ? UNDEFINED : `${formatPercent(share.value)}${intervalSuffix(share.ci95, formatPercent)}`;
}

function calibrationTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = (judges.calibration ?? []).filter((row) => row.task === task);
  return {
    id: `judges-calibration-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: how well each judge's confidence matches its agreement`,
    caption:
      "Against the strict human majority, on the units where the judge kept its samples (confidence: the share that gave its label) or its log-probabilities (the probability of its label). ECE: the expected calibration error over 10 equal bins, (lower, upper] as scikit-learn's calibration_curve makes them, in points, with its percentile 95% cluster bootstrap CI; Brier: the mean squared gap between confidence and agreement (0 to 1), with its symmetric studentized 95% CI.",
    columns: ['Judge', 'Confidence', 'n', 'ECE (95% CI)', 'Brier (95% CI)'],
    labelColumns: 2,
    rows: rows.map((row) => ({
      labels: [row.judge, SOURCE_NAME[row.source]],
      ids: [row.judge, row.source],
      values: [
        String(row.n),
        row.ece === null ? UNDEFINED : `${formatPercent(row.ece)}${intervalSuffix(row.eceCi95, formatPercent)}`,
        row.brier === null ? UNDEFINED : `${formatStatistic(row.brier)}${intervalSuffix(row.brierCi95, (bound) => formatStatistic(bound))}`,
      ],
    })),
    notes: [
      'The ECE is biased upward when its bins hold few verdicts, and its interval with it: with a few dozen verdicts an ECE of 5 to 10 points is what a perfectly calibrated judge shows. Vote shares of k samples fall in few bins (2 in 3, 3 in 3).',
    ],
  };
}

function diagramTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = (judges.calibration ?? []).filter((row) => row.task === task);
  return {
    id: `judges-reliability-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: reliability diagram of each judge`,
    caption:
      'Per bin of confidence that holds verdicts: how many, their mean confidence and the share agreeing with the human majority, in %. A calibrated judge agrees as often as it is confident.',
    columns: ['Judge', 'Confidence', 'Bin', 'n', 'Mean confidence', 'Agreement'],
    labelColumns: 3,
    rows: rows.flatMap((row) =>
      row.bins
        .filter((bin) => bin.n > 0)
        .map((bin) => ({
          labels: [row.judge, SOURCE_NAME[row.source], `${formatPercent(bin.lower)}-${formatPercent(bin.upper)}`],
          ids: [row.judge, row.source, String(bin.upper)],
          values: [String(bin.n), formatPercent(bin.meanConfidence), formatPercent(bin.agreement)],
        })),
    ),
    notes: [],
  };
}

function selfTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = (judges.selfConsistency ?? []).filter((row) => row.task === task);
  return {
    id: `judges-self-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: each judge against itself`,
    caption:
      "Over the units where the judge was asked k times: the mean share of pairs of samples that agree, Cohen's kappa of the first sample against the second, and flips, the share of units whose first sample is not the majority's (how often one sample would have given another verdict), in % with its symmetric studentized 95% CI.",
    columns: ['Judge', 'k', 'Units', 'Self-agreement', 'Kappa', 'Flips (95% CI)'],
    labelColumns: 1,
    rows: rows.map((row) => ({
      labels: [row.judge],
      ids: [row.judge],
      values: [String(row.samples), String(row.units), formatPercent(row.selfAgreement), formatStatistic(row.kappa), shareCell(row.flips)],
    })),
    notes: [],
  };
}

function pairsTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = (judges.judgePairs ?? []).filter((row) => row.task === task);
  return {
    id: `judges-model-pairs-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: judges of one model`,
    caption:
      "Two judges of one model on the units both labelled: two prompt versions, two runs of one prompt, or a prompt and its order-swapped twin (the reference and the guess in the other order). Cohen's kappa, and flips, the share of units where their labels differ, in % with its symmetric studentized 95% CI.",
    columns: ['Judge', 'Other', 'Differ in', 'n', 'Kappa', 'Flips (95% CI)'],
    labelColumns: 3,
    rows: rows.map((row) => ({
      labels: [row.a, row.b, row.kind],
      ids: [row.a, row.b, row.kind],
      values: [String(row.n), formatStatistic(row.kappa), shareCell(row.flips)],
    })),
    notes: [],
  };
}

/** The calibration and stability tables, M first, each where some judge has figures for it. */
export function confidenceTables(report: AgreementReport): LayoutTable[] {
  const judges = report.judges;
  if (judges === undefined) return [];
  const has = (rows: readonly { task: ReportTask }[] | undefined, task: ReportTask) => (rows ?? []).some((row) => row.task === task);
  return TASK_ORDER.flatMap((task) => [
    ...(has(judges.calibration, task) ? [calibrationTable(judges, task), diagramTable(judges, task)] : []),
    ...(has(judges.selfConsistency, task) ? [selfTable(judges, task)] : []),
    ...(has(judges.judgePairs, task) ? [pairsTable(judges, task)] : []),
  ]);
}
