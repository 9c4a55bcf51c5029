// The difference of two groups' rates on shared clusters (issue 31 point 3): its value, interval
// and p equal a plainly written symmetric studentized cluster bootstrap of the same difference;
// a seeded simulation with strong puzzle clustering, where a puzzle holds units of both groups,
// prints its coverage of a known difference and its rejections with none.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../shared/random/prng';
import type { BootstrapOptions } from '../../../shared/stats/bootstrap';
import { CLUSTER_TEST_REASONS, clusterTestsOfKinds, type ClusterRatioTest } from '../../../shared/stats/cluster-ratio-test';
import { differenceSeriesBuilder, differenceSeriesKind, type DifferenceSeries, type GroupedUnit } from '../../../shared/stats/cluster-difference-test';

/** The units' series, built as the bias checks build theirs. */
function differenceSeries(units: readonly GroupedUnit[], bound: number): DifferenceSeries {
  const builder = differenceSeriesBuilder(
    units.reduce((most, unit) => Math.max(most, unit.cluster + 1), 0),
    bound,
  );
  for (const { cluster, group, value } of units) builder.add(cluster, group, value);
  return builder.series;
}

/** The series' tests as the report runs them: one kind of clusterTestsOfKinds. */
const clusterDifferenceTests = (series: readonly DifferenceSeries[], bootstrap: BootstrapOptions): ClusterRatioTest[] =>
  clusterTestsOfKinds([differenceSeriesKind([series])], bootstrap)[0]?.[0] ?? [];
import { plainClusterBootstrapT, type PlainUnit } from './plain-cluster-bootstrap-t';

/** R_a - R_b over the drawn clusters and its delta-method standard error, written out cluster by cluster. */
function plainDifferenceAndSe(drawn: readonly (readonly PlainUnit[])[]): { ratio: number; se: number } | null {
  const sums = (cluster: readonly PlainUnit[], group: 'a' | 'b') => {
    const members = cluster.filter((unit) => unit.group === group);
    return { y: members.reduce((sum, unit) => sum + unit.value, 0), x: members.length };
  };
  let ya = 0;
  let xa = 0;
  let yb = 0;
  let xb = 0;
  for (const cluster of drawn) {
    const a = sums(cluster, 'a');
    const b = sums(cluster, 'b');
    ya += a.y;
    xa += a.x;
    yb += b.y;
    xb += b.x;
  }
  if (xa === 0 || xb === 0) return null;
  const ra = ya / xa;
  const rb = yb / xb;
  let squares = 0;
  for (const cluster of drawn) {
    const a = sums(cluster, 'a');
    const b = sums(cluster, 'b');
    const influence = (a.y - ra * a.x) / xa - (b.y - rb * b.x) / xb;
    squares += influence * influence;
  }
  return { ratio: ra - rb, se: Math.sqrt(squares) };
}

/** Beta(1/2, 1/2): puzzles lean hard one way or the other. */
const arcsine = (prng: Prng) => Math.sin((Math.PI * prng.next()) / 2) ** 2;

/**
 * A study of `puzzles` puzzles of 2 to 30 units, each unit of group a with probability 0.4. On each
 * puzzle the judge agrees with people on a share drawn from Beta(1/2, 1/2) (stretched onto
 * [shift, 1]) on group a and `shift` less on group b: the true difference a - b is `shift`.
 */
function groupedStudy(prng: Prng, puzzles: number, shift: number): { units: GroupedUnit[]; plain: PlainUnit[] } {
  const units: GroupedUnit[] = [];
  const plain: PlainUnit[] = [];
  for (let k = 0; k < puzzles; k++) {
    const size = prng.int(2, 30);
    const share = shift + (1 - shift) * arcsine(prng);
    for (let u = 0; u < size; u++) {
      const group = prng.chance(0.4) ? 'a' : 'b';
      const value = Number(prng.chance(group === 'a' ? share : share - shift));
      units.push({ cluster: k, group, value });
      plain.push({ cluster: `p${k}`, group, value });
    }
  }
  return { units, plain };
}

const binomialSe = (p: number, n: number) => Math.sqrt((p * (1 - p)) / n);
const percent = (rate: number) => `${(100 * rate).toFixed(1)}%`.padStart(7);

describe('clusterDifferenceTests', () => {
  it('gives the value, interval and p of a plainly written studentized cluster bootstrap of the difference', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const prng = createPrng(310 + seed);
      const { units, plain } = groupedStudy(prng, 8 + 4 * seed, 0.1 * (seed % 3));
      const [ours] = clusterDifferenceTests([differenceSeries(units, 1)], { replicates: 299, seed });
      const reference = plainClusterBootstrapT(plain, 299, seed, plainDifferenceAndSe);
      expect(ours?.value).toBeCloseTo(reference.estimate as number, 12);
      expect(ours?.ci95?.[0]).toBeCloseTo(Math.max(-1, reference.ci95?.[0] as number), 10);
      expect(ours?.ci95?.[1]).toBeCloseTo(Math.min(1, reference.ci95?.[1] as number), 10);
      expect(ours?.pValue).toBeCloseTo(reference.pValue as number, 6);
      expect(ours?.undefinedReplicates).toBe(reference.undefinedReplicates);
    }
  });

  it('has no figure when a group has no unit, and no interval without replicates', () => {
    const onlyA = differenceSeries(
      [
        { cluster: 0, group: 'a', value: 1 },
        { cluster: 1, group: 'a', value: 0 },
      ],
      1,
    );
    const [empty] = clusterDifferenceTests([onlyA], { replicates: 99, seed: 1 });
    expect(empty?.value).toBeNull();
    expect(empty?.ci95).toBeNull();
    const both = differenceSeries(
      [
        { cluster: 0, group: 'a', value: 1 },
        { cluster: 0, group: 'b', value: 0 },
        { cluster: 1, group: 'b', value: 1 },
      ],
      1,
    );
    const [unresampled] = clusterDifferenceTests([both], { replicates: 0, seed: 1 });
    expect(unresampled?.value).toBeCloseTo(1 - 0.5, 12);
    expect(unresampled?.reason).toBe(CLUSTER_TEST_REASONS.noReplicates);
  });

  it('covers a known difference at 95% and rejects about 5% with none, under strong clustering, at 12, 40 and 200 puzzles', () => {
    const replicates = 499;
    const rows: string[] = [];
    const checks: (() => void)[] = [];
    for (const puzzles of [12, 40, 200] as const) {
      const studies = puzzles === 200 ? 300 : 600;
      const prng = createPrng(3100 + puzzles);
      let rejected = 0;
      let covered = 0;
      let disagreements = 0;
      for (let s = 0; s < studies; s++) {
        const none = groupedStudy(prng, puzzles, 0);
        const shifted = groupedStudy(prng, puzzles, 0.15);
        const [atNull] = clusterDifferenceTests([differenceSeries(none.units, 1)], { replicates, seed: 11 + s });
        const [atShift] = clusterDifferenceTests([differenceSeries(shifted.units, 1)], { replicates, seed: 11 + s });
        if (atNull === undefined || atShift === undefined) throw new Error('no test');
        const p = atNull.pValue ?? 1;
        if (p < 0.05) rejected++;
        const excludesZero = atNull.ci95 !== null && (atNull.ci95[0] > 0 || atNull.ci95[1] < 0);
        if (p < 0.05 !== excludesZero) disagreements++;
        if (atShift.ci95 !== null && atShift.ci95[0] <= 0.15 && 0.15 <= atShift.ci95[1]) covered++;
      }
      const rejection = rejected / studies;
      const coverage = covered / studies;
      rows.push(
        `${String(puzzles).padStart(7)} ${String(studies).padStart(7)} ${percent(rejection)} ±${percent(binomialSe(0.05, studies)).trim()} ${percent(coverage)} ±${percent(binomialSe(0.95, studies)).trim()}`,
      );
      checks.push(() => {
        expect(rejection).toBeLessThanOrEqual(0.05 + 2.5 * binomialSe(0.05, studies));
        expect(Math.abs(coverage - 0.95)).toBeLessThanOrEqual(2.5 * binomialSe(0.95, studies));
        expect(disagreements).toBe(0);
      });
    }
    console.log(
      [
        `Two groups' agreement on shared puzzles (2-30 units a puzzle, 40% of group a, each puzzle's share ~ Beta(1/2, 1/2)); B = ${replicates}.`,
        'Rejection at 5% with no difference, and coverage of the symmetric 95% bootstrap-t interval of a true 15-point difference:',
        'puzzles studies rejects (binomial SE) coverage (binomial SE)',
        ...rows,
      ].join('\n'),
    );
    for (const check of checks) check();
  });
});
