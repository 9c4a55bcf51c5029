// Proves by a seeded coverage simulation (issue 28 point 3) that the report's studentized cluster
// intervals of agreement (micro, macro), Krippendorff's alpha and Gwet's AC1 cover the true value
// at 95% within binomial error with 12, 40 and 200 puzzles, where percentile intervals run short;
// prints both methods' coverage side by side. The figures chose the method and the warning threshold.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../shared/random/prng';
import { bootstrapGroupsMany } from '../../../shared/stats/bootstrap';
import { computeChanceCorrected, type CoefficientIntervalMethod, type Rating } from '../../../shared/stats/reliability';
import { agreementFigures, type UnitScore } from '../../../shared/stats/study/agreement';

/**
 * The generating model, with strong puzzle clustering: puzzle p has its share of "yes" units
 * mu_p ~ Beta(2, 1) and its raters' accuracy a_p ~ Beta(3, 1); it has 3 to 12 units; each unit
 * is "yes" with probability mu_p and has 3 ratings (2 with probability 0.3), each the unit's
 * truth with probability a_p.
 */
const THREE_RATINGS = 0.7;

interface Puzzle {
  /** Per unit, its number of "yes" ratings and of ratings. */
  units: Array<{ yes: number; ratings: number }>;
}

function drawStudy(rng: Prng, puzzles: number): Puzzle[] {
  return Array.from({ length: puzzles }, () => {
    const mu = Math.sqrt(rng.next());
    const accuracy = Math.cbrt(rng.next());
    return {
      units: Array.from({ length: rng.int(3, 12) }, () => {
        const truth = rng.chance(mu);
        const ratings = rng.chance(THREE_RATINGS) ? 3 : 2;
        let yes = 0;
        for (let r = 0; r < ratings; r++) if (rng.chance(accuracy) === truth) yes++;
        return { yes, ratings };
      }),
    };
  });
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** E[a^i (1 - a)^j] for a ~ Beta(3, 1): B(3 + i, 1 + j) / B(3, 1), with integer arguments. */
function accuracyMoment(i: number, j: number): number {
  const beta = (x: number, y: number) => (factorial(x - 1) * factorial(y - 1)) / factorial(x + y - 1);
  return beta(3 + i, 1 + j) / beta(3, 1);
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

/**
 * The population value each statistic's estimator converges to as puzzles grow, from the exact
 * probability of each unit pattern (m ratings, k of them "yes"): units per puzzle are independent
 * of mu and a, so every ratio of cluster sums tends to the ratio of per-unit expectations.
 */
function truths(): { micro: number; macro: number; alpha: number; ac1: number } {
  const meanMu = 2 / 3;
  const patterns: Array<{ m: number; k: number; p: number }> = [];
  for (const [m, pm] of [
    [2, 1 - THREE_RATINGS],
    [3, THREE_RATINGS],
  ] as const) {
    for (let k = 0; k <= m; k++) {
      const p = choose(m, k) * (meanMu * accuracyMoment(k, m - k) + (1 - meanMu) * accuracyMoment(m - k, k));
      patterns.push({ m, k, p: pm * p });
    }
  }
  let agreeing = 0;
  let pairs = 0;
  let unitAgreement = 0;
  let observed = 0;
  let values = 0;
  let yesValues = 0;
  let piYes = 0;
  for (const { m, k, p } of patterns) {
    const agree = choose(k, 2) + choose(m - k, 2);
    agreeing += p * agree;
    pairs += p * choose(m, 2);
    unitAgreement += (p * agree) / choose(m, 2);
    // Krippendorff: matching ordered pairs / (m - 1), over pairable values.
    observed += (p * 2 * agree) / (m - 1);
    values += p * m;
    yesValues += p * k;
    piYes += (p * k) / m;
  }
  const share = yesValues / values;
  const alpha = 1 - (1 - observed / values) / (2 * share * (1 - share));
  const chance = (1 - (piYes * piYes + (1 - piYes) * (1 - piYes))) / 1;
  return { micro: agreeing / pairs, macro: unitAgreement, alpha, ac1: (unitAgreement - chance) / (1 - chance) };
}

type Statistic = 'micro' | 'macro' | 'alpha' | 'ac1';
const STATISTICS: readonly Statistic[] = ['micro', 'macro', 'alpha', 'ac1'];

/** Per statistic and method, whether the study's interval covered the truth. */
function studyCoverage(rng: Prng, puzzles: number, replicates: number, seed: number, truth: Record<Statistic, number>): Record<string, boolean> {
  const study = drawStudy(rng, puzzles);
  const scores: UnitScore[] = [];
  const clusterOfUnit: number[] = [];
  const ratings: Rating[] = [];
  study.forEach((puzzle, p) =>
    puzzle.units.forEach(({ yes, ratings: m }, u) => {
      scores.push({ agreements: choose(yes, 2) + choose(m - yes, 2), comparisons: choose(m, 2) });
      clusterOfUnit.push(p);
      for (let r = 0; r < m; r++) ratings.push({ unit: `${p}/${u}`, rater: `r${r}`, value: r < yes ? 'yes' : 'no' });
    }),
  );
  const bootstrap = { replicates, seed };
  const covered: Record<string, boolean> = {};
  const covers = (interval: readonly [number, number] | null | undefined, value: number) =>
    interval !== null && interval !== undefined && interval[0] <= value && value <= interval[1];

  const [figure] = agreementFigures([scores], bootstrap, { clusterOfUnit: Uint32Array.from(clusterOfUnit), clusters: puzzles });
  covered['micro studentized'] = covers(figure?.ci95, truth.micro);
  covered['macro studentized'] = covers(figure?.macroCi95, truth.macro);
  // The percentile interval of the same two ratios, from per-puzzle sums.
  const sums = study.map((puzzle) => {
    let agreeing = 0;
    let pairs = 0;
    let unitAgreement = 0;
    for (const { yes, ratings: m } of puzzle.units) {
      const agree = choose(yes, 2) + choose(m - yes, 2);
      agreeing += agree;
      pairs += choose(m, 2);
      unitAgreement += agree / choose(m, 2);
    }
    return { agreeing, pairs, unitAgreement, units: puzzle.units.length };
  });
  const [micro, macro] = bootstrapGroupsMany(
    Uint32Array.from(sums, (_, p) => p),
    puzzles,
    2,
    (draws) => {
      let a = 0;
      let c = 0;
      let m = 0;
      let n = 0;
      sums.forEach((sum, p) => {
        const d = draws[p] as number;
        a += d * sum.agreeing;
        c += d * sum.pairs;
        m += d * sum.unitAgreement;
        n += d * sum.units;
      });
      return [a / c, m / n];
    },
    bootstrap,
  );
  covered['micro percentile'] = covers(micro?.ci95, truth.micro);
  covered['macro percentile'] = covers(macro?.ci95, truth.macro);

  for (const method of ['studentized', 'percentile'] as CoefficientIntervalMethod[]) {
    const result = computeChanceCorrected(ratings, { order: ['no', 'yes'], bootstrap, clusterOf: (unit) => unit.split('/')[0] as string, interval: method });
    covered[`alpha ${method}`] = covers(result.ci95?.alpha, truth.alpha);
    covered[`ac1 ${method}`] = covers(result.ci95?.gwetAC1, truth.ac1);
  }
  return covered;
}

/**
 * Studies and replicates per number of puzzles: many studies, for a small binomial error, and B as
 * low as a 95% interval allows (its 2.5% tails are whole order statistics) where a study is dear.
 */
const DESIGN: ReadonlyArray<{ puzzles: number; studies: number; replicates: number }> = [
  { puzzles: 12, studies: 1000, replicates: 499 },
  { puzzles: 40, studies: 800, replicates: 499 },
  { puzzles: 200, studies: 1000, replicates: 199 },
];
const NOMINAL = 0.95;

describe('coverage of the cluster bootstrap intervals with few and many puzzles', () => {
  it('the studentized intervals cover at 95% within binomial error at 12, 40 and 200 puzzles', () => {
    const truth = truths();
    const rng = createPrng(2028);
    const table: string[] = [];
    const coverage: Array<{ puzzles: number; statistic: Statistic; studentized: number }> = [];
    const errors: Record<number, number> = {};
    for (const { puzzles, studies, replicates } of DESIGN) {
      errors[puzzles] = Math.sqrt((NOMINAL * (1 - NOMINAL)) / studies);
      const hits: Record<string, number> = {};
      for (let s = 0; s < studies; s++) {
        const covered = studyCoverage(rng, puzzles, replicates, 1000 + s, truth);
        for (const [key, hit] of Object.entries(covered)) hits[key] = (hits[key] ?? 0) + (hit ? 1 : 0);
      }
      for (const statistic of STATISTICS) {
        const studentized = (hits[`${statistic} studentized`] ?? 0) / studies;
        const percentile = (hits[`${statistic} percentile`] ?? 0) / studies;
        coverage.push({ puzzles, statistic, studentized });
        table.push(
          `${String(puzzles).padStart(7)} ${String(studies).padStart(7)} ${String(replicates).padStart(4)}  ${statistic.padEnd(6)} ${(100 * studentized).toFixed(1).padStart(11)}% ${(100 * percentile).toFixed(1).padStart(10)}%   ±${(100 * 2.5 * (errors[puzzles] as number)).toFixed(1)}`,
        );
      }
    }
    console.log(
      [
        'Coverage of 95% cluster bootstrap intervals; allowed: 95% ± 2.5 binomial SE',
        `truth: micro ${truth.micro.toFixed(4)}, macro ${truth.macro.toFixed(4)}, alpha ${truth.alpha.toFixed(4)}, AC1 ${truth.ac1.toFixed(4)}`,
        'puzzles studies    B  stat   studentized  percentile  allowed (pp)',
        ...table,
      ].join('\n'),
    );
    for (const { puzzles, statistic, studentized } of coverage) {
      expect(Math.abs(studentized - NOMINAL), `${statistic} with ${puzzles} puzzles`).toBeLessThanOrEqual(2.5 * (errors[puzzles] as number));
    }
  }, 600_000);
});
