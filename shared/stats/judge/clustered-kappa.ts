// Cohen's kappa of a judge against a reference label (the strict human majority) with a
// percentile cluster bootstrap interval (issue 31 point 5): the fitness bands are stated for
// kappa, and a band is read off its interval, not its point. Each replicate draws as many
// clusters (puzzles) as there are and recomputes kappa from their pairs' counts.

import { forEachSharedReplicate, groupsByKey, percentileInterval, type BootstrapOptions } from '../bootstrap';

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

/** Per list of pairs (one per judge), its kappa and interval; lists on as many clusters share each replicate's draws (one pass of the generator), each getting the interval it would get alone. */
export function clusteredKappas(lists: readonly (readonly ClusteredPair[])[], bootstrap: BootstrapOptions): ClusteredKappa[] {
  const prepared = lists.map(prepareTables);
  const results = prepared.map(({ k, total, pairs }) => ({
    n: pairs,
    kappa: kappaOfCounts(total, k),
    ci95: null as [number, number] | null,
    undefinedReplicates: bootstrap.replicates,
  }));
  if (bootstrap.replicates === 0) return results;
  const byClusters = new Map<number, number[]>();
  prepared.forEach(({ tables }, l) => {
    if (tables.length === 0) return;
    byClusters.set(tables.length, [...(byClusters.get(tables.length) ?? []), l]);
  });
  for (const members of byClusters.values()) {
    const groupings = members.map((l) => {
      const { tables, k } = prepared[l] as ReturnType<typeof prepareTables>;
      const { groupOf, firstOf } = groupsByKey(tables.length, (c) => (tables[c] as Float64Array).join(','));
      return {
        groupOf,
        groups: firstOf.map((c) => tables[c] as Float64Array),
        k,
        drawn: new Float64Array(k * k),
        values: new Float64Array(bootstrap.replicates),
        defined: 0,
      };
    });
    forEachSharedReplicate(
      groupings.map((one) => one.groupOf),
      groupings.map((one) => one.groups.length),
      bootstrap,
      (drawsPerSet) =>
        groupings.forEach((one, m) => {
          const draws = drawsPerSet[m] as Uint32Array;
          one.drawn.fill(0);
          for (let g = 0; g < one.groups.length; g++) {
            const w = draws[g] as number;
            if (w === 0) continue;
            const table = one.groups[g] as Float64Array;
            for (let cell = 0; cell < one.drawn.length; cell++) one.drawn[cell] = (one.drawn[cell] as number) + w * (table[cell] as number);
          }
          const value = kappaOfCounts(one.drawn, one.k);
          if (value !== null) one.values[one.defined++] = value;
        }),
    );
    groupings.forEach((one, m) => {
      const result = results[members[m] as number] as ClusteredKappa;
      result.ci95 = percentileInterval(one.values.subarray(0, one.defined));
      result.undefinedReplicates = bootstrap.replicates - one.defined;
    });
  }
  return results;
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
