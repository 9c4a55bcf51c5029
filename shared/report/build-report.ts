// Builds the agreement report (docs/formats.md#report) of a study, its human labels and optionally the lead's
// gold labels: every figure of SPEC §4 per task and difficulty bucket. Pure and deterministic: the
// same input and seed give the same report (seeded PRNG); the clock comes in as `now`.

import type { Bucket } from '../domain/difficulty';
import { UNPARSEABLE, type JudgeSplitSetting, type StudyData, type UnparseableReplies } from '../domain/model';
import { keptPicks, runReplicateJobs, type BootstrapOptions, type BootstrapPlan, type ReplicateJob } from '../stats/bootstrap';
import { agreementRowsPlan, judgeGroup } from '../stats/study/agreement';
import { annotatorReliability, difficultyAnnotatorReliability } from '../stats/study/annotator-reliability';
import { chanceCorrectedPlan, difficultyStatisticsPlan } from '../stats/study/chance-corrected';
import { confusionMatrix } from '../stats/study/confusion';
import { SELECTIVE_AGREEMENT, SELECTIVE_RISK } from '../stats/study/judge-selective';
import { HUMAN_MAJORITY, pairwiseKappas } from '../stats/study/pairwise';
import { compareRankings, playerOutcomes, sessionGames } from '../stats/study/player-outcomes';
import { CHECKED_CLUSTERS, resamplingClusters } from '../stats/study/resampling';
import { setAwarePlan } from '../stats/study/set-aware';
import { inLabelOrder, inStudyOrder } from '../stats/study/study-order';
import { turtleBenchScoring } from '../stats/study/turtlebench-scoring';
import { indexStudy, type StudyGoldLabel, type StudyLabel, type StudyUnits, type TaskUnit } from '../stats/study/study-units';
import {
  REPORT_FORMAT,
  type AgreementReport,
  type AgreementRow,
  type ChanceCorrected,
  type ConfusionMatrix,
  type FewClusters,
  type JudgeRunOrigin,
  type PairKappa,
  type ReportBucket,
  type ReportTask,
  type PairedTest,
  type Resampling,
  type UnparseableCount,
} from './model/report-model';
import { estimatedTruthSection } from './estimated-truth-section';
import { heldOutVerdict, partInput, reportJudgeSplit } from './held-out-section';
import { judgesSectionPlan } from './judges-section';
import type { HeldOutVerdict } from './model/held-out-model';
import type { EstimatedTruthSection, TruthRaters } from './model/estimated-truth';
import { countedLabels, type UnsureLabels } from './unsure-labels';

export interface ReportSettings {
  /** Bootstrap replicates B for every interval; 0 gives no intervals. */
  bootstrap: number;
  /** Seed of every bootstrap and of the ranking permutation test. */
  seed: number;
  /** Which raw-agreement average the renderings lead with; the report holds both. */
  average: 'micro' | 'macro';
  /** Labels marked unsure: counted like any other (default) or left out of every figure. */
  unsure?: UnsureLabels;
  /** Unparseable judge replies: left out of every figure (default) or counted as a disagreement (the study's setting). */
  unparseable?: UnparseableReplies;
  /** What every bootstrap replicate draws: whole puzzles (default) or single units. */
  resample?: Resampling;
  /** The test of the paired comparisons: the studentized bootstrap that agrees with the intervals (default), or the exact McNemar test for units that are independent. */
  pairedTest?: PairedTest;
  /** The Alt-Test's epsilon (ALT_TEST_EPSILON: 0.2 expert, 0.15 skilled, 0.1 crowd annotators); default 0.2. */
  altTestEpsilon?: number;
  /** The lead's model families by model name (the study's), before those read from the names: the own-family check. */
  modelFamilies?: Readonly<Record<string, string>>;
  /** Selective evaluation's target: the agreement with people a judge's kept labels must reach (1 - alpha; default SELECTIVE_AGREEMENT, 0.9)... */
  selectiveAgreement?: number;
  /** ...held with at most this chance of failing (delta; default SELECTIVE_RISK, 0.1). */
  selectiveRisk?: number;
  /** Estimate the truth with Dawid-Skene and MACE (issue 33), from these raters; absent: no such section (its refits cost seconds). */
  estimatedTruth?: TruthRaters;
}

export interface ReportInput {
  study: StudyData;
  /**
   * Human labels. Labels on units the study does not have, of a task their unit does not take,
   * or with a value the task does not allow are ignored here (the command line and the import
   * reject them before); of two labels by one annotator on one unit the later one counts.
   */
  labels: readonly StudyLabel[];
  /**
   * The lead's gold labels, one per unit (the later one counts). When a unit of a task has one,
   * that task's tables and pairwise figures gain the rater group `gold`, compared like a judge
   * model (see RaterGroup in report-model.ts). Absent or empty: the report has no trace of gold.
   */
  gold?: readonly StudyGoldLabel[];
  settings: ReportSettings;
  /** Annotator id -> display name; an annotator without one is named by id. */
  annotatorNames?: Readonly<Record<string, string>>;
  /** Labels left out before the report because two devices of their annotator disagree on the unit (a team server's open conflict). */
  conflictingLabels?: number;
  inputs: Array<{ file: string; sha256: string }>;
  app: string;
  now: string;
  /** What produced the judges' labels where a run of the app did (its latest finished run per judge): shown on their fitness cards. */
  judgeRuns?: readonly JudgeRunOrigin[];
  /** Called before each phase with the phases done so far, and once more when all are done. */
  onProgress?: (label: string, done: number, total: number) => void;
}

/**
 * The report. Records and labels are read in study order (study-order.ts), so the report does
 * not depend on the order they came in: the command line (file order) and the app (database
 * order) give the same report for the same study and labels.
 */
export function buildReport(input: ReportInput): AgreementReport {
  const { settings } = input;
  const prepared = prepare(input);
  const split = heldOutSplit(input);
  // Per task its tables and statistics, its pairwise figures; the difficulty, the annotators, the
  // player outcomes and the judges; the bootstrap's steps; the figures of its replicates; each part
  // of a held-out verdict.
  const total = REPORT_TASKS.length * 2 + 4 + BOOTSTRAP_STEPS + 1 + (split === undefined ? 0 : HELD_OUT_PARTS.length);
  let done = 0;
  const phase = (label: string) => input.onProgress?.(label, done++, total);
  const figures = figuresPlan(input, prepared, phase);
  const judges = judgesPlan(prepared, figures.pairwise, input.judgeRuns ?? [], phase);
  const setAware = setAwareSectionPlan(prepared);
  // Every figure's replicates in one run: the tables', the statistics' and the judges' on a
  // bucket's puzzles, and the difficulty's on every puzzle, share the generator's passes.
  let step = 0;
  const stepTo = (share: number) => {
    for (; step < BOOTSTRAP_STEPS && step / BOOTSTRAP_STEPS <= share; step++) phase(`Bootstrap intervals (${step + 1} of ${BOOTSTRAP_STEPS})`);
  };
  runReplicateJobs([...figures.jobs, ...judges.jobs, ...(setAware?.jobs ?? [])], prepared.bootstrap, (_, { done: drawn, total: draws }) =>
    stepTo(drawn / draws),
  );
  stepTo(1);
  phase('Intervals, tests and fitness cards');
  const report = figures.result();
  const judged = judges.result(report);
  const heldOut = split === undefined ? undefined : heldOutOf(input, split, phase);
  // Every figure is computed, but the app still has to receive and draw them: this is no "ready" yet.
  input.onProgress?.('Laying out the report', total, total);
  const assembled = assembleReport(report, judged);
  const withSets = setAware === undefined ? assembled : { ...assembled, setAware: setAware.result() };
  const withTruth = settings.estimatedTruth === undefined ? withSets : { ...withSets, estimatedTruth: truthOf(prepared, settings.estimatedTruth) };
  return heldOut === undefined ? withTruth : { ...withTruth, heldOut };
}

/** The study's judge split when some judge was run on its test split: the report then holds the held-out verdict. */
function heldOutSplit(input: ReportInput): JudgeSplitSetting | undefined {
  const split = input.study.study.judgeSplit;
  return split !== undefined && split.testRuns.length > 0 ? split : undefined;
}

/** The parts a held-out verdict compares, each a report of its own. */
const HELD_OUT_PARTS = ['development', 'test'] as const;

/**
 * The held-out verdict, each part's figures from this function on the study narrowed to the part's
 * puzzles (partInput): the same settings, units, buckets, bootstrap and intervals as the main
 * tables and Judges section, so the development and test columns rest on their assumptions, and
 * the part's study carries no split, so its report holds no verdict.
 */
function heldOutOf(input: ReportInput, split: JudgeSplitSetting, phase: (label: string) => void): HeldOutVerdict {
  const partReport = (part: (typeof HELD_OUT_PARTS)[number]) => {
    phase(`Held-out verdict: the ${part} part`);
    return buildReport(partInput(input, split, part));
  };
  return heldOutVerdict(input, split, partReport('development'), partReport('test'));
}

/**
 * The "Estimated truth" section alone, as buildReport with the same input would add it, its
 * progress to `input.onProgress`: the app computes it after the report shows.
 */
export function buildEstimatedTruth(input: ReportInput, raters: TruthRaters): EstimatedTruthSection {
  return truthOf(prepare(input), raters, input.onProgress);
}

function truthOf({ units, buckets, bootstrap }: Prepared, raters: TruthRaters, onProgress?: ReportInput['onProgress']): EstimatedTruthSection {
  return estimatedTruthSection(units, buckets, raters, bootstrap, onProgress);
}

/** The answer task forced choice beside set-aware, still to be bootstrapped; none, without a look at the units, when no label holds a set (set-aware.ts). */
function setAwareSectionPlan({ units, buckets, bootstrap, resample }: Prepared) {
  if (units.withSets === undefined) return undefined;
  return setAwarePlan(units.units.answer, units.judges.answer, units.categories.answer, buckets.answer, bootstrap, resample);
}

/** The bootstrap's share of the report's progress, in steps of its draws. */
const BOOTSTRAP_STEPS = 10;

/** The report but its player outcomes and judges section. */
type ReportFigures = Omit<AgreementReport, 'players' | 'judges'>;

/** The report's player outcomes and judges section (none when no judge labelled a unit people labelled). */
interface ReportJudges {
  players: AgreementReport['players'];
  judges?: AgreementReport['judges'];
}

/** The report of its two parts, its fields in the order buildReport always wrote them. */
function assembleReport(report: ReportFigures, { players, judges }: ReportJudges): AgreementReport {
  const { annotatorNames, unparseableJudgeReplies, turtleBench, fewClusters: few, ...before } = report;
  return {
    ...before,
    players,
    annotatorNames,
    ...(unparseableJudgeReplies === undefined ? {} : { unparseableJudgeReplies }),
    ...(turtleBench === undefined ? {} : { turtleBench }),
    ...(judges === undefined ? {} : { judges }),
    ...(few === undefined ? {} : { fewClusters: few }),
  };
}

/**
 * The report but its player outcomes and judges, still to be bootstrapped: the figures without a
 * bootstrap are made here (each task's pairwise figures too, which the judges compare with).
 */
function figuresPlan(
  input: ReportInput,
  prepared: Prepared,
  phase: (label: string) => void,
): { jobs: ReplicateJob[]; pairwise: Record<ReportTask, PairKappa[]>; result(): ReportFigures } {
  const { settings, bootstrap, study, unsure, ordered, labels, unparseable, resample, units, buckets, unitsInBucket } = prepared;
  const answerPlan = taskFiguresPlan(units, 'answer', buckets.answer, unitsInBucket.answer, { ...bootstrap, resample }, phase, unparseable);
  const matchPlan = taskFiguresPlan(units, 'match', buckets.match, unitsInBucket.match, { ...bootstrap, resample }, phase, unparseable);

  phase('Difficulty: chance-corrected agreement');
  const difficultyPlan = difficultyStatisticsPlan(units.difficultyRatings, bootstrap);
  phase('Per-annotator reliability');
  const annotators = [
    ...annotatorReliability('answer', units.units.answer),
    ...annotatorReliability('match', units.units.match),
    ...difficultyAnnotatorReliability(units.difficultyRatings),
  ];

  const report = (): ReportFigures => {
    const answer = answerPlan.result();
    const match = matchPlan.result();
    return {
      format: REPORT_FORMAT,
      app: input.app,
      generatedAt: input.now,
      study: { id: study.study.id, name: study.study.name },
      ...(study.study.judgeSamples !== undefined && study.study.judgeSamples.length > 0 ? { judgeSamples: study.study.judgeSamples } : {}),
      inputs: input.inputs.map(({ file, sha256 }) => ({ file, sha256 })),
      settings: {
        bootstrap: settings.bootstrap,
        seed: settings.seed,
        average: settings.average,
        unsureLabels: unsure,
        ...(unsure === 'left-out' ? { unsureLabelsLeftOut: ordered.length - labels.length } : {}),
        ...(input.conflictingLabels !== undefined && input.conflictingLabels > 0 ? { conflictingLabelsLeftOut: input.conflictingLabels } : {}),
        unparseable,
        ...goldSetting(units),
        resample,
        pairedTest: pairedTestOf(settings),
        ...(settings.modelFamilies !== undefined && Object.keys(settings.modelFamilies).length > 0 ? { modelFamilies: { ...settings.modelFamilies } } : {}),
        ...(study.study.judgeSplit === undefined ? {} : { judgeSplit: reportJudgeSplit(study.study.judgeSplit) }),
      },
      tables: { answer: answer.table, match: match.table },
      statistics: { answer: answer.statistics, match: match.statistics, difficulty: difficultyPlan.result() },
      pairwise: { answer: answerPlan.pairwise, match: matchPlan.pairwise },
      confusion: [...answerPlan.confusion, ...matchPlan.confusion],
      annotators,
      difficulty: units.difficulty,
      annotatorNames: namesOf(ordered, input.annotatorNames ?? {}),
      ...unparseableSetting(units),
      ...turtleBenchSetting(units),
      ...(settings.bootstrap > 0 ? { fewClusters: fewClusters(unitsInBucket, buckets, resample) } : {}),
    };
  };
  return {
    jobs: [...answerPlan.jobs, ...matchPlan.jobs, ...difficultyPlan.jobs],
    pairwise: { answer: answerPlan.pairwise, match: matchPlan.pairwise },
    result: report,
  };
}

/** The report's player outcomes, and its judges section still to be bootstrapped (none when no judge labelled a unit people labelled). */
function judgesPlan(
  prepared: Prepared,
  pairwise: Record<ReportTask, readonly PairKappa[]>,
  runs: readonly JudgeRunOrigin[],
  phase: (label: string) => void,
): { jobs: ReplicateJob[]; result(report: ReportFigures): ReportJudges } {
  const { settings, bootstrap, study, resample, units, buckets } = prepared;
  phase('Player outcomes');
  const games = sessionGames(study, units);
  const playerBuckets = reportBuckets(games.map((game) => game.bucket));
  const players = { outcomes: playerOutcomes(games, playerBuckets), ranking: compareRankings(games, settings.seed) };
  phase('Judges');
  const section = judgesSectionPlan(study, units, buckets, playerBuckets, pairwise, runs, {
    resample,
    pairedTest: pairedTestOf(settings),
    altTestEpsilon: settings.altTestEpsilon,
    selective: { agreement: settings.selectiveAgreement ?? SELECTIVE_AGREEMENT, risk: settings.selectiveRisk ?? SELECTIVE_RISK },
    ...(settings.modelFamilies === undefined ? {} : { modelFamilies: settings.modelFamilies }),
    bootstrap,
  });
  if (section === undefined) return { jobs: [], result: () => ({ players }) };
  return {
    jobs: section.jobs,
    result: (report) => ({ players, judges: section.result({ tables: report.tables, statistics: report.statistics, annotators: report.annotators }) }),
  };
}

type Prepared = ReturnType<typeof prepare>;

/** What both parts of the report start from: the settings checked, the study and labels in study order, the units indexed. */
function prepare(input: ReportInput) {
  const { settings } = input;
  if (!Number.isSafeInteger(settings.bootstrap) || settings.bootstrap < 0)
    throw new RangeError(`bootstrap must be a whole number of at least 0, not ${settings.bootstrap}`);
  if (!Number.isSafeInteger(settings.seed)) throw new RangeError(`seed must be a whole number, not ${settings.seed}`);
  if (settings.altTestEpsilon !== undefined && !(settings.altTestEpsilon >= 0 && settings.altTestEpsilon < 1))
    throw new RangeError(`the Alt-Test's epsilon must be from 0 up to but not including 1, not ${settings.altTestEpsilon}`);
  for (const [name, value] of [
    ["selective evaluation's target agreement", settings.selectiveAgreement],
    ["selective evaluation's risk", settings.selectiveRisk],
  ] as const)
    if (value !== undefined && !(value > 0 && value < 1)) throw new RangeError(`${name} must be more than 0 and less than 1, not ${value}`);
  // One store of picks for the whole report: its figures draw the same numbers of puzzles again and again.
  const bootstrap: BootstrapOptions = { replicates: settings.bootstrap, seed: settings.seed, picks: keptPicks() };
  const study = inStudyOrder(input.study);
  const unsure = settings.unsure ?? 'counted';
  const ordered = inLabelOrder(input.labels);
  const labels = countedLabels(ordered, unsure);
  const unparseable = settings.unparseable ?? 'left-out';
  const resample = settings.resample ?? 'puzzles';
  if (resample !== 'puzzles' && resample !== 'units') throw new RangeError(`resample must be puzzles or units, not ${String(resample)}`);
  pairedTestOf(settings);
  const units = indexStudy(study, labels, input.gold ?? [], unparseable);
  const buckets: Record<ReportTask, ReportBucket[]> = {
    answer: reportBuckets(units.units.answer.map((unit) => unit.bucket)),
    match: reportBuckets(units.units.match.map((unit) => unit.bucket)),
  };
  // Each bucket's units, in study order, sorted out once for the figures that take one bucket at a time.
  const unitsInBucket = { answer: unitsByBucket(units.units.answer), match: unitsByBucket(units.units.match) };
  return { settings, bootstrap, study, unsure, ordered, labels, unparseable, resample, units, buckets, unitsInBucket };
}

function pairedTestOf(settings: ReportSettings): PairedTest {
  const pairedTest = settings.pairedTest ?? 'bootstrap-t';
  if (pairedTest !== 'bootstrap-t' && pairedTest !== 'exact-mcnemar')
    throw new RangeError(`the paired test must be bootstrap-t or exact-mcnemar, not ${String(pairedTest)}`);
  return pairedTest;
}

/** Each task's buckets whose units fall in at least one but fewer than CHECKED_CLUSTERS clusters (what a replicate draws). */
function fewClusters(unitsInBucket: Record<ReportTask, UnitsByBucket>, buckets: Record<ReportTask, ReportBucket[]>, resample: Resampling): FewClusters {
  const few = REPORT_TASKS.flatMap((task) =>
    buckets[task].flatMap((bucket) => {
      const { clusters } = resamplingClusters(unitsInBucket[task](bucket), resample);
      return clusters > 0 && clusters < CHECKED_CLUSTERS ? [{ task, bucket, clusters }] : [];
    }),
  );
  return { threshold: CHECKED_CLUSTERS, buckets: few };
}

/** TurtleBench's scoring of the answer task, when the study has its shape; every judge, even one none of whose replies could be read. */
function turtleBenchSetting(units: StudyUnits): Pick<AgreementReport, 'turtleBench'> {
  const judges = [...new Set([...units.judges.answer, ...units.unparseable.answer.keys()])];
  const turtleBench = turtleBenchScoring(units.units.answer, judges);
  return turtleBench === undefined ? {} : { turtleBench };
}

/** The unparseable judge replies per task and judge, in judge order; nothing when there are none. */
function unparseableSetting(units: StudyUnits): Pick<AgreementReport, 'unparseableJudgeReplies'> {
  const counts: UnparseableCount[] = (['answer', 'match'] as const).flatMap((task) =>
    [...units.unparseable[task]].map(([judge, count]) => ({ task, judge, count })),
  );
  return counts.length > 0 ? { unparseableJudgeReplies: counts } : {};
}

/** The display name of every annotator with a label, in id order, so the app and the command line write the same object. */
function namesOf(labels: readonly StudyLabel[], names: Readonly<Record<string, string>>): Record<string, string> {
  const ids = [...new Set(labels.map((label) => label.annotatorId))].sort();
  return Object.fromEntries(ids.map((id) => [id, Object.hasOwn(names, id) ? (names[id] as string) : id]));
}

/** The tasks of the report tables, in the order they are computed. */
const REPORT_TASKS: readonly ReportTask[] = ['answer', 'match'];

const TASK_PHASE: Record<ReportTask, string> = { answer: 'R (questions)', match: 'M (final answers)' };

/** A task's figures still to be bootstrapped (its table and each bucket's statistics), and those without a bootstrap. */
interface TaskFiguresPlan {
  jobs: ReplicateJob[];
  pairwise: PairKappa[];
  confusion: ConfusionMatrix[];
  result(): { table: AgreementRow[]; statistics: Partial<Record<ReportBucket, ChanceCorrected>> };
}

function taskFiguresPlan(
  units: StudyUnits,
  task: ReportTask,
  buckets: readonly ReportBucket[],
  inBucket: UnitsByBucket,
  { resample, ...bootstrap }: BootstrapOptions & { resample: Resampling },
  phase: (label: string) => void,
  unparseable: UnparseableReplies,
): TaskFiguresPlan {
  const taskUnits = units.units[task];
  const judges = units.judges[task];
  const categories = units.categories[task];
  // Counted as a disagreement, `unparseable` is a judge category of its own: a row of the confusion
  // matrices (its column stays empty, no human gives it). The chance-corrected statistics are the
  // humans' own and keep the scheme's categories.
  const judgeCategories = unparseable === 'disagreement' && units.unparseable[task].size > 0 ? [...categories, UNPARSEABLE] : categories;
  // Gold is a rater of the task only where the lead adjudicated one of its units.
  const gold = taskUnits.some((unit) => unit.gold !== undefined);
  phase(`${TASK_PHASE[task]}: agreement tables and chance-corrected agreement`);
  const tablePlan = agreementRowsPlan(taskUnits, judges, buckets, bootstrap, gold, resample);
  const statisticsPlans = buckets.map((bucket) => chanceCorrectedPlan(inBucket(bucket), categories, bootstrap, resample));
  phase(`${TASK_PHASE[task]}: Cohen's kappa and confusion matrices`);
  const pairwise = pairwiseKappas(taskUnits, judges, gold);
  const confusion = judges.map((judge) => {
    const kappa = pairwise.find((pair) => pair.a === judgeGroup(judge) && pair.b === HUMAN_MAJORITY)?.cohenKappa ?? null;
    return confusionMatrix(task, judge, taskUnits, judgeCategories, kappa);
  });
  return {
    jobs: [...tablePlan.jobs, ...statisticsPlans.flatMap((plan) => plan.jobs)],
    pairwise,
    confusion,
    result() {
      const statistics: Partial<Record<ReportBucket, ChanceCorrected>> = {};
      buckets.forEach((bucket, b) => (statistics[bucket] = (statisticsPlans[b] as BootstrapPlan<ChanceCorrected>).result()));
      return { table: tablePlan.result(), statistics };
    },
  };
}

/** A task's units of one bucket, in study order; `all` gives every unit. */
type UnitsByBucket = (bucket: ReportBucket) => readonly TaskUnit[];

/** The units of every bucket, sorted out in one pass. */
function unitsByBucket(units: readonly TaskUnit[]): UnitsByBucket {
  const grouped = new Map<ReportBucket, TaskUnit[]>();
  for (const unit of units) {
    const bucket = grouped.get(unit.bucket);
    if (bucket === undefined) grouped.set(unit.bucket, [unit]);
    else bucket.push(unit);
  }
  return (bucket) => (bucket === 'all' ? units : (grouped.get(bucket) ?? []));
}

/** Easy, medium, hard, then unrated only when something is unrated, then all (SPEC §4 tables). */
function reportBuckets(present: readonly Bucket[]): ReportBucket[] {
  return present.includes('unrated') ? ['easy', 'medium', 'hard', 'unrated', 'all'] : ['easy', 'medium', 'hard', 'all'];
}

/** How many gold labels the tables count as the rater group `gold`; nothing when none (the report then has no trace of gold). */
function goldSetting(units: StudyUnits): { goldLabels?: number } {
  const goldLabels = [...units.units.answer, ...units.units.match].filter((unit) => unit.gold !== undefined).length;
  return goldLabels > 0 ? { goldLabels } : {};
}
