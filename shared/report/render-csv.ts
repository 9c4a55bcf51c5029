// The agreement report as long-form CSV for spreadsheets and pandas: one row per figure, keyed
// by (section, task, bucket, a, b, measure), with numbers in numeric columns at full precision.
// Rows and buckets come from table-layout.ts, in the order the Markdown and LaTeX tables show them.

import { CSV_COMMENT_NOTE, CSV_INJECTION_NOTE, csvCommentText, writeCsv, type CsvCell } from '../formats/csv-escape';
import type { Ratio } from '../stats/judge/classification';
import type { AgreementReport, Interval, JudgesSection, PairedTestResult, ReportBucket, ReportTask } from './model/report-model';
import { estimatedTruthCsvRows } from './estimated-truth-layout';
import { heldOutCsvRows } from './held-out-layout';
import { pairedTestOf, pairedTestSentence } from './paired-test-words';
import { setAwareCsvRows } from './set-aware-csv';
import {
  agreementBuckets,
  agreementIntervalMethod,
  annotatorGrid,
  comparisonsOf,
  findAgreementRow,
  observedByStatistic,
  playerGrid,
  playerOutcomesUndefined,
  provenanceLines,
  replicateWarnings,
  statisticsBuckets,
  TASK_ORDER,
} from './table-layout';

export const REPORT_CSV_HEADER = [
  'section',
  'task',
  'bucket',
  'a',
  'b',
  'measure',
  'value',
  'n',
  'ci_low',
  'ci_high',
  'macro',
  'macro_ci_low',
  'macro_ci_high',
  'units',
] as const;

type Row = [
  section: string,
  task: string,
  bucket: ReportBucket,
  a: string | null,
  b: string | null,
  measure: string,
  value: number | null,
  n: number | null,
  ciLow: number | null,
  ciHigh: number | null,
  macro: number | null,
  macroCiLow: number | null,
  macroCiHigh: number | null,
  units: number | null,
];

/** The columns after `n` of a row that is neither an interval nor a macro figure. */
const NO_EXTRAS = [null, null, null, null, null, null] as const;

/**
 * The value column holds figures of different kinds side by side, so the one that is not on 0 to 1
 * is named where a program reads it; Markdown and LaTeX say it beside their player table.
 */
const SCALE_NOTE =
  'every share, rate and p-value (agreement, acc, accuracy, permutation_p) is 0 to 1 as in the JSON; the exception is oa: O/A x 100 as the published tables print it (0 to 100)';

/** What the held_out rows' two parts mean; the Markdown and LaTeX say it under their table, with the judges' names. */
const HELD_OUT_NOTE =
  'held_out: b development is the part the versions_tried were tuned on, so its figures are optimistic; b test is the result, the first test run the verdict (test_looks above 1: choosing among versions by their test figures makes those optimistic too)';

export function renderCsv(report: AgreementReport): string {
  const intervals =
    report.settings.bootstrap > 0
      ? [`intervals: ${agreementIntervalMethod(report)}`, ...replicateWarnings(report, csvCommentText).map((warning) => `warning: ${warning}`)]
      : [];
  const comment = [
    ...provenanceLines(report, csvCommentText),
    ...intervals,
    ...(report.judges === undefined ? [] : [`paired tests (${pairedMeasure(report)}): ${pairedTestSentence(report.settings)}`]),
    ...playerOutcomesNote(report),
    ...(report.heldOut === undefined ? [] : [HELD_OUT_NOTE]),
    SCALE_NOTE,
    `${CSV_INJECTION_NOTE}; numeric columns are never prefixed`,
    CSV_COMMENT_NOTE,
    "read with pandas.read_csv(path, comment='#')",
  ]
    .map((line) => `# ${line}\r\n`)
    .join('');
  const rows: CsvCell[][] = [
    ...agreementRows(report),
    ...turtleBenchRows(report),
    ...statisticsRows(report),
    ...annotatorRows(report),
    ...playerRows(report),
    ...judgesRows(report),
    ...setAwareCsvRows(report),
    ...estimatedTruthCsvRows(report),
    ...heldOutCsvRows(report),
  ];
  return comment + writeCsv(REPORT_CSV_HEADER, rows);
}

function ci(interval: Interval | null | undefined): [number | null, number | null] {
  return interval === null || interval === undefined ? [null, null] : interval;
}

/** The columns after `n` of a row with a 95% interval (or none) and no macro figure or units. */
function intervalOnly(interval: Interval | null | undefined): [number | null, number | null, null, null, null, null] {
  return [...ci(interval), null, null, null, null];
}

function agreementRows(report: AgreementReport): Row[] {
  return TASK_ORDER.flatMap((task) =>
    comparisonsOf(report, task).flatMap((comparison) =>
      agreementBuckets(report, task).flatMap((bucket): Row[] => {
        const row = findAgreementRow(report, task, bucket, comparison);
        if (row === undefined) return [];
        return [
          [
            'agreement',
            task,
            bucket,
            comparison.a,
            comparison.b,
            'agreement',
            row.agreement,
            row.n,
            ...ci(row.ci95),
            row.macro,
            ...ci(row.macroCi95),
            row.units,
          ],
        ];
      }),
    ),
  );
}

/** TurtleBench's accuracy and the three-way agreement of each judge against the one human rater, when the report has them. */
function turtleBenchRows(report: AgreementReport): Row[] {
  const scoring = report.turtleBench;
  if (scoring === undefined) return [];
  const human = `human:${scoring.annotator}`;
  return scoring.judges.flatMap((row): Row[] => [
    ['turtlebench', 'answer', 'all', `judge:${row.judge}`, human, 'turtlebench_accuracy', row.accuracy, row.n, ...NO_EXTRAS],
    ['turtlebench', 'answer', 'all', `judge:${row.judge}`, human, 'three_way_agreement', row.agreement, row.n, ...NO_EXTRAS],
  ]);
}

function statisticsRows(report: AgreementReport): Row[] {
  const rows = TASK_ORDER.flatMap((task: ReportTask) =>
    statisticsBuckets(report, task).flatMap(([bucket, stats]) => {
      const row = (measure: string, value: number | null, interval?: Interval | null): Row => [
        'statistics',
        task,
        bucket,
        null,
        null,
        measure,
        value,
        stats.pairableValues,
        ...ci(interval),
        null,
        null,
        null,
        stats.units,
      ];
      return [
        row('krippendorff_alpha', stats.krippendorffAlpha, stats.krippendorffAlphaCi95),
        row('fleiss_kappa', stats.fleissKappa),
        row('gwet_ac1', stats.gwetAC1),
        row('observed_agreement', stats.observedAgreement),
        row('observed_agreement_alpha', observedByStatistic(stats).krippendorffAlpha),
        row('expected_agreement_alpha', stats.expectedAgreement.krippendorffAlpha),
        row('expected_agreement_kappa', stats.expectedAgreement.fleissKappa),
        row('expected_agreement_ac1', stats.expectedAgreement.gwetAC1),
      ];
    }),
  );
  const difficulty = report.statistics.difficulty;
  if (difficulty !== undefined) {
    const row = (measure: string, value: number | null, interval: Interval | null | undefined): Row => [
      'statistics',
      'difficulty',
      'all',
      null,
      null,
      measure,
      value,
      difficulty.ratings,
      ...intervalOnly(interval),
    ];
    rows.push(
      row('krippendorff_alpha_ordinal', difficulty.ordinalAlpha, difficulty.ordinalAlphaCi95),
      row('krippendorff_alpha_interval', difficulty.intervalAlpha, difficulty.intervalAlphaCi95),
    );
  }
  return rows;
}

function annotatorRows(report: AgreementReport): Row[] {
  const { tasks, annotators } = annotatorGrid(report);
  return annotators.flatMap((annotator) =>
    tasks.flatMap((task): Row[] => {
      const row = report.annotators.find((r) => r.annotator === annotator && r.task === task);
      return row === undefined ? [] : [['annotator', task, 'all', annotator, null, 'agreement_with_others_majority', row.agreement, row.n, ...NO_EXTRAS]];
    }),
  );
}

/** A comment line where the player rows have no acc, rnd or oa, saying why (their values are empty). */
function playerOutcomesNote(report: AgreementReport): string[] {
  const none = playerOutcomesUndefined(report.players.outcomes);
  return none === undefined ? [] : [`player outcomes: no acc, rnd or oa: ${none}`];
}

function playerRows(report: AgreementReport): Row[] {
  const { rows, buckets } = playerGrid(report);
  const outcomes = rows.flatMap(({ player, verdicts }) =>
    buckets.flatMap((bucket): Row[] => {
      const outcome = report.players.outcomes.find((o) => o.player === player && o.verdicts === verdicts && o.bucket === bucket);
      if (outcome === undefined) return [];
      const row = (measure: string, value: number | null): Row => ['player', 'match', bucket, player, verdicts, measure, value, outcome.sessions, ...NO_EXTRAS];
      const leftOut = outcome.sessionsWithoutVerdict === undefined ? [] : [row('sessions_without_verdict', outcome.sessionsWithoutVerdict)];
      return [row('acc', outcome.acc), row('rnd', outcome.rnd), row('oa', outcome.oa), ...leftOut];
    }),
  );
  const ranking = report.players.ranking;
  if (ranking === null) return outcomes;
  // n of a rank is the player's sessions with a verdict under both sources, the ones both rankings use.
  const rank = (verdicts: 'judge' | 'human', players: string[]) =>
    players.map((player, index): Row => ['ranking', 'match', 'all', player, verdicts, 'rank', index + 1, ranking.sessions?.[player] ?? null, ...NO_EXTRAS]);
  const statistic = (measure: string, value: number | null): Row => ['ranking', 'match', 'all', null, null, measure, value, null, ...NO_EXTRAS];
  return [
    ...outcomes,
    ...rank('judge', ranking.judgeRanking),
    ...rank('human', ranking.humanRanking),
    statistic('kendall_tau_b', ranking.kendallTauB),
    statistic('rank_biased_overlap', ranking.rankBiasedOverlap),
    statistic('permutation_p', ranking.permutationP),
  ];
}

/** The measure of the paired tests' p: `bootstrap_t_p` or `mcnemar_p`, as the report's setting says. */
const pairedMeasure = (report: AgreementReport) => (pairedTestOf(report.settings) === 'bootstrap-t' ? 'bootstrap_t_p' : 'mcnemar_p');

/** The rows of one section's figure that share task, bucket and raters: each a measure, its value and n, and its 95% interval or none. */
function rowMaker(section: string, task: string, bucket: ReportBucket, a: string | null, b: string | null) {
  return (measure: string, value: number | null, n: number | null, interval: Interval | null = null): Row => [
    section,
    task,
    bucket,
    a,
    b,
    measure,
    value,
    n,
    ...intervalOnly(interval),
  ];
}

/** `p_is_upper_bound` 1 where the data lie beyond every replicate, so the p before it is at most that. */
const pBound = (test: PairedTestResult, figure: (measure: string, value: number) => Row): Row[] => (test.pAtBound ? [figure('p_is_upper_bound', 1)] : []);

/**
 * The Judges section (issue 15), in the section's order: each judge against the human majority
 * (`judge_vs_people`, b `human-majority`; per-label figures name the label in the measure), judges
 * against each other (`judge_vs_judge`), the Alt-Test (`alt_test`, n the units compared) and the
 * corrected scores (`corrected_score`, b the player; n the player's sessions, or the calibration
 * sessions for sensitivity and specificity). Counts are rows of their own, with n their denominator.
 */
function judgesRows(report: AgreementReport): Row[] {
  const judges = report.judges;
  if (judges === undefined) return [];
  const people = TASK_ORDER.flatMap((task) =>
    judges.againstPeople
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const { classification: c, errors: e } = row;
        const figure = (measure: string, value: number | null, n: number, interval: Interval | null = null): Row => [
          'judge_vs_people',
          task,
          row.bucket,
          `judge:${row.judge}`,
          'human-majority',
          measure,
          value,
          n,
          ...intervalOnly(interval),
        ];
        const ratio = (measure: string, r: Ratio, n: number) => figure(measure, r.value, n);
        return [
          ratio('accuracy', c.accuracy, c.n),
          ratio('macro_precision', c.macro.precision, c.n),
          ratio('macro_recall', c.macro.recall, c.n),
          ratio('macro_f1', c.macro.f1, c.n),
          ...(c.rates === undefined
            ? []
            : [ratio('true_positive_rate', c.rates.truePositiveRate, c.n), ratio('true_negative_rate', c.rates.trueNegativeRate, c.n)]),
          figure('units_without_majority', row.unitsWithoutMajority, row.unitsWithoutMajority + c.n),
          ratio('leniency_rate', e.leniencyRate, e.peopleNegative),
          figure('lenient', e.lenient, e.peopleNegative),
          ratio('severity_rate', e.severityRate, e.peoplePositive),
          figure('severe', e.severe, e.peoplePositive),
          figure('net_leniency', row.netLeniency.value, c.n, row.netLeniency.ci95),
          figure(pairedMeasure(report), row.leniencyTest.pValue, e.lenient + e.severe),
          ...pBound(row.leniencyTest, (measure, value) => figure(measure, value, e.lenient + e.severe)),
          figure('holm_p', row.holmP, e.lenient + e.severe),
          ...c.perLabel.flatMap((score) => [
            ratio(`precision_${score.label}`, score.precision, score.predicted),
            ratio(`recall_${score.label}`, score.recall, score.support),
            ratio(`f1_${score.label}`, score.f1, score.support),
          ]),
        ];
      }),
  );
  const pairs = TASK_ORDER.flatMap((task) =>
    judges.comparisons
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const figure = (measure: string, value: number | null, interval: Interval | null = null): Row => [
          'judge_vs_judge',
          task,
          row.bucket,
          `judge:${row.a}`,
          `judge:${row.b}`,
          measure,
          value,
          row.n,
          ...intervalOnly(interval),
        ];
        return [
          figure('agreement_difference', row.difference, row.differenceCi95),
          figure('only_a_agrees', row.onlyA),
          figure('only_b_agrees', row.onlyB),
          figure('undefined_replicates', row.undefinedReplicates),
          figure(pairedMeasure(report), row.test.pValue),
          ...pBound(row.test, figure),
          figure('holm_p', row.holmP),
        ];
      }),
  );
  const altTest = TASK_ORDER.flatMap((task) =>
    judges.altTest
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const figure = (measure: string, value: number | null): Row => [
          'alt_test',
          task,
          'all',
          `judge:${row.judge}`,
          null,
          measure,
          value,
          row.units,
          ...NO_EXTRAS,
        ];
        return [
          figure('epsilon', row.epsilon),
          figure('winning_rate', row.winningRate),
          figure('advantage_probability', row.advantageProbability),
          figure('passed', row.passed === null ? null : Number(row.passed)),
        ];
      }),
  );
  const corrected = judges.correctedScores.flatMap((row): Row[] => {
    const figure = (measure: string, value: number | null, n: number, interval: Interval | null = null): Row => [
      'corrected_score',
      'match',
      row.bucket,
      `judge:${row.judge}`,
      row.player,
      measure,
      value,
      n,
      ...intervalOnly(interval),
    ];
    return [
      figure('raw_score', row.rawScore, row.sessions),
      figure('share_with_final', row.shareWithFinal, row.sessions),
      figure('sensitivity', row.sensitivity, row.calibrationSessions),
      figure('specificity', row.specificity, row.calibrationSessions),
      figure('corrected_score', row.theta, row.sessions, row.ci95),
      figure('corrected_score_unclamped', row.unclampedTheta, row.sessions, row.unclampedCi95),
    ];
  });
  return [
    ...people,
    ...pairs,
    ...altTest,
    ...corrected,
    ...biasRows(judges),
    ...humanLikenessRows(judges),
    ...judgeRankingRows(judges),
    ...calibrationRows(judges),
    ...stabilityRows(judges),
    ...selectiveEvaluationRows(judges),
    ...predictionPoweredRows(judges),
    ...fitnessRows(judges),
  ];
}

/**
 * The prediction-powered scores (`prediction_powered`, a the judge, b the player): the judge's
 * and people's scores, the estimate with its CLT interval (n the judged items), the bootstrap's
 * interval, lambda, the labelled items and what they were worth and saved (n the labelled); for
 * questions, the yes and relevant shares corrected through the judge's three-label confusion.
 */
function predictionPoweredRows(judges: JudgesSection): Row[] {
  return (judges.predictionPowered ?? [])
    .filter((row) => row.judged > 0)
    .flatMap((row) => {
      const figure = rowMaker('prediction_powered', row.measure === 'solve-rate' ? 'match' : 'answer', row.bucket, `judge:${row.judge}`, row.player);
      const measure = row.measure.replaceAll('-', '_');
      return [
        figure(`${measure}_judge_alone`, row.judgeScore, row.items),
        figure(`${measure}_people_alone`, row.peopleScore, row.labelled, row.peopleCi95),
        figure(`${measure}_prediction_powered`, row.estimate, row.judged, row.ci95),
        figure(`${measure}_bootstrap`, row.estimate, row.judged, row.bootstrapCi95),
        figure('lambda', row.lambda, row.judged),
        figure('effective_labels', row.effectiveLabels, row.labelled),
        figure('labels_saved', row.labelsSaved, row.labelled),
        ...(row.labelShares === undefined
          ? []
          : [
              figure('question_accuracy_three_labels', row.labelShares.yes.share, row.judged, row.labelShares.yes.ci95),
              figure('relevance_three_labels', row.labelShares.relevant.share, row.judged, row.labelShares.relevant.ci95),
            ]),
      ];
    });
}

/**
 * The fitness cards (`fitness`, a the judge): per task the people's alpha (n the people), whether
 * the lead adjudicated (1 or 0), agreement and kappa with their intervals, the band the kappa's
 * lower end and its point make the judge fit for (measure `band_<band>` and `point_band_<band>`,
 * value 1), and its riskiest buckets' rate of yes where people say no (n people's no).
 */
function fitnessRows(judges: JudgesSection): Row[] {
  return (judges.fitness ?? []).flatMap((card) =>
    TASK_ORDER.flatMap((task) => {
      const found = card.tasks.find((one) => one.task === task);
      if (found === undefined) return [];
      const figure = rowMaker('fitness', task, 'all', `judge:${card.judge}`, null);
      const { reference, agreement, kappa, band, pointBand, riskiest } = found;
      const bandName = (name: string) => name.replaceAll(' ', '_');
      return [
        figure('people_alpha', reference.alpha, reference.people, reference.alphaCi95),
        figure('adjudicated', Number(reference.adjudicated), reference.people),
        figure('agreement', agreement.value, agreement.n, agreement.ci95),
        figure('kappa', kappa.value, kappa.n, kappa.ci95),
        ...(band === null ? [] : [figure(`band_${bandName(band)}`, 1, kappa.n)]),
        ...(pointBand === null ? [] : [figure(`point_band_${bandName(pointBand)}`, 1, kappa.n)]),
        ...riskiest.map((cell) => rowMaker('fitness', task, cell.bucket, `judge:${card.judge}`, null)('leniency_rate', cell.rate, cell.peopleNegative)),
      ];
    }),
  );
}

/**
 * Calibration (`calibration`, a the judge, b the source of its confidence, `samples` or
 * `log-probabilities`): ECE and Brier with their intervals (n the verdicts), and per bin with
 * verdicts its mean confidence and agreement (measure `bin_<upper>_confidence`, n the bin's).
 */
function calibrationRows(judges: JudgesSection): Row[] {
  return TASK_ORDER.flatMap((task) =>
    (judges.calibration ?? [])
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const figure = rowMaker('calibration', task, 'all', `judge:${row.judge}`, row.source);
        return [
          figure('ece', row.ece, row.n, row.eceCi95),
          figure('brier', row.brier, row.n, row.brierCi95),
          ...row.bins
            .filter((bin) => bin.n > 0)
            .flatMap((bin) => [figure(`bin_${bin.upper}_confidence`, bin.meanConfidence, bin.n), figure(`bin_${bin.upper}_agreement`, bin.agreement, bin.n)]),
        ];
      }),
  );
}

/**
 * Selective evaluation (`selective_evaluation`, b the source of confidence): the threshold (empty
 * where none passes) and passes 1 or 0, n the calibration units; the kept share of them and of all
 * units with the confidence (n those); agreement on the kept calibration units (n those); and the
 * units sent to people (n all units with the confidence).
 */
function selectiveEvaluationRows(judges: JudgesSection): Row[] {
  return TASK_ORDER.flatMap((task) =>
    (judges.selectiveEvaluation ?? [])
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const figure = rowMaker('selective_evaluation', task, 'all', `judge:${row.judge}`, row.source);
        return [
          figure('alpha', row.alpha, row.calibrationUnits),
          figure('delta', row.delta, row.calibrationUnits),
          figure('threshold', row.threshold, row.calibrationUnits),
          figure('passes', row.passes ? 1 : 0, row.calibrationUnits),
          figure('kept_share_labelled', row.keptCalibrationShare, row.calibrationUnits),
          figure('kept_share_all', row.keptShare, row.units),
          figure('agreement_on_kept', row.agreementOnKept, row.keptCalibrationUnits),
          figure('escalated_units', row.escalatedUnits.length, row.units),
        ];
      }),
  );
}

/**
 * Stability: a judge against its own samples (`self_consistency`, n the units) and two judges of
 * one model (`judge_pair`, b the other judge, n the units both labelled; measure `kind_<kind>`
 * says what they differ in).
 */
function stabilityRows(judges: JudgesSection): Row[] {
  const self = TASK_ORDER.flatMap((task) =>
    (judges.selfConsistency ?? [])
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const selfRow = rowMaker('self_consistency', task, 'all', `judge:${row.judge}`, null);
        const figure = (measure: string, value: number | null, interval: Interval | null = null): Row => selfRow(measure, value, row.units, interval);
        return [
          figure('samples', row.samples),
          figure('self_agreement', row.selfAgreement),
          figure('kappa', row.kappa),
          figure('flips', row.flips.value, row.flips.ci95),
        ];
      }),
  );
  const pairs = TASK_ORDER.flatMap((task) =>
    (judges.judgePairs ?? [])
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const pairRow = rowMaker('judge_pair', task, 'all', `judge:${row.a}`, `judge:${row.b}`);
        const figure = (measure: string, value: number | null, interval: Interval | null = null): Row => pairRow(measure, value, row.n, interval);
        return [figure(`kind_${row.kind.replaceAll(' ', '_')}`, 1), figure('kappa', row.kappa), figure('flips', row.flips.value, row.flips.ci95)];
      }),
  );
  return [...self, ...pairs];
}

/**
 * Human-likeness (`human_likeness`, a the judge): its kappa with each person (b `human:<id>`, n
 * the units both labelled), their mean, people's mean and sd (n the pairs) and z.
 */
function humanLikenessRows(judges: JudgesSection): Row[] {
  return TASK_ORDER.flatMap((task) =>
    (judges.humanLikeness ?? [])
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const figure = (b: string | null, measure: string, value: number | null, n: number | null): Row =>
          rowMaker('human_likeness', task, 'all', `judge:${row.judge}`, b)(measure, value, n);
        return [
          ...row.withPeople.map((person) => figure(`human:${person.annotator}`, 'kappa', person.kappa, person.n)),
          figure(null, 'judge_kappa', row.judgeKappa, row.withPeople.length),
          figure(null, 'people_kappa_mean', row.peopleMean, row.peoplePairs),
          figure(null, 'people_kappa_sd', row.peopleSd, row.peoplePairs),
          figure(null, 'z', row.z, row.peoplePairs),
        ];
      }),
  );
}

/** Each judge's player ranking against the human one (`judge_ranking`, a the judge, b `human-majority`, n the players). */
function judgeRankingRows(judges: JudgesSection): Row[] {
  return (judges.rankings ?? []).flatMap(({ judge, ranking }): Row[] => {
    if (ranking === null) return [];
    const n = ranking.humanRanking.length;
    const rankingRow = rowMaker('judge_ranking', 'match', 'all', `judge:${judge}`, 'human-majority');
    const figure = (measure: string, value: number | null | undefined): Row => rankingRow(measure, value ?? null, n);
    return [
      figure('kendall_tau_b', ranking.kendallTauB),
      figure('kendall_p', ranking.kendallP),
      figure('permutation_p', ranking.permutationP),
      figure('rank_biased_overlap', ranking.rankBiasedOverlap),
    ];
  });
}

/**
 * The bias checks (`bias_check`, a the judge, b the check and figure as `own-family:leniency`):
 * the effect with its interval (n the units of both groups), each group's figure with its units,
 * p, Holm p and whether the verdict names an effect (1) or not (0).
 */
function biasRows(judges: JudgesSection): Row[] {
  return TASK_ORDER.flatMap((task) =>
    (judges.biasChecks ?? [])
      .filter((row) => row.task === task)
      .flatMap((row): Row[] => {
        const units = row.check === 'yes-rate' ? row.a.units : row.a.units + row.b.units;
        const figure = rowMaker('bias_check', task, row.bucket, `judge:${row.judge}`, `${row.check}:${row.figure}`);
        return [
          figure('effect', row.value, units, row.ci95),
          figure('group_a', row.a.value, row.a.units),
          figure('group_b', row.b.value, row.b.units),
          figure('p', row.test.pValue, units),
          ...pBound(row.test, (measure, value) => figure(measure, value, units)),
          figure('holm_p', row.holmP, units),
          figure('effect_found', Number(row.effect), units),
        ];
      }),
  );
}
