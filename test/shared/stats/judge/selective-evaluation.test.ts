// Selective evaluation (issue 32 point 5): equal to the authors' lambda_hat on four studies where
// their float32 count of disagreements decides and on 200 seeded studies
// (test/fixtures/selective-evaluation; their example data has no licence, so it is not used), to a plainly written fixed-sequence test, and
// holding its guarantee in a seeded simulation that prints its failure rate and the share kept.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import {
  SELECTIVE_EVALUATION_GRID,
  SELECTIVE_EVALUATION_MIN_UNITS,
  selectiveEvaluation,
  type SelectiveEvaluationUnit,
} from '../../../../shared/stats/judge/selective-evaluation';

interface TheirRun {
  /** Grid thresholds with at least 30 units at or above them. */
  candidates: number;
  topPasses: boolean;
  /** The grid index of the threshold lambda_hat returned (their fallback where none passes). */
  index: number;
}
interface ReferenceCase {
  name: string;
  alpha: number;
  delta: number;
  confidence: number[];
  agrees: string;
  theirs: TheirRun;
  integerCounts: TheirRun;
}
interface Reference {
  source: string;
  grid: number;
  minUnits: number;
  cases: ReferenceCase[];
}

const reference = JSON.parse(readFileSync(new URL('../../../fixtures/selective-evaluation/reference.json', import.meta.url), 'utf8')) as Reference;
const LAST = SELECTIVE_EVALUATION_GRID - 1;

/** The fixture's units: confidences written as their shortest float32 form, agreement one character each. */
function unitsOf(confidence: readonly number[], agrees: string): SelectiveEvaluationUnit[] {
  return confidence.map((value, i) => ({ confidence: Math.fround(value), agrees: agrees[i] === '1' }));
}

const confidencesOf = (units: readonly SelectiveEvaluationUnit[]) => units.map((unit) => unit.confidence);

describe('selectiveEvaluation', () => {
  it("equals the authors' lambda_hat, with the disagreements counted as an integer, on four studies where their float32 count decides and 200 seeded ones", () => {
    expect(reference.grid).toBe(SELECTIVE_EVALUATION_GRID);
    expect(reference.minUnits).toBe(SELECTIVE_EVALUATION_MIN_UNITS);
    expect(reference.cases.length).toBe(204);
    let differ = 0;
    for (const one of reference.cases) {
      const units = unitsOf(one.confidence, one.agrees);
      const result = selectiveEvaluation(units, confidencesOf(units), one.alpha, one.delta);
      const expected = one.integerCounts;
      const passes = expected.candidates > 0 && expected.topPasses;
      expect(result.passes, one.name).toBe(passes);
      expect(result.threshold, one.name).toBe(passes ? expected.index / LAST : null);
      // Their code as it is counts a disagreement fewer wherever float32(k / n) * n falls short of k:
      // it can only pass more, so its threshold is never higher.
      const theirs = one.theirs;
      const differs = theirs.index !== expected.index || theirs.topPasses !== expected.topPasses;
      // The four studies made so that it decides (3 disagreements of 37 units and the like) show it.
      if (one.name.startsWith('float32 count:')) expect(differs, one.name).toBe(true);
      if (differs) {
        differ++;
        expect(theirs.topPasses || !expected.topPasses, one.name).toBe(true);
        if (expected.topPasses) expect(theirs.index, one.name).toBeLessThan(expected.index);
      }
    }
    console.log(
      `selective evaluation: ${reference.cases.length} reference cases, ${differ} where the authors' float32 count of disagreements changes the threshold`,
    );
  });

  it('equals a plainly written fixed-sequence test: every candidate tested, then the first failure from the top', () => {
    const random = createPrng(3201);
    for (let trial = 0; trial < 40; trial++) {
      const n = random.int(20, 300);
      const alpha = random.pick([0.05, 0.1, 0.2, 0.3]);
      const delta = random.pick([0.05, 0.1, 0.2]);
      const votes = random.chance(0.5) ? random.pick([3, 5, 10]) : 0;
      const units = Array.from({ length: n }, (): SelectiveEvaluationUnit => {
        const confidence = votes > 0 ? random.int(1, votes) / votes : random.next();
        return { confidence, agrees: random.chance(0.55 + 0.45 * confidence) };
      });
      const all = [...confidencesOf(units), ...Array.from({ length: 50 }, () => random.next())];
      const result = selectiveEvaluation(units, all, alpha, delta);

      // The units at or above x and how many of them disagree, counted afresh at every threshold.
      const test = (x: number) => {
        const kept = units.filter((unit) => unit.confidence >= x);
        const k = kept.filter((unit) => !unit.agrees).length;
        return plainLowerTail(k, kept.length, alpha) <= delta;
      };
      const candidates: number[] = [];
      for (let i = 0; i <= LAST; i++) if (units.filter((unit) => unit.confidence >= i / LAST).length >= 30) candidates.push(i / LAST);
      const m = candidates.length;
      const passing = candidates.map((lambda) => test(lambda - 1 / m));
      const topPasses = m > 0 && test(candidates[m - 1]!);
      const lastFailure = passing.lastIndexOf(false);
      const threshold = !topPasses ? null : lastFailure >= 0 ? candidates[lastFailure]! : 0;

      expect(result.threshold).toBe(threshold);
      expect(result.passes).toBe(threshold !== null);
      if (threshold === null) continue;
      const kept = units.filter((unit) => unit.confidence >= threshold);
      expect(result.keptCalibrationUnits).toBe(kept.length);
      expect(result.keptCalibrationShare).toBe(kept.length / n);
      expect(result.agreementOnKept).toBeCloseTo(kept.filter((unit) => unit.agrees).length / kept.length, 14);
      expect(result.keptShare).toBe(all.filter((c) => c >= threshold).length / all.length);
    }
  });

  it('keeps at most delta of seeded studies below the target agreement, almost never passes a judge never good enough, and prints both', () => {
    const random = createPrng(3202);
    const repeats = 1000;
    const alpha = 0.1;
    const delta = 0.1;
    const rows: string[] = [];
    for (const [name, study, n] of [
      ['linear', linearJudge, 100],
      ['linear', linearJudge, 500],
      ['5 votes', voteJudge, 100],
      ['5 votes', voteJudge, 500],
      ['never 90%', weakJudge, 100],
      ['never 90%', weakJudge, 500],
    ] as const) {
      let passed = 0;
      let failed = 0;
      let keptShare = 0;
      for (let r = 0; r < repeats; r++) {
        const units = Array.from({ length: n }, () => study.draw(random));
        const result = selectiveEvaluation(units, confidencesOf(units), alpha, delta);
        if (result.threshold === null) continue;
        passed++;
        if (study.agreementAbove(result.threshold) < 1 - alpha) failed++;
        keptShare += study.keptAbove(result.threshold);
      }
      const failureRate = failed / repeats;
      const se = Math.sqrt((delta * (1 - delta)) / repeats);
      const kept = passed > 0 ? `${(100 * (keptShare / passed)).toFixed(1)}%` : '-';
      rows.push(
        [
          name.padEnd(10),
          String(n).padStart(4),
          `${(100 * (passed / repeats)).toFixed(1)}%`.padStart(7),
          `${(100 * failureRate).toFixed(1)}%`.padStart(16),
          kept.padStart(18),
          `${(100 * study.bestShare).toFixed(1)}%`.padStart(14),
        ].join(' '),
      );
      // The guarantee: below the target in at most delta of studies, up to three binomial standard errors.
      expect(failureRate).toBeLessThanOrEqual(delta + 3 * se);
      if (study === weakJudge) expect(passed / repeats).toBeLessThanOrEqual(0.01);
    }
    console.log(
      `Selective evaluation, target 90% agreement with 90% certainty, ${repeats} seeded studies each:\n` +
        `judge         n  passes  truly below 90%  kept when passing  most keepable  (kept: the true share of all units at or above the threshold)\n${rows.join('\n')}`,
    );
  });

  it('says in words why nothing is kept, and refuses alpha or delta outside (0, 1), a confidence outside [0, 1] and no units', () => {
    const weak = Array.from({ length: 200 }, (_, i): SelectiveEvaluationUnit => ({ confidence: (i % 10) / 10 + 0.05, agrees: i % 3 !== 0 }));
    const none = selectiveEvaluation(weak, confidencesOf(weak), 0.1, 0.1);
    expect(none.passes).toBe(false);
    expect(none.threshold).toBeNull();
    expect([none.keptCalibrationUnits, none.keptCalibrationShare, none.keptShare, none.agreementOnKept]).toEqual([0, 0, 0, null]);
    expect(none.reason).toBe('no confidence level of this judge reaches 90% agreement with 90% certainty on these 200 labelled units');
    const few = weak.slice(0, 29);
    expect(selectiveEvaluation(few, confidencesOf(few), 0.15, 0.05).reason).toBe(
      'only 29 labelled units: the test needs at least 30 at or above a confidence level, so no confidence level of this judge can be shown to reach 85% agreement with 95% certainty',
    );
    // A judge right on every unit keeps everything: every test passes down to the threshold 0.
    const perfect = weak.map((unit) => ({ ...unit, agrees: true }));
    const all = selectiveEvaluation(perfect, [...confidencesOf(perfect), 0], 0.1, 0.1);
    expect([all.threshold, all.keptCalibrationShare, all.keptShare, all.agreementOnKept, all.reason]).toEqual([0, 1, 1, 1, undefined]);

    const one = [{ confidence: 0.5, agrees: true }];
    for (const bad of [0, 1, -0.1, 1.5, Number.NaN]) {
      expect(() => selectiveEvaluation(one, [0.5], bad, 0.1)).toThrow(RangeError);
      expect(() => selectiveEvaluation(one, [0.5], 0.1, bad)).toThrow(RangeError);
    }
    expect(() => selectiveEvaluation(one, [0.5], 1.2, 0.1)).toThrow(/alpha \(one minus the target agreement\) must be between 0 and 1, not 1.2/);
    expect(() => selectiveEvaluation(one, [0.5], 0.1, 0)).toThrow(/delta \(the risk of missing the target\) must be between 0 and 1, not 0/);
    expect(() => selectiveEvaluation([{ confidence: 1.01, agrees: true }], [0.5], 0.1, 0.1)).toThrow(/confidence of calibration unit 0 is 1.01/);
    expect(() => selectiveEvaluation([{ confidence: Number.NaN, agrees: true }], [0.5], 0.1, 0.1)).toThrow(RangeError);
    expect(() => selectiveEvaluation(one, [0.5, -1], 0.1, 0.1)).toThrow(/confidence of unit 1 is -1/);
    expect(() => selectiveEvaluation([], [0.5], 0.1, 0.1)).toThrow(/units labelled by people and the judge; there are none/);
    expect(() => selectiveEvaluation(one, [], 0.1, 0.1)).toThrow(RangeError);
  });
});

/** P(X <= k), X ~ Binomial(n, p), summed up from P(X = 0) = (1 - p)^n (fine for these n). */
function plainLowerTail(k: number, n: number, p: number): number {
  let term = (1 - p) ** n;
  let sum = 0;
  for (let j = 0; j <= k; j++) {
    sum += term;
    term *= ((n - j) / (j + 1)) * (p / (1 - p));
  }
  return sum;
}

/** A study with a known truth: how a unit is drawn, the true agreement and share of units at or above a threshold, and the largest share any threshold keeps at the target. */
interface KnownStudy {
  draw(random: Prng): SelectiveEvaluationUnit;
  agreementAbove(threshold: number): number;
  keptAbove(threshold: number): number;
  bestShare: number;
}

/**
 * Confidence uniform on [0.5, 1], agreement 0.7 + 0.6 (c - 0.5) rising to 1: above t >= 0.5 the
 * mean confidence is (1 + t) / 2, so the agreement is 0.7 + 0.3 t, 90% from t = 2/3 (2/3 of units).
 */
const linearJudge: KnownStudy = {
  draw: (random) => {
    const confidence = 0.5 + 0.5 * random.next();
    return { confidence, agrees: random.chance(0.7 + 0.6 * (confidence - 0.5)) };
  },
  agreementAbove: (t) => 0.7 + 0.3 * Math.max(t, 0.5),
  keptAbove: (t) => Math.min(1, (1 - t) / 0.5),
  bestShare: 2 / 3,
};

/**
 * A judge sampled five times, its confidence the share of votes for its label: 3, 4 or 5 of 5
 * (30%, 30% and 40% of units) with agreement 70%, 88% and 95%. Above 0.6 the agreement is
 * (0.3 * 0.88 + 0.4 * 0.95) / 0.7 = 92%, all units together 85.4%.
 */
const VOTE_LEVELS = [
  { confidence: 0.6, share: 0.3, agreement: 0.7 },
  { confidence: 0.8, share: 0.3, agreement: 0.88 },
  { confidence: 1, share: 0.4, agreement: 0.95 },
];
const voteJudge: KnownStudy = {
  draw: (random) => {
    const u = random.next();
    const level = u < 0.3 ? VOTE_LEVELS[0]! : u < 0.6 ? VOTE_LEVELS[1]! : VOTE_LEVELS[2]!;
    return { confidence: level.confidence, agrees: random.chance(level.agreement) };
  },
  agreementAbove: (t) => {
    const kept = VOTE_LEVELS.filter((level) => level.confidence >= t);
    return kept.reduce((sum, level) => sum + level.share * level.agreement, 0) / kept.reduce((sum, level) => sum + level.share, 0);
  },
  keptAbove: (t) => VOTE_LEVELS.filter((level) => level.confidence >= t).reduce((sum, level) => sum + level.share, 0),
  bestShare: 0.7,
};

/** Confidence uniform on [0.5, 1], agreement 0.6 + 0.4 (c - 0.5): at most 80%, at the very top. */
const weakJudge: KnownStudy = {
  draw: (random) => {
    const confidence = 0.5 + 0.5 * random.next();
    return { confidence, agrees: random.chance(0.6 + 0.4 * (confidence - 0.5)) };
  },
  agreementAbove: (t) => 0.6 + 0.2 * Math.max(t, 0.5),
  keptAbove: (t) => Math.min(1, (1 - t) / 0.5),
  bestShare: 0,
};
