// The layout of the report's "Judges" section (issue 15): its tables, rows, columns and notes,
// written with table-layout.ts's number formats, so the Markdown, the LaTeX and the CSV show the
// same judges in the same order.

import type { Ratio } from '../stats/judge/classification';
import { biasTables } from './bias-layout';
import { confidenceTables } from './confidence-layout';
import { fitnessTables } from './fitness-layout';
import { predictionPoweredTables } from './prediction-powered-layout';
import { selectiveEvaluationTables } from './selective-evaluation-layout';
import { humanLikenessTables } from './human-likeness-layout';
import { wasClamped } from '../stats/judge/corrected-score';
import { holmFamiliesOf, type HolmFamilyKind } from './holm-families';
import type {
  AgreementReport,
  CorrectedScoreRow,
  JudgeAgainstPeopleRow,
  JudgeComparisonRow,
  JudgesSection,
  PairedTestResult,
  ReportTask,
} from './model/report-model';
import { pairedPValueText, pairedTestColumn, pairedTestSentence, pAtBoundNote } from './paired-test-words';
import { BUCKET_NAME, formatPercent, formatPValue, formatStatistic, intervalSuffix, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M', answer: 'R' };

/** More undefined bootstrap replicates than this share and the interval carries a warning (issue 15 point 3). */
const UNDEFINED_REPLICATES_WARNING = 0.05;

const percentOf = (ratio: Ratio) => formatPercent(ratio.value);

/** `12.5 (3/24)`: a rate with its count and denominator. */
function rateCell(ratio: Ratio, count: number, of: number): string {
  return ratio.value === null ? UNDEFINED : `${formatPercent(ratio.value)} (${count}/${of})`;
}

/** The rows of one task, in the section's order. */
function judgeRowsOf<Row extends { task: ReportTask }>(rows: readonly Row[], task: ReportTask): Row[] {
  return rows.filter((row) => row.task === task);
}

/** The Holm families of one task's tables, as notes. */
function holmNotes(judges: JudgesSection, task: ReportTask, kind: HolmFamilyKind): string[] {
  return holmFamiliesOf(judges.holmFamilies, task, kind).map((family) => `Holm p: adjusted with Holm's step-down method over ${family}.`);
}

function classifierTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = judgeRowsOf(judges.againstPeople, task);
  const rates = task === 'match';
  const ties = rows.filter((row) => row.bucket === 'all' && row.unitsWithoutMajority > 0).map((row) => `${row.judge} ${row.unitsWithoutMajority}`);
  return {
    id: `judges-people-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: each judge against the human majority`,
    caption: `Each judge's labels scored against the strict human majority of the units it labelled: accuracy and the macro averages of the labels' precision, recall and F1 in %${rates ? ', with the true-positive (matched) and true-negative (unmatched) rates' : ''}; n: units with a judge label and a human majority.`,
    columns: ['Judge', 'Bucket', 'n', 'Accuracy', 'Macro P', 'Macro R', 'Macro F1', ...(rates ? ['TPR', 'TNR'] : [])],
    labelColumns: 2,
    rows: rows.map((row) => {
      const { classification } = row;
      return {
        labels: [row.judge, BUCKET_NAME[row.bucket]],
        ids: [row.judge, row.bucket],
        values: [
          String(classification.n),
          percentOf(classification.accuracy),
          formatPercent(classification.macro.precision.value),
          formatPercent(classification.macro.recall.value),
          formatPercent(classification.macro.f1.value),
          ...(rates
            ? [classification.rates, classification.rates].map((r, i) =>
                r === undefined ? UNDEFINED : percentOf(i === 0 ? r.truePositiveRate : r.trueNegativeRate),
              )
            : []),
        ],
      };
    }),
    notes: [
      ...(ties.length > 0 ? [`Units left out because people tie for the most common label (all buckets): ${ties.join(', ')}.`] : []),
      'Macro averages are over the labels where the figure is defined; a label the judge never gave has no precision, one people never gave no recall.',
    ],
  };
}

/** A paired test's p as the tables print it: `–` without a test, `≤ 0.002` where the replicates only bound it. */
const pCell = (test: PairedTestResult) => pairedPValueText(test, formatPValue) ?? UNDEFINED;

/** The reasons some rows have no p, one note each with the rows' count. */
function untestedNotes(tests: readonly PairedTestResult[]): string[] {
  const counts = new Map<string, number>();
  for (const test of tests) if (test.pValue === null && test.reason !== undefined) counts.set(test.reason, (counts.get(test.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => `A p of – is no test (${count} ${count === 1 ? 'row' : 'rows'}): ${reason}.`);
}

function errorTable(report: AgreementReport, judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = judgeRowsOf(judges.againstPeople, task);
  const first = rows[0]?.errors;
  const positive = first?.positive ?? (task === 'match' ? 'matched' : 'yes');
  const negative = first?.negative ?? (task === 'match' ? 'unmatched' : 'no');
  const pColumn = pairedTestColumn(report.settings);
  return {
    id: `judges-errors-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: which way each judge errs`,
    caption: `Leniency: % of the units people call ${negative} that the judge calls ${positive}; severity: % of those people call ${positive} that it calls ${negative}; with the counts. Net: lenient minus severe errors per unit, in percentage points${report.settings.bootstrap > 0 ? ' with its symmetric 95% studentized bootstrap CI' : ''} (positive: more lenient than people). ${pColumn}: two-sided test of lenient against severe errors.`,
    columns: ['Judge', 'Bucket', 'Leniency', 'Severity', 'Net (95% CI)', pColumn, 'Holm p'],
    labelColumns: 2,
    rows: rows.map((row) => {
      const { errors, netLeniency } = row;
      return {
        labels: [row.judge, BUCKET_NAME[row.bucket]],
        ids: [row.judge, row.bucket],
        values: [
          rateCell(errors.leniencyRate, errors.lenient, errors.peopleNegative),
          rateCell(errors.severityRate, errors.severe, errors.peoplePositive),
          netLeniency.value === null ? UNDEFINED : `${formatPercent(netLeniency.value)}${intervalSuffix(netLeniency.ci95, formatPercent)}`,
          pCell(row.leniencyTest),
          formatPValue(row.holmP),
        ],
      };
    }),
    notes: [
      `${pairedTestSentence(report.settings)}.`,
      ...holmNotes(judges, task, 'leniency'),
      ...pAtBoundNote(
        rows.map((row) => row.leniencyTest),
        report.settings.bootstrap,
      ),
      ...untestedNotes(rows.map((row) => row.leniencyTest)),
    ],
  };
}

function perLabelTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = judgeRowsOf(judges.againstPeople, task).filter((row) => row.bucket === 'all');
  return {
    id: `judges-labels-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: each judge per label`,
    caption:
      "On all buckets: per label of the task, the units people gave it (support) and the judge's precision, recall and F1 in %. A label neither people nor the judge gave has no row.",
    columns: ['Judge', 'Label', 'Support', 'Precision', 'Recall', 'F1'],
    labelColumns: 2,
    rows: rows.flatMap((row: JudgeAgainstPeopleRow) =>
      row.classification.perLabel
        .filter((score) => score.support + score.predicted > 0)
        .map((score) => ({
          labels: [row.judge, score.label],
          ids: [row.judge, score.label],
          values: [String(score.support), percentOf(score.precision), percentOf(score.recall), percentOf(score.f1)],
        })),
    ),
    notes: [],
  };
}

/** A difference with its interval, and the undefined replicates when they pass the warning share. */
function differenceCell(row: JudgeComparisonRow): string {
  if (row.difference === null) return UNDEFINED;
  return `${formatPercent(row.difference)}${intervalSuffix(row.differenceCi95, formatPercent)}`;
}

function comparisonTable(report: AgreementReport, judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = judgeRowsOf(judges.comparisons, task);
  const { bootstrap, seed, resample } = report.settings;
  // Without a paired unit every figure is – already; the warning is for an interval that stands on part of the replicates.
  const warned = rows.filter((row) => row.n > 0 && row.undefinedReplicates > UNDEFINED_REPLICATES_WARNING * bootstrap);
  const drawn = (resample ?? 'puzzles') === 'puzzles' ? 'puzzles' : 'units';
  return {
    id: `judges-pairs-${task}`,
    title: `${TASK_NAME[task]}: judges against each other`,
    caption: `On the units both judges labelled that have a human majority (n): A's agreement with the majority minus B's, in percentage points${bootstrap > 0 ? `, with a paired symmetric 95% studentized bootstrap CI (${bootstrap} resamples of ${drawn}, seed ${seed}, both judges on the same draws)` : ''}; ${pairedTestColumn(report.settings)}: two-sided test of the difference, from the units only A or only B gets right.`,
    columns: ['A', 'B', 'Bucket', 'n', 'A − B (95% CI)', pairedTestColumn(report.settings), 'Holm p'],
    labelColumns: 3,
    wide: true,
    rows: rows.map((row) => ({
      labels: [row.a, row.b, BUCKET_NAME[row.bucket]],
      ids: [row.a, row.b, row.bucket],
      values: [String(row.n), differenceCell(row), pCell(row.test), formatPValue(row.holmP)],
    })),
    notes: [
      `${pairedTestSentence(report.settings)}.`,
      ...holmNotes(judges, task, 'pairs'),
      ...pAtBoundNote(
        rows.map((row) => row.test),
        bootstrap,
      ),
      ...warned.map(
        (row) =>
          `Warning: ${row.a} − ${row.b}, ${BUCKET_NAME[row.bucket]}: ${row.undefinedReplicates} of ${bootstrap} replicates drew only ${drawn} showing the very difference of the sample, with no spread to studentize, and are left out of the interval.`,
      ),
      ...constantIntervalNote(rows),
    ],
  };
}

/** One sentence for the differences shown without an interval because every replicate gave the same one. */
function constantIntervalNote(rows: readonly JudgeComparisonRow[]): string[] {
  const withheld = rows.filter((row) => row.differenceCi95Reason !== undefined);
  if (withheld.length === 0) return [];
  const which = withheld.map((row) => `${row.a} − ${row.b}, ${BUCKET_NAME[row.bucket]}`).join('; ');
  return [`No interval for ${which}: ${withheld[0]?.differenceCi95Reason ?? ''}.`];
}

function altTestTable(judges: JudgesSection): LayoutTable {
  const rows = TASK_ORDER.flatMap((task) => judgeRowsOf(judges.altTest, task));
  return {
    id: 'judges-alt-test',
    wide: true,
    title: 'The Alternative Annotator Test',
    caption: `Calderon, Reichart and Dror (2025), with epsilon ${formatStatistic(judges.altTestEpsilon, 2)} (0.2 suits expert, 0.15 skilled, 0.1 crowd annotators): each annotator left out in turn, the judge wins when it represents the others at least as well, up to epsilon. Winning rate: % of the tested annotators the judge wins against (it passes at 50%); advantage probability: mean share of units where the judge does at least as well.`,
    columns: ['Task', 'Judge', 'Units', 'Winning rate', 'Advantage probability', 'Passed'],
    labelColumns: 2,
    rows: rows.map((row) => ({
      labels: [TASK_NAME[row.task], row.judge],
      ids: [row.task, row.judge],
      values: [
        String(row.units),
        formatPercent(row.winningRate),
        formatStatistic(row.advantageProbability),
        row.passed === null ? UNDEFINED : row.passed ? 'yes' : 'no',
      ],
    })),
    notes: refusalNotes(rows),
  };
}

/** One sentence per distinct refusal, naming the judges it applies to. */
function refusalNotes(rows: JudgesSection['altTest']): string[] {
  const byReason = new Map<string, string[]>();
  for (const row of rows) if (row.reason !== null) byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), `${TASK_NAME[row.task]} ${row.judge}`]);
  return [...byReason].map(([reason, who]) => `Not run for ${who.join(', ')}: ${reason}.`);
}

/** The corrected score with its interval; where either is undefined, the number of the note that says why. */
function correctedCell(row: CorrectedScoreRow, noteOf: (row: CorrectedScoreRow) => number | undefined): string {
  const note = noteOf(row);
  const why = note === undefined ? '' : ` (note ${note})`;
  if (row.theta === null) return `${UNDEFINED}${why}`;
  return `${formatPercent(row.theta)}${intervalSuffix(row.ci95, formatPercent)}${why}`;
}

function correctedTable(judges: JudgesSection): LayoutTable {
  const rows = judges.correctedScores;
  // One numbered note per distinct reason, so the notes stay a few lines however many rows there are.
  const reasons: string[] = [];
  const reasonOf = (row: CorrectedScoreRow) =>
    row.theta === null || row.ci95 === null ? (row.undefinedReasons.theta ?? row.undefinedReasons.ci95) : undefined;
  for (const row of rows) {
    const reason = reasonOf(row);
    if (reason !== undefined && !reasons.includes(reason)) reasons.push(reason);
  }
  const noteOf = (row: CorrectedScoreRow) => {
    const reason = reasonOf(row);
    return reason === undefined ? undefined : reasons.indexOf(reason) + 1;
  };
  const anyClamped = rows.some(wasClamped);
  return {
    id: 'judges-corrected',
    wide: true,
    title: "M: players' solve rates corrected for each judge's errors",
    caption:
      "Lee et al. (2025): a player's share of sessions the judge calls solved (raw), corrected with the judge's sensitivity and specificity (Rogan-Gladen, clamped to [0, 100], with the authors' 95% CI), in %. Only sessions with a final answer are judged: the judge is calibrated on the bucket's sessions with a final people also judged (calib. sessions, pooled over players) and the player's sessions with a final are corrected; sessions without a final are unsolved under any judge, so rate and interval are scaled by the counted share with a final. Assumed: the judge errs alike on labelled and other sessions, sampled independently.",
    columns: [
      'Judge',
      'Player',
      'Bucket',
      'Raw',
      'Corrected (95% CI)',
      ...(anyClamped ? ['Before clamping'] : []),
      'Sessions',
      'With a final',
      'Calib. sessions',
    ],
    labelColumns: 3,
    rows: rows.map((row) => ({
      labels: [row.judge, row.player, BUCKET_NAME[row.bucket]],
      ids: [row.judge, row.player, row.bucket],
      values: [
        formatPercent(row.rawScore),
        correctedCell(row, noteOf),
        ...(anyClamped ? [wasClamped(row) ? formatPercent(row.unclampedTheta) : ''] : []),
        String(row.sessions),
        String(row.sessionsWithFinal),
        String(row.calibrationSessions),
      ],
    })),
    notes: [
      ...(anyClamped ? ['Before clamping: the estimate the corrected score was clamped from (among sessions with a final it fell outside [0, 100]).'] : []),
      ...reasons.map((reason, index) => `Note ${index + 1}: ${reason}.`),
    ],
  };
}

/**
 * The Judges section's tables in reading order; none when the report has no such section. All are
 * wide: judge names are long and rarely break, so a column of a two-column paper is too narrow.
 */
export function judgesTables(report: AgreementReport): LayoutTable[] {
  const judges = report.judges;
  if (judges === undefined) return [];
  const tasks = TASK_ORDER.filter((task) => judges.againstPeople.some((row) => row.task === task));
  return [
    ...tasks.flatMap((task) => [classifierTable(judges, task), errorTable(report, judges, task), perLabelTable(judges, task)]),
    ...tasks.filter((task) => judges.comparisons.some((row) => row.task === task)).map((task) => comparisonTable(report, judges, task)),
    ...(judges.altTest.length > 0 ? [altTestTable(judges)] : []),
    ...(judges.correctedScores.length > 0 ? [correctedTable(judges)] : []),
    ...biasTables(judges, report.settings.bootstrap),
    ...humanLikenessTables(report),
    ...confidenceTables(report),
    ...selectiveEvaluationTables(report),
    ...predictionPoweredTables(report),
    ...fitnessTables(report),
  ];
}
