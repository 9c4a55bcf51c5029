// A judge's calibration (issue 31 point 1): how well its confidence in a verdict (the vote share
// of its label over k samples, or the probability its log-probabilities give the label) matches
// how often the verdict agrees with people. The expected calibration error over equal-width bins
// (Naeini, Cooper & Hauskrecht 2015; Guo, Pleiss, Sun & Weinberger 2017), the bins themselves for
// a reliability diagram, and the Brier score. Bins are scikit-learn's calibration_curve bins
// (strategy 'uniform'): (lower, upper], the first [0, upper], edges i/M as numpy's linspace makes
// them, so a confidence on an edge falls where scikit-learn puts it.

import { groupsByNumbers, percentileInterval, type BootstrapOptions, type BootstrapPlan } from '../bootstrap';
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
 * clusters share the generator's passes where it pays (runReplicateJobs): a job per list with
 * verdicts, its intervals in the result once the jobs have run.
 */
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
 * per replicate over every group, and with log-probabilities nearly every cluster is a group of
 * its own: each bin's entries are summed in registers, each reading its group's draws, and an
 * undrawn group adds its zero rather than being skipped, which a branch on random draws costs more.
 */
function replicateTally(groups: ClusterGroups, brierValue: number, binCount: number, replicates: number) {
  const eces = new Float64Array(replicates);
  const tStar = new Float64Array(replicates);
  let tDefined = 0;
  let b = 0;
  const { count: groupCount, binStart, entryGroup, n: nOfEntry, confidence, agree, units, squares } = groups;
  const binCounts = new Float64Array(binCount);
  const binGaps = new Float64Array(binCount);
  return {
    eces,
    tStar: () => tStar.subarray(0, tDefined),
    add(draws: Uint32Array) {
      let n = 0;
      let ece = 0;
      for (let bin = 0; bin < binCount; bin++) {
        let count = 0;
        let confidenceSum = 0;
        let agreeSum = 0;
        for (let e = binStart[bin] as number, end = binStart[bin + 1] as number; e < end; e++) {
          const w = draws[entryGroup[e] as number] as number;
          count += w * (nOfEntry[e] as number);
          confidenceSum += w * (confidence[e] as number);
          agreeSum += w * (agree[e] as number);
        }
        binCounts[bin] = count;
        binGaps[bin] = count > 0 ? Math.abs(agreeSum / count - confidenceSum / count) : 0;
        n += count;
      }
      for (let bin = 0; bin < binCount; bin++) ece += ((binCounts[bin] as number) / n) * (binGaps[bin] as number);
      eces[b++] = ece;
      let squareSum = 0;
      for (let g = 0; g < groupCount; g++) squareSum += (draws[g] as number) * (squares[g] as number);
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
 * one group; the groups' entries bin by bin (bin b's from binStart[b] to binStart[b + 1]), each
 * its group, its verdicts' count and sums in the bin; per group its verdicts, squared errors and
 * clusters.
 */
interface ClusterGroups {
  groupOf: Uint32Array;
  count: number;
  binStart: Int32Array;
  entryGroup: Uint32Array;
  n: Float64Array;
  confidence: Float64Array;
  agree: Float64Array;
  units: Float64Array;
  squares: Float64Array;
  clustersIn: Float64Array;
}

function clusterGroups(verdicts: readonly ClusteredVerdict[], edges: Float64Array): ClusterGroups {
  const binCount = edges.length + 1;
  // Per cluster, bin by bin its verdicts' count, confidence and agreement sums, then its squared errors.
  const width = 3 * binCount + 1;
  const clusterIndex = new Map<number, number>();
  let cells = new Float64Array(width * 64);
  for (const { cluster, confidence, agrees } of verdicts) {
    let c = clusterIndex.get(cluster);
    if (c === undefined) {
      c = clusterIndex.size;
      clusterIndex.set(cluster, c);
      if ((c + 1) * width > cells.length) {
        const grown = new Float64Array(cells.length * 2);
        grown.set(cells);
        cells = grown;
      }
    }
    const at = c * width + 3 * binOf(confidence, edges);
    const agreement = agrees ? 1 : 0;
    cells[at] = (cells[at] as number) + 1;
    cells[at + 1] = (cells[at + 1] as number) + confidence;
    cells[at + 2] = (cells[at + 2] as number) + agreement;
    cells[c * width + width - 1] = (cells[c * width + width - 1] as number) + (agreement - confidence) ** 2;
  }
  const { groupOf, firstOf } = groupsByNumbers(clusterIndex.size, width, (c, key) => key.set(cells.subarray(c * width, (c + 1) * width)));
  // The groups' entries bin by bin, each bin's in group order.
  const binStart = new Int32Array(binCount + 1);
  const entryGroup: number[] = [];
  const n: number[] = [];
  const confidenceSums: number[] = [];
  const agreeSums: number[] = [];
  const units = new Float64Array(firstOf.length);
  for (let bin = 0; bin < binCount; bin++) {
    firstOf.forEach((c, g) => {
      const at = c * width + 3 * bin;
      const count = cells[at] as number;
      if (count === 0) return;
      entryGroup.push(g);
      n.push(count);
      confidenceSums.push(cells[at + 1] as number);
      agreeSums.push(cells[at + 2] as number);
      units[g] = (units[g] as number) + count;
    });
    binStart[bin + 1] = entryGroup.length;
  }
  const clustersIn = new Float64Array(firstOf.length);
  for (const g of groupOf) clustersIn[g] = (clustersIn[g] as number) + 1;
  return {
    groupOf,
    count: firstOf.length,
    binStart,
    entryGroup: Uint32Array.from(entryGroup),
    n: Float64Array.from(n),
    confidence: Float64Array.from(confidenceSums),
    agree: Float64Array.from(agreeSums),
    units,
    squares: Float64Array.from(firstOf, (c) => cells[c * width + width - 1] as number),
    clustersIn,
  };
}
