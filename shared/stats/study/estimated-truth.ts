// Estimated truth of a task (issue 33 point 1): Dawid-Skene and MACE fitted to the people's labels
// (and, when asked, the judges'), each unit's posterior over the labels, each rater's estimated
// accuracy, confusion and competence, and each judge against that truth beside the human majority,
// every interval a cluster bootstrap by puzzle that fits the truth again in each replicate.

import type { TruthDisagreement, TruthJudgeFigure, TruthJudgeRow, TruthRaterRow, TruthRaters, TruthTask } from '../../report/model/estimated-truth';
import type { ReportBucket, ReportTask } from '../../report/model/report-model';
import type { BootstrapOptions } from '../bootstrap';
import { clusterReplicates } from '../crowd/cluster-replicates';
import type { CrowdRatings } from '../crowd/crowd-ratings';
import { dawidSkene, raterAccuracies, type DawidSkeneFit } from '../crowd/dawid-skene';
import { fitMace } from '../crowd/mace';
import { maceIntervals } from '../crowd/mace-intervals';
import { judgeGroup } from './agreement';
import { humanMajority } from './majority';
import { annotatorRater } from './pairwise';
import { resamplingClusters } from './resampling';
import type { TaskUnit } from './study-units';

/** MACE's restarts are seeded; one seed for every fit keeps the report deterministic. */
const MACE_SEED = 0;

/**
 * The units people labelled, as the estimators read them: one item per unit with a human label
 * (a unit no one labelled says nothing of its truth), raters the annotators in order of first
 * label, then with `people-and-judges` the judges, their labels the task's categories (a judge's
 * `unparseable` is no category and no rating).
 */
export interface TruthRatings {
  ratings: CrowdRatings;
  units: TaskUnit[];
  /** `human:<id>` then `judge:<model>`, the report's rater names. */
  raters: string[];
  /** How many raters are people; the rest are judges. */
  people: number;
  /** Each item's puzzle, 0 to clusterCount - 1. */
  clusterOfItem: Uint32Array;
  clusterCount: number;
}

export function truthRatings(units: readonly TaskUnit[], categories: readonly string[], judges: readonly string[], raters: TruthRaters): TruthRatings {
  const rated = units.filter((unit) => unit.humans.length > 0);
  const categoryOf = new Map(categories.map((category, c) => [category, c]));
  const raterOf = new Map<string, number>();
  for (const unit of rated)
    for (const { annotator } of unit.humans) if (!raterOf.has(annotatorRater(annotator))) raterOf.set(annotatorRater(annotator), raterOf.size);
  const people = raterOf.size;
  if (raters === 'people-and-judges') for (const judge of judges) raterOf.set(judgeGroup(judge), raterOf.size);
  const item: number[] = [];
  const rater: number[] = [];
  const label: number[] = [];
  const add = (i: number, name: string, value: string) => {
    const r = raterOf.get(name);
    const c = categoryOf.get(value);
    if (r === undefined || c === undefined) return;
    item.push(i);
    rater.push(r);
    label.push(c);
  };
  rated.forEach((unit, i) => {
    for (const { annotator, value } of unit.humans) add(i, annotatorRater(annotator), value);
    for (const [judge, value] of unit.judgements) add(i, judgeGroup(judge), value);
  });
  const { clusterOfUnit, clusters } = resamplingClusters(rated, 'puzzles');
  return {
    ratings: { itemCount: rated.length, raterCount: raterOf.size, categoryCount: categories.length, item, rater, label },
    units: rated,
    raters: [...raterOf.keys()],
    people,
    clusterOfItem: clusterOfUnit,
    clusterCount: clusters,
  };
}

/** The same ratings without one rater's (a judge measured against a truth it must not have helped make). */
function withoutRater(ratings: CrowdRatings, left: number): CrowdRatings {
  const item: number[] = [];
  const rater: number[] = [];
  const label: number[] = [];
  for (let n = 0; n < ratings.item.length; n++) {
    if (ratings.rater[n] === left) continue;
    item.push(ratings.item[n] as number);
    rater.push(ratings.rater[n] as number);
    label.push(ratings.label[n] as number);
  }
  return { ...ratings, item, rater, label };
}

/** The most likely label of item i: the first of the highest posterior, in category order. */
export function mostLikelyLabel(posteriors: ArrayLike<number>, i: number, K: number): number {
  let best = 0;
  for (let c = 1; c < K; c++) if ((posteriors[i * K + c] as number) > (posteriors[i * K + best] as number)) best = c;
  return best;
}

/** One task's estimated truth and the fits it came from (the report keeps `section`; the export reads `fit`). */
export interface EstimatedTruth {
  section: TruthTask;
  truth: TruthRatings;
  /** Null when no one labelled a unit of the task. */
  fit: DawidSkeneFit | null;
}

/**
 * A task's estimated truth. `buckets` are the report's of the task; `bootstrap.replicates` 0 gives
 * no intervals. A judge that is a rater is measured against the truth fitted without its own
 * labels, so its agreement is not inflated by the part it played in making that truth; the raters'
 * table and the disagreements read the fit of every rater. `onReplicate` is called after each
 * bootstrap replicate's fits, for a progress bar.
 */
export function estimatedTruth(
  task: ReportTask,
  units: readonly TaskUnit[],
  categories: readonly string[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  raters: TruthRaters,
  bootstrap: BootstrapOptions,
  onReplicate?: () => void,
): EstimatedTruth {
  const truth = truthRatings(units, categories, judges, raters);
  const { ratings, clusterOfItem, clusterCount } = truth;
  const K = categories.length;
  if (ratings.itemCount === 0) return { section: emptySection(task, categories), truth, fit: null };
  const fit = dawidSkene(ratings);
  const judgeRaters = judges.map((judge) => truth.raters.indexOf(judgeGroup(judge)));
  // Per judge, the ratings its truth is fitted to: all but its own when it is a rater.
  const ratingsFor = judgeRaters.map((r) => (r < 0 ? ratings : withoutRater(ratings, r)));
  const judgeLabels = judges.map((judge) => Int32Array.from(truth.units, (unit) => labelIndex(categories, unit.judgements.get(judge))));
  const majorities = truth.units.map((unit) => labelIndex(categories, humanMajority(unit) ?? undefined));
  const inBucket = buckets.map((bucket) => truth.units.map((unit) => bucket === 'all' || unit.bucket === bucket));
  const ones = new Float64Array(ratings.itemCount).fill(1);
  const count = ratings.raterCount + judges.length * buckets.length * 3;

  // Every figure of one fit of the ratings weighted by `weights`: the raters' accuracies, then per
  // judge and bucket its agreement with the majority, the most likely label and the expected one.
  const figures = (weights: Float64Array): (number | null)[] => {
    onReplicate?.();
    let whole: DawidSkeneFit;
    try {
      whole = dawidSkene(ratings, { itemWeights: weights });
    } catch {
      // A replicate that drew no rated item has no figures at all.
      return new Array<null>(count).fill(null);
    }
    const values: (number | null)[] = Array.from(raterAccuracies(whole), (value) => (Number.isNaN(value) ? null : value));
    judges.forEach((_, j) => {
      const posteriors = ratingsFor[j] === ratings ? whole.posteriors : dawidSkene(ratingsFor[j] as CrowdRatings, { itemWeights: weights }).posteriors;
      for (const taking of inBucket)
        values.push(...judgeFigures(judgeLabels[j] as Int32Array, majorities, posteriors, K, taking, weights).map((figure) => figure.agreement));
    });
    return values;
  };
  const pointFigures = (): TruthJudgeFigure[][][] =>
    judges.map((_, j) => {
      const posteriors = ratingsFor[j] === ratings ? fit.posteriors : dawidSkene(ratingsFor[j] as CrowdRatings).posteriors;
      return inBucket.map((taking) => judgeFigures(judgeLabels[j] as Int32Array, majorities, posteriors, K, taking, ones));
    });
  const point = pointFigures();
  const intervals = bootstrap.replicates === 0 ? null : clusterReplicates(clusterOfItem, clusterCount, count, figures, bootstrap);
  const ci = (index: number) => intervals?.[index]?.ci95 ?? null;

  const mace = fitMace(ratings, { seed: MACE_SEED });
  const maceCi = bootstrap.replicates === 0 ? null : maceIntervals(ratings, mace, clusterOfItem, clusterCount, bootstrap);
  const accuracies = raterAccuracies(fit);
  const raterRows = truth.raters.map((name, r): TruthRaterRow => {
    const row = (c: number) => Array.from(fit.confusion.subarray((r * K + c) * K, (r * K + c + 1) * K), nullIfNaN);
    return {
      rater: name,
      ratings: countOf(ratings.rater, r),
      accuracy: nullIfNaN(accuracies[r] as number),
      accuracyCi95: ci(r),
      confusion: categories.map((_, c) => row(c)),
      competence: mace.competence[r] as number,
      competenceCi95: maceCi?.competenceCi95[r] ?? null,
    };
  });
  const judgeRows = judges.flatMap((judge, j) =>
    buckets.map((bucket, b): TruthJudgeRow => {
      const at = ratings.raterCount + (j * buckets.length + b) * 3;
      const [majority, mostLikely, expected] = (point[j] as TruthJudgeFigure[][])[b] as TruthJudgeFigure[];
      return {
        judge,
        bucket,
        inTruth: (judgeRaters[j] as number) >= 0,
        majority: { ...(majority as TruthJudgeFigure), ci95: ci(at) },
        mostLikely: { ...(mostLikely as TruthJudgeFigure), ci95: ci(at + 1) },
        expected: { ...(expected as TruthJudgeFigure), ci95: ci(at + 2) },
      };
    }),
  );
  const section: TruthTask = {
    task,
    categories: [...categories],
    units: ratings.itemCount,
    puzzles: clusterCount,
    iterations: fit.iterations,
    converged: fit.converged,
    priors: Array.from(fit.priors),
    raters: raterRows,
    judges: judgeRows,
    ...truthDisagreements(truth.units, categories, buckets, majorities, fit),
  };
  return { section, truth, fit };
}

/** A task no one labelled: no fit, nothing to measure a judge against. */
function emptySection(task: ReportTask, categories: readonly string[]): TruthTask {
  return {
    task,
    categories: [...categories],
    units: 0,
    puzzles: 0,
    iterations: 0,
    converged: false,
    priors: [],
    raters: [],
    judges: [],
    disagreementShares: [],
    disagreements: [],
  };
}

function countOf(values: ArrayLike<number>, value: number): number {
  let count = 0;
  for (let n = 0; n < values.length; n++) if (values[n] === value) count++;
  return count;
}

function labelIndex(categories: readonly string[], value: string | undefined): number {
  // A judge's `unparseable` is none of the categories: -2, a miss of every reference; no label is -1.
  if (value === undefined) return -1;
  const c = categories.indexOf(value);
  return c < 0 ? -2 : c;
}

const nullIfNaN = (value: number): number | null => (Number.isNaN(value) ? null : value);

/**
 * A judge's three figures on the units `taking` holds, each unit counted `weights` times: its
 * agreement with the strict human majority (units with one), with the most likely label and the
 * mean posterior of its own label (both on every unit it labelled).
 */
function judgeFigures(
  labels: Int32Array,
  majorities: readonly number[],
  posteriors: ArrayLike<number>,
  K: number,
  taking: readonly boolean[],
  weights: ArrayLike<number>,
): [TruthJudgeFigure, TruthJudgeFigure, TruthJudgeFigure] {
  let majorityAgreeing = 0;
  let majorityWeight = 0;
  let majorityN = 0;
  let likelyAgreeing = 0;
  let expected = 0;
  let labelledWeight = 0;
  let labelledN = 0;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as number;
    const weight = weights[i] as number;
    if (!taking[i] || label === -1) continue;
    labelledN++;
    labelledWeight += weight;
    if (label >= 0) {
      if (mostLikelyLabel(posteriors, i, K) === label) likelyAgreeing += weight;
      expected += weight * (posteriors[i * K + label] as number);
    }
    const majority = majorities[i] as number;
    if (majority < 0) continue;
    majorityN++;
    majorityWeight += weight;
    if (majority === label) majorityAgreeing += weight;
  }
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return [
    { agreement: share(majorityAgreeing, majorityWeight), n: majorityN, ci95: null },
    { agreement: share(likelyAgreeing, labelledWeight), n: labelledN, ci95: null },
    { agreement: share(expected, labelledWeight), n: labelledN, ci95: null },
  ];
}

/**
 * Where the two references disagree: per bucket the share of units with a strict human majority
 * whose most likely label is another (a tie is no majority, as everywhere in the report, so it is
 * left out), and those units, the most confident disagreement first.
 */
function truthDisagreements(
  units: readonly TaskUnit[],
  categories: readonly string[],
  buckets: readonly ReportBucket[],
  majorities: readonly number[],
  fit: DawidSkeneFit,
): Pick<TruthTask, 'disagreementShares' | 'disagreements'> {
  const K = categories.length;
  const disagreements: TruthDisagreement[] = [];
  const differs = units.map((unit, i) => {
    const majority = majorities[i] as number;
    if (majority < 0) return null;
    const label = mostLikelyLabel(fit.posteriors, i, K);
    if (label === majority) return false;
    disagreements.push({
      unit: unit.id,
      puzzleId: unit.puzzleId,
      bucket: unit.bucket,
      majority: categories[majority] as string,
      label: categories[label] as string,
      probability: fit.posteriors[i * K + label] as number,
    });
    return true;
  });
  const disagreementShares = buckets.map((bucket) => {
    let withMajority = 0;
    let differing = 0;
    units.forEach((unit, i) => {
      if (differs[i] === null || (bucket !== 'all' && unit.bucket !== bucket)) return;
      withMajority++;
      if (differs[i]) differing++;
    });
    return { bucket, withMajority, differing, share: withMajority > 0 ? differing / withMajority : null };
  });
  disagreements.sort((a, b) => b.probability - a.probability);
  return { disagreementShares, disagreements };
}

/** Each unit people labelled -> Dawid-Skene's posterior over `categories` from the annotators' labels alone, without intervals (the dataset's soft labels). */
export function peoplePosteriors(units: readonly TaskUnit[], categories: readonly string[]): Map<string, number[]> {
  const truth = truthRatings(units, categories, [], 'people');
  const posteriors = new Map<string, number[]>();
  if (truth.ratings.itemCount === 0) return posteriors;
  const fit = dawidSkene(truth.ratings);
  const K = categories.length;
  truth.units.forEach((unit, i) => posteriors.set(unit.id, Array.from(fit.posteriors.subarray(i * K, (i + 1) * K))));
  return posteriors;
}
