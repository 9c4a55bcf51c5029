// The difference between two groups' rates on the same clusters, with the test that agrees with
// its interval (issue 31 point 3): a judge's agreement on long questions against short ones, its
// leniency to its own model family against others. Each group's rate is a ratio of per-cluster
// sums, as in cluster-ratio-test.ts; a cluster (a puzzle) may hold units of both groups, so the
// two rates are not independent and the interval resamples clusters with both groups' units.

import { groupsByNumbers } from './bootstrap';
import type { SeriesKind } from './cluster-ratio-test';
import type { Estimate, StudentizedJob } from './studentized';

/** Per-cluster sums of group a's and group b's units: numerators sum a value, denominators count units. */
export interface DifferenceSeries {
  /** The clusters, by the caller's cluster number, in order of first appearance. */
  clusters: number[];
  /** The largest the difference can be: 1 for two shares, 2 for two net rates from -1 to 1. */
  bound: number;
  numeratorsA: number[];
  denominatorsA: number[];
  numeratorsB: number[];
  denominatorsB: number[];
}

/** A unit of group `a` or `b` with its value in its cluster; of neither (`undefined`), it only puts its cluster on the list. */
export interface GroupedUnit {
  cluster: number;
  group: 'a' | 'b' | undefined;
  value: number;
}

/** A DifferenceSeries taken in unit by unit, the clusters numbered 0 to clusterCount - 1: no object per unit where a report adds a hundred thousand. */
export interface DifferenceSeriesBuilder {
  add(cluster: number, group: GroupedUnit['group'], value: number): void;
  readonly series: DifferenceSeries;
}

export function differenceSeriesBuilder(clusterCount: number, bound: number): DifferenceSeriesBuilder {
  const series: DifferenceSeries = { clusters: [], bound, numeratorsA: [], denominatorsA: [], numeratorsB: [], denominatorsB: [] };
  const position = new Int32Array(clusterCount).fill(-1);
  return {
    series,
    add(cluster, group, value) {
      let c = position[cluster] as number;
      if (c < 0) {
        c = series.clusters.length;
        position[cluster] = c;
        series.clusters.push(cluster);
        series.numeratorsA.push(0);
        series.denominatorsA.push(0);
        series.numeratorsB.push(0);
        series.denominatorsB.push(0);
      }
      if (group === 'a') {
        series.numeratorsA[c] = (series.numeratorsA[c] as number) + value;
        series.denominatorsA[c] = (series.denominatorsA[c] as number) + 1;
      } else if (group === 'b') {
        series.numeratorsB[c] = (series.numeratorsB[c] as number) + value;
        series.denominatorsB[c] = (series.denominatorsB[c] as number) + 1;
      }
    },
  };
}

/**
 * The test of each series' difference, rate of a minus rate of b: its symmetric studentized cluster bootstrap
 * interval and the p of "it is 0" from the same replicates, so p < 0.05 exactly when the interval
 * leaves 0 out. Series on the same clusters share their replicates, as clusterRatioTests' do; the kind goes to
 * clusterTestsOfKinds with series of other kinds.
 * Undefined (`no unit to compare`) when either group has no unit.
 */
export function differenceSeriesKind(sets: readonly (readonly DifferenceSeries[])[]): SeriesKind<DifferenceSeries> {
  return { sets, jobOf: differenceJob, boundOf: (one) => one.bound };
}

/** Group-major sums: group g's four sums of series s at ((g * count) + s) * 4. */
function differenceJob(series: readonly DifferenceSeries[]): StudentizedJob {
  const clusters = (series[0] as DifferenceSeries).clusters.length;
  const count = series.length;
  const sumsOf = (one: DifferenceSeries, c: number) => [
    one.numeratorsA[c] as number,
    one.denominatorsA[c] as number,
    one.numeratorsB[c] as number,
    one.denominatorsB[c] as number,
  ];
  const { groupOf, firstOf } = groupsByNumbers(clusters, 4 * count, (c, key) => series.forEach((one, s) => key.set(sumsOf(one, c), 4 * s)));
  const sums = Float64Array.from(firstOf.flatMap((c) => series.flatMap((one) => sumsOf(one, c))));
  const out = new Array<Estimate | null>(count);
  const estimates = (draws: Uint32Array) => {
    for (let s = 0; s < count; s++) out[s] = weightedRatioDifference(draws, sums, count * 4, s * 4);
    return out;
  };
  return { groupOfUnit: groupOf, groupCount: firstOf.length, count, estimates };
}

/**
 * R_a - R_b, each R = sum(w Y) / sum(w X) over the clusters drawn w times, with the
 * nonparametric delta-method standard error of the difference: sqrt(sum(w d^2)) with
 * d = (Y_a - R_a X_a) / sum(w X_a) - (Y_b - R_b X_b) / sum(w X_b) per cluster, the difference of
 * the two ratios' influence values (Davison & Hinkley 1997, section 2.7), so a cluster holding
 * units of both groups counts both ways at once. Null when either group has nothing drawn.
 * `sums` holds Y_a, X_a, Y_b, X_b of group g at offset + g * stride.
 */
function weightedRatioDifference(draws: Uint32Array, sums: Float64Array, stride: number, offset: number): Estimate | null {
  let ya = 0;
  let xa = 0;
  let yb = 0;
  let xb = 0;
  for (let g = 0, at = offset; g < draws.length; g++, at += stride) {
    const w = draws[g] as number;
    if (w === 0) continue;
    ya += w * (sums[at] as number);
    xa += w * (sums[at + 1] as number);
    yb += w * (sums[at + 2] as number);
    xb += w * (sums[at + 3] as number);
  }
  if (!(xa > 0 && xb > 0)) return null;
  const ra = ya / xa;
  const rb = yb / xb;
  let squares = 0;
  for (let g = 0, at = offset; g < draws.length; g++, at += stride) {
    const w = draws[g] as number;
    if (w === 0) continue;
    const d = ((sums[at] as number) - ra * (sums[at + 1] as number)) / xa - ((sums[at + 2] as number) - rb * (sums[at + 3] as number)) / xb;
    squares += w * d * d;
  }
  return { value: ra - rb, se: Math.sqrt(squares) };
}
