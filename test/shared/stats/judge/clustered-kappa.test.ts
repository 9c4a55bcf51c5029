// Cohen's kappa of a judge against the human majority with its percentile cluster bootstrap
// interval (issue 31 point 5): the kappa equals the reliability core's Cohen's kappa on the same
// pairs, the interval a plainly written cluster bootstrap; a seeded simulation with puzzles that
// lean one way or the other (true kappa 0.7) prints how often the interval covers it.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import { runPlan } from '../../../../shared/stats/bootstrap';
import { clusteredKappasPlan, type ClusteredPair } from '../../../../shared/stats/judge/clustered-kappa';

const clusteredKappa = (pairs: readonly ClusteredPair[], bootstrap: { replicates: number; seed: number }) =>
  runPlan(clusteredKappasPlan([pairs], bootstrap), bootstrap)[0];
import { cohenPairs } from '../../../../shared/stats/reliability';

/** Beta(1/2, 1/2): puzzles lean hard one way or the other. */
const arcsine = (prng: Prng) => Math.sin((Math.PI * prng.next()) / 2) ** 2;

/** People's label is positive with a share drawn per puzzle (mean 1/2); the judge gives it with chance 0.85: true kappa (0.85 - 0.5) / 0.5 = 0.7. */
function study(prng: Prng, puzzles: number): ClusteredPair[] {
  const pairs: ClusteredPair[] = [];
  for (let p = 0; p < puzzles; p++) {
    const share = arcsine(prng);
    const units = prng.int(1, 6);
    for (let u = 0; u < units; u++) {
      const reference = prng.chance(share) ? 'yes' : 'no';
      const judge = prng.chance(0.85) ? reference : reference === 'yes' ? 'no' : 'yes';
      pairs.push({ cluster: p, judge, reference });
    }
  }
  return pairs;
}

function plainKappa(pairs: readonly ClusteredPair[]): number {
  const n = pairs.length;
  const labels = [...new Set(pairs.flatMap((pair) => [pair.judge, pair.reference]))];
  const observed = pairs.filter((pair) => pair.judge === pair.reference).length / n;
  const chance = labels.reduce(
    (sum, label) => sum + (pairs.filter((p) => p.judge === label).length / n) * (pairs.filter((p) => p.reference === label).length / n),
    0,
  );
  return (observed - chance) / (1 - chance);
}

describe('clusteredKappa', () => {
  it('is the reliability core’s Cohen’s kappa, with the interval of a plain cluster bootstrap', () => {
    const pairs = study(createPrng(5), 30);
    const ours = clusteredKappa(pairs, { replicates: 199, seed: 3 });
    const ratings = pairs.flatMap((pair, i) => [
      { unit: String(i), rater: 'judge', value: pair.judge },
      { unit: String(i), rater: 'people', value: pair.reference },
    ]);
    expect(ours?.kappa).toBeCloseTo(cohenPairs(ratings)[0]?.cohenKappa as number, 12);
    const clusters = [...new Set(pairs.map((pair) => pair.cluster))].map((cluster) => pairs.filter((pair) => pair.cluster === cluster));
    const prng = createPrng(3);
    const kappas: number[] = [];
    for (let b = 0; b < 199; b++) kappas.push(plainKappa(clusters.flatMap(() => clusters[Math.floor(prng.next() * clusters.length)] ?? [])));
    kappas.sort((x, y) => x - y);
    const at = (p: number) => {
      const h = (kappas.length - 1) * p;
      const low = Math.floor(h);
      return (kappas[low] as number) + (h - low) * ((kappas[low + 1] as number) - (kappas[low] as number));
    };
    expect(ours?.ci95?.[0]).toBeCloseTo(at(0.025), 12);
    expect(ours?.ci95?.[1]).toBeCloseTo(at(0.975), 12);
    // Two judges on as many puzzles share each replicate's draws, and each gets its interval alone.
    const other = pairs.map((pair, i) => (i % 4 === 0 ? { ...pair, judge: pair.reference === 'yes' ? 'no' : 'yes' } : pair));
    const options = { replicates: 199, seed: 3 };
    const [first, second] = runPlan(clusteredKappasPlan([pairs, other], options), options);
    expect(first).toEqual(ours);
    expect(second).toEqual(clusteredKappa(other, { replicates: 199, seed: 3 }));
  });

  it('covers the true kappa at about 95% with 40 and 200 puzzles', () => {
    const rows: string[] = [];
    const checks: (() => void)[] = [];
    for (const puzzles of [40, 200] as const) {
      const studies = 300;
      const prng = createPrng(5100 + puzzles);
      let covered = 0;
      for (let s = 0; s < studies; s++) {
        const ci95 = clusteredKappa(study(prng, puzzles), { replicates: 299, seed: s + 1 })?.ci95 ?? null;
        if (ci95 !== null && ci95[0] <= 0.7 && 0.7 <= ci95[1]) covered++;
      }
      const se = Math.sqrt((0.95 * 0.05) / studies);
      rows.push(
        `${String(puzzles).padStart(7)} ${String(studies).padStart(7)} ${((100 * covered) / studies).toFixed(1).padStart(6)}%  ±${(100 * se).toFixed(1)}%`,
      );
      checks.push(() => expect(Math.abs(covered / studies - 0.95)).toBeLessThanOrEqual(2.5 * se));
    }
    console.log(
      [
        'Kappa of a judge right 85% of the time against people whose share of yes is drawn per puzzle (true kappa 0.7), 1-6 units a puzzle; B = 299.',
        'puzzles studies covered (binomial SE)',
        ...rows,
      ].join('\n'),
    );
    for (const check of checks) check();
  });
});
