// The chance-corrected intervals of the report (issue 15 points 1-3): replicates draw whole
// puzzles, a coefficient whose replicates all agree gets no interval but a reason, and the
// undefined replicates of each statistic are counted.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/demo/prng';
import { computeChanceCorrected, type Rating } from '../../../../shared/stats/reliability';
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

/** R's quantile type 7 of sorted values. */
function type7(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return (sorted[low] as number) + (h - low) * ((sorted[high] as number) - (sorted[low] as number));
}

describe('chance-corrected intervals over puzzles', () => {
  it('match a plain cluster bootstrap that recomputes alpha on the drawn puzzles', () => {
    const units = randomUnits(77, 40);
    const bootstrap = { replicates: 200, seed: 12 };
    const engine = chanceCorrected(units, CATEGORIES, bootstrap);
    const puzzles = [...new Set(units.map((u) => u.puzzleId))];
    const rng = createPrng(bootstrap.seed);
    const alphas: number[] = [];
    const ac1s: number[] = [];
    for (let b = 0; b < bootstrap.replicates; b++) {
      const ratings: Rating[] = [];
      for (let i = 0; i < puzzles.length; i++) {
        const puzzle = puzzles[Math.floor(rng.next() * puzzles.length)];
        // A puzzle drawn twice counts twice: its units get a fresh name each draw.
        for (const u of units.filter((candidate) => candidate.puzzleId === puzzle)) {
          u.humans.forEach((human, position) => ratings.push({ unit: `${i}:${u.id}`, rater: `r${position}`, value: human.value }));
        }
      }
      const replicate = computeChanceCorrected(ratings, { order: CATEGORIES });
      if (replicate.alpha.nominal !== null) alphas.push(replicate.alpha.nominal);
      if (replicate.gwetAC1 !== null) ac1s.push(replicate.gwetAC1);
    }
    alphas.sort((x, y) => x - y);
    expect(engine.krippendorffAlphaCi95?.[0]).toBeCloseTo(type7(alphas, 0.025), 12);
    expect(engine.krippendorffAlphaCi95?.[1]).toBeCloseTo(type7(alphas, 0.975), 12);
    ac1s.sort((x, y) => x - y);
    expect(engine.gwetAC1Ci95?.[0]).toBeCloseTo(type7(ac1s, 0.025), 12);
    expect(engine.undefinedReplicates).toEqual({
      krippendorffAlpha: bootstrap.replicates - alphas.length,
      fleissKappa: expect.any(Number) as number,
      gwetAC1: bootstrap.replicates - ac1s.length,
    });
  });

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
    expect(stats.undefinedReasons.gwetAC1Ci95).toMatch(/every bootstrap replicate gave the same value/);
    expect(stats.krippendorffAlphaCi95).toBeNull();
    expect(stats.undefinedReasons.krippendorffAlphaCi95).toMatch(/every bootstrap replicate gave the same value/);
  });

  it('counts the replicates in which each statistic was undefined', () => {
    // Puzzle p2 alone has one category: alpha and kappa are undefined whenever only p2 is drawn (1 in 4 replicates).
    const units = [unit('u1', 'p1', ['yes', 'no']), unit('u2', 'p2', ['yes', 'yes'])];
    const stats = chanceCorrected(units, CATEGORIES, { replicates: 1000, seed: 8 });
    const undefinedAlpha = stats.undefinedReplicates?.krippendorffAlpha ?? 0;
    expect(undefinedAlpha).toBeGreaterThan(180);
    expect(undefinedAlpha).toBeLessThan(320);
    expect(stats.undefinedReplicates?.fleissKappa).toBe(undefinedAlpha);
    expect(chanceCorrected(units, CATEGORIES, { replicates: 0, seed: 8 }).undefinedReplicates).toBeUndefined();
  });
});
