// Cohen's kappa of a judge against a reference label (the strict human majority) with a
// percentile cluster bootstrap interval (issue 31 point 5): the fitness bands are stated for
// kappa, and a band is read off its interval, not its point. Each replicate draws as many
// clusters (puzzles) as there are and recomputes kappa from their pairs' counts.

import { groupsByNumbers, percentileInterval, type BootstrapOptions, type BootstrapPlan, type ReplicateJob } from '../bootstrap';

export interface ClusteredPair {
  cluster: number;
  judge: string;
  reference: string;
}

export interface ClusteredKappa {
  n: number;
  /** (observed - chance) / (1 - chance), chance from the two raters' marginals; null without pairs or when chance is 1. */
  kappa: number | null;
  /** Percentile 95% interval; null without replicates or pairs, or when kappa is undefined in every replicate. */
  ci95: [number, number] | null;
  /** Replicates whose kappa is undefined (every drawn pair in one category): left out of the interval. */
  undefinedReplicates: number;
}

/** Cohen's kappa from the counts of a k x k table (judge down, reference across), flat, row-major. */
export function kappaOfCounts(counts: ArrayLike<number>, k: number): number | null {
  let n = 0;
  let agree = 0;
  const rows = new Float64Array(k);
  const columns = new Float64Array(k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const count = counts[i * k + j] as number;
      n += count;
      rows[i] = (rows[i] as number) + count;
      columns[j] = (columns[j] as number) + count;
      if (i === j) agree += count;
    }
  if (n === 0) return null;
  let chance = 0;
  for (let i = 0; i < k; i++) chance += ((rows[i] as number) / n) * ((columns[i] as number) / n);
  return chance >= 1 ? null : (agree / n - chance) / (1 - chance);
}

/**
 * Per list of pairs (one per judge), its kappa and interval: a job per list with pairs, its
 * interval in the result once the jobs have run. Lists on as many clusters share the generator's
 * passes (runReplicateJobs), each getting the interval it would get alone.
 */
export function clusteredKappasPlan(lists: readonly (readonly ClusteredPair[])[], bootstrap: BootstrapOptions): BootstrapPlan<ClusteredKappa[]> {
  const prepared = lists.map(prepareTables);
  const results = prepared.map(({ k, total, pairs }) => ({
    n: pairs,
    kappa: kappaOfCounts(total, k),
    ci95: null as [number, number] | null,
    undefinedReplicates: bootstrap.replicates,
  }));
  if (bootstrap.replicates === 0) return { jobs: [], result: () => results };
  const works = prepared.flatMap(({ tables, k }, l) => (tables.length === 0 ? [] : [{ l, job: kappaJob(tables, k, bootstrap.replicates) }]));
  return {
    jobs: works.map(({ job }) => job),
    result() {
      for (const { l, job } of works) {
        const result = results[l] as ClusteredKappa;
        const values = job.values();
        result.ci95 = percentileInterval(values);
        result.undefinedReplicates = bootstrap.replicates - values.length;
      }
      return results;
    },
  };
}

/** One list's replicates: its clusters with the same table as one group, and each replicate's kappa of the drawn tables' sum. */
function kappaJob(tables: readonly Float64Array[], k: number, replicates: number): ReplicateJob & { values(): Float64Array } {
  const { groupOf, firstOf } = groupsByNumbers(tables.length, k * k, (c, key) => key.set(tables[c] as Float64Array));
  const groups = firstOf.map((c) => tables[c] as Float64Array);
  const drawn = new Float64Array(k * k);
  const values = new Float64Array(replicates);
  let defined = 0;
  return {
    groupOfUnit: groupOf,
    groupCount: groups.length,
    values: () => values.subarray(0, defined),
    add(draws) {
      drawn.fill(0);
      for (let g = 0; g < groups.length; g++) {
        const w = draws[g] as number;
        if (w === 0) continue;
        const table = groups[g] as Float64Array;
        for (let cell = 0; cell < drawn.length; cell++) drawn[cell] = (drawn[cell] as number) + w * (table[cell] as number);
      }
      const value = kappaOfCounts(drawn, k);
      if (value !== null) values[defined++] = value;
    },
  };
}

/** The pairs' counts per cluster (in order of first appearance) and in all, over their categories in code-unit order. */
function prepareTables(pairs: readonly ClusteredPair[]) {
  const categories = [...new Set(pairs.flatMap((pair) => [pair.judge, pair.reference]))].sort();
  const k = categories.length;
  const indexOf = new Map(categories.map((category, c) => [category, c]));
  const clusterIndex = new Map<number, number>();
  const tables: Float64Array[] = [];
  const total = new Float64Array(k * k);
  for (const { cluster, judge, reference } of pairs) {
    let c = clusterIndex.get(cluster);
    if (c === undefined) {
      c = tables.length;
      clusterIndex.set(cluster, c);
      tables.push(new Float64Array(k * k));
    }
    const cell = (indexOf.get(judge) as number) * k + (indexOf.get(reference) as number);
    const table = tables[c] as Float64Array;
    table[cell] = (table[cell] as number) + 1;
    total[cell] = (total[cell] as number) + 1;
  }
  return { k, tables, total, pairs: pairs.length };
}
