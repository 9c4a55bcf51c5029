// The layout every rendering of the agreement report shares: which tables, rows and columns,
// in which order, and how each number is written. Markdown and LaTeX only escape and frame
// these tables, and the CSV walks the same rows and columns, so the three cannot disagree.

import { BUCKETS } from '../domain/difficulty';
import { JUDGE_SPLIT_PARTS, type JudgeSamples, type JudgeSplitPart } from '../domain/model';
import type { ReportJudgeSplit } from './model/held-out-model';
import type {
  AgreementReport,
  AgreementRow,
  ChanceCorrected,
  Interval,
  PlayerOutcome,
  RankingComparison,
  RaterGroup,
  ReportBucket,
  ReportTask,
} from './model/report-model';

/** M (final answers) first, then R (questions), as the published tables are. */
export const TASK_ORDER: readonly ReportTask[] = ['match', 'answer'];

const TASK_LETTER: Record<ReportTask, string> = { match: 'M', answer: 'R' };

const TASK_TITLE: Record<ReportTask, string> = { match: 'M: final-answer agreement', answer: 'R: question agreement' };

export const BUCKET_NAME: Record<ReportBucket, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard', unrated: 'Unrated', all: 'All' };

/** Column order of the buckets: difficulty, then unrated puzzles, then everything. */
const BUCKET_ORDER: readonly ReportBucket[] = [...BUCKETS, 'unrated', 'all'];

/** Shown wherever a figure is undefined (no comparisons, no variation). */
export const UNDEFINED = '–';

/**
 * A table as the renderers receive it. `labels` are text from the inputs (model, player and
 * annotator names) that each renderer escapes; `values` are numbers written by this module,
 * made only of digits, `.`, `,`, `/`, spaces, brackets, `n=`/`units=`, `–`, the minus sign `−`,
 * and in the Judges tables `<` (a p below 0.001), `≤` (a p the bootstrap only bounds) and the words yes and no.
 */
export interface LayoutTable {
  /** Stable name of the table; LaTeX labels it `tab:<id>`. */
  id: string;
  title: string;
  /** What the cells show, in one or two sentences after the title. */
  caption: string;
  /** Column groups above the columns (a bucket over its Acc, Rnd, O/A); empty labels span label columns. */
  groups?: Array<{ label: string; span: number }>;
  columns: string[];
  /** How many leading columns hold labels; the rest hold values. */
  labelColumns: number;
  /** Too many columns for one column of a two-column paper: LaTeX sets it across the page (`table*`). */
  wide?: boolean;
  /** `ids`: what the labels stand for where a machine reads it (data attributes), when the labels are display names. */
  rows: Array<{ labels: string[]; values: string[]; ids?: string[] }>;
  /** Sentences under the table: why a figure is undefined, the ranking comparison. */
  notes: string[];
  /** Sentences a reader must not miss, shown above the table as warnings: too few puzzles for its intervals. */
  warnings?: string[];
}

/** One comparison (a row of an agreement table), in the order the report lists it. */
interface Comparison {
  a: RaterGroup;
  b: RaterGroup;
}

function comparisonLabel(report: AgreementReport, { a, b }: Comparison): string {
  return `${raterName(report, a)} vs ${raterName(report, b)}`;
}

const GROUP_NAME: Readonly<Record<string, string>> = { human: 'Humans', gold: 'Gold', 'human-majority': 'Human majority' };

/**
 * A rater as a person reads it: a judge by its model name, `human` as Humans, an annotator
 * (`human:<id>`) by display name. The ids stay in the JSON, the CSV and data attributes.
 */
export function raterName(report: AgreementReport, rater: string): string {
  if (rater.startsWith('judge:')) return rater.slice('judge:'.length);
  if (rater.startsWith('human:')) return annotatorName(report, rater.slice('human:'.length));
  return GROUP_NAME[rater] ?? rater;
}

/** An annotator's display name, with the id after it when another annotator has the same name. */
export function annotatorName(report: AgreementReport, id: string): string {
  const names = report.annotatorNames;
  const name = names?.[id];
  if (name === undefined || name.trim() === '') return id;
  const shared = Object.entries(names ?? {}).some(([other, otherName]) => other !== id && otherName === name);
  return shared && name !== id ? `${name} (${id})` : name;
}

/** The comparisons of one task in the order of their first row in the report. */
export function comparisonsOf(report: AgreementReport, task: ReportTask): Comparison[] {
  const seen = new Map<string, Comparison>();
  for (const { a, b } of report.tables[task]) {
    const key = `${a}\u0000${b}`;
    if (!seen.has(key)) seen.set(key, { a, b });
  }
  return [...seen.values()];
}

/** Easy, Medium, Hard, Unrated (only when some row of the task has unrated data), All. */
export function agreementBuckets(report: AgreementReport, task: ReportTask): ReportBucket[] {
  const unrated = report.tables[task].some((row) => row.bucket === 'unrated' && (row.n > 0 || row.units > 0));
  return [...BUCKETS, ...(unrated ? (['unrated'] as const) : []), 'all'];
}

export function findAgreementRow(report: AgreementReport, task: ReportTask, bucket: ReportBucket, { a, b }: Comparison): AgreementRow | undefined {
  return report.tables[task].find((row) => row.bucket === bucket && row.a === a && row.b === b);
}

/** The buckets a task has chance-corrected statistics for, in column order. */
export function statisticsBuckets(report: AgreementReport, task: ReportTask): Array<[ReportBucket, ChanceCorrected]> {
  const byBucket = report.statistics[task];
  return BUCKET_ORDER.flatMap((bucket): Array<[ReportBucket, ChanceCorrected]> => {
    const stats = byBucket[bucket];
    return stats === undefined || (bucket === 'unrated' && stats.units === 0) ? [] : [[bucket, stats]];
  });
}

/** The tasks with per-annotator reliability, in table order, then the annotators in report order. */
export function annotatorGrid(report: AgreementReport): { tasks: Array<ReportTask | 'difficulty'>; annotators: string[] } {
  const present = new Set(report.annotators.map((row) => row.task));
  const tasks = [...TASK_ORDER, 'difficulty' as const].filter((task) => present.has(task));
  return { tasks, annotators: [...new Set(report.annotators.map((row) => row.annotator))] };
}

/** Players in report order, each under the judge's verdicts then the humans'; buckets in column order. */
export function playerGrid(report: AgreementReport): { rows: Array<{ player: string; verdicts: PlayerOutcome['verdicts'] }>; buckets: ReportBucket[] } {
  const outcomes = report.players.outcomes;
  const players = [...new Set(outcomes.map((outcome) => outcome.player))];
  const rows = players.flatMap((player) =>
    (['judge', 'human'] as const)
      .filter((verdicts) => outcomes.some((o) => o.player === player && o.verdicts === verdicts))
      .map((verdicts) => ({ player, verdicts })),
  );
  const buckets = BUCKET_ORDER.filter((bucket) => outcomes.some((o) => o.bucket === bucket && (bucket !== 'unrated' || o.sessions > 0)));
  return { rows, buckets };
}

// ---- numbers -------------------------------------------------------------------------------

/** A share (0..1) as a percentage with one decimal: 0.875 -> `87.5`. */
export function formatPercent(share: number | null | undefined): string {
  return isSet(share) && Number.isFinite(share) ? fixed(share * 100, 1) : UNDEFINED;
}

/** A statistic such as alpha or kappa with three decimals; negatives with a true minus sign. */
export function formatStatistic(value: number | null | undefined, digits = 3): string {
  return isSet(value) && Number.isFinite(value) ? fixed(value, digits) : UNDEFINED;
}

/** `87.5 (n=24) [71.0, 100.0]`, or the macro form `91.7 (units=12)`; `–` when undefined. */
function formatAgreementCell(row: AgreementRow | undefined, average: 'micro' | 'macro'): string {
  if (row === undefined) return UNDEFINED;
  if (average === 'macro')
    return row.macro === null ? UNDEFINED : `${formatPercent(row.macro)} (units=${row.units})${intervalSuffix(row.macroCi95, formatPercent)}`;
  if (row.agreement === null) return UNDEFINED;
  return `${formatPercent(row.agreement)} (n=${row.n})${intervalSuffix(row.ci95, formatPercent)}`;
}

/** A p-value: three decimals, or `< 0.001` below that (three decimals would print 0), `–` when there is none. */
export function formatPValue(p: number | null | undefined): string {
  if (!isSet(p) || !Number.isFinite(p)) return UNDEFINED;
  return p < 0.001 ? '< 0.001' : formatStatistic(p);
}

/** ` [low, high]` after a figure, or nothing when the report has no interval for it. */
export function intervalSuffix(ci: Interval | null | undefined, format: (value: number) => string): string {
  return isSet(ci) ? ` [${format(ci[0])}, ${format(ci[1])}]` : '';
}

/** Optional report fields are missing (older or leaner reports) or null (undefined figure). */
function isSet<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

function statisticWithInterval(value: number | null, ci: Interval | null | undefined): string {
  return value === null ? UNDEFINED : `${formatStatistic(value)}${intervalSuffix(ci, (bound) => formatStatistic(bound))}`;
}

function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  // -0.0004 rounds to "-0.000": that is zero, not a negative figure.
  if (/^-0\.?0*$/.test(text)) return text.slice(1);
  return text.startsWith('-') ? `\u2212${text.slice(1)}` : text;
}

// ---- tables --------------------------------------------------------------------------------

function agreementTable(report: AgreementReport, task: ReportTask): LayoutTable {
  const { average } = report.settings;
  const buckets = agreementBuckets(report, task);
  const comparisons = comparisonsOf(report, task);
  const interval = ` and the ${agreementIntervalMethod(report)}`;
  const rows = report.tables[task];
  const hasInterval = rows.some((row) => isSet(average === 'macro' ? row.macroCi95 : row.ci95));
  const caption =
    average === 'macro'
      ? `Macro agreement: mean of the per-unit agreement in %, with the number of units${hasInterval ? interval : ''}.`
      : `Micro agreement in % of comparisons, with n (comparisons; pairs for human vs human)${hasInterval ? interval : ''}.`;
  return {
    id: `agreement-${task}`,
    wide: true,
    title: TASK_TITLE[task],
    caption,
    columns: ['Raters', ...buckets.map((bucket) => BUCKET_NAME[bucket])],
    labelColumns: 1,
    rows: comparisons.map((comparison) => ({
      labels: [comparisonLabel(report, comparison)],
      values: buckets.map((bucket) => formatAgreementCell(findAgreementRow(report, task, bucket, comparison), average)),
    })),
    notes: [
      ...(comparisons.length === 0 ? ['No unit of this task has two raters to compare.'] : []),
      ...agreementReplicateNotes(report, task),
      ...unparseableNotes(report, task),
    ],
    ...withWarnings(fewClustersWarnings(report, task)),
  };
}

function withWarnings(warnings: string[]): Pick<LayoutTable, 'warnings'> {
  return warnings.length > 0 ? { warnings } : {};
}

/**
 * The task's buckets with fewer clusters than the intervals were checked at (report.fewClusters),
 * in one sentence; nothing when none, or in reports written before the check.
 */
export function fewClustersWarnings(report: AgreementReport, task: ReportTask): string[] {
  const few = report.fewClusters?.buckets.filter((entry) => entry.task === task) ?? [];
  if (report.fewClusters === undefined || few.length === 0) return [];
  const { threshold } = report.fewClusters;
  const clusters = resampledClusters(report);
  const buckets = listText(few.map(({ bucket, clusters: count }) => `${BUCKET_NAME[bucket]} (${count})`));
  return [
    `${TASK_LETTER[task]}: ${buckets} ${few.length === 1 ? 'has' : 'have'} fewer than ${threshold} ${clusters}. The intervals were checked by simulation with ${threshold} ${clusters} and more, where they cover 95%; with fewer, their coverage is unchecked and may fall short.`,
  ];
}

/** What a bootstrap replicate drew, as the report says it: `puzzles`, or `units` (also for reports written before the choice). */
function resampledClusters(report: AgreementReport): string {
  return report.settings.resample === 'units' || report.settings.resample === undefined ? 'units' : 'puzzles';
}

/** Whether the report's agreement intervals are studentized (reports written before them are percentile). */
function studentizedAgreement(report: AgreementReport): boolean {
  return [...report.tables.answer, ...report.tables.match].some((row) => row.ci95Method?.startsWith('studentized') === true);
}

/**
 * How the agreement intervals were made, for the caption: the studentized (or, in older reports,
 * percentile) bootstrap with what it drew, B and the seed, and the Wilson floor (reports written before it had none).
 */
export function agreementIntervalMethod(report: AgreementReport): string {
  const { bootstrap, seed, resample } = report.settings;
  const clusters = resampledClusters(report);
  const method = `95% ${studentizedAgreement(report) ? 'studentized' : 'percentile'} bootstrap over ${clusters} (B = ${bootstrap}, seed ${seed})`;
  return resample === undefined ? method : `${method}; where it reaches 0 or 1, widened to the Wilson interval at the number of ${clusters}`;
}

/** How the chance-corrected intervals were made, for the caption; a coefficient's interval with no spread to bound is withheld (reports written before: not). */
function coefficientIntervalMethod(report: AgreementReport): string {
  const { bootstrap, seed, resample } = report.settings;
  const clusters = resampledClusters(report);
  const studentized = TASK_ORDER.some((task) => Object.values(report.statistics[task]).some((stats) => stats?.ci95Method === 'studentized'));
  const method = `95% ${studentized ? 'studentized' : 'percentile'} bootstrap CI over ${clusters} (B = ${bootstrap}, seed ${seed})`;
  if (resample === undefined) return method;
  return studentized
    ? `${method}, withheld where every one of the ${clusters} gives it the same value`
    : `${method}, withheld where every replicate gave the same value`;
}

/** Above this share of undefined replicates an interval carries a warning: it stands on fewer replicates than B says. */
const UNDEFINED_REPLICATES_WARNING = 0.05;

/**
 * `87 of 1000 replicates undefined; the interval is over the other 913`, or nothing at or below
 * 5%, or when there is no interval (its reason says why).
 */
export function undefinedReplicatesWarning(
  undefinedReplicates: number | undefined,
  replicates: number,
  interval: Interval | null | undefined,
): string | undefined {
  if (!isSet(interval) || undefinedReplicates === undefined || undefinedReplicates <= UNDEFINED_REPLICATES_WARNING * replicates) return undefined;
  return `${undefinedReplicates} of ${replicates} replicates undefined; the interval is over the other ${replicates - undefinedReplicates}`;
}

/** The warning of an agreement row's shown interval (micro or macro), if it needs one. */
export function agreementRowWarning(row: AgreementRow, average: 'micro' | 'macro', replicates: number): string | undefined {
  return average === 'macro'
    ? undefinedReplicatesWarning(row.macroUndefinedReplicates, replicates, row.macroCi95)
    : undefinedReplicatesWarning(row.undefinedReplicates, replicates, row.ci95);
}

/** A note per agreement cell whose shown interval left out more than 5% of its replicates; `value` rewrites the raters' names (see provenanceLines). */
function agreementReplicateNotes(report: AgreementReport, task: ReportTask, value: (text: string) => string = (text) => text): string[] {
  const { average, bootstrap } = report.settings;
  return comparisonsOf(report, task).flatMap((comparison) =>
    agreementBuckets(report, task).flatMap((bucket) => {
      const row = findAgreementRow(report, task, bucket, comparison);
      const warning = row === undefined ? undefined : agreementRowWarning(row, average, bootstrap);
      return warning === undefined ? [] : [`${TASK_LETTER[task]}, ${value(oneLine(comparisonLabel(report, comparison)))}, ${BUCKET_NAME[bucket]}: ${warning}.`];
    }),
  );
}

/** Replies a judge wrote that the importer could not read as a label: say how many, and what the figures made of them (the study's setting). */
function unparseableNotes(report: AgreementReport, task: ReportTask): string[] {
  const counted = report.settings.unparseable === 'disagreement';
  return (report.unparseableJudgeReplies ?? [])
    .filter((row) => row.task === task)
    .map(({ judge, count }) => {
      const one = count === 1;
      const fate = counted
        ? `${one ? 'counts' : 'count'} as a disagreement with every human label (the category unparseable, which no human gives)`
        : `${one ? 'is' : 'are'} left out`;
      return `${count.toLocaleString('en')} ${one ? 'reply' : 'replies'} of judge ${judge} could not be read and ${fate}.`;
    });
}

/**
 * Each judge against the one human rater the way TurtleBench scores it, beside the plain
 * three-way agreement on the same units; absent unless the report has it (turtlebench-scoring.ts).
 */
function turtleBenchTable(report: AgreementReport): LayoutTable | undefined {
  const scoring = report.turtleBench;
  if (scoring === undefined) return undefined;
  const cell = (share: number | null, count: number, n: number) => (share === null ? UNDEFINED : `${formatPercent(share)} (${count}/${n})`);
  return {
    id: 'turtlebench-answer',
    title: 'R: judges scored the TurtleBench way',
    caption: `Each judge against the labels of ${oneLine(annotatorName(report, scoring.annotator))}, the study's one human rater, in % of the units that rater labelled. TurtleBench accuracy: a human yes needs the judge's yes, any other human label accepts any other judge label. Three-way agreement: the same label. In both, a missing or unreadable judge label is wrong, whatever the report's setting for unparseable replies.`,
    columns: ['Judge', 'TurtleBench accuracy', 'Three-way agreement'],
    labelColumns: 1,
    rows: scoring.judges.map((row) => ({
      labels: [row.judge],
      ids: [row.judge],
      values: [cell(row.accuracy, row.correct, row.n), cell(row.agreement, row.agreements, row.n)],
    })),
    notes: [],
  };
}

function statisticsTable(report: AgreementReport, task: ReportTask): LayoutTable {
  const buckets = statisticsBuckets(report, task);
  return {
    id: `chance-${task}`,
    wide: true,
    title: `${TASK_LETTER[task]}: chance-corrected agreement`,
    caption: `Krippendorff's α (nominal)${buckets.some(([, stats]) => isSet(stats.krippendorffAlphaCi95)) ? ` with its ${coefficientIntervalMethod(report)}` : ''}, Fleiss' κ and Gwet's AC1 per bucket, with the observed and the chance (expected) agreement of each: every statistic is (observed − expected) / (1 − expected).`,
    columns: ['Bucket', 'Units', 'Pairable values', "Krippendorff's α (95% CI)", "Fleiss' κ", "Gwet's AC1", 'Observed (α / κ / AC1)', 'Expected (α / κ / AC1)'],
    labelColumns: 1,
    rows: buckets.map(([bucket, stats]) => {
      const expected = stats.expectedAgreement;
      const observed = observedByStatistic(stats);
      return {
        labels: [BUCKET_NAME[bucket]],
        values: [
          String(stats.units),
          String(stats.pairableValues),
          statisticWithInterval(stats.krippendorffAlpha, stats.krippendorffAlphaCi95),
          formatStatistic(stats.fleissKappa),
          formatStatistic(stats.gwetAC1),
          `${formatStatistic(observed.krippendorffAlpha)} / ${formatStatistic(observed.fleissKappa)} / ${formatStatistic(observed.gwetAC1)}`,
          `${formatStatistic(expected.krippendorffAlpha)} / ${formatStatistic(expected.fleissKappa)} / ${formatStatistic(expected.gwetAC1)}`,
        ],
      };
    }),
    notes:
      buckets.length === 0
        ? ['No unit of this task has a human label.']
        : [...buckets.flatMap(([bucket, stats]) => undefinedNote(BUCKET_NAME[bucket], stats.undefinedReasons)), ...statisticsReplicateNotes(report, task)],
    ...withWarnings(buckets.some(([, stats]) => isSet(stats.krippendorffAlphaCi95)) ? fewClustersWarnings(report, task) : []),
  };
}

/** A note per bucket whose alpha interval (the one the table shows) left out more than 5% of its replicates. */
function statisticsReplicateNotes(report: AgreementReport, task: ReportTask): string[] {
  return statisticsBuckets(report, task).flatMap(([bucket, stats]) => {
    const warning = undefinedReplicatesWarning(stats.undefinedReplicates?.krippendorffAlpha, report.settings.bootstrap, stats.krippendorffAlphaCi95);
    return warning === undefined ? [] : [`${TASK_LETTER[task]}, Krippendorff's α, ${BUCKET_NAME[bucket]}: ${warning}.`];
  });
}

/**
 * The observed agreement each statistic starts from: alpha's is 1 - Do over pairable values,
 * kappa's and AC1's Gwet's p_a. Reports written before alpha's was kept fall back to p_a.
 */
export function observedByStatistic(stats: ChanceCorrected): ChanceCorrected['expectedAgreement'] {
  const { observedAgreement } = stats;
  return stats.observedAgreementByStatistic ?? { krippendorffAlpha: observedAgreement, fleissKappa: observedAgreement, gwetAC1: observedAgreement };
}

/** How the notes name each figure the engine may leave undefined (the report's field names). */
const FIGURE_NAME: Readonly<Record<string, string>> = {
  krippendorffAlpha: "Krippendorff's α",
  fleissKappa: "Fleiss' κ",
  gwetAC1: "Gwet's AC1",
  observedAgreement: 'the observed agreement',
  krippendorffAlphaCi95: "the 95% CI of Krippendorff's α",
  fleissKappaCi95: "the 95% CI of Fleiss' κ",
  gwetAC1Ci95: "the 95% CI of Gwet's AC1",
  ordinalAlpha: 'ordinal α',
  intervalAlpha: 'interval α',
  ordinalAlphaCi95: 'the 95% CI of ordinal α',
  intervalAlphaCi95: 'the 95% CI of interval α',
};

/** Undefined figures that share a reason are named together, so a bucket gets one sentence however many figures it lacks. */
export function undefinedNote(subject: string, reasons: Readonly<Record<string, string>>): string[] {
  const byReason = new Map<string, string[]>();
  const order = Object.keys(FIGURE_NAME);
  const figures = Object.entries(reasons).sort(([x], [y]) => order.indexOf(x) - order.indexOf(y));
  for (const [figure, reason] of figures) {
    // An interval of an undefined statistic is undefined for the same reason: naming it again says nothing.
    if (figure.endsWith('Ci95') && reasons[figure.slice(0, -'Ci95'.length)] !== undefined) continue;
    byReason.set(reason, [...(byReason.get(reason) ?? []), FIGURE_NAME[figure] ?? figure]);
  }
  if (byReason.size === 0) return [];
  const clauses = [...byReason].map(([reason, figures]) => `${listText(figures)} ${figures.length === 1 ? 'is' : 'are'} undefined (${reason})`);
  return [`${subject}: ${clauses.join('; ')}.`];
}

/** `a`, `a and b`, `a, b and c` (or `or`). */
function listText(items: readonly string[], conjunction = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] ?? ''}`;
}

/** Krippendorff's alpha of the difficulty ratings, when the report has them. */
function difficultyTable(report: AgreementReport): LayoutTable | undefined {
  const difficulty = report.statistics.difficulty;
  if (difficulty === undefined) return undefined;
  return {
    id: 'difficulty-alpha',
    title: 'Difficulty ratings: chance-corrected agreement',
    caption: `Krippendorff's α of the human difficulty ratings (1 to 9), ordinal and interval${isSet(difficulty.ordinalAlphaCi95) || isSet(difficulty.intervalAlphaCi95) ? `, with 95% ${difficulty.ci95Method === 'studentized' ? 'studentized' : 'percentile'} bootstrap CIs over puzzles (B = ${report.settings.bootstrap}, seed ${report.settings.seed})` : ''}.`,
    columns: ['Ratings', 'Ordinal α (95% CI)', 'Interval α (95% CI)'],
    labelColumns: 0,
    rows: [
      {
        labels: [],
        values: [
          String(difficulty.ratings),
          statisticWithInterval(difficulty.ordinalAlpha, difficulty.ordinalAlphaCi95),
          statisticWithInterval(difficulty.intervalAlpha, difficulty.intervalAlphaCi95),
        ],
      },
    ],
    notes: [...undefinedNote('Difficulty ratings', difficulty.undefinedReasons), ...difficultyReplicateNotes(report)],
  };
}

function difficultyReplicateNotes(report: AgreementReport): string[] {
  const difficulty = report.statistics.difficulty;
  return (['ordinalAlpha', 'intervalAlpha'] as const).flatMap((figure) => {
    const warning = undefinedReplicatesWarning(difficulty?.undefinedReplicates?.[figure], report.settings.bootstrap, difficulty?.[`${figure}Ci95`]);
    return warning === undefined ? [] : [`Difficulty ratings, ${FIGURE_NAME[figure] ?? figure}: ${warning}.`];
  });
}

/**
 * Every interval warning of the report (more than 5% of its replicates undefined, then too few
 * puzzles), in table order: the tables show each under its table, the CSV lists them in its comment.
 */
export function replicateWarnings(report: AgreementReport, value: (text: string) => string = (text) => text): string[] {
  return [
    ...TASK_ORDER.flatMap((task) => agreementReplicateNotes(report, task, value)),
    ...TASK_ORDER.flatMap((task) => statisticsReplicateNotes(report, task)),
    ...(report.statistics.difficulty === undefined ? [] : difficultyReplicateNotes(report)),
    ...TASK_ORDER.flatMap((task) => fewClustersWarnings(report, task)),
  ];
}

const ANNOTATOR_TASK_NAME: Record<ReportTask | 'difficulty', string> = { match: 'M (final answers)', answer: 'R (questions)', difficulty: 'Difficulty' };

function annotatorTable(report: AgreementReport): LayoutTable {
  const { tasks, annotators } = annotatorGrid(report);
  return {
    id: 'annotators',
    title: 'Per-annotator reliability',
    caption:
      'Agreement in % of each annotator with the majority label of the other annotators, on every unit another annotator labelled too (the exact level for difficulty), with n. Where the others tie between k labels, a label among them counts 1/k.',
    columns: ['Annotator', ...tasks.map((task) => ANNOTATOR_TASK_NAME[task])],
    labelColumns: 1,
    rows: annotators.map((annotator) => ({
      labels: [annotatorName(report, annotator)],
      values: tasks.map((task) => {
        const row = report.annotators.find((r) => r.annotator === annotator && r.task === task);
        return row === undefined || row.agreement === null ? UNDEFINED : `${formatPercent(row.agreement)} (n=${row.n})`;
      }),
    })),
    notes: annotatorTieNotes(report),
  };
}

/** How many of each annotator's units the others tied on, so a share-counted figure is never silent. */
function annotatorTieNotes(report: AgreementReport): string[] {
  const tied = report.annotators.filter((row) => row.ties !== undefined && row.ties > 0);
  if (tied.length === 0) return [];
  const list = tied.map((row) => `${annotatorName(report, row.annotator)} ${ANNOTATOR_TASK_NAME[row.task].split(' ')[0]} ${row.ties}`).join(', ');
  return [`Units of n where the other annotators tied: ${list}.`];
}

const VERDICTS_GROUP: Record<PlayerOutcome['verdicts'], string> = { judge: "Judge's verdicts", human: 'Human majority verdicts' };

/**
 * One row per player and bucket, the judge's verdicts beside the humans': the comparison the
 * table is for reads across a row, and ten columns fit a page where a column group per bucket
 * (twenty and more) would not.
 */
function playerTable(report: AgreementReport): LayoutTable {
  const { rows, buckets } = playerGrid(report);
  const outcomes = report.players.outcomes;
  const players = [...new Set(rows.map((row) => row.player))];
  const sources = (['judge', 'human'] as const).filter((verdicts) => rows.some((row) => row.verdicts === verdicts));
  return {
    id: 'players',
    wide: true,
    title: 'Player outcomes under judge and human verdicts',
    caption:
      "Acc: % of sessions solved; Rnd: mean rounds (max rounds when unsolved); O/A: (1/N) Σ I(solved)/Rnd × 100; n: the sessions N all three are computed on. Under the judge's verdicts and under the human majority verdicts on final answers.",
    groups: [{ label: '', span: 2 }, ...sources.map((verdicts) => ({ label: VERDICTS_GROUP[verdicts], span: 4 }))],
    columns: ['Player', 'Bucket', ...sources.flatMap(() => ['Acc', 'Rnd', 'O/A', 'n'])],
    labelColumns: 2,
    rows: players.flatMap((player) =>
      buckets.map((bucket) => ({
        labels: [player, BUCKET_NAME[bucket]],
        ids: [player, bucket],
        values: sources.flatMap((verdicts) => {
          const outcome = outcomes.find((o) => o.player === player && o.verdicts === verdicts && o.bucket === bucket);
          return [formatPercent(outcome?.acc), formatStatistic(outcome?.rnd, 1), formatStatistic(outcome?.oa, 2), String(outcome?.sessions ?? 0)];
        }),
      })),
    ),
    notes: playerNotes(report),
  };
}

/** Why the player table has no Acc, Rnd or O/A at all (no session has a final answer); undefined when it has them. */
export function playerOutcomesUndefined(outcomes: readonly PlayerOutcome[]): string | undefined {
  return outcomes.length > 0 && outcomes.every((o) => o.undefinedReasons !== undefined) ? outcomes[0]?.undefinedReasons?.acc : undefined;
}

/** The player table's notes: why it has no figures, if so, then the sessions left out and the rankings. */
function playerNotes(report: AgreementReport): string[] {
  const none = playerOutcomesUndefined(report.players.outcomes);
  if (none !== undefined) return [`No Acc, Rnd or O/A: ${none}.`];
  const leftOut = report.players.outcomes
    .filter((o) => o.bucket === 'all' && (o.sessionsWithoutVerdict ?? 0) > 0)
    .map((o) => `${o.player} under ${o.verdicts} verdicts ${o.sessionsWithoutVerdict ?? 0}`);
  const ranking = report.players.ranking;
  return [
    ...(leftOut.length > 0
      ? [`Sessions left out because a final answer has no verdict (no strict human majority, or no judge label): ${leftOut.join('; ')}.`]
      : []),
    ...(ranking === null ? [] : rankingNotes(ranking)),
  ];
}

function rankingNotes(ranking: RankingComparison): string[] {
  const caveat = fewPlayersCaveat(ranking.judgeRanking.length);
  return [
    `Ranking by O/A on all buckets, best first. Judge verdicts: ${ranking.judgeRanking.join(' > ')}. Human verdicts: ${ranking.humanRanking.join(' > ')}.`,
    rankingBasis(ranking),
    `Kendall's tau-b ${formatStatistic(ranking.kendallTauB)} (permutation p ${formatStatistic(ranking.permutationP)}); rank-biased overlap (p = 0.9) ${formatStatistic(ranking.rankBiasedOverlap)}.`,
    ...(caveat === undefined ? [] : [caveat]),
  ];
}

/** Which sessions the two rankings are computed on: the same ones, those with a verdict under both sources. */
export function rankingBasis(ranking: RankingComparison): string {
  const sessions = ranking.sessions;
  const both = 'Both rankings are computed on the same sessions: those with a verdict under both the judge and the human majority';
  if (sessions === undefined) return `${both}.`;
  return `${both} (${ranking.judgeRanking.map((player) => `${player} ${sessions[player] ?? 0}`).join(', ')}).`;
}

/** Below this many players tau-b has too few possible values, and its permutation p too high a floor, to tell anything. */
const INFORMATIVE_PLAYERS = 5;

/**
 * Why tau-b and its p say nothing with few players: n untied players give tau-b only the values
 * 1 - 4D / (n(n - 1)) for D = 0..n(n - 1)/2 discordant pairs, and the exact two-sided p is at
 * least 2/n! (only the identical and the reversed ordering reach |tau-b| = 1).
 */
export function fewPlayersCaveat(players: number): string | undefined {
  if (players >= INFORMATIVE_PLAYERS) return undefined;
  const pairs = (players * (players - 1)) / 2;
  const values: string[] = [];
  for (let concordantMinusDiscordant = pairs; concordantMinusDiscordant >= 0; concordantMinusDiscordant -= 2)
    values.push(plusMinusFraction(concordantMinusDiscordant, pairs));
  let orderings = 1;
  for (let i = 2; i <= players; i++) orderings *= i;
  const floor = plusMinusFraction(2, orderings).replace('±', '');
  return `With only ${players} players, Kendall's tau-b can only be ${listText(values, 'or')} and the permutation p is never below ${floor}, so neither can be informative; at least ${INFORMATIVE_PLAYERS} players are needed.`;
}

/** `±1`, `±1/3`, `0`: a fraction in lowest terms with the sign of a symmetric value. */
function plusMinusFraction(numerator: number, denominator: number): string {
  if (numerator === 0) return '0';
  let a = numerator;
  let b = denominator;
  while (b !== 0) [a, b] = [b, a % b];
  const top = numerator / a;
  const bottom = denominator / a;
  return bottom === 1 ? `±${top}` : `±${top}/${bottom}`;
}

/** Every table of the report, in reading order. */
export function reportTables(report: AgreementReport): LayoutTable[] {
  const difficulty = difficultyTable(report);
  const turtleBench = turtleBenchTable(report);
  return [
    ...TASK_ORDER.map((task) => agreementTable(report, task)),
    ...(turtleBench === undefined ? [] : [turtleBench]),
    ...TASK_ORDER.map((task) => statisticsTable(report, task)),
    ...(difficulty === undefined ? [] : [difficulty]),
    ...(report.annotators.length > 0 ? [annotatorTable(report)] : []),
    ...(report.players.outcomes.length > 0 ? [playerTable(report)] : []),
  ];
}

/**
 * Where the figures came from, one fact a line: app, study, every input with its SHA-256, how
 * imported judge labels were made when the source said (majorities of k samples), and the
 * settings. `value` rewrites each value that comes from the inputs (the CSV percent-encodes
 * them); control characters (a line break in a study name) become spaces, so a line stays one
 * line inside a LaTeX or CSV comment.
 */
export function provenanceLines(report: AgreementReport, value: (text: string) => string = (text) => text): string[] {
  const { bootstrap, seed, average, goldLabels, resample } = report.settings;
  return [
    `${value(report.app)}, agreement report generated ${value(report.generatedAt)}`,
    `study: ${value(report.study.name)} (id ${value(report.study.id)})`,
    ...report.inputs.map((input) => `input: ${value(input.file)} sha256 ${value(input.sha256)}`),
    ...(report.judgeSamples ?? []).map((row) => `judge labels: ${judgeSamplesText(row, value)}`),
    ...(report.settings.modelFamilies === undefined
      ? []
      : [
          `model families given by the lead: ${Object.entries(report.settings.modelFamilies)
            .map(([model, family]) => `${value(model)} ${value(family)}`)
            .join('; ')}`,
        ]),
    `settings: bootstrap ${bootstrap}, seed ${seed}, average ${average}, ${unsureSetting(report.settings)}${unparseableMatters(report) ? `, ${unparseableSetting(report)}` : ''}${goldLabels !== undefined ? `, ${goldLabels} gold labels as the rater group gold` : ''}${resample === undefined ? '' : `, resampling ${resample}`}${report.settings.pairedTest === undefined ? '' : `, paired tests ${report.settings.pairedTest}`}${report.settings.judgeSplit === undefined ? '' : `, ${judgeSplitText(report.settings.judgeSplit)}`}`,
  ].map(oneLine);
}

/** How a judge's imported labels were made: `judge:m imported as the majority of 3 samples each (config.yaml: game.judge_times)`. */
export function judgeSamplesText({ judge, samples, source }: JudgeSamples, value: (text: string) => string = (text) => text): string {
  return `judge:${value(judge)} imported as ${samples === 1 ? 'one sample each' : `the majority of ${samples} samples each`} (${value(source)})`;
}

/** Whether labels marked unsure were counted, in words: `unsure labels counted` or `unsure labels left out (12)`. */
export function unsureSetting({ unsureLabels, unsureLabelsLeftOut, conflictingLabelsLeftOut }: AgreementReport['settings']): string {
  const unsure = unsureLabels === 'left-out' ? `unsure labels left out (${unsureLabelsLeftOut ?? 0})` : 'unsure labels counted';
  // Counted apart: a unit an annotator's devices disagree on has no label of theirs until they choose.
  return conflictingLabelsLeftOut !== undefined
    ? `${unsure}, labels in conflict between an annotator's devices left out (${conflictingLabelsLeftOut})`
    : unsure;
}

/** The study's judge split in words: `judge split seed 34 (examples 15%, development 45%, test 40% of the puzzles)`. */
export function judgeSplitText({ seed, shares }: ReportJudgeSplit): string {
  const share = (part: JudgeSplitPart) => `${part} ${Number((shares[part] * 100).toPrecision(6))}%`;
  return `judge split seed ${seed} (${JUDGE_SPLIT_PARTS.map(share).join(', ')} of the puzzles)`;
}

/** Whether the unparseable setting is worth a word: the report has unparseable replies, or counts them as disagreements. */
export function unparseableMatters(report: AgreementReport): boolean {
  return report.settings.unparseable === 'disagreement' || (report.unparseableJudgeReplies ?? []).length > 0;
}

/** What unparseable judge replies meant for the figures, with how many: `unparseable judge replies left out (8)`. */
export function unparseableSetting(report: AgreementReport): string {
  const count = (report.unparseableJudgeReplies ?? []).reduce((sum, row) => sum + row.count, 0);
  return `unparseable judge replies ${report.settings.unparseable === 'disagreement' ? 'counted as disagreements' : 'left out'} (${count})`;
}

/** Text from the inputs on one line: every control character becomes a space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}
