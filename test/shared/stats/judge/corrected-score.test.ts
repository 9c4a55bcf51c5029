// The corrected benchmark score (issue 15 point 7): the authors' own code on their examples and
// ours, a second plainly written computation, a seeded coverage simulation, and the edge cases
// where the estimate is clamped or refused.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import {
  correctedScore,
  correctedScoresPerBucket,
  type CorrectedScore,
  type JudgeCalibration,
  type JudgedFinals,
} from '../../../../shared/stats/judge/corrected-score';
import { REFERENCE } from './judge-reporting-reference';

const Z = 1.959963984540054; // scipy.stats.norm.ppf(0.975)

/** The paper's plug-in interval written out from proportions, as its Appendix C states it. */
function plainInterval(p: number, q0: number, q1: number, n: number, m0: number, m1: number): [number, number] {
  // Smoothed proportions and sample sizes.
  const pS = (n * p + (Z * Z) / 2) / (n + Z * Z);
  const q0S = (m0 * q0 + 1) / (m0 + 2);
  const q1S = (m1 * q1 + 1) / (m1 + 2);
  const nS = n + Z * Z;
  const m0S = m0 + 2;
  const m1S = m1 + 2;
  const t = (pS + q0S - 1) / (q0S + q1S - 1);
  const bias = 2 * Z * Z * ((-(1 - t) * q0S * (1 - q0S)) / m0S + (t * q1S * (1 - q1S)) / m1S);
  const varianceP = (pS * (1 - pS)) / nS;
  const varianceQ0 = (q0S * (1 - q0S)) / m0S;
  const varianceQ1 = (q1S * (1 - q1S)) / m1S;
  const se = Math.sqrt(varianceP + (1 - t) * (1 - t) * varianceQ0 + t * t * varianceQ1) / (q0S + q1S - 1);
  const low = t + bias - Z * se;
  const high = t + bias + Z * se;
  return [Math.max(0, Math.min(1, low)), Math.max(0, Math.min(1, high))];
}

function calibration(
  humanMatched: number,
  judgeMatchedOfHumanMatched: number,
  humanUnmatched: number,
  judgeUnmatchedOfHumanUnmatched: number,
): JudgeCalibration {
  return { humanMatched, judgeMatchedOfHumanMatched, humanUnmatched, judgeUnmatchedOfHumanUnmatched };
}

function finals(judged: number, judgeMatched: number): JudgedFinals {
  return { judged, judgeMatched };
}

function binomial(prng: Prng, trials: number, probability: number): number {
  let successes = 0;
  for (let i = 0; i < trials; i++) if (prng.next() < probability) successes++;
  return successes;
}

/** Every number a score carries is finite or null: nothing undefined may leak out as NaN. */
function expectNoNaN(score: CorrectedScore): void {
  const numbers = [
    score.rawScore,
    score.sensitivity,
    score.specificity,
    score.theta,
    score.unclampedTheta,
    ...(score.ci95 ?? []),
    ...(score.unclampedCi95 ?? []),
  ];
  for (const value of numbers) if (value !== null) expect(Number.isFinite(value)).toBe(true);
}

describe("correctedScore against the authors' code", () => {
  it.each(REFERENCE.cases.map((c) => [c.name, c] as const))('%s', (_name, reference) => {
    const { judged, judgeMatched, ...rest } = reference.counts;
    const score = correctedScore(finals(judged, judgeMatched), rest);
    expect(score.theta).not.toBeNull();
    expect(Math.abs((score.theta as number) - reference.theta)).toBeLessThan(1e-12);
    expect(score.ci95).not.toBeNull();
    const [low, high] = score.ci95 as [number, number];
    expect(Math.abs(low - reference.ci95[0])).toBeLessThan(1e-12);
    expect(Math.abs(high - reference.ci95[1])).toBeLessThan(1e-12);
    expect(score.undefinedReasons).toEqual({});
  });

  it("has the authors' two examples among the cases", () => {
    expect(REFERENCE.cases.filter((c) => c.source.startsWith('authors:')).map((c) => c.name)).toEqual(['readme-usage', 'calibration-main']);
  });
});

describe('correctedScore against a plain second computation', () => {
  it('agrees on the point estimate and interval for seeded random counts, small and large', () => {
    const prng = createPrng(15_07);
    let compared = 0;
    for (let draw = 0; draw < 3000; draw++) {
      const n = prng.int(1, draw % 2 === 0 ? 30 : 3000);
      const m0 = prng.int(1, draw % 3 === 0 ? 10 : 400);
      const m1 = prng.int(1, draw % 5 === 0 ? 10 : 400);
      const k = prng.int(0, n);
      const a0 = prng.int(0, m0);
      const a1 = prng.int(0, m1);
      const score = correctedScore(finals(n, k), calibration(m1, a1, m0, a0));
      expectNoNaN(score);
      const p = k / n;
      const q0 = a0 / m0;
      const q1 = a1 / m1;
      if (q0 + q1 <= 1) {
        expect(score.theta).toBeNull();
        continue;
      }
      const unclamped = (p + q0 - 1) / (q0 + q1 - 1);
      expect(score.unclampedTheta).toBeCloseTo(unclamped, 12);
      expect(score.theta).toBeCloseTo(Math.max(0, Math.min(1, unclamped)), 12);
      const smoothedYouden = (a0 + 1) / (m0 + 2) + (a1 + 1) / (m1 + 2) - 1;
      if (smoothedYouden <= 0) {
        expect(score.ci95).toBeNull();
        continue;
      }
      const [low, high] = plainInterval(p, q0, q1, n, m0, m1);
      expect(score.ci95?.[0]).toBeCloseTo(low, 12);
      expect(score.ci95?.[1]).toBeCloseTo(high, 12);
      compared++;
    }
    // Most draws give a judge better than chance: the comparison is not vacuous.
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('correctedScore coverage (seeded simulation)', () => {
  // Truth theta; the judge's true specificity and sensitivity; benchmark and calibration sizes.
  const scenarios = [
    { theta: 0.6, q0: 0.8, q1: 0.9, n: 500, m0: 100, m1: 100 },
    { theta: 0.3, q0: 0.7, q1: 0.95, n: 200, m0: 40, m1: 60 },
    { theta: 0.1, q0: 0.9, q1: 0.8, n: 60, m0: 25, m1: 25 },
  ];
  it.each(scenarios)(
    'the 95 percent interval covers the true theta in about 95 percent of draws (theta $theta, q0 $q0, q1 $q1, n $n, m0 $m0, m1 $m1)',
    (scenario) => {
      const prng = createPrng(20_251_124);
      const draws = 2000;
      const judgeMatchedShare = scenario.theta * scenario.q1 + (1 - scenario.theta) * (1 - scenario.q0);
      let covered = 0;
      let refused = 0;
      for (let draw = 0; draw < draws; draw++) {
        const score = correctedScore(
          finals(scenario.n, binomial(prng, scenario.n, judgeMatchedShare)),
          calibration(scenario.m1, binomial(prng, scenario.m1, scenario.q1), scenario.m0, binomial(prng, scenario.m0, scenario.q0)),
        );
        if (score.ci95 === null) {
          refused++;
          continue;
        }
        if (score.ci95[0] <= scenario.theta && scenario.theta <= score.ci95[1]) covered++;
      }
      expect(refused).toBe(0);
      // A loose band around 95%: 2,000 draws give a Monte Carlo standard error of about 0.5 points.
      const coverage = covered / draws;
      expect(coverage).toBeGreaterThan(0.92);
      expect(coverage).toBeLessThan(0.99);
    },
  );
});

describe('correctedScore edge cases', () => {
  it('gives theta = p for a judge that made no error on the human-labelled finals', () => {
    for (const [n, k] of [
      [40, 0],
      [40, 13],
      [40, 40],
      [1, 1],
      [7, 3],
    ] as const) {
      const score = correctedScore(finals(n, k), calibration(12, 12, 9, 9));
      // Equal up to rounding: (p + 1 - 1) / 1 may lose p's last bit.
      expect(score.theta).toBeCloseTo(k / n, 14);
      expect(score.unclampedTheta).toBeCloseTo(k / n, 14);
      // The interval still carries the calibration's uncertainty: twelve and nine finals prove no perfect judge.
      const [low, high] = score.ci95 ?? [0, 0];
      expect(high - low).toBeGreaterThan(0);
    }
  });

  it('refuses a judge no better than chance, with the reason', () => {
    for (const cal of [calibration(10, 5, 10, 5), calibration(10, 2, 10, 3), calibration(4, 4, 6, 0)]) {
      const score = correctedScore(finals(50, 20), cal);
      expect(score.theta).toBeNull();
      expect(score.ci95).toBeNull();
      expect(score.undefinedReasons.theta).toMatch(/no better than chance/);
      expect(score.undefinedReasons.ci95).toBe(score.undefinedReasons.theta);
      // What was measured is still shown.
      expect(score.rawScore).toBe(0.4);
      expectNoNaN(score);
    }
  });

  it('clamps at 0 when the judge says matched less often than its false-matched rate, and says so', () => {
    // q0 = 0.75, so a quarter of unmatched finals pass the judge; it passed 2 of 50.
    const score = correctedScore(finals(50, 2), calibration(30, 27, 40, 30));
    expect(score.theta).toBe(0);
    expect(score.unclampedTheta).toBeCloseTo((0.04 + 0.75 - 1) / (0.75 + 0.9 - 1), 12);
    expect(score.unclampedTheta!).toBeLessThan(0);
    // The authors clamp both ends too: here the whole interval lies below 0 and clamps to a point.
    expect(score.unclampedCi95![1]).toBeLessThan(0);
    expect(score.ci95).toEqual([0, 0]);
  });

  it('clamps at 1 when the judge says matched more often than its sensitivity', () => {
    const score = correctedScore(finals(50, 49), calibration(30, 27, 40, 36));
    expect(score.theta).toBe(1);
    expect(score.unclampedTheta!).toBeGreaterThan(1);
    expect(score.ci95![1]).toBe(1);
    expect(score.ci95![0]).toBeLessThan(1);
  });

  it('is undefined with a reason when a sample is empty, as the authors require n, m0, m1 > 0', () => {
    const noFinals = correctedScore(finals(0, 0), calibration(10, 9, 10, 8));
    expect(noFinals.theta).toBeNull();
    expect(noFinals.rawScore).toBeNull();
    expect(noFinals.undefinedReasons.theta).toMatch(/no finals/);
    const noMatched = correctedScore(finals(10, 4), calibration(0, 0, 10, 8));
    expect(noMatched.sensitivity).toBeNull();
    expect(noMatched.undefinedReasons.theta).toMatch(/sensitivity/);
    const noUnmatched = correctedScore(finals(10, 4), calibration(10, 9, 0, 0));
    expect(noUnmatched.specificity).toBeNull();
    expect(noUnmatched.undefinedReasons.theta).toMatch(/specificity/);
    for (const score of [noFinals, noMatched, noUnmatched]) {
      expect(score.ci95).toBeNull();
      expectNoNaN(score);
    }
  });

  it('keeps theta but refuses the interval when the smoothing leaves a judge no better than chance', () => {
    // q0 = 0.3 on 1,000 finals, q1 = 1 on one: q0 + q1 = 1.3, but the interval's smoothed
    // q1 = 2/3 and q0 ~ 0.3004 sum below 1, where the authors' code returns the inverted (1, 0).
    const score = correctedScore(finals(100, 30), calibration(1, 1, 1000, 300));
    expect(score.theta).toBeCloseTo(0, 12);
    expect(score.ci95).toBeNull();
    expect(score.unclampedCi95).toBeNull();
    expect(score.undefinedReasons.theta).toBeUndefined();
    expect(score.undefinedReasons.ci95).toMatch(/too few finals with a verdict of people/);
  });

  it("throws on counts no study can produce: a caller's bug, not data", () => {
    expect(() => correctedScore(finals(5, 6), calibration(10, 9, 10, 9))).toThrow(RangeError);
    expect(() => correctedScore(finals(5, 2), calibration(10, 11, 10, 9))).toThrow(RangeError);
    expect(() => correctedScore(finals(5, 2), calibration(10, 9, 10, -1))).toThrow(RangeError);
    expect(() => correctedScore(finals(5.5, 2), calibration(10, 9, 10, 9))).toThrow(RangeError);
  });
});

describe('correctedScoresPerBucket', () => {
  it("scores each player of each bucket with that bucket's own calibration", () => {
    const easy = calibration(20, 18, 20, 16);
    const hard = calibration(10, 6, 15, 14);
    const scores = correctedScoresPerBucket([
      {
        bucket: 'easy',
        calibration: easy,
        players: new Map([
          ['p1', finals(30, 21)],
          ['p2', finals(30, 9)],
        ]),
      },
      { bucket: 'hard', calibration: hard, players: new Map([['p1', finals(30, 6)]]) },
      { bucket: 'medium', calibration: calibration(0, 0, 5, 5), players: new Map([['p1', finals(30, 6)]]) },
    ]);
    expect(scores.map(({ bucket, player }) => `${bucket}:${player}`)).toEqual(['easy:p1', 'easy:p2', 'hard:p1', 'medium:p1']);
    expect(scores[0]?.score).toEqual(correctedScore(finals(30, 21), easy));
    expect(scores[1]?.score).toEqual(correctedScore(finals(30, 9), easy));
    expect(scores[2]?.score).toEqual(correctedScore(finals(30, 6), hard));
    expect(scores[3]?.score.undefinedReasons.theta).toMatch(/sensitivity/);
  });
});
