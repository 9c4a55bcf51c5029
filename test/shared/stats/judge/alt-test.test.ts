// The Alt-Test against an independent computation: every per-annotator figure of
// test/fixtures/alt-test/expected.json (made once by make-reference.py with scipy) on PandaLM's
// human-annotated test set and two seeded examples, a plainly written second implementation on
// seeded random studies, and the edge cases.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AltTestResult, AltTestUnit } from '../../../../shared/stats/judge/alt-test';
import { ALT_TEST_EPSILON, altTest } from '../../../../shared/stats/judge/alt-test';
import { studentTCdf } from '../../../../shared/stats/judge/student-t';

const FIXTURE_DIR = new URL('../../../fixtures/alt-test/', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURE_DIR), 'utf8'));

type Labels<V> = Record<string, Record<string, V>>;

interface ReferenceRow {
  annotator: string;
  n: number;
  tested: boolean;
  pValue?: number;
  advantage?: number;
  rejected?: boolean;
}

interface ReferenceResult {
  rows: ReferenceRow[];
  units: number;
  unitsLeftOut: number;
  winningRate: number;
  advantageProbability: number;
  passed: boolean;
}

interface Expected {
  studentT: { t: number; df: number; cdf: number }[];
  pandalm: { epsilon: number; judges: Record<string, ReferenceResult> }[];
  synthetic: {
    name: string;
    scoring: 'accuracy' | 'neg-rmse';
    epsilon: number;
    humans: Labels<string | number>;
    judge: Record<string, string | number>;
    expected: ReferenceResult;
  }[];
}

const expected = readJson('expected.json') as Expected;

/** The reference's two dictionaries (annotator -> unit -> label, unit -> judge label) as units. */
function unitsOf<V>(humans: Labels<V>, judge: Record<string, V>): AltTestUnit<V>[] {
  const ids = [...new Set([...Object.values(humans).flatMap((labels) => Object.keys(labels)), ...Object.keys(judge)])];
  return ids.map((id) => ({
    judge: judge[id],
    humans: Object.entries(humans).flatMap(([annotator, labels]) => (id in labels ? [{ annotator, value: labels[id] as V }] : [])),
  }));
}

function expectMatchesReference(result: AltTestResult, reference: ReferenceResult): void {
  expect(result.reason).toBeNull();
  expect(result.winningRate).toBeCloseTo(reference.winningRate, 12);
  expect(result.advantageProbability).toBeCloseTo(reference.advantageProbability, 12);
  expect(result.passed).toBe(reference.passed);
  expect(result.units).toBe(reference.units);
  expect(result.unitsLeftOut).toBe(reference.unitsLeftOut);
  expect(result.annotators.map((row) => row.annotator).sort()).toEqual(reference.rows.map((row) => row.annotator).sort());
  for (const row of reference.rows) {
    const ours = result.annotators.find((candidate) => candidate.annotator === row.annotator)!;
    expect(ours.n).toBe(row.n);
    expect(ours.tested).toBe(row.tested);
    if (!row.tested) {
      expect(ours.reason).toMatch(/fewer than the 30/);
      continue;
    }
    expect(ours.advantage).toBeCloseTo(row.advantage!, 12);
    expect(Math.abs(ours.pValue! - row.pValue!)).toBeLessThanOrEqual(1e-10 * Math.max(row.pValue!, 1e-12));
    expect(ours.judgeWins).toBe(row.rejected);
  }
}

describe("Student's t lower tail", () => {
  it('matches scipy.stats.t.cdf', () => {
    for (const { t, df, cdf } of expected.studentT) {
      expect(Math.abs(studentTCdf(t, df) - cdf), `t=${t} df=${df}`).toBeLessThanOrEqual(1e-12 * Math.max(cdf, 1e-3));
    }
  });
});

describe("PandaLM's human-annotated test set (WeOpenML/PandaLM, data/testset-v1.json)", () => {
  // Labels: 0 a tie, 1 response 1 is better, 2 response 2 is better. The GPT-3.5 file writes its
  // verdict as text, and "garbage" where its reply could not be read: that item has no judge label.
  const testset = readJson('testset-v1.labels.json') as { idx: number; annotator1: number; annotator2: number; annotator3: number }[];
  const gpt = readJson('gpt-3.5-turbo-testset-v1.labels.json') as { idx: number; gpt_result: string }[];
  const pandalm = readJson('pandalm-7b-testset-v1.labels.json') as { idx: number; pandalm_result: number }[];
  const gptVerdict: Record<string, number | undefined> = { '1': 1, '2': 2, Tie: 0 };
  const judges: Record<string, Map<number, number | undefined>> = {
    'gpt-3.5-turbo': new Map(gpt.map((item) => [item.idx, gptVerdict[item.gpt_result]])),
    'pandalm-7b': new Map(pandalm.map((item) => [item.idx, item.pandalm_result])),
  };
  const unitsFor = (judge: Map<number, number | undefined>): AltTestUnit<number>[] =>
    testset.map((item) => ({
      judge: judge.get(item.idx),
      humans: (['annotator1', 'annotator2', 'annotator3'] as const).map((annotator) => ({ annotator, value: item[annotator] })),
    }));

  it('reads the labels as the fixture README says: 999 items, three annotators each, 25 unreadable GPT-3.5 replies', () => {
    expect(testset).toHaveLength(999);
    expect(new Set(gpt.map((item) => item.gpt_result))).toEqual(new Set(['1', '2', 'Tie', 'garbage']));
    expect(gpt.filter((item) => item.gpt_result === 'garbage')).toHaveLength(25);
    expect(new Set(pandalm.map((item) => item.pandalm_result))).toEqual(new Set([0, 1, 2]));
  });

  it('matches every per-annotator figure of the reference procedure at epsilon 0.2, 0.15, 0.1 and 0 (the notebook runs 0 too)', () => {
    expect(expected.pandalm.map((run) => run.epsilon)).toEqual([0.2, 0.15, 0.1, 0]);
    for (const run of expected.pandalm) {
      expect(Object.keys(run.judges).sort()).toEqual(Object.keys(judges).sort());
      for (const [judge, reference] of Object.entries(run.judges)) {
        expectMatchesReference(altTest(unitsFor(judges[judge]!), { epsilon: run.epsilon }), reference);
      }
    }
  });

  it('neither judge may replace the three annotators at any epsilon; GPT-3.5 comes closer (advantage 0.76 against 0.71)', () => {
    for (const epsilon of [0.2, 0.15, 0.1, 0]) {
      const gptResult = altTest(unitsFor(judges['gpt-3.5-turbo']!), { epsilon });
      const pandalmResult = altTest(unitsFor(judges['pandalm-7b']!), { epsilon });
      for (const result of [gptResult, pandalmResult]) expect(result).toMatchObject({ winningRate: 0, passed: false, reason: null });
      expect(gptResult).toMatchObject({ units: 974, unitsLeftOut: 25 });
      expect(pandalmResult).toMatchObject({ units: 999, unitsLeftOut: 0 });
      expect(gptResult.advantageProbability!.toFixed(2)).toBe('0.76');
      expect(pandalmResult.advantageProbability!.toFixed(2)).toBe('0.71');
    }
  });
});

describe('the seeded examples of make-reference.py', () => {
  for (const example of expected.synthetic) {
    it(example.name, () => {
      const units = unitsOf(example.humans, example.judge);
      const result =
        example.scoring === 'neg-rmse'
          ? altTest(units as AltTestUnit<number>[], { epsilon: example.epsilon, scoring: 'neg-rmse' })
          : altTest(units, { epsilon: example.epsilon });
      expectMatchesReference(result, example.expected);
    });
  }

  it('a p-value under 0.05 is not a win once Benjamini-Yekutieli has corrected for four annotators', () => {
    const example = expected.synthetic[0]!;
    const result = altTest(unitsOf(example.humans, example.judge), { epsilon: example.epsilon });
    const rater2 = result.annotators.find((row) => row.annotator === 'rater2')!;
    expect(rater2.pValue).toBeLessThan(0.05);
    expect(rater2.judgeWins).toBe(false);
    expect(result.winningRate).toBe(0.5);
    expect(result.passed).toBe(true);
    expect(result.unitsLeftOut).toBe(2);
  });
});

/** mulberry32: a small seeded generator, so the random studies are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** P(T <= t) by Simpson's rule on the t density, whose constant comes from the Gamma recurrence: nothing shared with student-t.ts. */
function plainTCdf(t: number, df: number): number {
  let constant = df % 2 === 1 ? 1 / Math.PI : 1 / (2 * Math.SQRT2); // Gamma((df+1)/2) / (Gamma(df/2) sqrt(df pi)), built up from df = 1 or 2
  for (let v = df % 2 === 1 ? 1 : 2; v < df; v += 2) constant *= ((v + 1) / v) * Math.sqrt(v / (v + 2));
  const density = (x: number) => constant * (1 + (x * x) / df) ** (-(df + 1) / 2);
  const steps = 20_000;
  const h = Math.abs(t) / steps;
  let sum = density(0) + density(Math.abs(t));
  for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * density(i * h);
  const half = (sum * h) / 3;
  return t < 0 ? 0.5 - half : 0.5 + half;
}

/** The procedure as the paper states it, written out without the module's helpers. */
function plainAltTest(humans: Labels<number>, judge: Record<string, number>, epsilon: number, rmse: boolean) {
  const score = (label: number, others: number[]) =>
    rmse ? -Math.sqrt(others.reduce((s, o) => s + (label - o) ** 2, 0) / others.length) : others.filter((o) => o === label).length / others.length;
  const rows: { annotator: string; n: number; advantage: number; p: number }[] = [];
  for (const annotator of Object.keys(humans)) {
    const judgeWins: number[] = [];
    const humanWins: number[] = [];
    for (const [unit, label] of Object.entries(humans[annotator]!)) {
      if (!(unit in judge)) continue;
      const others = Object.keys(humans)
        .filter((other) => other !== annotator && unit in humans[other]!)
        .map((other) => humans[other]![unit]!);
      if (others.length === 0) continue;
      const h = score(label, others);
      const j = score(judge[unit]!, others);
      judgeWins.push(j >= h ? 1 : 0);
      humanWins.push(h >= j ? 1 : 0);
    }
    const n = judgeWins.length;
    if (n < 30) continue;
    const d = humanWins.map((w, i) => w - judgeWins[i]!);
    const mean = d.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
    const p = sd === 0 ? (mean < epsilon ? 0 : 1) : plainTCdf((mean - epsilon) / (sd / Math.sqrt(n)), n - 1);
    rows.push({ annotator, n, advantage: judgeWins.reduce((s, x) => s + x, 0) / n, p });
  }
  const m = rows.length;
  let harmonic = 0;
  for (let k = 1; k <= m; k++) harmonic += 1 / k;
  const sorted = rows.map((row) => row.p).sort((a, b) => a - b);
  let cutoff = -Infinity;
  sorted.forEach((p, k) => {
    if (p <= ((k + 1) * 0.05) / (m * harmonic)) cutoff = p;
  });
  const wins = rows.map((row) => row.p <= cutoff);
  return { rows, wins, winningRate: wins.filter(Boolean).length / m, advantage: rows.reduce((s, row) => s + row.advantage, 0) / m };
}

describe('a plainly written second implementation, on seeded random studies', () => {
  it('agrees on every annotator of 40 random studies, categorical and numeric', () => {
    const random = seeded(20250115);
    for (let study = 0; study < 40; study++) {
      const rmse = study % 4 === 3;
      const annotators = 3 + Math.floor(random() * 4);
      const unitCount = 25 + Math.floor(random() * 60);
      const categories = rmse ? 9 : 2 + Math.floor(random() * 3);
      const judgeSkill = 0.4 + random() * 0.6;
      const missing = random() * 0.3;
      const epsilon = [0.1, 0.15, 0.2][study % 3]!;
      const humans: Labels<number> = {};
      const judge: Record<string, number> = {};
      const truth = Array.from({ length: unitCount }, () => Math.floor(random() * categories));
      for (let a = 0; a < annotators; a++) {
        const skill = 0.5 + random() * 0.45;
        const labels: Record<string, number> = {};
        truth.forEach((value, u) => {
          if (random() < missing) return;
          labels[`u${u}`] = random() < skill ? value : Math.floor(random() * categories);
        });
        humans[`rater${a}`] = labels;
      }
      truth.forEach((value, u) => {
        if (random() < 0.05) return;
        judge[`u${u}`] = random() < judgeSkill ? value : Math.floor(random() * categories);
      });

      const units = unitsOf(humans, judge);
      const result = rmse ? altTest(units, { epsilon, scoring: 'neg-rmse' }) : altTest(units, { epsilon });
      const plain = plainAltTest(humans, judge, epsilon, rmse);
      if (plain.rows.length === 0) {
        expect(result.winningRate, `study ${study}`).toBeNull();
        continue;
      }
      expect(result.winningRate, `study ${study}`).toBeCloseTo(plain.winningRate, 12);
      expect(result.advantageProbability, `study ${study}`).toBeCloseTo(plain.advantage, 12);
      plain.rows.forEach((row, i) => {
        const ours = result.annotators.find((candidate) => candidate.annotator === row.annotator)!;
        expect(ours.n).toBe(row.n);
        expect(ours.advantage).toBeCloseTo(row.advantage, 12);
        expect(Math.abs(ours.pValue! - row.p), `study ${study} ${row.annotator}`).toBeLessThan(1e-9);
        expect(ours.judgeWins).toBe(plain.wins[i]);
      });
    }
  });
});

describe('edge cases', () => {
  /** `count` units on which every annotator and the judge give the labels `label(unit, annotator)` and `judge(unit)`. */
  function study(count: number, names: string[], label: (unit: number, annotator: string) => string | undefined, judge: (unit: number) => string | undefined) {
    return Array.from({ length: count }, (_, unit) => ({
      judge: judge(unit),
      humans: names.flatMap((annotator) => {
        const value = label(unit, annotator);
        return value === undefined ? [] : [{ annotator, value }];
      }),
    }));
  }

  /** `count` units on which every one of `names` says yes and the judge says `judge`. */
  const humansSayYes = (count: number, judge: string | undefined, names = ['ann', 'bob', 'cy']) =>
    study(
      count,
      names,
      () => 'yes',
      () => judge,
    );

  it('uses the epsilon of each level the authors name, 0.2 by default', () => {
    expect(ALT_TEST_EPSILON).toEqual({ expert: 0.2, skilled: 0.15, crowd: 0.1 });
    expect(altTest([]).epsilon).toBe(0.2);
  });

  it('refuses two annotators, with the reason', () => {
    const result = altTest(humansSayYes(50, 'yes', ['ann', 'bob']));
    expect(result.winningRate).toBeNull();
    expect(result.advantageProbability).toBeNull();
    expect(result.passed).toBeNull();
    expect(result.reason).toMatch(/at least 3 annotators and this has two/);
    expect(result.units).toBe(50);
  });

  it("refuses TurtleBench's shape, one annotator and many judges, saying there is one", () => {
    const result = altTest(humansSayYes(60, 'no', ['the annotator']));
    expect(result.reason).toMatch(/at least 3 annotators and this has one/);
    expect(result.unitsLeftOut).toBe(60);
    expect(result.annotators).toEqual([]);
  });

  it('refuses when no unit is shared: each unit has one annotator, so none can be compared, and each annotator shows n = 0', () => {
    const names = ['ann', 'bob', 'cy'];
    const result = altTest(
      study(
        90,
        names,
        (unit, annotator) => (names[unit % 3] === annotator ? 'yes' : undefined),
        () => 'yes',
      ),
    );
    expect(result.units).toBe(0);
    expect(result.unitsLeftOut).toBe(90);
    expect(result.reason).toMatch(/no annotator shares 30 units/);
    expect(result.annotators.map((row) => [row.annotator, row.n, row.tested])).toEqual([
      ['ann', 0, false],
      ['bob', 0, false],
      ['cy', 0, false],
    ]);
  });

  it('leaves out units the judge did not label, and refuses when that leaves nothing', () => {
    const result = altTest(humansSayYes(40, undefined));
    expect(result.unitsLeftOut).toBe(40);
    expect(result.reason).toMatch(/no annotator/);
  });

  it('skips an annotator with fewer than 30 shared units and says so; refuses when every annotator is skipped', () => {
    const few = altTest(
      study(
        40,
        ['ann', 'bob', 'cy'],
        (unit, annotator) => (annotator === 'cy' && unit >= 29 ? undefined : 'yes'),
        () => 'yes',
      ),
    );
    const cy = few.annotators.find((row) => row.annotator === 'cy')!;
    expect(cy).toMatchObject({ n: 29, tested: false, pValue: null, advantage: null, judgeWins: false });
    expect(cy.reason).toMatch(/shares 29 units .* fewer than the 30/);
    expect(few.winningRate).toBe(1);

    const none = altTest(humansSayYes(29, 'yes'));
    expect(none.winningRate).toBeNull();
    expect(none.reason).toMatch(/no annotator shares 30 units/);
    expect(none.annotators).toHaveLength(3);
  });

  it('all agree: every unit a tie, d = 0 throughout, so t is -infinity and the judge wins (as scipy computes it)', () => {
    const result = altTest(humansSayYes(30, 'yes'));
    for (const row of result.annotators) expect(row).toMatchObject({ n: 30, advantage: 1, pValue: 0, judgeWins: true, reason: null });
    expect(result).toMatchObject({ winningRate: 1, advantageProbability: 1, passed: true });
  });

  it('all agree at epsilon 0: the difference equals epsilon on every unit, so p is undefined, with the reason, and the judge does not win', () => {
    const result = altTest(humansSayYes(30, 'yes'), { epsilon: 0 });
    for (const row of result.annotators) {
      expect(row.pValue).toBeNull();
      expect(row.reason).toMatch(/equal to epsilon/);
      expect(row.judgeWins).toBe(false);
    }
    expect(result).toMatchObject({ winningRate: 0, passed: false, reason: null });
  });

  it('a judge that always disagrees with annotators who always agree loses every comparison with p = 1', () => {
    const result = altTest(humansSayYes(35, 'no'));
    for (const row of result.annotators) expect(row).toMatchObject({ advantage: 0, pValue: 1, judgeWins: false });
    expect(result).toMatchObject({ winningRate: 0, advantageProbability: 0, passed: false });
  });

  it("a tie on a unit counts for both the judge and the annotator: split annotators and a judge with one side's label", () => {
    // ann and bob say yes, cy says no; the judge says yes. Leaving cy out, the others are [yes, yes]:
    // the judge scores 1, cy 0. Leaving ann out, the others are [yes, no]: both score 1/2, a tie.
    const result = altTest(
      study(
        30,
        ['ann', 'bob', 'cy'],
        (_, annotator) => (annotator === 'cy' ? 'no' : 'yes'),
        () => 'yes',
      ),
    );
    const byName = new Map(result.annotators.map((row) => [row.annotator, row]));
    expect(byName.get('cy')).toMatchObject({ advantage: 1, pValue: 0, judgeWins: true });
    // A tie on every unit: d = 1 - 1 = 0 < 0.2, and the judge still wins.
    expect(byName.get('ann')).toMatchObject({ advantage: 1, pValue: 0, judgeWins: true });
  });

  it('a later label of the same annotator on a unit replaces the earlier one', () => {
    // Everyone says yes, the judge says no, and cy's second label is no: scored against [yes, yes],
    // cy's no ties the judge's no (advantage 1); had cy's first label, yes, counted, cy would win (0).
    const units = humansSayYes(30, 'no').map((unit) => ({
      ...unit,
      humans: [...unit.humans, { annotator: 'cy', value: 'no' }],
    }));
    expect(altTest(units).annotators.find((row) => row.annotator === 'cy')!.advantage).toBe(1);
  });

  it('a later label replaces the earlier one on a unit with many labels too, and the others keep their order', () => {
    // Nine more annotators who say yes, then cy again with no: as above, cy's no ties the judge.
    const more = Array.from({ length: 9 }, (_, i) => ({ annotator: `extra-${i}`, value: 'yes' }));
    const units = humansSayYes(30, 'no').map((unit) => ({ ...unit, humans: [...unit.humans, ...more, { annotator: 'cy', value: 'no' }] }));
    const result = altTest(units);
    expect(result.annotators.find((row) => row.annotator === 'cy')!.advantage).toBe(1);
    expect(result.annotators.map((row) => row.annotator)).toEqual([...new Set(units[0]!.humans.map((rating) => rating.annotator))]);
  });

  it('refuses an epsilon outside 0 to 1 instead of testing with it', () => {
    const units = humansSayYes(30, 'yes');
    expect(altTest(units, { epsilon: Number.NaN }).reason).toMatch(/epsilon must be a number from 0 to 1/);
    expect(altTest(units, { epsilon: 1.5 }).winningRate).toBeNull();
  });
});
