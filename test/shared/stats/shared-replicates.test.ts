// Replicates shared between groupings, between sets of paired tests and through one report's kept
// picks (issue 30): on random groupings of one number of units, each grouping gets exactly the
// draws a plain createPrng bootstrap gives it alone, and tests drawn together equal the tests
// drawn one call at a time.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { forEachSharedReplicate, keptPicks, runReplicateJobs } from '../../../shared/stats/bootstrap';
import { clusterRatioTests, clusterRatioTestSets, type ClusterSeries } from '../../../shared/stats/cluster-ratio-test';
import { bootstrapStudentizedJobs, bootstrapStudentizedMany, weightedRatio } from '../../../shared/stats/studentized';

/** One replicate of the plain bootstrap: N draws of a unit with replacement, counted by group. */
function plainDraws(next: () => number, groupOfUnit: Uint32Array, groupCount: number): number[] {
  const draws = new Array<number>(groupCount).fill(0);
  for (let i = 0; i < groupOfUnit.length; i++) {
    const g = groupOfUnit[Math.floor(next() * groupOfUnit.length)] as number;
    draws[g] = (draws[g] as number) + 1;
  }
  return draws;
}

function randomGrouping(random: ReturnType<typeof createPrng>, units: number, groups: number): Uint32Array {
  return Uint32Array.from({ length: units }, () => random.int(0, groups - 1));
}

/** Per-cluster sums of units valued -1, 0 or 1, one to `maxUnits` units a cluster. */
function randomSeries(random: ReturnType<typeof createPrng>, clusters: number, maxUnits = 3): ClusterSeries {
  const series: ClusterSeries = { clusters: [], numerators: [], denominators: [] };
  for (let c = 0; c < clusters; c++) {
    const units = random.int(1, maxUnits);
    let sum = 0;
    for (let u = 0; u < units; u++) sum += random.int(-1, 1);
    series.clusters.push(c);
    series.numerators.push(sum);
    series.denominators.push(units);
  }
  return series;
}

describe('forEachSharedReplicate', () => {
  it('gives every grouping the draws the plain bootstrap gives it alone', () => {
    const random = createPrng(30);
    for (let trial = 0; trial < 5; trial++) {
      const units = random.int(1, 400);
      const groupCounts = Array.from({ length: random.int(1, 4) }, () => random.int(1, 12));
      const groupings = groupCounts.map((count) => randomGrouping(random, units, count));
      const options = { replicates: 50, seed: random.int(0, 1000) };
      const shared: number[][][] = [];
      forEachSharedReplicate(groupings, groupCounts, options, (drawsPerSet) => shared.push(drawsPerSet.map((draws) => Array.from(draws))));
      groupings.forEach((groupOf, s) => {
        const plain = createPrng(options.seed);
        const alone = Array.from({ length: options.replicates }, () => plainDraws(plain.next, groupOf, groupCounts[s] as number));
        expect(shared.map((replicate) => replicate[s])).toEqual(alone);
      });
    }
  });

  it('gives the same draws through kept picks, made once per seed, replicates and units, and none past the budget', () => {
    const random = createPrng(33);
    const picks = keptPicks(3_000);
    const drawn = (groupings: Uint32Array[], groupCounts: number[], options: Parameters<typeof forEachSharedReplicate>[2]) => {
      const all: number[][][] = [];
      forEachSharedReplicate(groupings, groupCounts, options, (drawsPerSet) => all.push(drawsPerSet.map((draws) => Array.from(draws))));
      return all;
    };
    for (const [units, seed] of [
      [40, 5],
      [40, 5],
      [40, 6],
      [7, 5],
      [200, 5],
    ] as const) {
      const groupCounts = Array.from({ length: random.int(1, 3) }, () => random.int(1, 9));
      const groupings = groupCounts.map((count) => randomGrouping(random, units, count));
      const options = { replicates: 20, seed };
      expect(drawn(groupings, groupCounts, { ...options, picks })).toEqual(drawn(groupings, groupCounts, options));
    }
    // Kept: the same array again for the same seed, replicates and units; a new one for another seed.
    expect(picks.picksOf(5, 20, 40)).toBe(picks.picksOf(5, 20, 40));
    expect(picks.picksOf(6, 20, 40)).not.toBe(picks.picksOf(5, 20, 40));
    // 800 + 800 + 140 + 4,000 entries: the 200 units' picks would pass the budget of 3,000 and are not kept.
    expect(picks.picksOf(5, 20, 200)).toBeUndefined();
    expect(keptPicks().picksOf(1, 1, 0x10001)).toBeUndefined();
  });

  it('refuses groupings of different numbers of units', () => {
    expect(() => forEachSharedReplicate([new Uint32Array(3), new Uint32Array(4)], [1, 1], { replicates: 1, seed: 1 }, () => undefined)).toThrow(
      /same number of units/,
    );
  });
});

describe('runReplicateJobs', () => {
  it('gives every job the draws the plain bootstrap gives it alone, sharing a pass only while the joint groups stay within a quarter of the units', () => {
    const random = createPrng(34);
    const options = { replicates: 40, seed: 11 };
    // On 400 units: three jobs of 2-3 groups (joint at most 27, within 100), one of a group per
    // 2 units (200, past 100: alone) and one more of 3 groups; on 40 units two of 2-3 groups (joint
    // up to 9, within 10) and one of 30 groups (alone).
    const shapes = [
      [400, 3],
      [400, 2],
      [40, 3],
      [400, 200],
      [40, 30],
      [400, 3],
      [40, 2],
    ] as const;
    const jobs = shapes.map(([units, groupCount]) => {
      const groupOfUnit = groupCount === 200 ? Uint32Array.from({ length: units }, (_, u) => u >> 1) : randomGrouping(random, units, groupCount);
      const seen: number[][] = [];
      return { groupOfUnit, groupCount, seen, add: (draws: Uint32Array) => seen.push(Array.from(draws)) };
    });
    const passes: number[][] = [];
    runReplicateJobs(jobs, options, (members) => passes.push([...members]));
    jobs.forEach((job) => {
      const plain = createPrng(options.seed);
      expect(job.seen).toEqual(Array.from({ length: options.replicates }, () => plainDraws(plain.next, job.groupOfUnit, job.groupCount)));
    });
    // Every job once; the 200-group and 30-group jobs alone; the 400-unit jobs of few groups together.
    expect(passes.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(passes).toContainEqual([3]);
    expect(passes).toContainEqual([4]);
    expect(passes).toContainEqual([0, 1, 5]);
    expect(passes).toContainEqual([2, 6]);
  });
});

describe('tests drawn together', () => {
  it('bootstrapStudentizedJobs gives each job what bootstrapStudentizedMany gives it alone', () => {
    const random = createPrng(31);
    const options = { replicates: 200, seed: 7 };
    // Three jobs on 400 units with few groups share a pass; on 40 units each draws alone.
    const jobs = [400, 40, 400, 25, 40, 400].map((units) => {
      const groupCount = units === 400 ? random.int(2, 3) : random.int(2, 9);
      const numerators = Float64Array.from({ length: groupCount }, () => random.int(-3, 3));
      const denominators = Float64Array.from({ length: groupCount }, () => random.int(1, 3));
      return {
        groupOfUnit: randomGrouping(random, units, groupCount),
        groupCount,
        count: 1,
        estimates: (draws: Uint32Array) => [weightedRatio(draws, numerators, denominators)],
      };
    });
    const together = bootstrapStudentizedJobs(jobs, options);
    jobs.forEach((job, j) => expect(together[j]).toEqual(bootstrapStudentizedMany(job.groupOfUnit, job.groupCount, 1, job.estimates, options)));
  });

  it('clusterRatioTestSets gives each set what clusterRatioTests gives it alone', () => {
    const random = createPrng(32);
    const bootstrap = { replicates: 300, seed: 3 };
    // Sets on as many clusters (sharing draws where they are many and their groups few), one on other clusters, and an empty series.
    const sets = [
      [randomSeries(random, 2000, 1), randomSeries(random, 2000, 1)],
      [randomSeries(random, 2000, 1)],
      [randomSeries(random, 30), randomSeries(random, 30)],
      [randomSeries(random, 30)],
      [randomSeries(random, 12), { clusters: [], numerators: [], denominators: [] }],
    ];
    const together = clusterRatioTestSets(sets, bootstrap);
    sets.forEach((set, s) => expect(together[s]).toEqual(clusterRatioTests(set, bootstrap)));
    expect(together.flat().filter((test) => test.ci95 !== null).length).toBeGreaterThan(0);
  });
});
