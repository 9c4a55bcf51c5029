// Beyond raw agreement (SPEC §4): chance-corrected statistics of the HUMAN ratings of a task and
// bucket (Krippendorff's alpha nominal, generalized Fleiss' kappa, Gwet's AC1, each with a
// studentized bootstrap interval over puzzles or units and the observed and expected agreement behind it),
// and difficulty's alpha (its units are puzzles already).

import type { AgreementReport, ChanceCorrected, Resampling } from '../../report/model/report-model';
import { runPlan, type BootstrapOptions, type BootstrapPlan } from '../bootstrap';
import {
  computeAlphaLevelsPlan,
  computeChanceCorrectedPlanOfColumns,
  ratingColumnsBuilder,
  type AlphaLevelResult,
  type ChanceCorrectedResult,
  type Interval,
  type Rating,
  type RatingColumns,
} from '../reliability';
import type { DifficultyRating, TaskUnit } from './study-units';

export type DifficultyStatistics = NonNullable<AgreementReport['statistics']['difficulty']>;

/** The engine's names for undefined statistics (paths in its result) -> the report's field names. */
const TASK_REASON_KEYS: Readonly<Record<string, string>> = {
  'alpha.nominal': 'krippendorffAlpha',
  fleissKappa: 'fleissKappa',
  gwetAC1: 'gwetAC1',
  percentAgreement: 'observedAgreement',
  'ci95.alpha': 'krippendorffAlphaCi95',
  'ci95.fleissKappa': 'fleissKappaCi95',
  'ci95.gwetAC1': 'gwetAC1Ci95',
};

/**
 * Statistics of the humans' labels on `units` (every label a rating; a unit labelled once still
 * counts towards chance agreement, as Gwet 2014 and irrCAC define it). Prevalence is each
 * category's share of all the ratings, in scheme order, 0 for every category when there are none.
 * A bootstrap replicate draws whole puzzles, or single units under `resample` = `units`.
 */
export function chanceCorrected(
  units: readonly TaskUnit[],
  categories: readonly string[],
  bootstrap: BootstrapOptions,
  resample: Resampling = 'puzzles',
): ChanceCorrected {
  return runPlan(chanceCorrectedPlan(units, categories, bootstrap, resample), bootstrap);
}

/** chanceCorrected still to be bootstrapped, so that the report runs its job with the agreement table's of the same units. */
export function chanceCorrectedPlan(
  units: readonly TaskUnit[],
  categories: readonly string[],
  bootstrap: BootstrapOptions,
  resample: Resampling = 'puzzles',
): BootstrapPlan<ChanceCorrected> {
  const { columns, counts, ratings, puzzleOf } = humanColumns(units, categories);
  // The scheme's categories are the scale: AC1 and Brennan-Prediger take q from it even when a category is never used.
  const clusters = resample === 'puzzles' ? { clusterOf: (unit: string) => puzzleOf.get(unit) ?? unit } : {};
  const plan = computeChanceCorrectedPlanOfColumns(columns, { order: categories, ...(bootstrap.replicates > 0 ? { bootstrap, ...clusters } : {}) });
  const prevalence: Record<string, number> = {};
  for (const [category, count] of counts) prevalence[category] = ratings > 0 ? count / ratings : 0;
  return { jobs: plan.jobs, result: () => reportFigures(plan.result(), prevalence) };
}

/**
 * The units' human labels as the engine's columns, each label a rating of the rater at its
 * position in the unit (exchangeableRater), made without a Rating object each: a report makes them
 * for every bucket of both tasks. Also each category's count, the number of labels and each
 * unit's puzzle, from the same walk over the units.
 */
function humanColumns(
  units: readonly TaskUnit[],
  categories: readonly string[],
): { columns: RatingColumns; counts: Map<string, number>; ratings: number; puzzleOf: Map<string, string> } {
  const counts = new Map(categories.map((category) => [category, 0]));
  const puzzleOf = new Map<string, string>();
  const builder = ratingColumnsBuilder();
  let ratings = 0;
  for (const unit of units) {
    puzzleOf.set(unit.id, unit.puzzleId);
    builder.unit(unit.id);
    unit.humans.forEach(({ value }, position) => {
      counts.set(value, (counts.get(value) ?? 0) + 1);
      ratings++;
      builder.rate(exchangeableRater(position), value);
    });
  }
  return { columns: builder.columns(), counts, ratings, puzzleOf };
}

/** The report's figures of the engine's result. */
function reportFigures(result: ChanceCorrectedResult, prevalence: Record<string, number>): ChanceCorrected {
  const { observedAgreement, expectedAgreement, ci95 } = result;
  const undefinedReplicates = result.bootstrap?.undefinedReplicates;
  // Alpha's observed agreement is 1 - Do: Krippendorff weights units by their pairable values where Gwet averages units.
  const alphaObserved = result.alphaDisagreement.nominal?.observed ?? null;
  return {
    units: result.units,
    pairableValues: result.pairableValues,
    ...(result.bootstrap ? { ci95Method: result.bootstrap.method } : {}),
    krippendorffAlpha: result.alpha.nominal,
    ...(ci95 ? { krippendorffAlphaCi95: ci95.alpha } : {}),
    fleissKappa: result.fleissKappa,
    ...(ci95 ? { fleissKappaCi95: ci95.fleissKappa } : {}),
    gwetAC1: result.gwetAC1,
    ...(ci95 ? { gwetAC1Ci95: ci95.gwetAC1 } : {}),
    observedAgreement,
    observedAgreementByStatistic: {
      krippendorffAlpha: alphaObserved === null ? null : 1 - alphaObserved,
      fleissKappa: observedAgreement,
      gwetAC1: observedAgreement,
    },
    expectedAgreement: { krippendorffAlpha: expectedAgreement.alpha, fleissKappa: expectedAgreement.fleissKappa, gwetAC1: expectedAgreement.gwetAC1 },
    prevalence,
    ...(undefinedReplicates === undefined
      ? {}
      : {
          undefinedReplicates: {
            krippendorffAlpha: undefinedReplicates.alpha,
            fleissKappa: undefinedReplicates.fleissKappa,
            gwetAC1: undefinedReplicates.gwetAC1,
          },
        }),
    undefinedReasons: reportReasons(result.undefinedReasons, TASK_REASON_KEYS),
  };
}

interface LevelFigures {
  alpha: number | null;
  ci95: Interval | null | undefined;
  method: 'studentized' | undefined;
  undefinedReplicates: number | undefined;
  reasons: Record<string, string>;
}

/** Ordinal and interval alpha (Krippendorff 2011) of every human difficulty rating, each with its bootstrap interval still to be drawn. */
export function difficultyStatisticsPlan(ratings: readonly DifficultyRating[], bootstrap: BootstrapOptions): BootstrapPlan<DifficultyStatistics> {
  if (ratings.length === 0) {
    const reason = 'no human difficulty ratings';
    return {
      jobs: [],
      result: () => ({ ordinalAlpha: null, intervalAlpha: null, ratings: 0, undefinedReasons: { ordinalAlpha: reason, intervalAlpha: reason } }),
    };
  }
  const position = new Map<string, number>();
  const engineRatings: Rating[] = ratings.map((rating) => {
    const next = position.get(rating.puzzleId) ?? 0;
    position.set(rating.puzzleId, next + 1);
    return { unit: rating.puzzleId, rater: exchangeableRater(next), value: String(rating.value) };
  });
  // Both levels from one resampling: each gets the interval it would get alone.
  const plan = computeAlphaLevelsPlan(engineRatings, ['ordinal', 'interval'], bootstrap.replicates > 0 ? { bootstrap } : {});
  return { jobs: plan.jobs, result: () => difficultyFigures(plan.result(), ratings.length) };
}

/** The report's difficulty statistics of the engine's ordinal and interval alpha. */
function difficultyFigures(levels: readonly AlphaLevelResult[], ratings: number): DifficultyStatistics {
  const [ordinal, interval] = levels.map((result) => {
    const name = `${result.level}Alpha`;
    return {
      alpha: result.alpha,
      ci95: result.ci95,
      method: result.bootstrap?.method,
      undefinedReplicates: result.bootstrap?.undefinedReplicates,
      reasons: reportReasons(result.undefinedReasons, { [`alpha.${result.level}`]: name, 'ci95.alpha': `${name}Ci95` }),
    };
  }) as [LevelFigures, LevelFigures];
  return {
    ordinalAlpha: ordinal.alpha,
    intervalAlpha: interval.alpha,
    ...(ordinal.ci95 !== undefined ? { ordinalAlphaCi95: ordinal.ci95 } : {}),
    ...(interval.ci95 !== undefined ? { intervalAlphaCi95: interval.ci95 } : {}),
    ...(interval.method !== undefined ? { ci95Method: interval.method } : {}),
    ratings,
    ...(ordinal.undefinedReplicates !== undefined && interval.undefinedReplicates !== undefined
      ? { undefinedReplicates: { ordinalAlpha: ordinal.undefinedReplicates, intervalAlpha: interval.undefinedReplicates } }
      : {}),
    undefinedReasons: { ...ordinal.reasons, ...interval.reasons },
  };
}

/**
 * Alpha, generalized Fleiss' kappa and AC1 are rater-exchangeable: they read only how many of a
 * unit's ratings fall in each category. So raters are named by their position within the unit,
 * which keeps the engine's units x raters table as narrow as the most-labelled unit, however
 * many annotators the study has.
 */
function exchangeableRater(position: number): string {
  return `r${position + 1}`;
}

function reportReasons(undefinedReasons: Readonly<Record<string, string>>, keys: Readonly<Record<string, string>>): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const [path, reason] of Object.entries(undefinedReasons)) {
    const key = keys[path];
    if (key !== undefined) reasons[key] = reason;
  }
  return reasons;
}
