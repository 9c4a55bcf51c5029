// The layout of the prediction-powered scores (issue 32 point 1): per measure, each judge's and
// player's score from the judge alone, from people alone, and from both by PPI++, with both
// intervals, the labels the judge's verdicts were worth and saved, and the Rogan-Gladen corrected
// solve rate beside it; a sentence on when each applies. Absent when no score has an estimate.

import type { AgreementReport, CorrectedScoreRow, JudgesSection, PredictionPoweredMeasure, PredictionPoweredScoreRow } from './model/report-model';
import { CHECKED_CLUSTERS } from '../stats/study/resampling';
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

const fewClusters = (row: PredictionPoweredScoreRow) => row.labelledClusters < CHECKED_CLUSTERS;

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
  const labelNoteOf = (row: PredictionPoweredScoreRow) => {
    const reason = row.labelShares?.reason;
    if (reason === undefined) return undefined;
    if (!reasons.includes(reason)) reasons.push(reason);
    return reasons.indexOf(reason) + 1;
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
    caption: `The items are the ${ITEMS[measure]}. By people: the share people call positive among the items they labelled, with its 95% CI. PPI++ (Angelopoulos, Duchi and Zrnic 2023): the judge's verdicts on every item corrected by people's on the labelled ones, with the paper's 95% CI; All is stratified by bucket (Fisch et al. 2024) unless a bucket has too few labels. In %, each with its 95% CI.`,
    columns: ['Judge', 'Player', 'Bucket', 'By people', 'PPI++', solveRate ? 'Rogan-Gladen' : 'Three labels'],
    labelColumns: 3,
    rows: rows.map((row) => ({
      ...labelsOf(row),
      values: [
        scoreCell(row.peopleScore, row.peopleCi95, undefined),
        `${scoreCell(row.estimate, row.ci95, noteOf(row))}${row.judgeNoBetterThanScore ? ' †' : ''}`,
        solveRate
          ? scoreCell(corrected(row)?.theta ?? null, corrected(row)?.ci95 ?? null, undefined)
          : scoreCell(row.labelShares?.yes.share ?? null, row.labelShares?.yes.ci95 ?? null, labelNoteOf(row)),
      ],
    })),
    notes: [
      `When each applies. PPI++: unbiased when people labelled a uniform random sample of the judged items (within each bucket for All), whatever the judge's errors; its CI assumes independent items and about 30 labelled items or more (with fewer, it covers less than 95%). ${solveRate ? 'Rogan-Gladen (Lee et al. 2025): when the judge errs on the player as on the calibration sessions; it needs no unlabelled items. ' : "Three labels: the judge's yes / no / irrelevant mix on the player's questions corrected through its confusion matrix on the bucket's questions people labelled (all players), with a delta-method 95% CI counting both; when the judge errs on the player as on those questions. "}By judge: only if the judge never errs.`,
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
    columns: ['Judge', 'Player', 'Bucket', 'By judge', 'Bootstrap', 'Lambda', 'Labelled', 'Worth (saved)', ...(anyTied ? ['Tied'] : [])],
    labelColumns: 3,
    rows: rows
      .filter((row) => row.estimate !== null)
      .map((row) => ({
        ...labelsOf(row),
        values: [
          formatPercent(row.judgeScore),
          `${intervalSuffix(row.bootstrapCi95, formatPercent).trim() || UNDEFINED}${fewClusters(row) ? ' ‡' : ''}`,
          row.weighted ? 'weighted' : row.lambda === null ? (row.stratified ? 'by bucket' : UNDEFINED) : formatStatistic(row.lambda, 2),
          `${row.labelled} of ${row.judged}`,
          row.effectiveLabels === null ? UNDEFINED : `${labelsCell(row.effectiveLabels)} (${labelsCell(row.labelsSaved)})`,
          ...(anyTied ? [String(row.tied)] : []),
        ],
      })),
    notes: [
      ...(rows.some((row) => row.weighted)
        ? [
            "Weighted: people labelled a calibration sample drawn where the judge was least sure, so PPI++ (which needs a uniform sample) gives way to active inference (Zrnic and Candes 2024): each labelled item counts 1 / its puzzle's chance of being drawn, lambda 1 as the authors' code, its CI from the spread of the weighted terms.",
          ]
        : []),
      ...(rows.some((row) => row.outsideSample > 0)
        ? [
            `${rows.reduce((most, row) => Math.max(most, row.outsideSample), 0)} or fewer labelled items per row lie outside the calibration sample (assigned by hand): no chance of being drawn describes them, so they count as unlabelled.`,
          ]
        : []),
      ...(rows.some((row) => row.estimate !== null && fewClusters(row))
        ? [
            `‡: people's labels fall in fewer than ${CHECKED_CLUSTERS} puzzles here, fewer than any interval of the report was checked at: both intervals may be far too narrow.`,
          ]
        : []),
      ...(anyTied
        ? [
            'Tied: items people labelled without a strict majority, left out. A tie is no random missing label (ties fall on the hard items), so these are neither labelled nor unlabelled: every figure leaves them out.',
          ]
        : []),
    ],
  };
  return [scores, basis];
}

/** The section's tables in reading order: M's solve rates, then R's question accuracy. */
export function predictionPoweredTables(report: AgreementReport): LayoutTable[] {
  const judges = report.judges;
  if (judges === undefined) return [];
  return MEASURE_ORDER.flatMap((measure) => measureTables(judges, measure));
}
