// The layout of the prediction-powered scores (issue 32 point 1): per measure, each judge's and
// player's score from the judge alone, from people alone, and from both by PPI++, with both
// intervals, the labels the judge's verdicts were worth and saved, and the Rogan-Gladen corrected
// solve rate beside it; a sentence on when each applies. Absent when no score has an estimate.

import type { AgreementReport, CorrectedScoreRow, JudgesSection, PredictionPoweredMeasure, PredictionPoweredScoreRow } from './model/report-model';
import { BUCKET_NAME, formatPercent, formatStatistic, intervalSuffix, UNDEFINED, type LayoutTable } from './table-layout';

const TITLE: Record<PredictionPoweredMeasure, string> = {
  'solve-rate': "M: players' solve rates, prediction-powered",
  'question-accuracy': "R: players' question accuracy (yes replies), prediction-powered",
};

const ITEMS: Record<PredictionPoweredMeasure, string> = {
  'solve-rate':
    'sessions with a final answer the judge gave a verdict on (sessions without a final are unsolved under anyone, so every score is scaled by their counted share)',
  'question-accuracy': "questions the judge answered, counted yes or not as AgentBench's accuracy counts them",
};

const MEASURE_ORDER: readonly PredictionPoweredMeasure[] = ['solve-rate', 'question-accuracy'];

/** A whole number of labels, or the figure's absence. */
function labelsCell(value: number | null): string {
  return value === null ? UNDEFINED : String(Math.round(value));
}

function scoreCell(value: number | null, interval: PredictionPoweredScoreRow['ci95'], note: number | undefined): string {
  const why = note === undefined ? '' : ` (note ${note})`;
  if (value === null) return `${UNDEFINED}${why}`;
  return `${formatPercent(value)}${intervalSuffix(interval, formatPercent)}${why}`;
}

/**
 * A measure's two tables: the scores side by side (judge alone, people alone, prediction-powered,
 * Rogan-Gladen), then what the prediction-powered ones rest on (the bootstrap's interval, lambda,
 * the labels and what they were worth); two, so each fits a page. None without an estimate.
 */
function measureTables(judges: JudgesSection, measure: PredictionPoweredMeasure): LayoutTable[] {
  const rows = (judges.predictionPowered ?? []).filter((row) => row.measure === measure && row.judged > 0);
  if (!rows.some((row) => row.estimate !== null)) return [];
  const reasons: string[] = [];
  const noteOf = (row: PredictionPoweredScoreRow) => {
    if (row.reason === undefined) return undefined;
    if (!reasons.includes(row.reason)) reasons.push(row.reason);
    return reasons.indexOf(row.reason) + 1;
  };
  const corrected = (row: PredictionPoweredScoreRow): CorrectedScoreRow | undefined =>
    judges.correctedScores.find((one) => one.judge === row.judge && one.player === row.player && one.bucket === row.bucket);
  const solveRate = measure === 'solve-rate';
  const anyTied = rows.some((row) => row.tied > 0);
  const labelsOf = (row: PredictionPoweredScoreRow) => ({ labels: [row.judge, row.player, BUCKET_NAME[row.bucket]], ids: [row.judge, row.player, row.bucket] });
  const scores: LayoutTable = {
    id: `judges-prediction-powered-${measure}`,
    wide: true,
    title: TITLE[measure],
    caption: `The items are the ${ITEMS[measure]}. Judge alone: the share the judge calls positive. People alone: the share people call positive among the items they labelled, with its 95% CI. Prediction-powered: PPI++ (Angelopoulos, Duchi and Zrnic 2023), the judge's verdicts on every item corrected by people's on the labelled ones, with the paper's 95% CI; All is stratified by bucket (Fisch et al. 2024) unless a bucket has too few labels. In %.`,
    columns: [
      'Judge',
      'Player',
      'Bucket',
      'Judge alone',
      'People alone (95% CI)',
      'Prediction-powered (95% CI)',
      ...(solveRate ? ['Rogan-Gladen (95% CI)'] : []),
    ],
    labelColumns: 3,
    rows: rows.map((row) => ({
      ...labelsOf(row),
      values: [
        formatPercent(row.judgeScore),
        scoreCell(row.peopleScore, row.peopleCi95, undefined),
        `${scoreCell(row.estimate, row.ci95, noteOf(row))}${row.judgeNoBetterThanScore ? ' †' : ''}`,
        ...(solveRate ? [scoreCell(corrected(row)?.theta ?? null, corrected(row)?.ci95 ?? null, undefined)] : []),
      ],
    })),
    notes: [
      `When each applies. Prediction-powered: unbiased when people labelled a uniform random sample of the judged items (within each bucket for All), whatever the judge's errors; its CI assumes independent items and about 30 labelled items or more (with fewer, it covers less than 95%). ${solveRate ? 'Rogan-Gladen (Lee et al. 2025): when the judge errs on the player as on the calibration sessions; it needs no unlabelled items. ' : ''}Judge alone: only if the judge never errs.`,
      ...(rows.some((row) => row.judgeNoBetterThanScore)
        ? [
            '†: the judge agrees with people on the labelled items no more often than the score it grades. Dorner, Nastl and Hardt (2025): a judge no better than the model it grades is worth at most about twice the human labels, however many items it labels.',
          ]
        : []),
      ...reasons.map((reason, index) => `Note ${index + 1}: ${reason}.`),
    ],
  };
  const basis: LayoutTable = {
    id: `judges-prediction-powered-${measure}-labels`,
    wide: true,
    title: `${TITLE[measure]}: its bootstrap and the labels it saved`,
    caption:
      "Bootstrap: the percentile 95% CI of a cluster bootstrap by puzzle, lambda tuned again in each replicate, in %. Lambda: the weight of the judge's verdicts, tuned for the narrowest interval (by bucket for a stratified All). Worth: the human labels alone that would give as narrow an interval; saved: worth minus labelled.",
    columns: ['Judge', 'Player', 'Bucket', 'Bootstrap 95% CI', 'Lambda', 'Labelled', 'Judged', 'Worth', 'Saved', ...(anyTied ? ['Tied, left out'] : [])],
    labelColumns: 3,
    rows: rows
      .filter((row) => row.estimate !== null)
      .map((row) => ({
        ...labelsOf(row),
        values: [
          intervalSuffix(row.bootstrapCi95, formatPercent).trim() || UNDEFINED,
          row.lambda === null ? (row.stratified ? 'by bucket' : UNDEFINED) : formatStatistic(row.lambda, 2),
          String(row.labelled),
          String(row.judged),
          labelsCell(row.effectiveLabels),
          labelsCell(row.labelsSaved),
          ...(anyTied ? [String(row.tied)] : []),
        ],
      })),
    notes: anyTied
      ? [
          'Tied, left out: items people labelled without a strict majority. A tie is no random missing label (ties fall on the hard items), so these are neither labelled nor unlabelled: every figure leaves them out.',
        ]
      : [],
  };
  return [scores, basis];
}

/** The section's tables in reading order: M's solve rates, then R's question accuracy. */
export function predictionPoweredTables(report: AgreementReport): LayoutTable[] {
  const judges = report.judges;
  if (judges === undefined) return [];
  return MEASURE_ORDER.flatMap((measure) => measureTables(judges, measure));
}
