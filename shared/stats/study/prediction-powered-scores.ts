// Each player's scores under a judge made prediction-powered (issue 32 point 1): the judge's
// verdicts on every item and people's on the items they labelled combined by PPI++ (Angelopoulos,
// Duchi and Zrnic 2023) into an estimate of the score people would give, with the paper's CLT
// interval and a percentile cluster bootstrap by puzzle beside it. "All" is stratified by bucket
// (Fisch et al. 2024): each bucket its own tuned weight, the buckets weighted by their items.
//
// Two scores, each a share of 0/1 items:
// - the solve rate: the item is a session with a final the judge gave a verdict on (solved or not
//   under the judge, and under the human majority where people labelled its finals); a session
//   that ended without a final is unsolved under anyone, so the rate over all the player's
//   sessions is the rate over those with a final times their share, which the study knows exactly
//   (as the corrected scores count it);
// - the question accuracy as AgentBench scores it (yes replies / questions): the item is a
//   question of the player's the judge answered, yes or not, and under the human majority.
//
// It assumes what PPI assumes: the labelled items are a uniform random sample of the judged ones
// (within each bucket for "All"), items independent for the CLT interval; the bootstrap drops
// independence within a puzzle. Where people labelled every judged item there is nothing to add.

import type { Interval } from '../interval';
import { groupsByKey, percentileInterval, type BootstrapOptions, type ReplicateJob } from '../bootstrap';
import { normalQuantile } from '../normal-quantile';
import { predictionPoweredMeanOfSums, type PredictionPoweredSums } from '../prediction-powered';
import type { PredictionPoweredMeasure, PredictionPoweredScoreRow, ReportBucket } from '../../report/model/report-model';

/** One judged item: whose score it counts in, where it is drawn from, and its two verdicts. */
export interface PredictionPoweredItem {
  /** The (judge, player) cell the item counts in: an index into `cells`. */
  cell: number;
  /** Its bucket: an index into `strata`, the report's buckets other than "all". */
  stratum: number;
  /** Its cluster in each of the report's buckets (`clusterIn[b]`), -1 where it is not in the bucket. */
  clusterIn: readonly number[];
  /** 1 when the judge's verdict is the positive one (solved, yes). */
  judge: 0 | 1;
  /**
   * With `weighted` scores, the chance the item's puzzle was drawn into the calibration sample
   * people labelled; undefined for a puzzle outside it (a labelled one was added by hand).
   */
  inclusion?: number;
  /**
   * The human majority's; null where people gave no label, `tied` where they labelled it without
   * a strict majority (left out and counted: a tie is no random sample's missing label).
   */
  people: 0 | 1 | null | 'tied';
}

export interface PredictionPoweredInput {
  measure: PredictionPoweredMeasure;
  cells: readonly { judge: string; player: string }[];
  /** The report's buckets other than "all", in report order: the strata of "All". */
  strata: readonly ReportBucket[];
  /** The report's buckets in report order ("all" last); `clusterCounts[b]` clusters each. */
  buckets: readonly ReportBucket[];
  clusterCounts: readonly number[];
  items: readonly PredictionPoweredItem[];
  /**
   * Per cell and stratum, items the score counts that are known exactly and not judged: sessions
   * without a final (unsolved under anyone). The score is over judged items and these.
   */
  knownNegatives?: (cell: number, stratum: number) => number;
  bootstrap: BootstrapOptions;
  /**
   * People labelled a calibration sample drawn where the judge was least sure (items' `inclusion`):
   * the estimate weights each labelled item by 1 / its chance, as active inference does (Zrnic and
   * Candes 2024; their code's lambda 1), instead of PPI++'s, which needs a uniform sample.
   */
  weighted?: boolean;
}

const SUMS = 12;
// PPI++'s sums, then the inverse-probability-weighted terms t = f + (y - f) / pi and their squares
// (every item, t = f where people did not label it), and the labelled items with no chance of
// being drawn (labelled outside the sample: by hand).
const [N_L, Y, YY, F, FF, YF, N_U, U, UU, T, TT, OUTSIDE] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

/** The report's scores of one measure, with one bootstrap job per bucket; `result` reads them once the jobs have run. */
export function predictionPoweredScoresPlan(input: PredictionPoweredInput): { jobs: ReplicateJob[]; result(): PredictionPoweredScoreRow[] } {
  const { cells, strata, buckets, items, bootstrap } = input;
  const strataCount = strata.length;
  const all = buckets.indexOf('all');
  // Sums per cell and stratum over every item: the sample's figures.
  const sample = new Float64Array(cells.length * strataCount * SUMS);
  const tied = new Int32Array(cells.length * strataCount);
  for (const item of items) {
    if (item.people === 'tied') tied[item.cell * strataCount + item.stratum] = (tied[item.cell * strataCount + item.stratum] as number) + 1;
    else addItem(sample, (item.cell * strataCount + item.stratum) * SUMS, item);
  }
  const negatives = (cell: number, stratum: number) => input.knownNegatives?.(cell, stratum) ?? 0;
  // The clusters people's labels fall in, per bucket and cell: with few, no interval is checked.
  const labelledClusters = buckets.map(() => cells.map(() => new Set<number>()));
  for (const item of items) {
    if (item.people === null || item.people === 'tied') continue;
    item.clusterIn.forEach((cluster, b) => {
      if (cluster >= 0) labelledClusters[b]?.[item.cell]?.add(cluster);
    });
  }
  const strataOf = (b: number): number[] => (b === all ? strata.map((_, s) => s) : [strata.indexOf(buckets[b] as ReportBucket)]);
  const figures = buckets.map((_, b) =>
    cells.map((__, c) => cellFigures(sample, c, strataOf(b), strataCount, (s) => negatives(c, s), input.weighted === true)),
  );
  const replicates = buckets.map(() => cells.map(() => new Float64Array(bootstrap.replicates)));
  const replicateCounts = buckets.map(() => new Int32Array(cells.length));
  // A bucket none of whose cells has an estimate (people labelled every judged item, as in a fully
  // labelled study) has nothing to bootstrap.
  const jobs =
    bootstrap.replicates === 0
      ? []
      : buckets.flatMap((_, b) => {
          const estimated = (figures[b] as SampleFigures[]).map((one) => one.estimate !== null);
          if (!estimated.includes(true)) return [];
          const scales = (figures[b] as SampleFigures[]).map((one) => (one.items === 0 ? 0 : one.judged / one.items));
          return [bucketJob(input, b, strataOf(b), estimated, scales, replicates[b] as Float64Array[], replicateCounts[b] as Int32Array)];
        });
  return {
    jobs,
    result: () =>
      buckets.flatMap((bucket, b) =>
        cells.map((cell, c): PredictionPoweredScoreRow => {
          const own = (figures[b] as SampleFigures[])[c] as SampleFigures;
          const done = replicateCounts[b]?.[c] ?? 0;
          const drawn = (replicates[b]?.[c] as Float64Array).subarray(0, done);
          const defined = drawn.filter((value) => !Number.isNaN(value));
          return {
            measure: input.measure,
            judge: cell.judge,
            player: cell.player,
            bucket,
            tied: strataOf(b).reduce((sum, stratum) => sum + (tied[c * strataCount + stratum] as number), 0),
            labelledClusters: labelledClusters[b]?.[c]?.size ?? 0,
            ...own,
            bootstrapCi95: own.estimate === null || defined.length === 0 ? null : percentileInterval(defined),
            undefinedReplicates: own.estimate === null ? 0 : done - defined.length,
          };
        }),
      ),
  };
}

/** Adds an item's values to the sums at `at` (0/1 values: each square is the value). */
function addItem(sums: Float64Array, at: number, item: PredictionPoweredItem): void {
  const f = item.judge;
  if (item.people === 'tied') return;
  const inclusion = item.inclusion;
  if (item.people === null || inclusion === undefined) {
    bump(sums, at + T, f);
    bump(sums, at + TT, f);
  } else {
    const t = f + (item.people - f) / inclusion;
    bump(sums, at + T, t);
    bump(sums, at + TT, t * t);
  }
  if (item.people !== null && inclusion === undefined) bump(sums, at + OUTSIDE, 1);
  if (item.people === null) {
    bump(sums, at + N_U, 1);
    bump(sums, at + U, f);
    bump(sums, at + UU, f);
    return;
  }
  const y = item.people;
  bump(sums, at + N_L, 1);
  bump(sums, at + Y, y);
  bump(sums, at + YY, y);
  bump(sums, at + F, f);
  bump(sums, at + FF, f);
  bump(sums, at + YF, y * f);
}

/** `values[at] += by`, for typed arrays read with noUncheckedIndexedAccess. */
function bump(values: Float64Array, at: number, by: number): void {
  values[at] = (values[at] as number) + by;
}

function sumsAt(sums: Float64Array, at: number): PredictionPoweredSums {
  return {
    n: sums[at + N_L] as number,
    y: sums[at + Y] as number,
    yy: sums[at + YY] as number,
    f: sums[at + F] as number,
    ff: sums[at + FF] as number,
    yf: sums[at + YF] as number,
    N: sums[at + N_U] as number,
    u: sums[at + U] as number,
    uu: sums[at + UU] as number,
  };
}

type SampleFigures = Omit<
  PredictionPoweredScoreRow,
  'measure' | 'judge' | 'player' | 'bucket' | 'tied' | 'labelledClusters' | 'bootstrapCi95' | 'undefinedReplicates'
>;

const Z95 = normalQuantile(0.975);

/**
 * A cell's figures over the given strata: stratified when every stratum with judged items has an
 * estimate of its own (a stratum people labelled whole counts its people's mean), else pooled.
 */
function cellFigures(
  sums: Float64Array,
  cell: number,
  strata: readonly number[],
  strataCount: number,
  negatives: (stratum: number) => number,
  weighted: boolean,
): SampleFigures {
  const pooled = new Float64Array(SUMS);
  let knownNegatives = 0;
  for (const s of strata) {
    const at = (cell * strataCount + s) * SUMS;
    for (let k = 0; k < SUMS; k++) bump(pooled, k, sums[at + k] as number);
    knownNegatives += negatives(s);
  }
  const total = { ...sumsAt(pooled, 0), outside: pooled[OUTSIDE] as number };
  const judged = total.n + total.N;
  const items = judged + knownNegatives;
  const scale = items === 0 ? 0 : judged / items;
  const base = {
    weighted,
    outsideSample: weighted ? total.outside : 0,
    judged,
    labelled: total.n,
    unlabelled: total.N,
    items,
    judgeScore: items === 0 ? null : (total.f + total.u) / items,
    ...peopleFigures(total, scale),
    judgeAgreement: total.n === 0 ? null : (total.n - total.y - total.f + 2 * total.yf) / total.n,
  };
  const refuse = (reason: string): SampleFigures => ({
    ...base,
    estimate: null,
    lambda: null,
    stratified: false,
    se: null,
    ci95: null,
    effectiveLabels: null,
    labelsSaved: null,
    judgeNoBetterThanScore: false,
    reason,
  });
  if (judged === 0) return refuse('the judge gave no verdict on these items');
  if (total.N === 0) return refuse(`people labelled all ${judged} items the judge did: its labels add nothing to theirs`);
  if (total.n < 2) return refuse(`people labelled ${total.n === 0 ? 'none' : 'one'} of the ${judged} items the judge did: too few to correct it with`);
  const ofJudged = judgedEstimate(sums, cell, strata, strataCount, weighted);
  if (ofJudged === null)
    return refuse(`people labelled fewer than 2 of the ${judged} items the judge did in the calibration sample (the others were labelled outside it, by hand)`);
  const estimate = ofJudged.estimate * scale;
  const se = ofJudged.se * scale;
  const peopleVariance = Math.max(0, total.yy / total.n - (total.y / total.n) ** 2);
  const effectiveLabels = ofJudged.se > 0 ? peopleVariance / ofJudged.se ** 2 : total.n;
  return {
    ...base,
    estimate,
    lambda: ofJudged.lambda,
    stratified: ofJudged.stratified,
    se,
    ci95: [estimate - Z95 * se, estimate + Z95 * se],
    effectiveLabels,
    labelsSaved: Math.max(0, effectiveLabels - total.n),
    judgeNoBetterThanScore: base.judgeAgreement !== null && base.judgeAgreement <= estimate,
  };
}

/** People's mean over the labelled items alone, scaled as the estimate is, with the CLT interval. */
function peopleFigures(total: PredictionPoweredSums, scale: number): { peopleScore: number | null; peopleCi95: Interval | null } {
  if (total.n < 2) return { peopleScore: total.n === 0 ? null : (total.y / total.n) * scale, peopleCi95: null };
  const mean = total.y / total.n;
  const se = Math.sqrt(Math.max(0, total.yy / total.n - mean * mean) / total.n) * scale;
  return { peopleScore: mean * scale, peopleCi95: [mean * scale - Z95 * se, mean * scale + Z95 * se] };
}

interface JudgedEstimate {
  estimate: number;
  se: number;
  lambda: number | null;
  stratified: boolean;
}

/**
 * The estimate of the score over the judged items (before the known negatives scale it): stratified
 * over `strata` when there are several and each with judged items has an estimate, else pooled;
 * null where there is none (no unlabelled or fewer than 2 labelled items). Lean: a replicate of
 * the bootstrap computes it per cell.
 */
function judgedEstimate(sums: Float64Array, cell: number, strata: readonly number[], strataCount: number, weighted: boolean): JudgedEstimate | null {
  if (weighted) return weightedEstimate(sums, cell, strata, strataCount);
  const pooled: PredictionPoweredSums = { n: 0, y: 0, yy: 0, f: 0, ff: 0, yf: 0, N: 0, u: 0, uu: 0 };
  for (const s of strata) {
    const at = (cell * strataCount + s) * SUMS;
    pooled.n += sums[at + N_L] as number;
    pooled.y += sums[at + Y] as number;
    pooled.yy += sums[at + YY] as number;
    pooled.f += sums[at + F] as number;
    pooled.ff += sums[at + FF] as number;
    pooled.yf += sums[at + YF] as number;
    pooled.N += sums[at + N_U] as number;
    pooled.u += sums[at + U] as number;
    pooled.uu += sums[at + UU] as number;
  }
  if (pooled.N === 0 || pooled.n < 2) return null;
  const stratified = strata.length > 1 ? stratifiedEstimate(sums, cell, strata, strataCount, pooled.n + pooled.N) : null;
  if (stratified !== null) return { ...stratified, lambda: null, stratified: true };
  const single = predictionPoweredMeanOfSums(pooled);
  return single === null ? null : { estimate: single.estimate, se: single.se, lambda: single.lambda, stratified: false };
}

/**
 * The inverse-probability-weighted estimate (active inference's): the mean of t over the judged
 * items, its standard error the spread of t over their root count, as the authors' code computes
 * it; stratified as PPI++ is, each stratum its own mean. Null without 2 labelled items drawn or
 * without unlabelled ones (nothing to add to people's labels).
 */
function weightedEstimate(sums: Float64Array, cell: number, strata: readonly number[], strataCount: number): JudgedEstimate | null {
  let labelled = 0;
  let unlabelled = 0;
  let judged = 0;
  const perStratum: { count: number; mean: number; variance: number }[] = [];
  for (const s of strata) {
    const at = (cell * strataCount + s) * SUMS;
    const drawn = (sums[at + N_L] as number) - (sums[at + OUTSIDE] as number);
    const count = (sums[at + N_L] as number) + (sums[at + N_U] as number);
    labelled += drawn;
    unlabelled += count - drawn;
    judged += count;
    if (count === 0) continue;
    const mean = (sums[at + T] as number) / count;
    perStratum.push({ count, mean, variance: Math.max(0, (sums[at + TT] as number) / count - mean * mean) });
  }
  if (labelled < 2 || unlabelled === 0) return null;
  let estimate = 0;
  let variance = 0;
  for (const one of perStratum) {
    const weight = one.count / judged;
    estimate += weight * one.mean;
    variance += (weight * weight * one.variance) / one.count;
  }
  return { estimate, se: Math.sqrt(variance), lambda: null, stratified: perStratum.length > 1 };
}

/**
 * Stratified PPI++ over the judged items: each stratum's estimate weighted by its share of them,
 * the variance the weighted sum of the strata's. A stratum people labelled whole has its people's
 * mean and that mean's variance; null when some stratum with judged items has no estimate.
 */
function stratifiedEstimate(
  sums: Float64Array,
  cell: number,
  strata: readonly number[],
  strataCount: number,
  judged: number,
): { estimate: number; se: number } | null {
  let estimate = 0;
  let variance = 0;
  for (const s of strata) {
    const one = sumsAt(sums, (cell * strataCount + s) * SUMS);
    const count = one.n + one.N;
    if (count === 0) continue;
    const weight = count / judged;
    const figure = stratumEstimate(one);
    if (figure === null) return null;
    estimate += weight * figure.estimate;
    variance += weight * weight * figure.se * figure.se;
  }
  return { estimate, se: Math.sqrt(variance) };
}

function stratumEstimate(sums: PredictionPoweredSums): { estimate: number; se: number } | null {
  if (sums.N === 0 && sums.n >= 2) {
    const mean = sums.y / sums.n;
    return { estimate: mean, se: Math.sqrt(Math.max(0, sums.yy / sums.n - mean * mean) / sums.n) };
  }
  return predictionPoweredMeanOfSums(sums);
}

/**
 * The bucket's job: clusters with the same items (cells, strata and verdicts) share a group, and a
 * replicate adds each drawn group's sums per cell and stratum, then each cell's estimate as the
 * sample's is computed (stratified or pooled alike).
 */
function bucketJob(
  input: PredictionPoweredInput,
  b: number,
  strata: readonly number[],
  estimated: readonly boolean[],
  scales: readonly number[],
  out: Float64Array[],
  counts: Int32Array,
): ReplicateJob {
  const { cells, items } = input;
  const clusterCount = input.clusterCounts[b] as number;
  const strataCount = input.strata.length;
  const itemsOfCluster: number[][] = Array.from({ length: clusterCount }, () => []);
  items.forEach((item, i) => {
    const cluster = item.clusterIn[b] as number;
    if (cluster >= 0 && item.people !== 'tied') itemsOfCluster[cluster]?.push(i);
  });
  // A cluster's sums per cell and stratum, as a key: clusters with equal sums are one group.
  const entriesOf = (cluster: number): Map<number, Float64Array> => {
    const entries = new Map<number, Float64Array>();
    for (const i of itemsOfCluster[cluster] ?? []) {
      const item = items[i] as PredictionPoweredItem;
      const slot = item.cell * strataCount + item.stratum;
      let sums = entries.get(slot);
      if (sums === undefined) entries.set(slot, (sums = new Float64Array(SUMS)));
      addItem(sums, 0, item);
    }
    return entries;
  };
  const keyOf = (entries: Map<number, Float64Array>) =>
    [...entries]
      .sort(([a], [b2]) => a - b2)
      .map(([slot, sums]) => `${slot}:${sums.join(',')}`)
      .join(';');
  const clusterEntries = Array.from({ length: clusterCount }, (_, c) => entriesOf(c));
  const { groupOf, firstOf } = groupsByKey(clusterCount, (c) => keyOf(clusterEntries[c] as Map<number, Float64Array>));
  const groupSlots = firstOf.map((c) => [...(clusterEntries[c] as Map<number, Float64Array>)]);
  const replicateSums = new Float64Array(cells.length * strataCount * SUMS);
  return {
    groupOfUnit: groupOf,
    groupCount: firstOf.length,
    add(draws) {
      replicateSums.fill(0);
      for (let g = 0; g < groupSlots.length; g++) {
        const d = draws[g] as number;
        if (d === 0) continue;
        for (const [slot, sums] of groupSlots[g] as [number, Float64Array][]) {
          const at = slot * SUMS;
          for (let k = 0; k < SUMS; k++) bump(replicateSums, at + k, d * (sums[k] as number));
        }
      }
      for (let c = 0; c < cells.length; c++) {
        if (!estimated[c]) continue;
        // The share of the player's sessions with a final is known exactly: the sample's scales every replicate.
        const figure = judgedEstimate(replicateSums, c, strata, strataCount, input.weighted === true);
        const at = counts[c] as number;
        (out[c] as Float64Array)[at] = figure === null ? Number.NaN : figure.estimate * (scales[c] as number);
        counts[c] = at + 1;
      }
    },
  };
}
