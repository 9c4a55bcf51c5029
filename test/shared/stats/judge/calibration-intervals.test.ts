// The cluster bootstrap intervals of a judge's ECE and Brier score (issue 31 point 1): the ECE's
// equal to a plainly written percentile cluster bootstrap that redraws puzzles and recomputes
// calibration() on their verdicts, the Brier score's to a plainly written symmetric studentized
// one of its ratio of per-puzzle sums; and a seeded coverage simulation of a judge 10 points overconfident everywhere (true
// ECE 0.1) whose agreement also moves with the puzzle, printing how often each interval covers
// the truth.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import { runPlan } from '../../../../shared/stats/bootstrap';
import { calibration, clusteredCalibrationsPlan, type CalibrationWithIntervals, type ClusteredVerdict } from '../../../../shared/stats/judge/calibration';

const clusteredCalibration = (verdicts: readonly ClusteredVerdict[], bootstrap: { replicates: number; seed: number }) =>
  runPlan(clusteredCalibrationsPlan([verdicts], bootstrap), bootstrap)[0] as CalibrationWithIntervals;
import { plainClusterBootstrapT } from '../plain-cluster-bootstrap-t';

/** R's type 7 quantile of sorted values. */
function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  return (sorted[low] as number) + (h - low) * ((sorted[Math.min(low + 1, sorted.length - 1)] as number) - (sorted[low] as number));
}

/** The percentile cluster bootstrap written out: each replicate draws puzzles with one createPrng draw each, in order of first appearance. */
function plainIntervals(verdicts: readonly ClusteredVerdict[], replicates: number, seed: number) {
  const names: number[] = [];
  for (const verdict of verdicts) if (!names.includes(verdict.cluster)) names.push(verdict.cluster);
  const clusters = names.map((name) => verdicts.filter((verdict) => verdict.cluster === name));
  const prng = createPrng(seed);
  const eces: number[] = [];
  for (let b = 0; b < replicates; b++) {
    const drawn = clusters.flatMap(() => clusters[Math.floor(prng.next() * clusters.length)] ?? []);
    const replicate = calibration(
      drawn.map((verdict) => verdict.confidence),
      drawn.map((verdict) => verdict.agrees),
    );
    eces.push(replicate.ece as number);
  }
  const sorted = [...eces].sort((x, y) => x - y);
  const brier = plainClusterBootstrapT(
    verdicts.map((verdict) => ({ cluster: String(verdict.cluster), value: (Number(verdict.agrees) - verdict.confidence) ** 2 })),
    replicates,
    seed,
  ).ci95 as [number, number];
  return { ece: [quantile(sorted, 0.025), quantile(sorted, 0.975)], brier: [Math.max(0, brier[0]), Math.min(1, brier[1])] };
}

/** A judge overconfident by 10 points: confidence c ~ U(0.55, 1), agreeing with chance c - 0.1 shifted by the puzzle's own ±0.1. */
function study(prng: Prng, puzzles: number): ClusteredVerdict[] {
  const verdicts: ClusteredVerdict[] = [];
  for (let p = 0; p < puzzles; p++) {
    const shift = 0.2 * prng.next() - 0.1;
    const units = prng.int(1, 5);
    for (let u = 0; u < units; u++) {
      const confidence = 0.55 + 0.45 * prng.next();
      verdicts.push({ cluster: p, confidence, agrees: prng.chance(confidence - 0.1 + shift) });
    }
  }
  return verdicts;
}

/** E[(agree - c)^2] with P(agree | c) = c - 0.1 (the puzzle shifts average out), c ~ U(0.55, 1), by the midpoint rule. */
function trueBrier(): number {
  const steps = 100_000;
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const c = 0.55 + (0.45 * (i + 0.5)) / steps;
    const q = c - 0.1;
    sum += q * (1 - c) ** 2 + (1 - q) * c ** 2;
  }
  return sum / steps;
}

const binomialSe = (p: number, n: number) => Math.sqrt((p * (1 - p)) / n);

describe('clusteredCalibrationsPlan', () => {
  it('gives the intervals of a plain cluster bootstrap of calibration() and of the Brier ratio', () => {
    for (const seed of [1, 2, 3]) {
      const verdicts = study(createPrng(40 + seed), 15 + 10 * seed);
      const ours = clusteredCalibration(verdicts, { replicates: 199, seed });
      const plain = plainIntervals(verdicts, 199, seed);
      const sample = calibration(
        verdicts.map((verdict) => verdict.confidence),
        verdicts.map((verdict) => verdict.agrees),
      );
      expect(ours.ece).toBe(sample.ece);
      expect(ours.brier).toBe(sample.brier);
      ours.eceCi95?.forEach((bound, i) => expect(bound).toBeCloseTo(plain.ece[i] as number, 12));
      ours.brierCi95?.forEach((bound, i) => expect(bound).toBeCloseTo(plain.brier[i] as number, 12));
    }
    expect(clusteredCalibration([], { replicates: 99, seed: 1 }).eceCi95).toBeNull();
    // Two lists on as many puzzles share each replicate's draws, and each gets its intervals alone.
    const verdicts = study(createPrng(47), 30);
    const shifted = verdicts.map((verdict) => ({ ...verdict, confidence: Math.min(1, verdict.confidence + 0.1) }));
    const options = { replicates: 199, seed: 9 };
    const [first, second] = runPlan(clusteredCalibrationsPlan([verdicts, shifted], options), options);
    expect(first).toEqual(clusteredCalibration(verdicts, { replicates: 199, seed: 9 }));
    expect(second).toEqual(clusteredCalibration(shifted, { replicates: 199, seed: 9 }));
  });

  it('covers the true Brier score at 95%, and prints how often the ECE interval covers the true ECE', () => {
    const truth = { ece: 0.1, brier: trueBrier() };
    const rows: string[] = [];
    const checks: (() => void)[] = [];
    for (const puzzles of [40, 200] as const) {
      const studies = 300;
      const prng = createPrng(3100 + puzzles);
      let ece = 0;
      let brier = 0;
      let eceMean = 0;
      for (let s = 0; s < studies; s++) {
        const result = clusteredCalibration(study(prng, puzzles), { replicates: 299, seed: s + 1 });
        if (result.eceCi95 && result.eceCi95[0] <= truth.ece && truth.ece <= result.eceCi95[1]) ece++;
        if (result.brierCi95 && result.brierCi95[0] <= truth.brier && truth.brier <= result.brierCi95[1]) brier++;
        eceMean += (result.ece as number) / studies;
      }
      rows.push(
        `${String(puzzles).padStart(7)} ${String(studies).padStart(7)}  ${((100 * brier) / studies).toFixed(1).padStart(5)}%  ${((100 * ece) / studies).toFixed(1).padStart(5)}%  ${eceMean.toFixed(3)}  ±${(100 * binomialSe(0.95, studies)).toFixed(1)}%`,
      );
      checks.push(() => {
        expect(Math.abs(brier / studies - 0.95)).toBeLessThanOrEqual(2.5 * binomialSe(0.95, studies));
        // The ECE's upward bias shifts its replicates with it: its interval still holds the truth most of the time here.
        expect(ece / studies).toBeGreaterThan(0.8);
      });
    }
    console.log(
      [
        `A judge 10 points overconfident (true ECE 0.100, true Brier ${truth.brier.toFixed(4)}), each puzzle shifting its agreement by up to ±10 points, 1-5 verdicts a puzzle; B = 299.`,
        'puzzles studies  Brier covered  ECE covered  mean ECE  (binomial SE)',
        ...rows,
      ].join('\n'),
    );
    for (const check of checks) check();
  });
});
