// The chance-corrected intervals of the report (issue 15 points 1-3, issue 28 point 3): replicates
// draw whole puzzles, the studentized interval equals a plainly written one, a coefficient with
// no spread gets no interval but a reason, and the undefined replicates of each statistic are counted.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { normalQuantile } from '../../../../shared/stats/normal-quantile';
import { chanceCorrected } from '../../../../shared/stats/study/chance-corrected';
import type { TaskUnit } from '../../../../shared/stats/study/study-units';

const CATEGORIES = ['yes', 'no', 'irrelevant'];

function unit(id: string, puzzleId: string, humans: readonly string[]): TaskUnit {
  return { id, puzzleId, bucket: 'easy', judgements: new Map(), humans: humans.map((value, h) => ({ annotator: `a${h}`, value })) };
}

/** Puzzles of 1 to 6 units, each unit with 1 to 4 human labels near the puzzle's own label. */
function randomUnits(seed: number, puzzles: number): TaskUnit[] {
  const rng = createPrng(seed);
  const units: TaskUnit[] = [];
  for (let p = 0; p < puzzles; p++) {
    const truth = rng.pick(CATEGORIES);
    const count = rng.int(1, 6);
    for (let i = 0; i < count; i++) {
      const humans = Array.from({ length: rng.int(1, 4) }, () => (rng.chance(0.25) ? rng.pick(CATEGORIES) : truth));
      units.push(unit(`p${p}-u${i}`, `p${p}`, humans));
    }
  }
  return units;
}

/** A unit's ratings as counts per category, with the weight of the puzzle it came from. */
interface WeightedUnit {
  counts: number[];
  weight: number;
}

/**
 * Nominal alpha in Krippendorff's (2011) form 1 - (n - 1) sum_{c != k} o_ck / sum_{c != k} n_c n_k,
 * o_ck = sum over units of (c-k pairs) / (m - 1), and AC1 (Gwet 2014) = (p_a - p_e) / (1 - p_e) with
 * p_e = sum_k pi_k (1 - pi_k) / (q - 1), each unit counted with its weight.
 */
function plainStatistics(units: readonly WeightedUnit[]): { alpha: number; ac1: number } {
  const q = CATEGORIES.length;
  let n = 0;
  let disagreeing = 0;
  const marginals = new Array<number>(q).fill(0);
  let agreement = 0;
  let pairable = 0;
  const pi = new Array<number>(q).fill(0);
  let rated = 0;
  for (const { counts, weight } of units) {
    const m = counts.reduce((sum, f) => sum + f, 0);
    if (m === 0) continue;
    rated += weight;
    counts.forEach((f, k) => (pi[k] = (pi[k] as number) + (weight * f) / m));
    if (m < 2) continue;
    n += weight * m;
    pairable += weight;
    counts.forEach((f, c) => {
      marginals[c] = (marginals[c] as number) + weight * f;
      agreement += (weight * f * (f - 1)) / (m * (m - 1));
      counts.forEach((g, k) => {
        if (k !== c) disagreeing += (weight * f * g) / (m - 1);
      });
    });
  }
  let chancePairs = 0;
  marginals.forEach((nc, c) => marginals.forEach((nk, k) => (chancePairs += c === k ? 0 : nc * nk)));
  const pa = agreement / pairable;
  const pe = pi.reduce((sum, p) => sum + ((p / rated) * (1 - p / rated)) / (q - 1), 0);
  return { alpha: 1 - ((n - 1) * disagreeing) / chancePairs, ac1: (pa - pe) / (1 - pe) };
}

/**
 * The statistics of the drawn puzzles with their delta-method standard errors, written out:
 * each distinct drawn puzzle g (drawn d_g of W times) has the influence
 * l_g = d/de T((1 - e) w + e W 1_g) at e = 0, by a central difference in e, and se^2 = sum d_g l_g^2 / W^2.
 */
function plainEstimates(drawn: readonly string[], unitsOf: ReadonlyMap<string, number[][]>) {
  const draws = new Map<string, number>();
  for (const puzzle of drawn) draws.set(puzzle, (draws.get(puzzle) ?? 0) + 1);
  const W = drawn.length;
  const at = (weightOf: (puzzle: string) => number) =>
    plainStatistics([...draws.keys()].flatMap((puzzle) => (unitsOf.get(puzzle) ?? []).map((counts) => ({ counts, weight: weightOf(puzzle) }))));
  const value = at((puzzle) => draws.get(puzzle) ?? 0);
  const squares = { alpha: 0, ac1: 0 };
  for (const [g, d] of draws) {
    const e = 1e-6;
    const moved = (sign: number) => at((puzzle) => (1 - sign * e) * (draws.get(puzzle) ?? 0) + (puzzle === g ? sign * e * W : 0));
    const up = moved(1);
    const down = moved(-1);
    squares.alpha += d * ((up.alpha - down.alpha) / (2 * e)) ** 2;
    squares.ac1 += d * ((up.ac1 - down.ac1) / (2 * e)) ** 2;
  }
  return {
    alpha: { value: value.alpha, se: Math.sqrt(squares.alpha) / W },
    ac1: { value: value.ac1, se: Math.sqrt(squares.ac1) / W },
  };
}

/** The alpha quantile as R's boot:::norm.inter takes it: order statistic (B + 1) alpha, interpolated on the normal scale. */
function normInter(sorted: readonly number[], alpha: number): number {
  const rank = (sorted.length + 1) * alpha;
  const k = Math.trunc(rank);
  if (k <= 0) return sorted[0] as number;
  if (k >= sorted.length) return sorted[sorted.length - 1] as number;
  if (k === rank) return sorted[k - 1] as number;
  const zLow = normalQuantile(k / (sorted.length + 1));
  const zHigh = normalQuantile((k + 1) / (sorted.length + 1));
  return (sorted[k - 1] as number) + ((normalQuantile(alpha) - zLow) / (zHigh - zLow)) * ((sorted[k] as number) - (sorted[k - 1] as number));
}

function studentizedInterval(sample: { value: number; se: number }, replicates: ReadonlyArray<{ value: number; se: number }>): [number, number] {
  const t = replicates.map(({ value, se }) => (value - sample.value) / se).sort((x, y) => x - y);
  return [sample.value - sample.se * normInter(t, 0.975), Math.min(1, sample.value - sample.se * normInter(t, 0.025))];
}

describe('chance-corrected intervals over puzzles', () => {
  it.each([
    [77, 40, 12],
    [78, 25, 13],
    [79, 12, 14],
  ])(
    'match a plain studentized cluster bootstrap that recomputes alpha, AC1 and their standard errors on the drawn puzzles (study %i, %i puzzles)',
    (study, count, seed) => {
      const units = randomUnits(study, count);
      const bootstrap = { replicates: 200, seed };
      const engine = chanceCorrected(units, CATEGORIES, bootstrap);
      const puzzles = [...new Set(units.map((u) => u.puzzleId))];
      const unitsOf = new Map(
        puzzles.map((puzzle) => [
          puzzle,
          units.filter((u) => u.puzzleId === puzzle).map((u) => CATEGORIES.map((c) => u.humans.filter((h) => h.value === c).length)),
        ]),
      );
      const sample = plainEstimates(puzzles, unitsOf);
      const rng = createPrng(bootstrap.seed);
      const replicates = Array.from({ length: bootstrap.replicates }, () =>
        plainEstimates(
          Array.from(puzzles, () => puzzles[Math.floor(rng.next() * puzzles.length)] as string),
          unitsOf,
        ),
      );
      expect(engine.krippendorffAlpha).toBeCloseTo(sample.alpha.value, 12);
      expect(engine.gwetAC1).toBeCloseTo(sample.ac1.value, 12);
      // The two compute the gradient by different central differences, so they agree to about 1e-7, not to the last bit.
      const alpha = studentizedInterval(
        sample.alpha,
        replicates.map((r) => r.alpha),
      );
      expect(engine.krippendorffAlphaCi95?.[0]).toBeCloseTo(alpha[0], 6);
      expect(engine.krippendorffAlphaCi95?.[1]).toBeCloseTo(alpha[1], 6);
      const ac1 = studentizedInterval(
        sample.ac1,
        replicates.map((r) => r.ac1),
      );
      expect(engine.gwetAC1Ci95?.[0]).toBeCloseTo(ac1[0], 6);
      expect(engine.gwetAC1Ci95?.[1]).toBeCloseTo(ac1[1], 6);
      expect(engine.undefinedReplicates).toEqual({ krippendorffAlpha: 0, fleissKappa: 0, gwetAC1: 0 });
    },
  );

  it('resamples units under `units`: the same as puzzles of one unit each', () => {
    const units = randomUnits(5, 30);
    const alone = units.map((u) => ({ ...u, puzzleId: u.id }));
    const bootstrap = { replicates: 150, seed: 2 };
    expect(chanceCorrected(units, CATEGORIES, bootstrap, 'units')).toEqual(chanceCorrected(alone, CATEGORIES, bootstrap, 'puzzles'));
    expect(chanceCorrected(units, CATEGORIES, bootstrap, 'puzzles').krippendorffAlphaCi95).not.toEqual(
      chanceCorrected(units, CATEGORIES, bootstrap, 'units').krippendorffAlphaCi95,
    );
  });

  it('gives no interval where every replicate gave the same value, and says why', () => {
    // Every unit agrees on yes, one puzzle of no: each replicate with both labels gives alpha 1.
    const units = [unit('u1', 'p1', ['yes', 'yes']), unit('u2', 'p1', ['no', 'no']), unit('u3', 'p2', ['yes', 'yes', 'yes'])];
    const stats = chanceCorrected(units, CATEGORIES, { replicates: 300, seed: 1 });
    expect(stats.gwetAC1).toBe(1);
    expect(stats.gwetAC1Ci95).toBeNull();
    expect(stats.undefinedReasons.gwetAC1Ci95).toMatch(/every puzzle gives the statistic the same value/);
    expect(stats.krippendorffAlphaCi95).toBeNull();
    expect(stats.undefinedReasons.krippendorffAlphaCi95).toMatch(/every puzzle gives the statistic the same value/);
  });

  it('counts the replicates in which each statistic was undefined', () => {
    // Puzzle p2 alone has one category: alpha and kappa are undefined whenever only p2 is drawn (1 in 4
    // replicates); p1 drawn twice has no spread between puzzles, so no standard error to studentize by (1 in 4).
    const units = [unit('u1', 'p1', ['yes', 'no']), unit('u2', 'p2', ['yes', 'yes'])];
    const stats = chanceCorrected(units, CATEGORIES, { replicates: 1000, seed: 8 });
    const undefinedAlpha = stats.undefinedReplicates?.krippendorffAlpha ?? 0;
    expect(undefinedAlpha).toBeGreaterThan(430);
    expect(undefinedAlpha).toBeLessThan(570);
    expect(stats.undefinedReplicates?.fleissKappa).toBe(undefinedAlpha);
    expect(chanceCorrected(units, CATEGORIES, { replicates: 0, seed: 8 }).undefinedReplicates).toBeUndefined();
  });
});
