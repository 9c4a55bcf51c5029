// The agreement report as data (docs/formats.md#report, `agreement-studio.report/1`): what the engine
// computes for a study and what every rendering (JSON, Markdown, CSV, LaTeX) and the app show.
// Scales: every share, rate and p-value is 0..1 (renderings for people print shares as percent);
// the one exception is PlayerOutcome.oa, on 0..100 as SPEC §4 and the published tables define O/A.

import type { Bucket, DifficultySource } from '../../domain/difficulty';
import type { JudgeSamples, UnparseableReplies } from '../../domain/model';
import type { Interval } from '../../stats/interval';
import type { CalibrationBin } from '../../stats/judge/calibration';
import type { AltTestResult } from '../../stats/judge/alt-test';
import type { JudgeAgainstPeople } from '../../stats/judge/against-people';
import type { CorrectedScore } from '../../stats/judge/corrected-score';
import type { SelectiveEvaluation } from '../../stats/judge/selective-evaluation';
import type { PairedComparison } from '../../stats/judge/mcnemar';
import type { CoefficientIntervalMethod } from '../../stats/reliability';
import type { EstimatedTruthSection } from './estimated-truth';
import type { HeldOutVerdict, ReportJudgeSplit } from './held-out-model';
import type { SetAwareSection } from './set-aware-model';

export const REPORT_FORMAT = 'agreement-studio.report/1';

/**
 * `human`, `judge:<model>`, or `gold`: the lead's adjudicated labels, present only in a report
 * built with gold labels (the app's "include gold"; never the command line's). Gold is compared
 * exactly like one more judge model, a fixed rater with one label per unit: rows `gold` vs
 * `human` and each judge vs `gold` in the tables, and `gold` beside the judges in `pairwise`.
 * The chance-corrected statistics, confusion matrices, per-annotator reliability and player
 * outcomes stay the humans' and the judges' own.
 */
export type RaterGroup = string;
export type ReportBucket = Bucket | 'all';
export type ReportTask = 'answer' | 'match';
export type { CoefficientIntervalMethod, Interval };

/**
 * What a bootstrap replicate draws with replacement: whole puzzles (the default; a puzzle's
 * questions and finals share its story, sessions and annotators, so they are not independent) or
 * single units.
 */
export type Resampling = 'puzzles' | 'units';

/**
 * The test of the paired comparisons (two judges' difference, a judge's leniency against its
 * severity): `bootstrap-t`, the default, inverts the symmetric studentized bootstrap interval
 * beside it (resampling as `settings.resample` says), so p < 0.05 exactly when the 95% interval
 * leaves 0 out; `exact-mcnemar` is the exact McNemar test of the unit counts, which takes the
 * units as independent (right only for data whose units are). The interval is the same either way.
 */
export type PairedTest = 'bootstrap-t' | 'exact-mcnemar';

/** One paired test as the report used it. */
export interface PairedTestResult {
  method: PairedTest;
  /** Two-sided p; null when there is nothing to test, as `reason` says. */
  pValue: number | null;
  /** bootstrap-t only: the data lie beyond every replicate, so p is 1 / (B + 1), the smallest the replicates resolve, and the true p is at most this. */
  pAtBound?: true;
  reason?: string;
}

/**
 * How an agreement interval was made: `studentized`, the 95% studentized (bootstrap-t) interval,
 * each replicate's agreement divided by its delta-method standard error over the clusters drawn
 * (it keeps its 95% with few puzzles, where the percentile interval runs short; docs/lead.md
 * "Intervals"); `studentized+wilson`, where that interval reached 0 or 1 or the sample had no
 * spread, its hull with the Wilson 95% score interval of the observed proportion at the number
 * of clusters a replicate draws (puzzles, or units under `settings.resample` = `units`), within
 * [0, 1]: resampling cannot show a disagreement the sample lacks, so 61 of 61 agreeing puzzles
 * give about [0.94, 1], not [1, 1]. `percentile` and `percentile+wilson` are the same with the
 * 95% percentile bootstrap interval, as reports written before the studentized one have them.
 */
export type IntervalMethod = 'percentile' | 'percentile+wilson' | 'studentized' | 'studentized+wilson';

/** One cell of the paper tables: agreement of group a with group b on one task and bucket. */
export interface AgreementRow {
  bucket: ReportBucket;
  a: RaterGroup;
  b: RaterGroup;
  /** Micro agreement (SPEC §4); null when n is 0. */
  agreement: number | null;
  /** Comparisons (human-judge, judge-judge) or pairs (human-human). */
  n: number;
  /** Bootstrap interval of the micro agreement, made as ci95Method says; null when undefined. */
  ci95: Interval | null;
  /** Mean of per-unit agreement, with the number of units it averages. */
  macro: number | null;
  units: number;
  /** Percentile bootstrap interval of the macro agreement (resampling like ci95). */
  macroCi95?: Interval | null;
  /** How ci95 and macroCi95 were made; present when the report has a bootstrap and the row figures (absent in older reports: percentile). */
  ci95Method?: IntervalMethod;
  macroCi95Method?: IntervalMethod;
  /** Bootstrap replicates in which the micro (macro) agreement was undefined, left out of its interval; present with the method. */
  undefinedReplicates?: number;
  macroUndefinedReplicates?: number;
}

/** Per chance-corrected statistic, the bootstrap replicates in which it was undefined (left out of its interval). */
export interface ChanceCorrectedUndefinedReplicates {
  krippendorffAlpha: number;
  fleissKappa: number;
  gwetAC1: number;
}

/** Chance-corrected statistics for one task and bucket, with what explains them. */
export interface ChanceCorrected {
  units: number;
  pairableValues: number;
  /** How the intervals were made; present with them (absent in older reports: percentile). */
  ci95Method?: CoefficientIntervalMethod;
  krippendorffAlpha: number | null;
  krippendorffAlphaCi95?: Interval | null;
  fleissKappa: number | null;
  fleissKappaCi95?: Interval | null;
  gwetAC1: number | null;
  gwetAC1Ci95?: Interval | null;
  /** Observed agreement (pairwise, Gwet's definition) and the chance agreement each statistic assumes. */
  observedAgreement: number | null;
  /** The observed agreement each statistic starts from (alpha's is 1 - Do over pairable values, so it can differ from Gwet's). */
  observedAgreementByStatistic?: { krippendorffAlpha: number | null; fleissKappa: number | null; gwetAC1: number | null };
  expectedAgreement: { krippendorffAlpha: number | null; fleissKappa: number | null; gwetAC1: number | null };
  /** Share of each category among all human ratings (not Gwet's pi_k, which averages per unit: `reliability` prints that as `gwetPi`). */
  prevalence: Record<string, number>;
  /** Present when the report has a bootstrap. */
  undefinedReplicates?: ChanceCorrectedUndefinedReplicates;
  /**
   * Why each null figure is undefined, by field name. An interval whose replicates all gave the
   * same value is null too (`krippendorffAlphaCi95` and so on): a point the data cannot prove.
   */
  undefinedReasons: Record<string, string>;
}

/** Cohen's kappa of two raters (`human:<annotator>`, `judge:<model>`, `gold` or `human-majority`). */
export interface PairKappa {
  a: string;
  b: string;
  /** Units both raters labelled: the units the figures use. */
  n: number;
  /** Units of the task either rater labelled, so `n / units` is how much of their work the pair shares. */
  units: number;
  percentAgreement: number | null;
  cohenKappa: number | null;
}

export interface ConfusionMatrix {
  task: ReportTask;
  /** The judge model, without the `judge:` prefix of rater groups. */
  judge: string;
  /** Category order of rows (judge) and columns (human majority). */
  categories: string[];
  /** counts[judgeCategory][humanCategory]; units without a strict human majority are left out. */
  counts: number[][];
  unitsWithoutMajority: number;
  cohenKappa: number | null;
}

export interface AnnotatorReliability {
  task: ReportTask | 'difficulty';
  annotator: string;
  /**
   * Agreement with the majority label of the other annotators on every unit another annotator
   * labelled too (exact level match for difficulty). Where the others tie between k labels, a label
   * among them counts 1/k.
   */
  agreement: number | null;
  n: number;
  /** Units of n where the other annotators tied for first place (answer and match only). */
  ties?: number;
}

export interface PuzzleDifficultyRow {
  puzzleId: string;
  title?: string;
  mean: number | null;
  level: number | null;
  bucket: Bucket;
  source: DifficultySource;
  ratings: number;
}

export interface PlayerOutcome {
  player: string;
  bucket: ReportBucket;
  verdicts: 'judge' | 'human';
  sessions: number;
  /** Sessions left out because a final answer before the first matched one has no verdict (no strict human majority, or no primary-judge label). */
  sessionsWithoutVerdict?: number;
  /** Share of sessions solved, 0..1. */
  acc: number | null;
  /** Mean rounds to solve (max rounds when unsolved). */
  rnd: number | null;
  /** (1/N) sum I(solved)/Rnd x 100: on 0..100 (solved in one round is 100), unlike `acc` and every other share in the report. */
  oa: number | null;
  /** Why acc, rnd and oa are null though there are sessions: present when no session of the study has a final answer. */
  undefinedReasons?: { acc: string; rnd: string; oa: string };
}

export interface RankingComparison {
  /**
   * Players ordered best first under each verdict source, by O/A on all buckets over the same
   * sessions: those with a verdict under both sources (so these O/A can differ from the table's).
   */
  judgeRanking: string[];
  humanRanking: string[];
  /** Per player, the sessions both rankings are computed on; absent in reports written before it was kept. */
  sessions?: Record<string, number>;
  kendallTauB: number | null;
  rankBiasedOverlap: number | null;
  /** Seeded permutation p-value of tau-b (two-sided). */
  permutationP: number | null;
  /** The two-sided p of tau as scipy.stats.kendalltau gives it (exact or normal with ties); absent in reports written before it. */
  kendallP?: number | null;
}

export interface AgreementReport {
  format: typeof REPORT_FORMAT;
  app: string;
  generatedAt: string;
  study: { id: string; name: string };
  inputs: Array<{ file: string; sha256: string }>;
  /** `goldLabels` appears only when gold labels were counted as the rater group `gold`. */
  settings: {
    bootstrap: number;
    seed: number;
    average: 'micro' | 'macro';
    /** Whether labels marked unsure were counted or left out; absent in reports written before the choice existed (they counted them). */
    unsureLabels?: 'counted' | 'left-out';
    /** With `left-out`: how many labels that was. */
    unsureLabelsLeftOut?: number;
    /** Labels left out because two devices of their annotator gave the unit different labels and neither is chosen yet; absent when none. */
    conflictingLabelsLeftOut?: number;
    /**
     * What unparseable judge replies mean for the figures: left out of every one, or counted as a
     * disagreement with every human label (see indexStudy). Absent in reports written before the
     * choice existed (they left them out). How many there are is `unparseableJudgeReplies`.
     */
    unparseable?: UnparseableReplies;
    goldLabels?: number;
    /** The lead's model families the own-family check read, by model name; absent when none was given. */
    modelFamilies?: Record<string, string>;
    /** What every bootstrap interval resampled; absent in reports written before the choice existed (they resampled units). */
    resample?: Resampling;
    /** The test of the paired comparisons; absent in reports written before the choice existed (they used exact-mcnemar). */
    pairedTest?: PairedTest;
    /** The study's judge split (issue 34); present only when the lead set one. */
    judgeSplit?: ReportJudgeSplit;
  };
  tables: Record<ReportTask, AgreementRow[]>;
  statistics: Record<ReportTask, Partial<Record<ReportBucket, ChanceCorrected>>> & {
    difficulty?: {
      ordinalAlpha: number | null;
      intervalAlpha: number | null;
      ordinalAlphaCi95?: Interval | null;
      intervalAlphaCi95?: Interval | null;
      /** How the intervals were made; present with them (absent in older reports: percentile). */
      ci95Method?: CoefficientIntervalMethod;
      ratings: number;
      /** Present when the report has a bootstrap. */
      undefinedReplicates?: { ordinalAlpha: number; intervalAlpha: number };
      undefinedReasons: Record<string, string>;
    };
  };
  pairwise: Record<ReportTask, PairKappa[]>;
  confusion: ConfusionMatrix[];
  annotators: AnnotatorReliability[];
  difficulty: PuzzleDifficultyRow[];
  players: { outcomes: PlayerOutcome[]; ranking: RankingComparison | null };
  /**
   * Display name of every annotator with a label in the report, by id. Everything a person reads
   * names annotators by it; ids stay where a machine reads them (`human:<id>`, `annotator`).
   * Absent in reports written before names were kept: ids are shown.
   */
  annotatorNames?: Record<string, string>;
  /**
   * Per task and judge, how many of its replies could not be read (`unparseable`): left out of
   * every figure or counted as disagreements, as `settings.unparseable` says. Present only when
   * there are such replies.
   */
  unparseableJudgeReplies?: UnparseableCount[];
  /**
   * Judges whose imported labels are each the majority of several samples, as the study's source
   * said (SPLAT's judge_times); present only when the study was imported with that setting.
   */
  judgeSamples?: JudgeSamples[];
  /** Each judge scored against the one human rater the way TurtleBench scores; present only for a study of that shape (turtlebench-scoring.ts). */
  turtleBench?: TurtleBenchScoring;
  /** The judges against people and against each other (issue 15); present when some judge labelled a unit people labelled. */
  judges?: JudgesSection;
  /** Buckets with fewer clusters than the intervals were checked at; present when the report has a bootstrap (absent in older reports). */
  fewClusters?: FewClusters;
  /** The truth Dawid-Skene and MACE estimate, and the judges against it (issue 33); present only when the settings ask for it. */
  estimatedTruth?: EstimatedTruthSection;
  /** The answer task forced choice beside set-aware (issue 33); present only when some label or gold label holds a set of answers. */
  setAware?: SetAwareSection;
  /** Each judge run on the test split, on the development part beside the test part (issue 34); present only when the study has a split with a test run. */
  heldOut?: HeldOutVerdict;
}

/**
 * The studentized intervals covered 95% within binomial error with 12, 40 and 200 puzzles in a
 * seeded simulation with strong puzzle clustering (test/shared/stats/interval-coverage.test.ts);
 * below `threshold` clusters their coverage is unchecked. `buckets` lists each task's buckets
 * with at least one but fewer than `threshold` clusters, counting what a replicate draws:
 * puzzles, or units under `settings.resample` = `units`.
 */
export interface FewClusters {
  threshold: number;
  buckets: Array<{ task: ReportTask; bucket: ReportBucket; clusters: number }>;
}

/**
 * The report's "Judges" section: each judge against the human majority (classifier scores and the
 * direction of its errors), judges against each other on the same units, the Alternative
 * Annotator Test, and the players' scores corrected for each judge's errors.
 */
export interface JudgesSection {
  /** The epsilon the Alt-Test was run with (0.2 expert, 0.15 skilled, 0.1 crowd annotators). */
  altTestEpsilon: number;
  /** Per task, judge and bucket (task order, judge order, bucket order). */
  againstPeople: JudgeAgainstPeopleRow[];
  /** Per task, bucket and pair of judges (judge order), on the units both judged that have a human majority. */
  comparisons: JudgeComparisonRow[];
  /** Per task and judge, over all buckets. */
  altTest: JudgeAltTestRow[];
  /**
   * Per judge of the final answers, player and bucket: the player's solve rate under the judge,
   * corrected for the judge's errors. The unit is the session (solved or not, as the player
   * outcomes count it), not the single final; the judge's sensitivity and specificity are measured
   * on the sessions with a final of every player in the bucket with both its verdict and the human
   * majority's, since one player's few such sessions would say little about the judge. Sessions
   * without a final are unsolved under any judge: not calibrated on, not corrected, counted as
   * unsolved by scaling by the share with a final.
   */
  correctedScores: CorrectedScoreRow[];
  /**
   * The families of p-values Holm's step-down adjustment was applied to, said in words (for
   * example "R (questions): leniency against severity tests of 9 judges x 4 buckets"); each row's
   * `holmP` is adjusted within its family, from the p of the test `settings.pairedTest` names.
   */
  holmFamilies: string[];
  /** Per task, judge, check and bucket: whether the judge leans with what it should not (issue 31 point 3); absent from reports written before it. */
  biasChecks?: BiasCheckRow[];
  /** Per task and judge: its agreement with people against people's with each other (issue 31 point 4); absent from reports written before it. */
  humanLikeness?: HumanLikenessRow[];
  /** Per judge of the final answers: the player ranking under its verdicts against the human one (issue 31 point 4); absent from reports written before it. */
  rankings?: JudgeRankingRow[];
  /** Per task, judge and source of its confidence: how well that confidence matches its agreement with people (issue 31 point 1); absent from reports written before it. */
  calibration?: CalibrationRow[];
  /** Per task and judge with two or more samples of its labels: how far it agrees with itself (issue 31 point 2); absent from reports written before it. */
  selfConsistency?: SelfConsistencyRow[];
  /** Per task and pair of judges of one model (prompt versions, runs, the order-swapped prompt): how far they agree (issue 31 point 2); absent from reports written before it. */
  judgePairs?: JudgePairStabilityRow[];
  /** Per judge: what it is fit for, and on what evidence (issue 31 point 5); absent from reports written before it. */
  fitness?: FitnessCard[];
  /**
   * Per measure (solve rate from the finals, question accuracy from the questions), judge, player
   * and bucket: the player's score from the judge's verdicts on every item and people's on the
   * items they labelled, prediction-powered (issue 32 point 1); absent from reports written before it.
   */
  predictionPowered?: PredictionPoweredScoreRow[];
  /** Per task, judge and source of its confidence: the threshold above which its labels may be kept, and the units sent to people (issue 32 point 5); absent from reports written before it. */
  selectiveEvaluation?: SelectiveEvaluationRow[];
}

/** A share of a player's questions corrected through the judge's three-label confusion (shared/stats/study/question-label-shares.ts). */
export interface CorrectedQuestionShare {
  /** The corrected share, 0 to 1; null with `reason`. */
  share: number | null;
  ci95: Interval | null;
  /** The share as the judge's labels give it, before correction. */
  judgeShare: number;
}

/** The question accuracy with all three answer labels: yes, and yes or no (relevant), corrected. */
export interface QuestionLabelShares {
  yes: CorrectedQuestionShare;
  /** Yes or no: the question was relevant. */
  relevant: CorrectedQuestionShare;
  /** True when the inversion gave a share below 0 and the shares were made a distribution again. */
  clamped: boolean;
  reason?: string;
}

/** What a prediction-powered score is of: the solve rate from the finals, the question accuracy (yes replies) from the questions. */
export type PredictionPoweredMeasure = 'solve-rate' | 'question-accuracy';

/** A player's prediction-powered score under a judge in a bucket (shared/stats/study/prediction-powered-scores.ts). */
export interface PredictionPoweredScoreRow {
  measure: PredictionPoweredMeasure;
  judge: string;
  player: string;
  bucket: ReportBucket;
  /** Judged items, and of them those people labelled too (n) and not (N); without the tied ones. */
  judged: number;
  /**
   * People labelled a calibration sample drawn where the judge was least sure: the estimate weights
   * each labelled item by 1 / its chance of being drawn (active inference), not PPI++'s; lambda null.
   */
  weighted: boolean;
  /** With `weighted`: labelled items outside the sample (assigned by hand), counted as unlabelled. */
  outsideSample: number;
  /** Judged items people labelled without a strict majority, left out of every figure. */
  tied: number;
  /** The puzzles (units, when units are resampled) the labelled items fall in: below 12 no interval's coverage is checked. */
  labelledClusters: number;
  labelled: number;
  unlabelled: number;
  /** What the score is over: the judged items and the known negatives (sessions without a final). */
  items: number;
  /** The score under the judge alone, over `items`; null without items. */
  judgeScore: number | null;
  /** The score from people's labels alone (the labelled items' mean, scaled as the others), with its CLT interval. */
  peopleScore: number | null;
  peopleCi95: Interval | null;
  /** The PPI++ estimate, over `items`. */
  estimate: number | null;
  /** The tuned weight of the judge's labels, 0 to 1; null for a stratified "All" (each bucket has its own). */
  lambda: number | null;
  stratified: boolean;
  se: number | null;
  ci95: Interval | null;
  /** The percentile interval of a cluster bootstrap by puzzle (the report's resampling), the weight tuned again in each replicate. */
  bootstrapCi95: Interval | null;
  /** Replicates with no estimate (too few labelled or no unlabelled items drawn), left out of bootstrapCi95. */
  undefinedReplicates: number;
  /** The number of human labels alone that would give the same standard error; at least `labelled` up to rounding. */
  effectiveLabels: number | null;
  /** effectiveLabels - labelled, never below 0: the human labels the judge's saved. */
  labelsSaved: number | null;
  /** The judge's agreement with people on the labelled items. */
  judgeAgreement: number | null;
  /**
   * The judge agrees with people no more often than the score it grades (Dorner, Nastl and Hardt
   * 2025): its labels are then worth at most about twice the human ones.
   */
  judgeNoBetterThanScore: boolean;
  /** Why `estimate` is null. */
  reason?: string;
  /** Question accuracy only: the yes and relevant shares corrected through the judge's yes / no / irrelevant confusion (issue 32 point 2). */
  labelShares?: QuestionLabelShares;
}

/**
 * What a judge's kappa with the human majority makes it fit for, after the Braintrust
 * eval-library's scorer-validation recipe (its defaults, "to justify, not laws"): below 0.4
 * exploration only, 0.4 to 0.7 trend monitoring, from about 0.7 candidate for release gating.
 */
export type FitnessBand = 'exploration' | 'trend monitoring' | 'release gating';

/** What produced a judge's labels, where a run of the app did: its latest finished run. */
export interface JudgeRunOrigin {
  judge: string;
  model: string;
  prompt: { name: string; hash: string };
  endpoint: string;
  temperature: number;
  samples: number;
  finishedAt: string;
}

/** A judge's fitness card (issue 31 point 5): the evidence for what it may be used for, per task. */
export interface FitnessCard {
  judge: string;
  run?: JudgeRunOrigin;
  tasks: FitnessTaskCard[];
  /** What would make the card stale: changes after which the judge must be validated again. */
  revalidateWhen: string[];
}

export interface FitnessTaskCard {
  task: ReportTask;
  /** The people the judge is measured against: how many, their Krippendorff's alpha (all buckets) with its CI, and whether the lead adjudicated (gold labels). */
  reference: { people: number; alpha: number | null; alphaCi95: Interval | null; adjudicated: boolean };
  /** Agreement with people (the agreement table's judge vs Humans, all buckets). */
  agreement: { value: number | null; ci95: Interval | null; n: number };
  /** Cohen's kappa with the strict human majority and its percentile cluster bootstrap CI. */
  kappa: { value: number | null; ci95: Interval | null; n: number };
  /** The band of the kappa interval's lower bound (the point's where there is no interval); null without a kappa. */
  band: FitnessBand | null;
  /** The band of the kappa itself. */
  pointBand: FitnessBand | null;
  /** Where the judge says yes (matched) and the majority no (unmatched) most: the buckets by that rate, highest first, at most three with such errors. */
  riskiest: Array<{ bucket: ReportBucket; lenient: number; peopleNegative: number; rate: number }>;
  /** The verdicts of the other sections, in words. */
  findings: Array<{ section: 'calibration' | 'stability' | 'bias' | 'human-likeness'; text: string }>;
}

/** Where a judge's confidence in its label comes from: the share of its k samples that gave it, or the probability its log-probabilities gave it. */
export type ConfidenceSource = 'samples' | 'log-probabilities';

/**
 * A judge's calibration on one task (issue 31 point 1), against the strict human majority: the
 * reliability diagram's bins (scikit-learn's uniform bins, (lower, upper]), the expected
 * calibration error over them and the Brier score, each with its cluster bootstrap interval.
 */
export interface CalibrationRow {
  task: ReportTask;
  judge: string;
  source: ConfidenceSource;
  /** Verdicts with this confidence and a strict human majority. */
  n: number;
  bins: CalibrationBin[];
  ece: number | null;
  /** Percentile cluster bootstrap interval (the ECE is biased upward at small n, and so are its replicates). */
  eceCi95: Interval | null;
  brier: number | null;
  /** Symmetric studentized cluster bootstrap interval, cut at 0. */
  brierCi95: Interval | null;
}

/**
 * Selective evaluation of a judge (Trust or Escalate, shared/stats/judge/selective-evaluation.ts)
 * from one source of its confidence: the threshold at and above which its labels are kept, chosen
 * on the units with a strict human majority, and the units it labelled that go to people instead.
 */
export interface SelectiveEvaluationRow extends SelectiveEvaluation {
  task: ReportTask;
  judge: string;
  source: ConfidenceSource;
  /** Units with the judge's label and this confidence (`keptShare` is of these; the calibration units are those with a strict human majority). */
  units: number;
  /** The units with its label and this confidence below the threshold (all of them when none passes), in study order: those to send to people. */
  escalatedUnits: string[];
}

/** A cluster ratio with its symmetric studentized interval and the p of "it is 0" that agrees with it. */
export interface TestedShare {
  value: number | null;
  ci95: Interval | null;
  pValue: number | null;
  /** Why there is no interval or p. */
  reason?: string;
}

/** A judge against itself over the k samples of each unit (issue 31 point 2). */
export interface SelfConsistencyRow {
  task: ReportTask;
  judge: string;
  /** Units with two or more samples of the judge's label, and the most common number of samples. */
  units: number;
  samples: number;
  /** The mean over units of the share of pairs of samples that agree (Fleiss' per-unit agreement). */
  selfAgreement: number | null;
  /** Cohen's kappa of the first sample's labels against the second's. */
  kappa: number | null;
  /** The share of units whose first sample's label is not the majority's: how often one sample would have given another verdict. */
  flips: TestedShare;
}

/** What two judges of one model differ in: their prompt versions, their runs (`~2`), or one is the other's prompt with the reference and the guess swapped. */
export type JudgePairKind = 'prompt versions' | 'runs' | 'order swapped';

/** Two judges of one model on the units both labelled (issue 31 point 2). */
export interface JudgePairStabilityRow {
  task: ReportTask;
  a: string;
  b: string;
  kind: JudgePairKind;
  n: number;
  kappa: number | null;
  /** The share of units where their labels differ. */
  flips: TestedShare;
}

/**
 * The human-likeness test of Judge's Verdict (Han et al. 2025, arXiv:2510.09738): z = (judgeKappa -
 * peopleMean) / peopleSd, |z| < 1 human-like, z >= 1 more consistent than people, z <= -1 less.
 */
export interface HumanLikenessRow {
  task: ReportTask;
  judge: string;
  /** The judge's Cohen's kappa with each annotator on the units both labelled. */
  withPeople: Array<{ annotator: string; n: number; kappa: number | null }>;
  /** The mean of its defined kappas with people. */
  judgeKappa: number | null;
  /** Pairs of people with a defined kappa, and their kappas' mean and sample sd (n - 1). */
  peoplePairs: number;
  peopleMean: number | null;
  peopleSd: number | null;
  z: number | null;
  verdict: 'human-like' | 'more consistent than people' | 'less consistent than people' | null;
  /** Why there is no z. */
  reason?: string;
}

/** The player ranking by O/A under one judge's verdicts on the final answers against the one under the human majority's. */
export interface JudgeRankingRow {
  judge: string;
  ranking: RankingComparison | null;
}

/**
 * The bias checks (issue 31 point 3), each on the units the judge labelled that have a strict
 * human majority: `yes-rate`, the judge's rate of the positive label (yes, matched) minus the
 * human majority's, per bucket; `length`, long against short questions or final answers (length
 * tertiles in characters); `own-family`, sessions whose player is of the judge's model family
 * against the rest; `certainty`, final answers stated with certainty against hedged ones;
 * `addresses-judge`, final answers that speak to the judge against those that do not; `order`,
 * on final answers, the share of verdicts its order-swapped twin changes (on every unit both
 * judged, people or not), beside the share that change when it is asked again.
 */
export type BiasCheckKind = 'yes-rate' | 'length' | 'own-family' | 'certainty' | 'addresses-judge' | 'order';

/**
 * `leniency`: positive-label rate minus the human majority's (-1 to 1); `agreement`: share of
 * units where the judge gives the majority's label; `flips`: share of its verdicts that change
 * (`order`: with the reference and the guess swapped in its prompt, the order-swapped twin).
 */
export type BiasFigure = 'leniency' | 'agreement' | 'flips';

export interface BiasGroup {
  /** What the group's units are, in words: `long (71-240 characters)`, `own family (OpenAI)`, `hedged`. */
  name: string;
  units: number;
  /** The figure on the group's units; null without a unit. */
  value: number | null;
}

export interface BiasCheckRow {
  task: ReportTask;
  judge: string;
  check: BiasCheckKind;
  bucket: ReportBucket;
  figure: BiasFigure;
  /** The groups compared, `a` minus `b`; for `yes-rate` the judge's positive rate and the human majority's on the same units. */
  a: BiasGroup;
  b: BiasGroup;
  /** Groups shown but not compared: the middle length tertile. */
  others?: BiasGroup[];
  /** The effect: a's figure minus b's (for `yes-rate` the judge's leniency itself); null as `test.reason` says. */
  value: number | null;
  /** Its symmetric studentized cluster bootstrap interval, from the replicates `test` reads. */
  ci95: Interval | null;
  test: PairedTestResult;
  /** test's p after Holm's adjustment over the judge's checks on the task; null when untested. */
  holmP: number | null;
  /** The verdict in words: `no clear effect`, the effect and its size, or why there is no test. */
  verdict: string;
  /** Whether the verdict names an effect: Holm's p below 0.05. */
  effect: boolean;
}

export interface JudgeAgainstPeopleRow extends JudgeAgainstPeople {
  task: ReportTask;
  judge: string;
  bucket: ReportBucket;
  /** Units the judge labelled where people tie for the most common label: left out of these figures. */
  unitsWithoutMajority: number;
  /** (lenient - severe) / n on the units of `classification.n`, with its symmetric studentized bootstrap interval (resampling as `settings.resample` says). */
  netLeniency: NetLeniency;
  /** The test of lenient against severe errors that `settings.pairedTest` names (the exact McNemar test is `errors.mcnemar` either way). */
  leniencyTest: PairedTestResult;
  /** leniencyTest's p after Holm's adjustment within its family; null when untested. */
  holmP: number | null;
}

/** How much more often a judge errs leniently than severely, per unit: positive is lenient. */
export interface NetLeniency {
  value: number | null;
  ci95: Interval | null;
  /** Why ci95 is null though value is not. */
  ci95Reason?: string;
  /** Replicates without a t* (ClusterRatioTest.undefinedReplicates), left out of the interval. */
  undefinedReplicates: number;
}

export interface JudgeComparisonRow extends PairedComparison {
  task: ReportTask;
  bucket: ReportBucket;
  /** Judge models, without the `judge:` prefix of rater groups. */
  a: string;
  b: string;
  /**
   * Symmetric studentized (bootstrap-t) interval of `difference` (A's agreement with the human majority
   * minus B's), resampling as `settings.resample` says, both judges on the same draws; in reports
   * written before `settings.pairedTest` existed, a percentile interval.
   */
  differenceCi95: Interval | null;
  /** Why differenceCi95 is null though the difference is not (every puzzle shows the same difference, or no replicates). */
  differenceCi95Reason?: string;
  /** Replicates without a t* (ClusterRatioTest.undefinedReplicates), left out of the interval. */
  undefinedReplicates: number;
  /** The test of the difference that `settings.pairedTest` names (the exact McNemar test is `mcnemar` either way). */
  test: PairedTestResult;
  /** test's p after Holm's adjustment within its family; null when untested. */
  holmP: number | null;
}

export interface JudgeAltTestRow extends AltTestResult {
  task: ReportTask;
  judge: string;
}

export interface CorrectedScoreRow extends CorrectedScore {
  judge: string;
  player: string;
  bucket: ReportBucket;
  /**
   * The player's sessions the score is over: those with a final the judge gave a verdict on, and
   * those that ended without a final (unsolved under any judge). Every solve rate of the row (raw,
   * theta and its interval) is over these; sensitivity and specificity are not.
   */
  sessions: number;
  /** Of `sessions`, those with a final: the benchmark sample the judge's errors are corrected on. */
  sessionsWithFinal: number;
  /** sessionsWithFinal / sessions, known exactly, which the rate among sessions with a final is scaled by; null without sessions. */
  shareWithFinal: number | null;
  /** Sessions with a final with both a judge and a human-majority verdict, pooled over players: the calibration sample. */
  calibrationSessions: number;
}

/**
 * TurtleBench's accuracy of each judge on the answer task beside the plain three-way exact
 * agreement, both over the same units: every answer unit the one human rater labelled, with a
 * missing or unparseable judge label wrong in both, whatever `settings.unparseable` says.
 */
export interface TurtleBenchScoring {
  /** The human rater whose label is the reference. */
  annotator: string;
  judges: TurtleBenchJudge[];
}

export interface TurtleBenchJudge {
  judge: string;
  /** Units with the human label. */
  n: number;
  /** Right the TurtleBench way: a human yes needs the judge's yes, any other human label accepts any other readable label. */
  correct: number;
  accuracy: number | null;
  /** Judge label equal to the human label (yes, no, irrelevant, unknown). */
  agreements: number;
  agreement: number | null;
}

export interface UnparseableCount {
  task: ReportTask;
  judge: string;
  count: number;
}
