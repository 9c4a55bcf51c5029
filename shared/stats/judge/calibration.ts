// A judge's calibration (issue 31 point 1): how well its confidence in a verdict (the vote share
// of its label over k samples, or the probability its log-probabilities give the label) matches
// how often the verdict agrees with people. The expected calibration error over equal-width bins
// (Naeini, Cooper & Hauskrecht 2015; Guo, Pleiss, Sun & Weinberger 2017), the bins themselves for
// a reliability diagram, and the Brier score. Bins are scikit-learn's calibration_curve bins
// (strategy 'uniform'): (lower, upper], the first [0, upper], edges i/M as numpy's linspace makes
// them, so a confidence on an edge falls where scikit-learn puts it.

import { groupsByKey, percentileInterval, runPlan, type BootstrapOptions, type BootstrapPlan } from '../bootstrap';
import { sortedAbsolute, symmetricStudentizedInterval } from '../studentized';

export interface CalibrationBin {
  lower: number;
  upper: number;
  /** Verdicts whose confidence falls in the bin. */
  n: number;
  /** Their mean confidence and their share agreeing with people; null for an empty bin. */
  meanConfidence: number | null;
  agreement: number | null;
}

export interface Calibration {
  n: number;
  bins: CalibrationBin[];
  /** Sum over the bins of n_b / n * |agreement_b - meanConfidence_b|; null without verdicts. */
  ece: number | null;
  /** Mean of (agrees - confidence)^2, agrees 1 or 0; null without verdicts. */
  brier: number | null;
}

export const CALIBRATION_BINS = 10;

/**
 * The calibration of verdicts with `confidence[i]` in [0, 1] and `agrees[i]` whether verdict i
 * agrees with people. Throws on a confidence outside [0, 1] (or NaN) or unpaired input.
 */
export function calibration(confidence: ArrayLike<number>, agrees: ArrayLike<boolean>, binCount = CALIBRATION_BINS): Calibration {
  if (confidence.length !== agrees.length)
    throw new RangeError(`calibration needs one agreement per confidence; got ${confidence.length} and ${agrees.length}`);
  if (!Number.isSafeInteger(binCount) || binCount < 1) throw new RangeError(`the number of bins must be a whole number of at least 1, not ${binCount}`);
  const edges = binEdges(binCount);
  const counts = new Float64Array(binCount);
  const confidenceSums = new Float64Array(binCount);
  const agreeSums = new Float64Array(binCount);
  let squares = 0;
  for (let i = 0; i < confidence.length; i++) {
    const c = confidence[i] as number;
    if (!(c >= 0 && c <= 1)) throw new RangeError(`confidence ${i} is ${c}; a confidence is from 0 to 1`);
    const agreement = agrees[i] ? 1 : 0;
    const bin = binOf(c, edges);
    counts[bin] = (counts[bin] as number) + 1;
    confidenceSums[bin] = (confidenceSums[bin] as number) + c;
    agreeSums[bin] = (agreeSums[bin] as number) + agreement;
    squares += (agreement - c) ** 2;
  }
  const n = confidence.length;
  let ece = 0;
  const bins: CalibrationBin[] = [];
  for (let b = 0; b < binCount; b++) {
    const count = counts[b] as number;
    const meanConfidence = count > 0 ? (confidenceSums[b] as number) / count : null;
    const agreement = count > 0 ? (agreeSums[b] as number) / count : null;
    if (meanConfidence !== null && agreement !== null) ece += (count / n) * Math.abs(agreement - meanConfidence);
    bins.push({ lower: b === 0 ? 0 : (edges[b - 1] as number), upper: b === binCount - 1 ? 1 : (edges[b] as number), n: count, meanConfidence, agreement });
  }
  return { n, bins, ece: n > 0 ? ece : null, brier: n > 0 ? squares / n : null };
}

/** The inner edges i * (1 / M), i = 1 .. M - 1, as numpy's linspace(0, 1, M + 1) computes them. */
function binEdges(binCount: number): Float64Array {
  const step = 1 / binCount;
  return Float64Array.from({ length: binCount - 1 }, (_, i) => (i + 1) * step);
}

/** How many inner edges lie below c (numpy's searchsorted, side 'left'): its bin, (lower, upper]. */
function binOf(c: number, edges: Float64Array): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((edges[middle] as number) < c) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A verdict with its confidence, whether it agrees with people, and the cluster (puzzle) a replicate draws it with. */
export interface ClusteredVerdict {
  cluster: number;
  confidence: number;
  agrees: boolean;
}

export interface CalibrationWithIntervals extends Calibration {
  /** The ECE's percentile 95% cluster bootstrap interval; null without replicates or verdicts. */
  eceCi95: [number, number] | null;
  /** The Brier score's symmetric studentized 95% cluster bootstrap interval, cut at 0; null as the ratio tests say (cluster-ratio-test.ts). */
  brierCi95: [number, number] | null;
}

/**
 * The calibration of each list of verdicts (a judge's, with one source of confidence), with
 * cluster bootstrap intervals: each replicate draws as many clusters as there are, with
 * replacement, and takes every verdict of each drawn cluster. The Brier score is a ratio of
 * per-cluster sums (squared errors over verdicts), so it takes the symmetric studentized interval
 * of the report's other ratios; the ECE, an absolute value summed over bins, has no such standard
 * error and takes the percentile interval. That one is not centred on the ECE: at small n the ECE
 * is biased upward, and so are its replicates. Clusters whose verdicts fall in the same bins with
 * the same sums share a group. Each list gets exactly its intervals alone; lists on as many
 * clusters share the generator's passes where it pays (runReplicateJobs).
 */
export function clusteredCalibrations(
  lists: readonly (readonly ClusteredVerdict[])[],
  bootstrap: BootstrapOptions,
  binCount = CALIBRATION_BINS,
): CalibrationWithIntervals[] {
  return runPlan(clusteredCalibrationsPlan(lists, bootstrap, binCount), bootstrap);
}

/** clusteredCalibrations still to be bootstrapped: a job per list with verdicts. */
export function clusteredCalibrationsPlan(
  lists: readonly (readonly ClusteredVerdict[])[],
  bootstrap: BootstrapOptions,
  binCount = CALIBRATION_BINS,
): BootstrapPlan<CalibrationWithIntervals[]> {
  const samples = lists.map((verdicts) =>
    calibration(
      verdicts.map((verdict) => verdict.confidence),
      verdicts.map((verdict) => verdict.agrees),
      binCount,
    ),
  );
  const results: CalibrationWithIntervals[] = samples.map((sample) => ({ ...sample, eceCi95: null, brierCi95: null }));
  if (bootstrap.replicates === 0) return { jobs: [], result: () => results };
  const edges = binEdges(binCount);
  const works = lists.flatMap((verdicts, l) => {
    if (verdicts.length === 0) return [];
    const groups = clusterGroups(verdicts, edges);
    return [{ l, groups, tally: replicateTally(groups, samples[l]?.brier as number, binCount, bootstrap.replicates) }];
  });
  return {
    jobs: works.map(({ groups, tally }) => ({ groupOfUnit: groups.groupOf, groupCount: groups.count, add: tally.add })),
    result() {
      for (const { l, groups, tally } of works) {
        const result = results[l] as CalibrationWithIntervals;
        result.eceCi95 = percentileInterval(tally.eces);
        result.brierCi95 = brierInterval(groups, result.brier as number, tally.tStar());
      }
      return results;
    },
  };
}

/**
 * One list's replicates as they are drawn: each replicate's ECE, and its Brier score with its
 * delta-method standard error (weightedRatio's, over the groups drawn) for the t*. This runs once
 * per replicate over every group, and with log-probabilities every cluster is a group of its own:
 * the groups of one bin are summed in registers, bin after bin (see ClusterGroups), and an
 * undrawn group adds its zero rather than being skipped, which a branch on random draws costs more.
 */
function replicateTally(groups: ClusterGroups, brierValue: number, binCount: number, replicates: number) {
  const eces = new Float64Array(replicates);
  const tStar = new Float64Array(replicates);
  let tDefined = 0;
  let b = 0;
  const counts = new Float64Array(binCount);
  const confidenceSums = new Float64Array(binCount);
  const agreeSums = new Float64Array(binCount);
  const { count: groupCount, binStart, start, bin: binOfEntry, n: nOfEntry, confidence, agree, units, squares } = groups;
  const singles = binStart[binCount] as number;
  return {
    eces,
    tStar: () => tStar.subarray(0, tDefined),
    add(draws: Uint32Array) {
      let n = 0;
      let squareSum = 0;
      // A single-bin group's one entry has the group's own index.
      for (let bin = 0; bin < binCount; bin++) {
        let binCountSum = 0;
        let binConfidence = 0;
        let binAgree = 0;
        for (let g = binStart[bin] as number, end = binStart[bin + 1] as number; g < end; g++) {
          const w = draws[g] as number;
          binCountSum += w * (nOfEntry[g] as number);
          binConfidence += w * (confidence[g] as number);
          binAgree += w * (agree[g] as number);
          squareSum += w * (squares[g] as number);
        }
        counts[bin] = binCountSum;
        confidenceSums[bin] = binConfidence;
        agreeSums[bin] = binAgree;
        n += binCountSum;
      }
      for (let g = singles; g < groupCount; g++) {
        const w = draws[g] as number;
        if (w === 0) continue;
        for (let e = start[g] as number, end = start[g + 1] as number; e < end; e++) {
          const bin = binOfEntry[e] as number;
          counts[bin] = (counts[bin] as number) + w * (nOfEntry[e] as number);
          confidenceSums[bin] = (confidenceSums[bin] as number) + w * (confidence[e] as number);
          agreeSums[bin] = (agreeSums[bin] as number) + w * (agree[e] as number);
        }
        n += w * (units[g] as number);
        squareSum += w * (squares[g] as number);
      }
      let ece = 0;
      for (let bin = 0; bin < binCount; bin++) {
        const count = counts[bin] as number;
        if (count > 0) ece += (count / n) * Math.abs((agreeSums[bin] as number) / count - (confidenceSums[bin] as number) / count);
      }
      eces[b++] = ece;
      const brier = squareSum / n;
      let residuals = 0;
      for (let g = 0; g < groupCount; g++) {
        const residual = (squares[g] as number) - brier * (units[g] as number);
        residuals += (draws[g] as number) * residual * residual;
      }
      const t = (brier - brierValue) / (Math.sqrt(residuals) / n);
      if (!Number.isNaN(t)) tStar[tDefined++] = t;
    },
  };
}

/** The symmetric studentized interval of the Brier score from its t*, cut at 0 and 1; null where the sample shows no spread. */
function brierInterval(groups: ClusterGroups, brier: number, tStar: Float64Array): [number, number] | null {
  let residuals = 0;
  let n = 0;
  for (let g = 0; g < groups.count; g++) n += (groups.units[g] as number) * (groups.clustersIn[g] as number);
  for (let g = 0; g < groups.count; g++) {
    const residual = (groups.squares[g] as number) - brier * (groups.units[g] as number);
    residuals += (groups.clustersIn[g] as number) * residual * residual;
  }
  const se = Math.sqrt(residuals) / n;
  if (!(se > 0) || tStar.length === 0) return null;
  const [low, high] = symmetricStudentizedInterval({ value: brier, se }, sortedAbsolute(tStar));
  return [Math.max(0, low), Math.min(1, high)];
}

/**
 * The clusters of the verdicts, those whose verdicts fall in the same bins with the same sums as
 * one group, flat: group g's entries from start[g] to start[g + 1], each a bin with its verdicts'
 * count and sums; per group its verdicts, squared errors and clusters. Groups whose verdicts all
 * fall in one bin come first, those of bin b from binStart[b] to binStart[b + 1], then the
 * groups of several bins from binStart[binCount].
 */
interface ClusterGroups {
  groupOf: Uint32Array;
  count: number;
  binStart: Int32Array;
  start: Int32Array;
  bin: Int32Array;
  n: Float64Array;
  confidence: Float64Array;
  agree: Float64Array;
  units: Float64Array;
  squares: Float64Array;
  clustersIn: Float64Array;
}

function clusterGroups(verdicts: readonly ClusteredVerdict[], edges: Float64Array): ClusterGroups {
  const binCount = edges.length + 1;
  const clusterIndex = new Map<number, number>();
  const sums: Array<Map<number, { n: number; confidence: number; agree: number }>> = [];
  const squares: number[] = [];
  for (const { cluster, confidence, agrees } of verdicts) {
    let c = clusterIndex.get(cluster);
    if (c === undefined) {
      c = sums.length;
      clusterIndex.set(cluster, c);
      sums.push(new Map());
      squares.push(0);
    }
    const bin = binOf(confidence, edges);
    const bins = sums[c] as Map<number, { n: number; confidence: number; agree: number }>;
    const entry = bins.get(bin) ?? { n: 0, confidence: 0, agree: 0 };
    entry.n++;
    entry.confidence += confidence;
    entry.agree += agrees ? 1 : 0;
    bins.set(bin, entry);
    squares[c] = (squares[c] as number) + ((agrees ? 1 : 0) - confidence) ** 2;
  }
  const entriesOf = (c: number) => [...(sums[c] as Map<number, { n: number; confidence: number; agree: number }>)].sort(([a], [b]) => a - b);
  const { groupOf: keyGroupOf, firstOf } = groupsByKey(
    sums.length,
    (c) =>
      `${entriesOf(c)
        .map(([bin, e]) => `${bin}:${e.n}:${e.confidence}:${e.agree}`)
        .join(' ')}|${squares[c] as number}`,
  );
  // Renumbered: single-bin groups by their bin, then the rest, each in order of first appearance.
  const sortBin = (c: number) => ((sums[c] as Map<number, unknown>).size === 1 ? ([...(sums[c] as Map<number, unknown>).keys()][0] as number) : binCount);
  const order = firstOf.map((c, g) => ({ g, c, bin: sortBin(c) })).sort((x, y) => x.bin - y.bin || x.g - y.g);
  const renumbered = new Uint32Array(firstOf.length);
  order.forEach(({ g }, to) => (renumbered[g] = to));
  const groupOf = keyGroupOf.map((g) => renumbered[g] as number);
  const binStart = new Int32Array(binCount + 1);
  for (const { bin } of order) if (bin < binCount) binStart[bin + 1] = (binStart[bin + 1] as number) + 1;
  for (let bin = 0; bin < binCount; bin++) binStart[bin + 1] = (binStart[bin + 1] as number) + (binStart[bin] as number);
  const entries = order.map(({ c }) => entriesOf(c));
  const start = new Int32Array(order.length + 1);
  entries.forEach((list, g) => (start[g + 1] = (start[g] as number) + list.length));
  const flat = entries.flat();
  const clustersIn = new Float64Array(order.length);
  for (const g of groupOf) clustersIn[g] = (clustersIn[g] as number) + 1;
  return {
    groupOf,
    count: order.length,
    binStart,
    start,
    bin: Int32Array.from(flat, ([bin]) => bin),
    n: Float64Array.from(flat, ([, e]) => e.n),
    confidence: Float64Array.from(flat, ([, e]) => e.confidence),
    agree: Float64Array.from(flat, ([, e]) => e.agree),
    units: Float64Array.from(entries, (list) => list.reduce((total, [, e]) => total + e.n, 0)),
    squares: Float64Array.from(order, ({ c }) => squares[c] as number),
    clustersIn,
  };
}
