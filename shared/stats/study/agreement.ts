// Raw agreement of SPEC §4: human-judge (HJ, the paper's R and M), human-human (HH) and
// judge-judge (JJ; gold labels count as one more judge), micro over comparisons or pairs and
// macro over units, per bucket, each with a studentized bootstrap interval over puzzles (or units)
// that is widened to the Wilson interval where it reaches 0 or 1.

import type { AgreementRow, Interval, IntervalMethod, ReportBucket, Resampling } from '../../report/model/report-model';
import { groupsByNumbers, runPlan, type BootstrapOptions, type BootstrapPlan, type ReplicateJob } from '../bootstrap';
import { STUDENTIZED_REASONS, studentizedWork, weightedRatio, type Estimate, type StudentizedResult } from '../studentized';
import { wilsonInterval } from '../wilson';
import { humanLabelCounts } from './majority';
import { resamplingClusters, type ResamplingClusters } from './resampling';
import type { TaskUnit } from './study-units';

/** What one unit adds to a figure: agreeing comparisons (or pairs) out of all of them. */
export interface UnitScore {
  agreements: number;
  comparisons: number;
}

export type AgreementFigure = Omit<AgreementRow, 'bucket' | 'a' | 'b'>;

/** Who is compared with whom; `score` is null when the unit takes no part. */
interface RaterPair {
  a: string;
  b: string;
  score: (unit: TaskUnit, humanCounts: ReadonlyMap<string, number>) => UnitScore | null;
}

const HUMAN = 'human';

/** The rater group of the lead's gold labels (see RaterGroup in report-model.ts). */
export const GOLD = 'gold';

export function judgeGroup(model: string): string {
  return `judge:${model}`;
}

/** A rater group with at most one label per unit, compared with the others as a judge is: a judge model, or gold. */
export interface FixedRater {
  group: string;
  labelOf: (unit: TaskUnit) => string | undefined;
}

/** The task's judges in the order given, then gold when `gold` is set: gold is compared like one more judge. */
export function fixedRaters(judges: readonly string[], gold: boolean): FixedRater[] {
  const raters = judges.map((model): FixedRater => ({ group: judgeGroup(model), labelOf: (unit) => unit.judgements.get(model) }));
  if (gold) raters.push({ group: GOLD, labelOf: (unit) => unit.gold });
  return raters;
}

/**
 * The rows of one task's table: each judge vs human, human vs human, then every pair of judges,
 * each over `buckets` in order (SPEC §4, docs/formats.md#report). With `gold`, the gold labels are one more
 * judge after the last: gold vs human before human vs human, each judge vs gold last.
 * `bootstrap.replicates` 0 gives no intervals; `resample` says what a replicate draws.
 */
export function agreementRows(
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  bootstrap: BootstrapOptions,
  gold = false,
  resample: Resampling = 'puzzles',
): AgreementRow[] {
  return runPlan(agreementRowsPlan(units, judges, buckets, bootstrap, gold, resample), bootstrap);
}

/** agreementRows still to be bootstrapped, and per job the index in `buckets` of the bucket it is of. */
export function agreementRowsPlan(
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  bootstrap: BootstrapOptions,
  gold = false,
  resample: Resampling = 'puzzles',
): BootstrapPlan<AgreementRow[]> & { bucketOfJob: number[] } {
  const raters = fixedRaters(judges, gold);
  const pairs: RaterPair[] = [];
  for (const rater of raters) pairs.push({ a: rater.group, b: HUMAN, score: (unit, counts) => humanFixedScore(unit, counts, rater) });
  pairs.push({ a: HUMAN, b: HUMAN, score: humanHumanScore });
  raters.forEach((first, i) => {
    for (const second of raters.slice(i + 1)) pairs.push({ a: first.group, b: second.group, score: (unit) => fixedFixedScore(unit, first, second) });
  });

  // One pass over the units: every pair's score, each unit's bucket and puzzle; every pair and
  // bucket below reads these, not the units.
  const scores = pairs.map(() => new Array<UnitScore | null>(units.length));
  const bucketOf = new Array<string>(units.length);
  const puzzleOf = new Array<{ puzzleId: string }>(units.length);
  units.forEach((unit, u) => {
    const humanCounts = humanLabelCounts(unit);
    pairs.forEach((pair, p) => ((scores[p] as (UnitScore | null)[])[u] = pair.score(unit, humanCounts)));
    bucketOf[u] = unit.bucket;
    puzzleOf[u] = { puzzleId: unit.puzzleId };
  });
  const planned: { bucket: number; pairs: number[]; plan: BootstrapPlan<AgreementFigure[]> }[] = [];
  buckets.forEach((bucket, b) => {
    // Pairs that take part on exactly the same units share their bootstrap replicates: with the
    // same seed each gets the interval it would get alone, for one resampling instead of several.
    // Their puzzles are the same too, so resampling puzzles keeps the trick.
    const sharing: Array<{ units: number[]; pairs: number[] }> = [];
    pairs.forEach((_, p) => {
      const taking: number[] = [];
      bucketOf.forEach((unitBucket, u) => {
        if (scores[p]?.[u] && (bucket === 'all' || unitBucket === bucket)) taking.push(u);
      });
      const same = sharing.find((c) => sameUnits(c.units, taking));
      if (same) same.pairs.push(p);
      else sharing.push({ units: taking, pairs: [p] });
    });
    for (const same of sharing) {
      const sameScores = same.pairs.map((p) => same.units.map((u) => scores[p]?.[u] as UnitScore));
      const clusters = resamplingClusters(
        same.units.map((u) => puzzleOf[u] as { puzzleId: string }),
        resample,
      );
      planned.push({ bucket: b, pairs: same.pairs, plan: agreementFiguresPlan(sameScores, bootstrap, clusters) });
    }
  });
  return {
    jobs: planned.flatMap(({ plan }) => plan.jobs),
    bucketOfJob: planned.flatMap(({ bucket, plan }) => plan.jobs.map(() => bucket)),
    result() {
      // figures[pair][bucket]
      const figures = pairs.map(() => new Array<AgreementFigure>(buckets.length));
      for (const { bucket, pairs: same, plan } of planned)
        plan.result().forEach((figure, i) => {
          (figures[same[i] as number] as AgreementFigure[])[bucket] = figure;
        });
      return pairs.flatMap((pair, p) => buckets.map((bucket, b) => ({ bucket, a: pair.a, b: pair.b, ...(figures[p]?.[b] as AgreementFigure) })));
    },
  };
}

/** HJ of one unit: the humans who gave the judge's label, out of all k humans; none when k = 0 or the judge did not label it. */
function humanFixedScore(unit: TaskUnit, humanCounts: ReadonlyMap<string, number>, rater: FixedRater): UnitScore | null {
  const label = rater.labelOf(unit);
  if (label === undefined || unit.humans.length === 0) return null;
  return { agreements: humanCounts.get(label) ?? 0, comparisons: unit.humans.length };
}

/** HH of one unit: agreeing unordered pairs of humans out of C(k, 2); none when k < 2. */
function humanHumanScore(unit: TaskUnit, humanCounts: ReadonlyMap<string, number>): UnitScore | null {
  const k = unit.humans.length;
  if (k < 2) return null;
  let agreements = 0;
  for (const count of humanCounts.values()) agreements += (count * (count - 1)) / 2;
  return { agreements, comparisons: (k * (k - 1)) / 2 };
}

/** JJ of one unit: 1 of 1 when both judges gave the same label; none unless both labelled it. */
function fixedFixedScore(unit: TaskUnit, first: FixedRater, second: FixedRater): UnitScore | null {
  const a = first.labelOf(unit);
  const b = second.labelOf(unit);
  if (a === undefined || b === undefined) return null;
  return { agreements: a === b ? 1 : 0, comparisons: 1 };
}

function sameUnits(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((u, i) => u === b[i]);
}

/**
 * Per cluster and pair (index cluster * pairs + pair), what a replicate sums when it draws the
 * cluster. The sum of the cluster's per-unit agreement is kept as a fraction: a one-unit cluster
 * keeps agreements / comparisons, so resampling units gives the intervals it gave before clusters
 * existed to the last bit; a larger cluster holds the sum over 1.
 */
interface ClusterSums {
  agreements: Float64Array;
  comparisons: Float64Array;
  unitAgreementNumerator: Float64Array;
  unitAgreementDenominator: Float64Array;
  units: Uint32Array;
}

function clusterSums(size: number): ClusterSums {
  return {
    agreements: new Float64Array(size),
    comparisons: new Float64Array(size),
    unitAgreementNumerator: new Float64Array(size),
    unitAgreementDenominator: new Float64Array(size).fill(1),
    units: new Uint32Array(size),
  };
}

/**
 * Micro agreement (sum of agreements / sum of comparisons) and macro agreement (mean of the
 * units' own agreement) of one or more rater pairs over the same units (`scores[pair][unit]`),
 * each with a studentized bootstrap interval from one set of replicates: both are ratios of
 * per-cluster sums, so a replicate's standard error is weightedRatio's delta method. A replicate draws as
 * many clusters as there are (`resampling`: puzzles, or by default each unit alone) with
 * replacement and takes every unit of each; clusters whose sums are identical under every pair
 * share a bootstrap group, so a replicate costs one step per distinct group and pair, not per unit.
 * An interval that reaches 0 or 1 or has no width is widened to the Wilson interval at the
 * number of clusters (see IntervalMethod).
 */
export function agreementFigures(scores: ReadonlyArray<readonly UnitScore[]>, bootstrap: BootstrapOptions, resampling?: ResamplingClusters): AgreementFigure[] {
  return runPlan(agreementFiguresPlan(scores, bootstrap, resampling), bootstrap);
}

/** agreementFigures still to be bootstrapped. */
export function agreementFiguresPlan(
  scores: ReadonlyArray<readonly UnitScore[]>,
  bootstrap: BootstrapOptions,
  resampling?: ResamplingClusters,
): BootstrapPlan<AgreementFigure[]> {
  const pairCount = scores.length;
  const units = scores[0]?.length ?? 0;
  if (units === 0) return { jobs: [], result: () => scores.map(() => ({ agreement: null, n: 0, ci95: null, macro: null, units: 0, macroCi95: null })) };
  const { clusterOfUnit, clusters } = resampling ?? { clusterOfUnit: Uint32Array.from({ length: units }, (_, u) => u), clusters: units };

  const agreements = new Float64Array(pairCount);
  const comparisons = new Float64Array(pairCount);
  const unitAgreementSums = new Float64Array(pairCount);
  const sums = clusterSums(clusters * pairCount);
  for (let u = 0; u < units; u++) {
    const cluster = clusterOfUnit[u] as number;
    for (let p = 0; p < pairCount; p++) {
      const score = scores[p]?.[u] as UnitScore;
      agreements[p] = (agreements[p] as number) + score.agreements;
      comparisons[p] = (comparisons[p] as number) + score.comparisons;
      unitAgreementSums[p] = (unitAgreementSums[p] as number) + score.agreements / score.comparisons;
      const i = cluster * pairCount + p;
      if (sums.units[i] === 0) {
        sums.unitAgreementNumerator[i] = score.agreements;
        sums.unitAgreementDenominator[i] = score.comparisons;
      } else {
        sums.unitAgreementNumerator[i] =
          (sums.unitAgreementNumerator[i] as number) / (sums.unitAgreementDenominator[i] as number) + score.agreements / score.comparisons;
        sums.unitAgreementDenominator[i] = 1;
      }
      sums.agreements[i] = (sums.agreements[i] as number) + score.agreements;
      sums.comparisons[i] = (sums.comparisons[i] as number) + score.comparisons;
      sums.units[i] = (sums.units[i] as number) + 1;
    }
  }

  // The first cluster of each group stands for it.
  const { groupOf: groupOfCluster, firstOf: clusterOfGroup } = groupsByNumbers(clusters, 5 * pairCount, (c, key) => {
    for (let p = 0, i = c * pairCount; p < pairCount; p++, i++) {
      key[5 * p] = sums.agreements[i] as number;
      key[5 * p + 1] = sums.comparisons[i] as number;
      key[5 * p + 2] = sums.unitAgreementNumerator[i] as number;
      key[5 * p + 3] = sums.unitAgreementDenominator[i] as number;
      key[5 * p + 4] = sums.units[i] as number;
    }
  });
  const groupSums = clusterSums(clusterOfGroup.length * pairCount);
  clusterOfGroup.forEach((c, g) => {
    for (let p = 0; p < pairCount; p++) {
      const from = c * pairCount + p;
      const to = g * pairCount + p;
      groupSums.agreements[to] = sums.agreements[from] as number;
      groupSums.comparisons[to] = sums.comparisons[from] as number;
      groupSums.unitAgreementNumerator[to] = sums.unitAgreementNumerator[from] as number;
      groupSums.unitAgreementDenominator[to] = sums.unitAgreementDenominator[from] as number;
      groupSums.units[to] = sums.units[from] as number;
    }
  });

  const groupCount = clusterOfGroup.length;
  // A cluster's summed unit agreement, the numerator of the macro ratio (its denominator is the cluster's units).
  const unitAgreement = groupSums.unitAgreementNumerator.map((numerator, i) => numerator / (groupSums.unitAgreementDenominator[i] as number));
  const unitsOfGroup = Float64Array.from(groupSums.units);
  // Per pair, micro then macro; every replicate draws at least one cluster, each of whose units has comparisons >= 1.
  const estimates = (draws: Uint32Array): (Estimate | null)[] => {
    const out: (Estimate | null)[] = [];
    for (let p = 0; p < pairCount; p++) {
      out.push(
        weightedRatio(draws, groupSums.agreements, groupSums.comparisons, pairCount, p),
        weightedRatio(draws, unitAgreement, unitsOfGroup, pairCount, p),
      );
    }
    return out;
  };
  const work =
    bootstrap.replicates > 0
      ? studentizedWork({ groupOfUnit: groupOfCluster, groupCount, count: 2 * pairCount, estimates, flatReplicates: 'undefined' }, bootstrap.replicates)
      : undefined;
  const jobs: ReplicateJob[] = work === undefined ? [] : [work];
  const figuresOf = (intervals: readonly StudentizedResult[]): AgreementFigure[] =>
    scores.map((_, p) => {
      const agreement = (agreements[p] as number) / (comparisons[p] as number);
      const macro = (unitAgreementSums[p] as number) / units;
      const micro = honestInterval(intervals[2 * p], agreement, clusters);
      const macroInterval = honestInterval(intervals[2 * p + 1], macro, clusters);
      return {
        agreement,
        n: comparisons[p] as number,
        ci95: micro.ci95,
        macro,
        units,
        macroCi95: macroInterval.ci95,
        ...(micro.method === undefined ? {} : { ci95Method: micro.method, undefinedReplicates: micro.undefinedReplicates }),
        ...(macroInterval.method === undefined ? {} : { macroCi95Method: macroInterval.method, macroUndefinedReplicates: macroInterval.undefinedReplicates }),
      };
    });
  return { jobs, result: () => figuresOf(work?.results() ?? []) };
}

/**
 * The studentized interval of a proportion, within [0, 1]; where it reaches 0 or 1 or has no
 * width, or where every cluster has the same share so there is no spread to studentize (a
 * replicate cannot draw a disagreement the sample lacks), its hull with the Wilson interval of `share` at the
 * `clusters` a replicate draws. Nothing without a bootstrap.
 */
function honestInterval(
  result: StudentizedResult | undefined,
  share: number,
  clusters: number,
): { ci95: Interval | null; method?: IntervalMethod; undefinedReplicates?: number } {
  if (result === undefined) return { ci95: null };
  const { ci95, undefinedReplicates, reason } = result;
  // clusters >= 1 and 0 <= share <= 1 wherever there is a bootstrap result.
  const wilson = wilsonInterval(share, clusters) as Interval;
  if (ci95 === null) {
    // Wilson's interval alone stands on no replicate, so none is left out of it.
    if (reason === STUDENTIZED_REASONS.noSpread) return { ci95: wilson, method: 'studentized+wilson', undefinedReplicates: 0 };
    return { ci95, method: 'studentized', undefinedReplicates };
  }
  const [low, high] = ci95;
  // No width: with two or three puzzles every defined t* can be 0.
  if (low > 0 && high < 1 && low < high) return { ci95, method: 'studentized', undefinedReplicates };
  return { ci95: [Math.max(0, Math.min(low, wilson[0])), Math.min(1, Math.max(high, wilson[1]))], method: 'studentized+wilson', undefinedReplicates };
}
