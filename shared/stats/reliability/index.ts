// The reliability engine's public face: computeReliability (every statistic of the
// `reliability` command, docs/command-line.md) and computeChanceCorrected (the cheaper subset the study
// report calls per task and bucket). Assembles the modules' coefficients into plain JSON data.

import { bootstrapGroupsMany, groupsByKey, runReplicateJobs, type BootstrapOptions, type BootstrapPlan } from '../bootstrap';
import { STUDENTIZED_REASONS, studentizedWork } from '../studentized';
import type { Coefficient } from './coefficient';
import { raterPairs } from './cohen';
import { congerKappa } from './conger';
import { exchangeableModel, tally, tallyBuffers, type ExchangeableModel, type Tally } from './exchangeable';
import { fleissKappaCompleteCases } from './fleiss';
import { gwetFamily, quadraticGwetFamily } from './gwet';
import { alphaEstimator, type AlphaEstimate, type AlphaEstimator } from './krippendorff-alpha';
import { alphaWithGradient } from './alpha-gradient';
import { gwetFamilyWithGradient } from './gwet-gradient';
import { linearizedEstimates, type ClusterPatterns } from './linearized';
import {
  buildRatingTable,
  inputIndexOf,
  parseNumericValue,
  ratingColumns,
  ReliabilityInputError,
  type MeasurementLevel,
  type Rating,
  type RatingColumns,
  type RatingTable,
} from './rating-table';
import { unitPatterns, type UnitPatterns } from './unit-patterns';

export { MEASUREMENT_LEVELS, ReliabilityInputError, ratingColumnsBuilder } from './rating-table';
export type { MeasurementLevel, Rating, RatingColumns } from './rating-table';

export interface ReliabilityOptions {
  /** Declared category order (and scale): needed for the ordinal level on non-numeric labels. */
  order?: readonly string[];
  /** The level `level`, `alpha`'s interval and computeChanceCorrected's alpha refer to; default nominal. */
  level?: MeasurementLevel;
  bootstrap?: BootstrapOptions;
  /**
   * The cluster of each unit (by unit id): a bootstrap replicate draws as many clusters as the
   * rated units fall in and takes every unit of each, so units that are not independent (the
   * questions of one puzzle) move together. Absent: every unit is drawn alone.
   */
  clusterOf?: (unit: string) => string;
  /** How the intervals are made; default studentized (see CoefficientIntervalMethod). */
  interval?: CoefficientIntervalMethod;
}

/**
 * `studentized`: the bootstrap-t interval, each replicate's coefficient divided by its
 * delta-method standard error over the clusters drawn (linearized.ts), which keeps its 95% where
 * the percentile interval runs short with few puzzles (test/shared/stats/interval-coverage.test.ts);
 * `percentile`: the 95% percentile bootstrap interval.
 */
export type CoefficientIntervalMethod = 'percentile' | 'studentized';

export type Interval = [number, number];

export interface AlphaValues {
  nominal: number | null;
  ordinal?: number | null;
  interval?: number | null;
  ratio?: number | null;
}

/**
 * Chance agreement behind each chance-corrected statistic, to show beside `observedAgreement`.
 * Alpha's is nominal 1 - De; its observed agreement is 1 - Do (alphaDisagreement.nominal), not
 * p_a: Krippendorff weights units by their pairable values where Gwet averages units.
 */
export interface ExpectedAgreement {
  alpha: number | null;
  fleissKappa: number | null;
  gwetAC1: number | null;
  brennanPrediger: number | null;
}

export interface ReliabilityExpectedAgreement extends ExpectedAgreement {
  congerKappa: number | null;
  /** With quadratic weights (ordered categories); their observed agreement is percentAgreementQuadratic. */
  gwetAC2Quadratic?: number | null;
  fleissKappaQuadratic?: number | null;
  brennanPredigerQuadratic?: number | null;
}

/**
 * Krippendorff's Do and De at each level computed (alpha = 1 - Do / De). They are mean distances,
 * not shares: 0..1 at the nominal and ratio levels, squared midrank differences at ordinal and
 * squared value differences at interval; only their ratio is comparable across levels.
 */
export type AlphaDisagreement = Partial<Record<MeasurementLevel, { observed: number | null; expected: number | null }>>;

export interface ReliabilityCi95 {
  /** At the result's `level`. */
  alpha: Interval | null;
  percentAgreement: Interval | null;
  gwetAC1: Interval | null;
  fleissKappa: Interval | null;
  brennanPrediger: Interval | null;
}

export interface BootstrapSummary {
  replicates: number;
  seed: number;
  method: CoefficientIntervalMethod;
  /** Replicates in which each statistic was undefined, or (studentized) had no standard error: left out of its interval. */
  undefinedReplicates: Record<keyof ReliabilityCi95, number>;
}

export interface ChanceCorrectedResult {
  /** Units with at least one rating: the denominator of the chance terms (pi_k). */
  units: number;
  /** Units with two or more ratings: the denominator of observed agreement. */
  pairableUnits: number;
  /** Ratings in units with two or more ratings: alpha's n. */
  pairableValues: number;
  level: MeasurementLevel;
  categories: string[];
  /**
   * Gwet's pi_k per category (aligned with `categories`): its share of a unit's ratings, averaged
   * over the rated units, so a unit rated twice weighs as much as one rated five times. Not named
   * prevalence: the report's `prevalence` is each category's share of all the ratings.
   */
  gwetPi: number[];
  alpha: AlphaValues;
  percentAgreement: number | null;
  gwetAC1: number | null;
  fleissKappa: number | null;
  brennanPrediger: number | null;
  /** Gwet's p_a, the observed agreement of percentAgreement, fleissKappa, gwetAC1 and brennanPrediger. */
  observedAgreement: number | null;
  expectedAgreement: ExpectedAgreement;
  alphaDisagreement: AlphaDisagreement;
  ci95?: ReliabilityCi95;
  bootstrap?: BootstrapSummary;
  /** Why each null statistic is undefined, by its path in this object ("alpha.ordinal", "pairs[2].cohenKappa"). */
  undefinedReasons: Record<string, string>;
}

export interface ReliabilityPair {
  a: string;
  b: string;
  n: number;
  percentAgreement: number | null;
  cohenKappa: number | null;
  cohenKappaLinear: number | null;
  cohenKappaQuadratic: number | null;
  scottPi: number | null;
  expectedAgreement: { cohenKappa: number | null; scottPi: number | null };
}

/** The chance-corrected subset, plus the rater-specific statistics (Conger, complete cases, pairs). */
export interface ReliabilityResult extends Omit<ChanceCorrectedResult, 'expectedAgreement'> {
  raters: number;
  fleissKappaCompleteCases: number | null;
  congerKappa: number | null;
  /** Present when the categories are ordered: quadratic weights by value (numeric) or by declared position. */
  gwetAC2Quadratic?: number | null;
  percentAgreementQuadratic?: number | null;
  fleissKappaQuadratic?: number | null;
  brennanPredigerQuadratic?: number | null;
  /** Gwet's p_a: observed agreement of percentAgreement, fleissKappa, gwetAC1, brennanPrediger and congerKappa. */
  observedAgreement: number | null;
  expectedAgreement: ReliabilityExpectedAgreement;
  /** Fleiss (1971) on the units rated by every rater: how many, and their observed and expected agreement. */
  completeCases: { units: number; observedAgreement: number | null; expectedAgreement: number | null };
  pairs: ReliabilityPair[];
}

/**
 * Every statistic the `reliability` command prints (docs/command-line.md) for the ratings. Alpha is computed at every level the data
 * allow (ordinal with numeric values or a declared order; interval and ratio with numeric values).
 * Throws ReliabilityInputError on a duplicate (unit, rater), a value outside `order`, or a
 * `level` the data do not allow.
 */
export function computeReliability(ratings: readonly Rating[], options: ReliabilityOptions = {}): ReliabilityResult {
  return computeReliabilityOfColumns(ratingColumns(ratings), options);
}

/** computeReliability for ratings already indexed as columns (the CSV reader's output), without building a Rating per row. */
export function computeReliabilityOfColumns(columns: RatingColumns, options: ReliabilityOptions = {}): ReliabilityResult {
  const { table, level, model, point } = prepare(columns, options);
  const reasons = new Reasons();
  const alphas = alphaEstimators(model, availableLevels(table));
  const alphaPoint = estimateAll(alphas, point);
  const family = gwetFamily(model, point);
  const complete = fleissKappaCompleteCases(model);
  const conger = congerKappa(table, family.percentAgreement.value, point.ratedCategories);
  const alphaExpected = alphaExpectedAgreement(alphaPoint.get('nominal'));
  const quadratic = table.ordered ? quadraticGwetFamily(model, table.values ?? Float64Array.from(table.categories, (_, k) => k))(point) : undefined;

  const expectedAgreement: ReliabilityExpectedAgreement = {
    alpha: alphaExpected,
    fleissKappa: family.fleissKappa.expected,
    gwetAC1: family.gwetAC.expected,
    brennanPrediger: family.brennanPrediger.expected,
    congerKappa: conger.expected,
  };
  if (quadratic !== undefined) {
    expectedAgreement.gwetAC2Quadratic = quadratic.gwetAC.expected;
    expectedAgreement.fleissKappaQuadratic = quadratic.fleissKappa.expected;
    expectedAgreement.brennanPredigerQuadratic = quadratic.brennanPrediger.expected;
  }
  // Top-level statistics first, so that undefinedReasons lists them in the order of the result.
  const alpha = alphaValues(alphaPoint, reasons);
  const statistics = {
    percentAgreement: reasons.take('percentAgreement', family.percentAgreement),
    gwetAC1: reasons.take('gwetAC1', family.gwetAC),
    fleissKappa: reasons.take('fleissKappa', family.fleissKappa),
    fleissKappaCompleteCases: reasons.take('fleissKappaCompleteCases', complete),
    brennanPrediger: reasons.take('brennanPrediger', family.brennanPrediger),
    congerKappa: reasons.take('congerKappa', conger),
  };
  const weighted =
    quadratic === undefined
      ? {}
      : {
          gwetAC2Quadratic: reasons.take('gwetAC2Quadratic', quadratic.gwetAC),
          percentAgreementQuadratic: reasons.take('percentAgreementQuadratic', quadratic.percentAgreement),
          fleissKappaQuadratic: reasons.take('fleissKappaQuadratic', quadratic.fleissKappa),
          brennanPredigerQuadratic: reasons.take('brennanPredigerQuadratic', quadratic.brennanPrediger),
        };
  const pairs = raterPairs(table).map((pair, i): ReliabilityPair => ({
    a: pair.a,
    b: pair.b,
    n: pair.n,
    percentAgreement: reasons.take(`pairs[${i}].percentAgreement`, pair.percentAgreement),
    cohenKappa: reasons.take(`pairs[${i}].cohenKappa`, pair.cohenKappa),
    cohenKappaLinear: reasons.take(`pairs[${i}].cohenKappaLinear`, pair.cohenKappaLinear),
    cohenKappaQuadratic: reasons.take(`pairs[${i}].cohenKappaQuadratic`, pair.cohenKappaQuadratic),
    scottPi: reasons.take(`pairs[${i}].scottPi`, pair.scottPi),
    expectedAgreement: { cohenKappa: pair.cohenKappa.expected, scottPi: pair.scottPi.expected },
  }));
  const intervals = runIntervals(bootstrapIntervalsPlan(table, model, level, alphas.get(level) as AlphaEstimator, options, reasons), options);

  return {
    units: point.units,
    raters: table.raters.length,
    pairableValues: point.pairableValues,
    pairableUnits: point.pairableUnits,
    level,
    categories: [...table.categories],
    gwetPi: Array.from(point.prevalence),
    alpha,
    ...statistics,
    ...weighted,
    observedAgreement: reasons.take('observedAgreement', { ...family.percentAgreement, value: family.percentAgreement.observed }),
    expectedAgreement,
    alphaDisagreement: alphaDisagreement(alphaPoint),
    completeCases: {
      units: complete.units,
      observedAgreement: reasons.take('completeCases.observedAgreement', { ...complete, value: complete.observed }),
      expectedAgreement: complete.expected,
    },
    pairs,
    ...intervals,
    undefinedReasons: reasons.record,
  };
}

/** Each pair of raters' n, percent agreement and Cohen's kappa (computeReliability's pairs, same order and values), and nothing else. */
export interface CohenPair {
  a: string;
  b: string;
  n: number;
  percentAgreement: number | null;
  cohenKappa: number | null;
}

/**
 * The pairwise figures alone, for a caller that needs no statistic of all the raters (the report's
 * pairwise kappas): computeReliability would compute every level's alpha, Conger's kappa and the
 * quadratic family of every rater too, only for them to be dropped.
 */
export function cohenPairs(ratings: readonly Rating[]): CohenPair[] {
  return cohenPairsOfColumns(ratingColumns(ratings));
}

/** cohenPairs of ratings already indexed as columns (ratingColumnsBuilder). */
export function cohenPairsOfColumns(columns: RatingColumns): CohenPair[] {
  return raterPairs(buildRatingTable(columns)).map((pair) => ({
    a: pair.a,
    b: pair.b,
    n: pair.n,
    percentAgreement: pair.percentAgreement.value,
    cohenKappa: pair.cohenKappa.value,
  }));
}

/**
 * The rater-exchangeable statistics only, for callers that need them many times (the study
 * report, per task and bucket): alpha (nominal, and at `level` when another is asked), percent
 * agreement, Fleiss' kappa (generalized), Gwet's AC1, Brennan-Prediger, their observed and
 * expected agreement, and Gwet's pi_k. No pairwise statistics, no Conger, no quadratic weights.
 */
export function computeChanceCorrected(ratings: readonly Rating[], options: ReliabilityOptions = {}): ChanceCorrectedResult {
  return runIntervals(computeChanceCorrectedPlanOfColumns(ratingColumns(ratings), options), options);
}

/**
 * computeChanceCorrected of ratings already indexed as columns (the report's, made without a
 * Rating per label), still to be bootstrapped: its job runs on the replicates of
 * `options.bootstrap`, shared with other figures' jobs on as many units (runReplicateJobs).
 */
export function computeChanceCorrectedPlanOfColumns(columns: RatingColumns, options: ReliabilityOptions = {}): BootstrapPlan<ChanceCorrectedResult> {
  const { table, level, model, point } = prepare(columns, options);
  const reasons = new Reasons();
  const alphas = alphaEstimators(model, level === 'nominal' ? ['nominal'] : ['nominal', level]);
  const alphaPoint = estimateAll(alphas, point);
  const family = gwetFamily(model, point);
  const alphaExpected = alphaExpectedAgreement(alphaPoint.get('nominal'));
  const alpha = alphaValues(alphaPoint, reasons);
  const intervals = bootstrapIntervalsPlan(table, model, level, alphas.get(level) as AlphaEstimator, options, reasons);
  const result = (): ChanceCorrectedResult => {
    // The intervals first: undefinedReasons lists their reasons before those of the statistics below, as it always has.
    const bootstrapped = intervals.result();
    return {
      units: point.units,
      pairableUnits: point.pairableUnits,
      pairableValues: point.pairableValues,
      level,
      categories: [...table.categories],
      gwetPi: Array.from(point.prevalence),
      alpha,
      percentAgreement: reasons.take('percentAgreement', family.percentAgreement),
      gwetAC1: reasons.take('gwetAC1', family.gwetAC),
      fleissKappa: reasons.take('fleissKappa', family.fleissKappa),
      brennanPrediger: reasons.take('brennanPrediger', family.brennanPrediger),
      observedAgreement: reasons.take('observedAgreement', { ...family.percentAgreement, value: family.percentAgreement.observed }),
      expectedAgreement: {
        alpha: alphaExpected,
        fleissKappa: family.fleissKappa.expected,
        gwetAC1: family.gwetAC.expected,
        brennanPrediger: family.brennanPrediger.expected,
      },
      alphaDisagreement: alphaDisagreement(alphaPoint),
      ...bootstrapped,
      undefinedReasons: reasons.record,
    };
  };
  return { jobs: intervals.jobs, result };
}

/** A plan's figures, its jobs run on the replicates of `options.bootstrap` (it has none without one). */
function runIntervals<Result>(plan: BootstrapPlan<Result>, options: ReliabilityOptions): Result {
  if (options.bootstrap !== undefined) runReplicateJobs(plan.jobs, options.bootstrap);
  return plan.result();
}

/** Alpha at one level with its interval, as computeChanceCorrected at that level gives them. */
export interface AlphaLevelResult {
  level: MeasurementLevel;
  alpha: number | null;
  /** Present with a bootstrap: the studentized interval, null as undefinedReasons['ci95.alpha'] says. */
  ci95?: Interval | null;
  bootstrap?: { replicates: number; seed: number; method: 'studentized'; undefinedReplicates: number };
  /** Why alpha or its interval is undefined, under "alpha.<level>" and "ci95.alpha". */
  undefinedReasons: Record<string, string>;
}

/**
 * Alpha at each of `levels` with its studentized interval, every level from the same replicates
 * and nothing else (no Gwet family, no nominal alpha unless asked): what the report needs of the
 * difficulty ratings, for one resampling instead of one per level. Each level's alpha, interval,
 * undefined replicates and reasons are those computeChanceCorrected gives at that level alone
 * (same seed, same draws; each level's statistic its own).
 */
export function computeAlphaLevels(ratings: readonly Rating[], levels: readonly MeasurementLevel[], options: ReliabilityOptions = {}): AlphaLevelResult[] {
  return runIntervals(computeAlphaLevelsPlan(ratings, levels, options), options);
}

/** computeAlphaLevels still to be bootstrapped, so that the report runs its job with its others on as many units. */
export function computeAlphaLevelsPlan(
  ratings: readonly Rating[],
  levels: readonly MeasurementLevel[],
  options: ReliabilityOptions = {},
): BootstrapPlan<AlphaLevelResult[]> {
  const columns = ratingColumns(ratings);
  const { table, model, point } = prepare(columns, { ...options, level: levels[0] ?? 'nominal' });
  for (const level of levels) if (!availableLevels(table).includes(level)) throw levelMismatch(columns, table, level);
  const estimators = levels.map((level) => alphaEstimator(model, level));
  const results: AlphaLevelResult[] = levels.map((level, i) => {
    const estimate = (estimators[i] as AlphaEstimator)(point);
    return { level, alpha: estimate.value, undefinedReasons: estimate.value === null ? { [`alpha.${level}`]: estimate.reason ?? 'undefined' } : {} };
  });
  const bootstrap = options.bootstrap;
  if (bootstrap === undefined || bootstrap.replicates === 0) return { jobs: [], result: () => results };
  const clusters = replicateClusters(table, model.patterns, options.clusterOf);
  const work = studentizedWork(
    {
      groupOfUnit: clusters.groupOfCluster,
      groupCount: clusters.groups,
      count: levels.length,
      estimates: linearizedEstimates(
        model,
        clusters,
        levels.map((level) => alphaWithGradient(model, level)),
      ),
      flatReplicates: 'undefined',
    },
    bootstrap.replicates,
  );
  return {
    jobs: [work],
    result: () => {
      const intervals = work.results();
      return results.map((result, i) => {
        const { ci95, undefinedReplicates, reason } = intervals[i] as (typeof intervals)[number];
        // As bootstrapIntervalsPlan withholds a coefficient's interval: any reason withholds it.
        const withheld = reason === undefined ? undefined : reason === STUDENTIZED_REASONS.noSpread ? noSpreadReason(options) : reason;
        return {
          ...result,
          ci95: withheld !== undefined || ci95 === null ? null : withinRange(ci95, -Infinity),
          bootstrap: { replicates: bootstrap.replicates, seed: bootstrap.seed, method: 'studentized', undefinedReplicates },
          undefinedReasons: withheld === undefined ? result.undefinedReasons : { ...result.undefinedReasons, 'ci95.alpha': withheld },
        };
      });
    },
  };
}

function noSpreadReason(options: ReliabilityOptions): string {
  return `every ${options.clusterOf === undefined ? 'unit' : 'puzzle'} gives the statistic the same value, so resampling shows no uncertainty it could bound`;
}

interface Prepared {
  table: RatingTable;
  level: MeasurementLevel;
  model: ExchangeableModel;
  /** The tally with every unit once: the point estimates. */
  point: Tally;
}

function prepare(columns: RatingColumns, options: ReliabilityOptions): Prepared {
  const table = buildRatingTable(columns, options.order);
  const level = options.level ?? 'nominal';
  if (!availableLevels(table).includes(level)) throw levelMismatch(columns, table, level);
  const patterns = unitPatterns(table);
  const model = exchangeableModel(table, patterns);
  return { table, level, model, point: tally(model, patterns.size) };
}

function availableLevels(table: RatingTable): MeasurementLevel[] {
  const levels: MeasurementLevel[] = ['nominal'];
  if (table.ordered) levels.push('ordinal');
  if (table.values !== null) levels.push('interval', 'ratio');
  return levels;
}

function levelMismatch(columns: RatingColumns, table: RatingTable, level: MeasurementLevel): ReliabilityInputError {
  const needs = level === 'ordinal' ? 'numeric values or a declared order of the categories' : 'numeric values';
  if (table.ordered && level !== 'ordinal')
    return new ReliabilityInputError(`the ${level} level needs numeric values, and the declared categories are not all numbers`);
  const value = columns.values.findIndex((raw) => parseNumericValue(raw) === null);
  if (value < 0) return new ReliabilityInputError(`the ${level} level needs ${needs}`);
  const row = columns.valueOf.indexOf(value);
  return new ReliabilityInputError(`the ${level} level needs ${needs}, and ${JSON.stringify(columns.values[value])} is not a number`, [
    inputIndexOf(columns, row),
  ]);
}

function alphaEstimators(model: ExchangeableModel, levels: readonly MeasurementLevel[]): Map<MeasurementLevel, AlphaEstimator> {
  return new Map(levels.map((level) => [level, alphaEstimator(model, level)] as const));
}

function estimateAll(alphas: ReadonlyMap<MeasurementLevel, AlphaEstimator>, point: Tally): Map<MeasurementLevel, AlphaEstimate> {
  return new Map([...alphas].map(([level, estimate]) => [level, estimate(point)] as const));
}

function alphaValues(estimates: ReadonlyMap<MeasurementLevel, AlphaEstimate>, reasons: Reasons): AlphaValues {
  const values: AlphaValues = { nominal: null };
  for (const [level, estimate] of estimates) {
    values[level] = estimate.value;
    if (estimate.value === null) reasons.set(`alpha.${level}`, estimate.reason ?? 'undefined');
  }
  return values;
}

function alphaDisagreement(estimates: ReadonlyMap<MeasurementLevel, AlphaEstimate>): AlphaDisagreement {
  const out: AlphaDisagreement = {};
  for (const [level, estimate] of estimates) out[level] = { observed: estimate.observedDisagreement, expected: estimate.expectedDisagreement };
  return out;
}

/** Nominal alpha's expected agreement 1 - De (delta is 0 or 1). */
function alphaExpectedAgreement(estimate: AlphaEstimate | undefined): number | null {
  const expected = estimate?.expectedDisagreement ?? null;
  return expected === null ? null : 1 - expected;
}

const CI_KEYS = ['alpha', 'percentAgreement', 'gwetAC1', 'fleissKappa', 'brennanPrediger'] as const;

/** The coefficients whose interval is withheld when every replicate gives the same value; percent agreement is a plain proportion. */
const COEFFICIENT_KEYS: ReadonlySet<keyof ReliabilityCi95> = new Set(['alpha', 'gwetAC1', 'fleissKappa', 'brennanPrediger']);

/**
 * Studentized (or percentile) intervals for alpha at the level and the Gwet family, all from the
 * same replicates, each replicate drawing units or, with `options.clusterOf`, clusters of units.
 * A coefficient with no spread to bound (every cluster gives it the same value, or every
 * percentile replicate agrees) gets no interval, with a reason: [v, v] is no 95% interval.
 */
function bootstrapIntervalsPlan(
  table: RatingTable,
  model: ExchangeableModel,
  level: MeasurementLevel,
  alphaAtLevel: AlphaEstimator,
  options: ReliabilityOptions,
  reasons: Reasons,
): BootstrapPlan<{ ci95: ReliabilityCi95; bootstrap: BootstrapSummary } | Record<string, never>> {
  const bootstrap = options.bootstrap;
  if (bootstrap === undefined || bootstrap.replicates === 0) return { jobs: [], result: () => ({}) };
  const method = options.interval ?? 'studentized';
  const clusters = replicateClusters(table, model.patterns, options.clusterOf);
  const noSpread = 'every bootstrap replicate gave the same value, so resampling shows no uncertainty it could bound';
  type CoefficientInterval = { ci95: Interval | null; undefinedReplicates: number; reason: string | undefined };
  const summary = (intervals: readonly CoefficientInterval[]) => {
    const ci95 = {} as ReliabilityCi95;
    const undefinedReplicates = {} as Record<keyof ReliabilityCi95, number>;
    CI_KEYS.forEach((key, i) => {
      const interval = intervals[i] as CoefficientInterval;
      undefinedReplicates[key] = interval.undefinedReplicates;
      // Percent agreement is a plain proportion: a percentile interval with no spread is still shown.
      const withheld = interval.reason !== undefined && (interval.ci95 === null || COEFFICIENT_KEYS.has(key));
      if (withheld) reasons.set(`ci95.${key}`, interval.reason as string);
      ci95[key] = withheld || interval.ci95 === null ? null : withinRange(interval.ci95, key === 'percentAgreement' ? 0 : -Infinity);
    });
    return { ci95, bootstrap: { replicates: bootstrap.replicates, seed: bootstrap.seed, method, undefinedReplicates } };
  };
  if (method === 'studentized') {
    const work = studentizedWork(
      {
        groupOfUnit: clusters.groupOfCluster,
        groupCount: clusters.groups,
        count: CI_KEYS.length,
        estimates: linearizedEstimates(model, clusters, [alphaWithGradient(model, level), ...gwetFamilyWithGradient(model)]),
        flatReplicates: 'undefined',
      },
      bootstrap.replicates,
    );
    return {
      jobs: [work],
      result: () =>
        summary(
          work.results().map(({ ci95, undefinedReplicates, reason }) => ({
            ci95,
            undefinedReplicates,
            reason: reason === STUDENTIZED_REASONS.noSpread ? noSpreadReason(options) : reason,
          })),
        ),
    };
  }
  // The percentile interval recomputes every statistic per replicate: it has no job to share.
  const statistics = (replicate: Tally): (number | null)[] => {
    const family = gwetFamily(model, replicate);
    return [alphaAtLevel(replicate).value, family.percentAgreement.value, family.gwetAC.value, family.fleissKappa.value, family.brennanPrediger.value];
  };
  const buffers = tallyBuffers(model);
  return {
    jobs: [],
    result: () =>
      summary(
        bootstrapGroupsMany(
          clusters.groupOfCluster,
          clusters.groups,
          CI_KEYS.length,
          (drawn) => statistics(tally(model, clusters.patternWeights(drawn), buffers)),
          bootstrap,
        ).map(({ ci95, undefinedReplicates, constant }) => ({
          ci95,
          undefinedReplicates,
          reason: ci95 === null ? STUDENTIZED_REASONS.noReplicate : constant ? noSpread : undefined,
        })),
      ),
  };
}

/** A studentized interval can pass the statistic's range: every coefficient is at most 1, percent agreement at least 0. */
function withinRange([low, high]: Interval, least: number): Interval {
  return [Math.min(Math.max(low, least), 1), Math.max(Math.min(high, 1), least)];
}

/** What a replicate draws (one group per set of clusters with the same patterns) and how its draws become pattern weights. */
interface ReplicateClusters extends ClusterPatterns {
  groupOfCluster: Uint32Array;
  patternWeights: (drawn: Uint32Array) => ArrayLike<number>;
}

/**
 * Unit by unit, each pattern is a group and the draws are the pattern weights already. By
 * cluster, clusters with the same patterns share a group, and a replicate's weight of a pattern
 * sums its count in each drawn group: a cost per group, not per unit.
 */
function replicateClusters(table: RatingTable, patterns: UnitPatterns, clusterOf: ((unit: string) => string) | undefined): ReplicateClusters {
  if (clusterOf === undefined) {
    const identity = Uint32Array.from({ length: patterns.count }, (_, p) => p);
    return {
      groupOfCluster: patterns.groupOfUnit,
      groups: patterns.count,
      start: Uint32Array.from({ length: patterns.count + 1 }, (_, p) => p),
      pattern: identity,
      count: new Uint32Array(patterns.count).fill(1),
      patternWeights: (drawn) => drawn,
    };
  }
  const { units } = table;
  const clusters = groupsByKey(units.length, (u) => clusterOf(units[u] as string));
  const unitsOfCluster: number[][] = clusters.firstOf.map(() => []);
  clusters.groupOf.forEach((cluster, u) => unitsOfCluster[cluster]?.push(u));
  // Each cluster's patterns with how many of its units hold each, in pattern order.
  const patternCounts = unitsOfCluster.map((members) => {
    // A cluster holds a few units: sorting their patterns and counting runs is cheaper than a Map per cluster.
    const held = members.map((u) => patterns.groupOfUnit[u] as number).sort((x, y) => x - y);
    const counts: [number, number][] = [];
    for (const pattern of held) {
      const last = counts[counts.length - 1];
      if (last !== undefined && last[0] === pattern) last[1]++;
      else counts.push([pattern, 1]);
    }
    return counts;
  });
  const { groupOf: groupOfCluster, firstOf } = groupsByKey(patternCounts.length, (c) =>
    (patternCounts[c] ?? []).map(([pattern, count]) => `${pattern}:${count}`).join(','),
  );
  // Group g's patterns are patternOf[start[g] .. start[g + 1]), each held by countOf units of it.
  const start = [0];
  const patternOf: number[] = [];
  const countOf: number[] = [];
  for (const c of firstOf) {
    for (const [pattern, count] of patternCounts[c] ?? []) {
      patternOf.push(pattern);
      countOf.push(count);
    }
    start.push(patternOf.length);
  }
  const groups = firstOf.length;
  const groupStart = Uint32Array.from(start);
  const groupPattern = Uint32Array.from(patternOf);
  const groupCount = Uint32Array.from(countOf);
  const weights = new Float64Array(patterns.count);
  const patternWeights = (drawn: Uint32Array): Float64Array => {
    weights.fill(0);
    for (let g = 0; g < groups; g++) {
      const d = drawn[g] as number;
      if (d === 0) continue;
      for (let j = groupStart[g] as number; j < (groupStart[g + 1] as number); j++) {
        const pattern = groupPattern[j] as number;
        weights[pattern] = (weights[pattern] as number) + d * (groupCount[j] as number);
      }
    }
    return weights;
  };
  return { groupOfCluster, groups, start: groupStart, pattern: groupPattern, count: groupCount, patternWeights };
}

/** Collects the reason of every null statistic under its path. */
class Reasons {
  readonly record: Record<string, string> = {};

  set(path: string, reason: string): void {
    this.record[path] = reason;
  }

  take(path: string, coefficient: Coefficient): number | null {
    if (coefficient.value === null) this.set(path, coefficient.reason ?? 'undefined');
    return coefficient.value;
  }
}
