// The "Estimated truth" section (issue 33) as tables for Markdown, LaTeX and the app, and as
// long-form CSV rows: per task the raters as the estimators see them, the judges against the
// estimated truth beside the human majority, and where the two references disagree.

import type { CsvCell } from '../formats/csv-escape';
import type { EstimatedTruthSection, TruthJudgeFigure, TruthTask } from './model/estimated-truth';
import type { AgreementReport, ReportTask } from './model/report-model';
import { BUCKET_NAME, formatPercent, formatStatistic, intervalSuffix, raterName, TASK_ORDER, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M (final answers)', answer: 'R (questions)' };

/** The disagreements a table lists; the CSV and the JSON list every one. */
export const LISTED_DISAGREEMENTS = 20;

/** The section's tables, in reading order: none when the report has no such section. */
export function estimatedTruthTables(report: AgreementReport): LayoutTable[] {
  const section = report.estimatedTruth;
  if (section === undefined) return [];
  return TASK_ORDER.flatMap((task) => {
    const truth = section.tasks.find((entry) => entry.task === task);
    if (truth === undefined || truth.units === 0) return [];
    return [ratersTable(report, section, truth), ...(truth.judges.length > 0 ? [judgesTable(section, truth)] : []), disagreementsTable(truth)];
  });
}

/** How the truth was made, in one sentence: who its raters are, the fit and the intervals. */
export function truthMethod(section: EstimatedTruthSection, truth: TruthTask): string {
  const raters = section.raters === 'people' ? 'the annotators' : 'the annotators and the judges';
  const intervals =
    section.replicates > 0
      ? `; 95% percentile cluster-bootstrap intervals over ${truth.puzzles} puzzles, the truth fitted again in each of ${section.replicates} replicates`
      : '';
  return `Dawid-Skene (${truth.iterations} EM iterations, ${truth.converged ? 'converged' : 'not converged'}) and MACE fitted to the labels of ${raters} on ${truth.units} units${intervals}.`;
}

function ratersTable(report: AgreementReport, section: EstimatedTruthSection, truth: TruthTask): LayoutTable {
  const priors = truth.categories.map((category, c) => `${category} ${formatPercent(truth.priors[c])}%`).join(', ');
  return {
    id: `truth-raters-${truth.task}`,
    title: `${TASK_NAME[truth.task]}: raters of the estimated truth`,
    caption: `Each rater's estimated accuracy (Dawid-Skene: its chance of giving the true label, %) and competence (MACE: its weight of knowing rather than guessing). ${truthMethod(section, truth)}`,
    columns: ['Rater', 'Labels', 'Accuracy (Dawid-Skene)', 'Competence (MACE)'],
    labelColumns: 1,
    rows: truth.raters.map((row) => ({
      labels: [raterName(report, row.rater)],
      ids: [row.rater],
      values: [
        String(row.ratings),
        `${formatPercent(row.accuracy)}${intervalSuffix(row.accuracyCi95, formatPercent)}`,
        `${formatStatistic(row.competence)}${intervalSuffix(row.competenceCi95, (value) => formatStatistic(value))}`,
      ],
    })),
    notes: [`Estimated share of each true label: ${priors}.`, "Each rater's estimated confusion matrix (rows the true label) is in the JSON and the CSV."],
  };
}

function figureCell(figure: TruthJudgeFigure): string {
  return figure.agreement === null ? formatPercent(null) : `${formatPercent(figure.agreement)} (n=${figure.n})${intervalSuffix(figure.ci95, formatPercent)}`;
}

function judgesTable(section: EstimatedTruthSection, truth: TruthTask): LayoutTable {
  const inTruth = truth.judges.some((row) => row.inTruth);
  return {
    id: `truth-judges-${truth.task}`,
    title: `${TASK_NAME[truth.task]}: judges against the estimated truth`,
    caption:
      "Each judge's agreement (%) with the strict human majority (units with one), with the most likely label of Dawid-Skene's posterior, and its expected agreement with the truth (the mean posterior probability of its label), on every unit people labelled that it labelled. The intervals take in the fit's own uncertainty.",
    columns: ['Judge', 'Bucket', 'Human majority', 'Most likely label', 'Expected agreement'],
    labelColumns: 2,
    wide: true,
    rows: truth.judges.map((row) => ({
      labels: [row.judge, BUCKET_NAME[row.bucket]],
      values: [figureCell(row.majority), figureCell(row.mostLikely), figureCell(row.expected)],
    })),
    notes: [
      inTruth
        ? `The judges are raters of this truth (${section.raters}): a judge measured against a truth it helped make would look better than it is, so each judge is measured against the truth fitted without its own labels.`
        : "The truth is the annotators' alone: no judge helped make the truth it is measured against.",
    ],
  };
}

function disagreementsTable(truth: TruthTask): LayoutTable {
  const listed = truth.disagreements.slice(0, LISTED_DISAGREEMENTS);
  const shares = truth.disagreementShares
    .map((row) => `${BUCKET_NAME[row.bucket]} ${formatPercent(row.share)}% (${row.differing} of ${row.withMajority})`)
    .join('; ');
  return {
    id: `truth-disagreements-${truth.task}`,
    title: `${TASK_NAME[truth.task]}: where the human majority and the estimated truth disagree`,
    caption: `Units whose strict human majority is not the most likely label, the most confident first. Share of the units with a majority (a tie is no majority): ${shares}.`,
    columns: ['Unit', 'Puzzle', 'Bucket', 'Human majority', 'Most likely label', 'Probability'],
    labelColumns: 5,
    wide: true,
    rows: listed.map((row) => ({
      labels: [row.unit, row.puzzleId, BUCKET_NAME[row.bucket], row.majority, row.label],
      values: [formatPercent(row.probability)],
    })),
    notes:
      truth.disagreements.length > listed.length
        ? [`The ${listed.length} most confident of ${truth.disagreements.length}; the JSON and the CSV list every one.`]
        : [],
  };
}

/**
 * The section as rows of the report's long-form CSV (REPORT_CSV_HEADER): per rater its accuracy,
 * competence and confusion entries (`confusion:<true>:<given>`), per judge and bucket its three
 * agreements, per bucket the disagreement share, and every disagreeing unit (`a` the unit, `b` its
 * most likely label, `value` that label's probability, `measure` `disagreement:<majority>`).
 */
export function estimatedTruthCsvRows(report: AgreementReport): CsvCell[][] {
  const section = report.estimatedTruth;
  if (section === undefined) return [];
  const rest = (ci: [number, number] | null): CsvCell[] => [ci?.[0] ?? null, ci?.[1] ?? null, null, null, null, null];
  return TASK_ORDER.flatMap((task) => {
    const truth = section.tasks.find((entry) => entry.task === task);
    if (truth === undefined) return [];
    const row = (
      bucket: string,
      a: string | null,
      b: string | null,
      measure: string,
      value: number | null,
      n: number | null,
      ci: [number, number] | null = null,
    ): CsvCell[] => ['estimated_truth', task, bucket, a, b, measure, value, n, ...rest(ci)];
    return [
      ...truth.raters.flatMap((rater) => [
        row('all', rater.rater, 'estimated_truth', 'accuracy', rater.accuracy, rater.ratings, rater.accuracyCi95),
        row('all', rater.rater, 'estimated_truth', 'competence', rater.competence, rater.ratings, rater.competenceCi95),
        ...truth.categories.flatMap((trueLabel, c) =>
          truth.categories.map((given, k) =>
            row('all', rater.rater, 'estimated_truth', `confusion:${trueLabel}:${given}`, rater.confusion[c]?.[k] ?? null, rater.ratings),
          ),
        ),
      ]),
      ...truth.judges.flatMap((judge) => [
        row(judge.bucket, `judge:${judge.judge}`, 'human-majority', 'agreement', judge.majority.agreement, judge.majority.n, judge.majority.ci95),
        row(
          judge.bucket,
          `judge:${judge.judge}`,
          'estimated_truth',
          'agreement_most_likely',
          judge.mostLikely.agreement,
          judge.mostLikely.n,
          judge.mostLikely.ci95,
        ),
        row(judge.bucket, `judge:${judge.judge}`, 'estimated_truth', 'expected_agreement', judge.expected.agreement, judge.expected.n, judge.expected.ci95),
      ]),
      ...truth.disagreementShares.map((share) => row(share.bucket, 'human-majority', 'estimated_truth', 'disagreement_share', share.share, share.withMajority)),
      ...truth.disagreements.map((unit) => row(unit.bucket, unit.unit, unit.label, `disagreement:${unit.majority}`, unit.probability, null)),
    ];
  });
}
