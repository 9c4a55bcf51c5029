// Label shares corrected through the judge's confusion matrix (issue 32 point 2): equal to a
// plainly written inversion, to corrected-score.ts at two labels, to labelshift's black-box shift
// estimator (test/fixtures/confusion-corrected), covering the true shares in a seeded simulation
// that prints its coverage, and refusing counts no study can produce.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import { confusionCorrectedShares, correctedCombination } from '../../../../shared/stats/judge/confusion-corrected';
import { correctedScore } from '../../../../shared/stats/judge/corrected-score';

const Z = 1.959963984540054; // scipy.stats.norm.ppf(0.975)

interface ReferenceCase {
  name: string;
  calibration: number[][];
  judged: number[];
  unclampedShares: number[];
  seByDifferencing: number[];
  unclampedCi95ByDifferencing: Array<[number, number]>;
}

const reference = JSON.parse(readFileSync(new URL('../../../fixtures/confusion-corrected/reference.json', import.meta.url), 'utf8')) as {
  z: number;
  cases: ReferenceCase[];
};

/** The determinant by expansion along the first row: slow, and plainly right. */
function determinant(matrix: number[][]): number {
  if (matrix.length === 1) return matrix[0]![0]!;
  return matrix[0]!.reduce((total, entry, j) => total + (j % 2 === 0 ? 1 : -1) * entry * determinant(minor(matrix, 0, j)), 0);
}

function minor(matrix: number[][], row: number, column: number): number[][] {
  return matrix.filter((_, i) => i !== row).map((entries) => entries.filter((_, j) => j !== column));
}

/** The inverse as the adjugate over the determinant: inverse[i][j] = (-1)^(i+j) det(minor j, i) / det. */
function cofactorInverse(matrix: number[][]): number[][] {
  const det = determinant(matrix);
  return matrix.map((_, i) => matrix.map((__, j) => (((i + j) % 2 === 0 ? 1 : -1) * determinant(minor(matrix, j, i))) / det));
}

/** The corrected shares and their delta-method covariance, written from the formulas with the cofactor inverse. */
function plainCorrection(calibration: number[][], judged: number[]): { shares: number[]; covariance: number[][] } {
  const K = judged.length;
  const n = judged.reduce((a, b) => a + b, 0);
  const p = judged.map((count) => count / n);
  const rowTotals = calibration.map((row) => row.reduce((a, b) => a + b, 0));
  const C = calibration.map((row, i) => row.map((count) => count / rowTotals[i]!));
  const Ct = C.map((_, j) => C.map((row) => row[j]!));
  const B = cofactorInverse(Ct);
  const shares = B.map((row) => row.reduce((total, value, j) => total + value * p[j]!, 0));
  const covariance: number[][] = [];
  for (let a = 0; a < K; a++) {
    covariance.push([]);
    for (let b = 0; b < K; b++) {
      let total = 0;
      for (let r = 0; r < K; r++) {
        for (let s = 0; s < K; s++) {
          let middle = ((r === s ? p[r]! : 0) - p[r]! * p[s]!) / n;
          for (let i = 0; i < K; i++) middle += (shares[i]! ** 2 * ((r === s ? C[i]![r]! : 0) - C[i]![r]! * C[i]![s]!)) / rowTotals[i]!;
          total += B[a]![r]! * middle * B[b]![s]!;
        }
      }
      covariance[a]!.push(total);
    }
  }
  return { shares, covariance };
}

/** The middle value: the intervals' widths are heavy-tailed where a calibration row is small. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One unit's label drawn from the shares. */
function draw(prng: Prng, shares: readonly number[]): number {
  let u = prng.next();
  for (let k = 0; k < shares.length - 1; k++) {
    u -= shares[k]!;
    if (u < 0) return k;
  }
  return shares.length - 1;
}

/** A seeded study of K labels: a mostly right judge, calibration and judged counts. */
function seededCounts(prng: Prng, K: number): { calibration: number[][]; judged: number[] } {
  const calibration = Array.from({ length: K }, (_, i) => {
    const right = 0.4 + 0.55 * prng.next();
    const wrong = Array.from({ length: K }, () => prng.next());
    const wrongTotal = wrong.reduce((a, b, j) => a + (j === i ? 0 : b), 0);
    const confusion = wrong.map((w, j) => (j === i ? right : ((1 - right) * w) / wrongTotal));
    const counts = new Array<number>(K).fill(0);
    const m = prng.int(1, 300);
    for (let unit = 0; unit < m; unit++) counts[draw(prng, confusion)]!++;
    return counts;
  });
  const judged = new Array<number>(K).fill(0);
  const judgedShares = Array.from({ length: K }, () => prng.next());
  const total = judgedShares.reduce((a, b) => a + b, 0);
  const n = prng.int(1, 2000);
  for (let unit = 0; unit < n; unit++)
    judged[
      draw(
        prng,
        judgedShares.map((s) => s / total),
      )
    ]!++;
  return { calibration, judged };
}

describe('confusionCorrectedShares against a plainly written inversion', () => {
  it('gives the same shares and covariance as the adjugate over the determinant, for 2, 3 and 4 labels', () => {
    const prng = createPrng(32_02);
    let compared = 0;
    for (let study = 0; study < 450; study++) {
      const K = 2 + (study % 3);
      const { calibration, judged } = seededCounts(prng, K);
      const result = confusionCorrectedShares(calibration, judged);
      const plain = plainCorrection(calibration, judged);
      // Small calibration rows can repeat each other exactly: no inverse, no figure.
      if (!Number.isFinite(plain.shares[0]!) || Math.abs(determinant(result.judgeConfusion)) < 1e-9) {
        expect(result.corrected).toBeNull();
        continue;
      }
      expect(result.corrected).not.toBeNull();
      result.corrected!.forEach((one, k) => {
        expect(Math.abs(one.unclampedShare - plain.shares[k]!)).toBeLessThan(1e-9 * Math.max(1, Math.abs(plain.shares[k]!)));
        expect(Math.abs(one.se - Math.sqrt(plain.covariance[k]![k]!))).toBeLessThan(1e-9 * Math.max(1, one.se));
        expect(one.unclampedCi95[0]).toBeCloseTo(one.unclampedShare - Z * one.se, 12);
        expect(one.unclampedCi95[1]).toBeCloseTo(one.unclampedShare + Z * one.se, 12);
      });
      for (let a = 0; a < K; a++) {
        for (let b = 0; b < K; b++) {
          expect(Math.abs(result.covariance![a]![b]! - plain.covariance[a]![b]!)).toBeLessThan(1e-9 * Math.max(1, Math.abs(plain.covariance[a]![b]!)));
        }
      }
      // The shares always sum to one: the columns of C^T sum to one, as p does.
      expect(result.corrected!.reduce((total, one) => total + one.unclampedShare, 0)).toBeCloseTo(1, 9);
      compared++;
    }
    expect(compared).toBeGreaterThan(400);
  });
});

describe('confusionCorrectedShares at two labels', () => {
  it("equals corrected-score.ts's theta, and its standard error is Lee et al.'s before their smoothing", () => {
    const prng = createPrng(32_22);
    let compared = 0;
    for (let study = 0; study < 2000; study++) {
      const n = prng.int(1, study % 2 === 0 ? 40 : 3000);
      const m0 = prng.int(1, study % 3 === 0 ? 10 : 400);
      const m1 = prng.int(1, study % 5 === 0 ? 10 : 400);
      const k = prng.int(0, n);
      const a0 = prng.int(0, m0);
      const a1 = prng.int(0, m1);
      const score = correctedScore(
        { judged: n, judgeMatched: k },
        { humanMatched: m1, judgeMatchedOfHumanMatched: a1, humanUnmatched: m0, judgeUnmatchedOfHumanUnmatched: a0 },
      );
      // Label 0 unmatched, label 1 matched: rows are the people's verdict, columns the judge's.
      const result = confusionCorrectedShares(
        [
          [a0, m0 - a0],
          [m1 - a1, a1],
        ],
        [n - k, k],
      );
      if (score.unclampedTheta === null || result.corrected === null) continue;
      const theta = result.corrected[1]!;
      expect(theta.unclampedShare).toBeCloseTo(score.unclampedTheta, 9);
      expect(theta.share).toBeCloseTo(score.theta!, 9);
      expect(result.clamped).toBe(score.unclampedTheta < 0 || score.unclampedTheta > 1);
      const [p, q0, q1, t] = [k / n, a0 / m0, a1 / m1, score.unclampedTheta];
      const lee = Math.sqrt((p * (1 - p)) / n + ((1 - t) ** 2 * q0 * (1 - q0)) / m0 + (t ** 2 * q1 * (1 - q1)) / m1) / (q0 + q1 - 1);
      expect(Math.abs(theta.se - lee)).toBeLessThan(1e-9 * Math.max(1, lee));
      // The shares of the two labels move together: the same standard error.
      expect(result.corrected[0]!.se).toBeCloseTo(theta.se, 9);
      compared++;
    }
    expect(compared).toBeGreaterThan(900);
  });
});

describe("confusionCorrectedShares against labelshift's black-box shift estimator", () => {
  it('equals its shares on its own example (made square) and 200 seeded studies; the standard error equals the delta method around its estimator', () => {
    expect(reference.z).toBe(Z);
    expect(reference.cases.length).toBe(201);
    let outside = 0;
    for (const one of reference.cases) {
      const result = confusionCorrectedShares(one.calibration, one.judged);
      expect(result.corrected, one.name).not.toBeNull();
      result.corrected!.forEach((share, k) => {
        const expected = one.unclampedShares[k]!;
        expect(Math.abs(share.unclampedShare - expected), one.name).toBeLessThan(1e-9 * Math.max(1, Math.abs(expected)));
        // Differencing is good to about 1e-11 of the figure, not to the last bit.
        const se = one.seByDifferencing[k]!;
        expect(Math.abs(share.se - se), one.name).toBeLessThan(1e-9 * Math.max(1e-3, se));
        one.unclampedCi95ByDifferencing[k]!.forEach((end, e) => {
          expect(Math.abs(share.unclampedCi95[e]! - end), one.name).toBeLessThan(1e-9 * Math.max(1, Math.abs(end)));
        });
      });
      if (result.clamped) outside++;
    }
    // Cases whose shares leave [0, 1] are among them.
    expect(outside).toBeGreaterThan(10);
  });
});

describe('confusionCorrectedShares coverage (seeded simulation)', () => {
  it('covers each true share, and yes less no, at about 95%, and prints its coverage', () => {
    // yes / no / irrelevant: the truth, and the judge's confusion (rows the true label).
    const truth = [0.45, 0.35, 0.2];
    const confusion = [
      [0.85, 0.1, 0.05],
      [0.1, 0.8, 0.1],
      [0.1, 0.15, 0.75],
    ];
    const judgedShares = [0, 1, 2].map((j) => truth.reduce((total, share, i) => total + share * confusion[i]![j]!, 0));
    const studies = 1000;
    const se = Math.sqrt((0.95 * 0.05) / studies);
    const prng = createPrng(32_0250);
    const rows: string[] = [];
    for (const m of [50, 200, 1000]) {
      for (const n of [500, 5000]) {
        const covered = [0, 0, 0, 0];
        const widths: number[] = [];
        let refused = 0;
        for (let study = 0; study < studies; study++) {
          const calibration = [0, 1, 2].map(() => [0, 0, 0]);
          for (let unit = 0; unit < m; unit++) {
            const label = draw(prng, truth);
            calibration[label]![draw(prng, confusion[label]!)]!++;
          }
          const judged = [0, 0, 0];
          for (let unit = 0; unit < n; unit++) judged[draw(prng, judgedShares)]!++;
          // A true label no calibration unit has: the study cannot be corrected (a few in a million at 50 units).
          if (calibration.some((row) => row.every((count) => count === 0))) {
            refused++;
            continue;
          }
          const result = confusionCorrectedShares(calibration, judged);
          if (result.corrected === null) {
            refused++;
            continue;
          }
          result.corrected.forEach((share, k) => {
            if (share.unclampedCi95[0] <= truth[k]! && truth[k]! <= share.unclampedCi95[1]) covered[k]!++;
            widths.push(share.unclampedCi95[1] - share.unclampedCi95[0]);
          });
          // A combination with weights of both signs: how much more often the answer is yes than no.
          const yesOverNo = correctedCombination(result, [1, -1, 0])!;
          const truthYesOverNo = truth[0]! - truth[1]!;
          if (yesOverNo.unclampedCi95[0] <= truthYesOverNo && truthYesOverNo <= yesOverNo.unclampedCi95[1]) covered[3]!++;
        }
        expect(refused).toBe(0);
        const coverage = covered.map((count) => count / studies);
        rows.push(
          `${String(m).padStart(5)} ${String(n).padStart(5)}   ${coverage.map((c) => `${(100 * c).toFixed(1)}%`.padStart(6)).join('  ')}    ${median(widths).toFixed(3)}`,
        );
        for (const c of coverage) {
          // Never below 95% by more than three binomial standard errors.
          expect(c).toBeGreaterThanOrEqual(0.95 - 3 * se);
          // Within three of it once each true label has some 40 calibration units or more; at 50
          // units in all (about 10 irrelevant ones) it is conservative, at about 98%: the
          // inversion's error is heavy-tailed and the standard error grows with it.
          if (m >= 200) expect(c).toBeLessThanOrEqual(0.95 + 3 * se);
          else expect(c).toBeLessThanOrEqual(0.995);
        }
      }
    }
    console.log(
      `Confusion-corrected shares, ${studies} seeded studies each, truth yes/no/irrelevant ${truth.join('/')}, judge right ${confusion.map((row, i) => row[i]).join('/')}:\n` +
        `    m     n      yes      no  irrel.  yes-no    median width  (binomial SE ±${(100 * se).toFixed(1)}%)\n${rows.join('\n')}`,
    );
  });
});

describe('confusionCorrectedShares edge cases', () => {
  it('gives the judged shares back for a judge that made no error in calibration, with only the judged sample in the interval', () => {
    const result = confusionCorrectedShares(
      [
        [20, 0, 0],
        [0, 15, 0],
        [0, 0, 9],
      ],
      [50, 30, 20],
    );
    expect(result.corrected!.map((one) => one.share)).toEqual([0.5, 0.3, 0.2]);
    expect(result.corrected![0]!.se).toBeCloseTo(Math.sqrt((0.5 * 0.5) / 100), 12);
    expect(result.clamped).toBe(false);
  });

  it('refuses, with the reason, a judge that labels two true labels alike', () => {
    // The judge's mix on true "no" is the same as on true "irrelevant".
    const result = confusionCorrectedShares(
      [
        [8, 1, 1],
        [1, 6, 3],
        [2, 12, 6],
      ],
      [40, 40, 20],
    );
    expect(result.corrected).toBeNull();
    expect(result.covariance).toBeNull();
    expect(result.undefinedReason).toMatch(/labels some true labels alike/);
    // What was measured is still shown.
    expect(result.judgedShares).toEqual([0.4, 0.4, 0.2]);
    expect(result.judgeConfusion[2]).toEqual([0.1, 0.6, 0.3]);
    expect(correctedCombination(result, [1, 0, 0])).toBeNull();
  });

  it('refuses a judge whose mix of labels hardly changes with the truth, with the magnification', () => {
    // Rows differ by one unit in a hundred million: the inverse exists but magnifies about 1e8 times.
    const big = 100_000_000;
    const result = confusionCorrectedShares(
      [
        [big, big],
        [big - 1, big + 1],
      ],
      [10, 10],
    );
    expect(result.corrected).toBeNull();
    expect(result.undefinedReason).toMatch(/hardly changes with the true label.*magnify/);
  });

  it('corrects a judge that swaps two labels: its confusion matrix is invertible', () => {
    const result = confusionCorrectedShares(
      [
        [1, 9, 0],
        [9, 1, 0],
        [0, 0, 10],
      ],
      [30, 50, 20],
    );
    const shares = result.corrected!.map((one) => one.share);
    expect(shares[0]).toBeCloseTo(0.525, 12);
    expect(shares[1]).toBeCloseTo(0.275, 12);
    expect(shares[2]).toBeCloseTo(0.2, 12);
  });

  it('projects shares that leave [0, 1] onto the nearest distribution, keeps the unclamped ones, and says so', () => {
    // The judge says irrelevant less often than it does on relevant questions alone.
    const result = confusionCorrectedShares(
      [
        [80, 10, 10],
        [10, 80, 10],
        [10, 10, 80],
      ],
      [60, 38, 2],
    );
    expect(result.clamped).toBe(true);
    const unclamped = result.corrected!.map((one) => one.unclampedShare);
    expect(unclamped[2]).toBeLessThan(0);
    const shares = result.corrected!.map((one) => one.share);
    expect(shares[2]).toBe(0);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // The same amount comes off the other two: the nearest point of the simplex.
    expect(unclamped[0]! - shares[0]!).toBeCloseTo(unclamped[1]! - shares[1]!, 12);
    for (const one of result.corrected!) {
      expect(one.ci95).toEqual(one.unclampedCi95.map((end) => Math.min(1, Math.max(0, end))));
    }
  });

  it('gives a combination its estimate, standard error and interval, clamped to the range of its weights', () => {
    const result = confusionCorrectedShares(
      [
        [40, 6, 4],
        [5, 38, 7],
        [3, 5, 22],
      ],
      [210, 170, 120],
    );
    const yes = correctedCombination(result, [1, 0, 0])!;
    expect(yes.estimate).toBe(result.corrected![0]!.share);
    expect(yes.se).toBeCloseTo(result.corrected![0]!.se, 14);
    expect(yes.ci95).toEqual(result.corrected![0]!.ci95);
    const relevant = correctedCombination(result, [1, 1, 0])!;
    const irrelevant = correctedCombination(result, [0, 0, 1])!;
    // Yes-or-no is one less irrelevant: the same standard error.
    expect(relevant.estimate).toBeCloseTo(1 - irrelevant.estimate, 12);
    expect(relevant.se).toBeCloseTo(irrelevant.se, 12);
    const cov = result.covariance!;
    expect(relevant.se).toBeCloseTo(Math.sqrt(cov[0]![0]! + 2 * cov[0]![1]! + cov[1]![1]!), 12);
    // A score of 2 for yes, 1 for no, 0 for irrelevant: the interval stays within [0, 2].
    const scored = correctedCombination(result, [2, 1, 0])!;
    expect(scored.ci95[0]).toBeGreaterThanOrEqual(0);
    expect(scored.ci95[1]).toBeLessThanOrEqual(2);
    expect(() => correctedCombination(result, [1, 0])).toThrow(/one weight per label \(3\), not 2/);
    expect(() => correctedCombination(result, [1, Number.NaN, 0])).toThrow(/finite/);
  });

  it("throws on counts no study can produce, naming what was expected: a caller's bug, not data", () => {
    const good = [
      [8, 1, 1],
      [1, 7, 2],
      [1, 2, 7],
    ];
    expect(() => confusionCorrectedShares(good, [5, -1, 3])).toThrow(/judged count \[1\] must be a whole number of 0 or more, not -1/);
    expect(() => confusionCorrectedShares(good, [5, 1.5, 3])).toThrow(/judged count \[1\] must be a whole number/);
    expect(() =>
      confusionCorrectedShares(
        [
          [8, 1, 1],
          [1, -7, 2],
          [1, 2, 7],
        ],
        [1, 1, 1],
      ),
    ).toThrow(/calibration count \[1\]\[1\] must be a whole number of 0 or more, not -7/);
    expect(() =>
      confusionCorrectedShares(
        [
          [8, 1, 1],
          [1, 7, 2],
          [1, 2, 0.5],
        ],
        [1, 1, 1],
      ),
    ).toThrow(RangeError);
    expect(() =>
      confusionCorrectedShares(
        [
          [8, 1, 1],
          [0, 0, 0],
          [1, 2, 7],
        ],
        [1, 1, 1],
      ),
    ).toThrow(/calibration row 1 is empty: .*at least one such unit/);
    expect(() => confusionCorrectedShares(good, [1, 1])).toThrow(/the judged counts need a count per label \(3, as the calibration counts\), not 2/);
    expect(() =>
      confusionCorrectedShares(
        [
          [8, 1],
          [1, 7, 2],
          [1, 2, 7],
        ],
        [1, 1, 1],
      ),
    ).toThrow(/calibration row 0 needs a count per judge label \(3, the number of rows\), not 2/);
    expect(() => confusionCorrectedShares([[5]], [5])).toThrow(/at least 2 labels, not 1/);
    expect(() => confusionCorrectedShares(good, [0, 0, 0])).toThrow(/no judged unit/);
    for (const thrown of [() => confusionCorrectedShares(good, [1, 1]), () => confusionCorrectedShares([[5]], [5])]) expect(thrown).toThrow(RangeError);
  });
});
