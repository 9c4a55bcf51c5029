// The cluster bootstrap of the agreement tables (issue 15 points 1-3, issue 28 point 3), checked
// against a second, plainly written implementation: draw puzzles one by one with the same
// generator, take every unit of each, compute micro and macro agreement and their delta-method
// standard errors from the drawn puzzles, and take R boot's studentized interval of the t*.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import type { AgreementRow } from '../../../../shared/report/model/report-model';
import { agreementFigures, agreementRows } from '../../../../shared/stats/study/agreement';
import type { TaskUnit } from '../../../../shared/stats/study/study-units';
import { resamplingClusters } from '../../../../shared/stats/study/resampling';
import { normalQuantile } from '../../../../shared/stats/normal-quantile';
import { wilsonInterval } from '../../../../shared/stats/wilson';

const LABELS = ['yes', 'no', 'irrelevant'];
const BUCKETS = ['easy', 'medium', 'hard'] as const;

/** A random study: puzzles of 1 to 8 units, 0 to 4 humans a unit, two judges that sometimes skip a unit. */
function randomUnits(seed: number, puzzles: number): TaskUnit[] {
  const rng = createPrng(seed);
  const units: TaskUnit[] = [];
  for (let p = 0; p < puzzles; p++) {
    const bucket = rng.pick(BUCKETS);
    const truth = rng.pick(LABELS);
    const count = rng.int(1, 8);
    for (let i = 0; i < count; i++) {
      const noisy = (rate: number) => (rng.chance(rate) ? rng.pick(LABELS) : truth);
      const humans = Array.from({ length: rng.int(0, 4) }, (_, h) => ({ annotator: `a${h}`, value: noisy(0.2) }));
      const judgements = new Map<string, string>();
      if (rng.chance(0.9)) judgements.set('j1', noisy(0.3));
      if (rng.chance(0.9)) judgements.set('j2', noisy(0.4));
      units.push({ id: `p${p}-u${i}`, puzzleId: `p${p}`, bucket, judgements, humans });
    }
  }
  return units;
}

/** One unit's agreeing comparisons out of all, for a pair; null when it takes no part (as SPEC §4 counts them). */
type PlainScore = (unit: TaskUnit) => [agreements: number, comparisons: number] | null;

const judgeVsHumans =
  (judge: string): PlainScore =>
  (unit) => {
    const label = unit.judgements.get(judge);
    if (label === undefined || unit.humans.length === 0) return null;
    return [unit.humans.filter((human) => human.value === label).length, unit.humans.length];
  };

const humansVsHumans: PlainScore = (unit) => {
  const k = unit.humans.length;
  if (k < 2) return null;
  let agreeing = 0;
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (unit.humans[i]?.value === unit.humans[j]?.value) agreeing++;
  return [agreeing, (k * (k - 1)) / 2];
};

const judgeVsJudge: PlainScore = (unit) => {
  const a = unit.judgements.get('j1');
  const b = unit.judgements.get('j2');
  return a === undefined || b === undefined ? null : [a === b ? 1 : 0, 1];
};

/** The alpha quantile as R's boot:::norm.inter takes it: order statistic (B + 1) alpha, interpolated on the normal scale. */
function normInter(sorted: readonly number[], alpha: number): number {
  const rank = (sorted.length + 1) * alpha;
  const k = Math.trunc(rank);
  if (k <= 0) return sorted[0] as number;
  if (k >= sorted.length) return sorted[sorted.length - 1] as number;
  if (k === rank) return sorted[k - 1] as number;
  const z = (p: number) => normalQuantile(p);
  const zLow = z(k / (sorted.length + 1));
  const zHigh = z((k + 1) / (sorted.length + 1));
  return (sorted[k - 1] as number) + ((z(alpha) - zLow) / (zHigh - zLow)) * ((sorted[k] as number) - (sorted[k - 1] as number));
}

/** sum(y) / sum(x) over the drawn puzzles, with sqrt(sum((y - R x)^2)) / sum(x), each draw counted once. */
function ratio(drawn: ReadonlyArray<{ y: number; x: number }>): { value: number; se: number } {
  const sumY = drawn.reduce((sum, { y }) => sum + y, 0);
  const sumX = drawn.reduce((sum, { x }) => sum + x, 0);
  const value = sumY / sumX;
  return { value, se: Math.sqrt(drawn.reduce((sum, { y, x }) => sum + (y - value * x) ** 2, 0)) / sumX };
}

/** The studentized interval [R - se q(0.975), R - se q(0.025)] of the t* = (R* - R) / se*, a replicate with se* = 0 (up to rounding, 1e-12) left out. */
function studentized(sample: { value: number; se: number }, replicates: ReadonlyArray<{ value: number; se: number }>) {
  const t = replicates.filter(({ se, value }) => se > 1e-12 * Math.max(1, value)).map(({ value, se }) => (value - sample.value) / se);
  t.sort((x, y) => x - y);
  return {
    interval: [sample.value - sample.se * normInter(t, 0.975), sample.value - sample.se * normInter(t, 0.025)] as [number, number],
    undefined: replicates.length - t.length,
  };
}

/** The plain cluster bootstrap: B replicates, each drawing as many puzzles as there are, with replacement. */
function plainClusterBootstrap(units: readonly TaskUnit[], score: PlainScore, replicates: number, seed: number) {
  const puzzles: string[] = [];
  const unitsOf = new Map<string, Array<[number, number]>>();
  for (const unit of units) {
    const s = score(unit);
    if (s === null) continue;
    if (!unitsOf.has(unit.puzzleId)) {
      puzzles.push(unit.puzzleId);
      unitsOf.set(unit.puzzleId, []);
    }
    unitsOf.get(unit.puzzleId)?.push(s);
  }
  // Per puzzle: micro's agreements over comparisons, macro's summed unit agreement over units.
  const microOf = (puzzle: string) => {
    const own = unitsOf.get(puzzle) ?? [];
    return { y: own.reduce((sum, [a]) => sum + a, 0), x: own.reduce((sum, [, c]) => sum + c, 0) };
  };
  const macroOf = (puzzle: string) => {
    const own = unitsOf.get(puzzle) ?? [];
    return { y: own.reduce((sum, [a, c]) => sum + a / c, 0), x: own.length };
  };
  const rng = createPrng(seed);
  const micro: Array<{ value: number; se: number }> = [];
  const macro: Array<{ value: number; se: number }> = [];
  for (let b = 0; b < replicates; b++) {
    const drawn: string[] = [];
    for (let i = 0; i < puzzles.length; i++) drawn.push(puzzles[Math.floor(rng.next() * puzzles.length)] as string);
    micro.push(ratio(drawn.map(microOf)));
    macro.push(ratio(drawn.map(macroOf)));
  }
  return { micro: studentized(ratio(puzzles.map(microOf)), micro), macro: studentized(ratio(puzzles.map(macroOf)), macro) };
}

function row(rows: readonly AgreementRow[], a: string, b: string, bucket: string): AgreementRow {
  const found = rows.find((r) => r.a === a && r.b === b && r.bucket === bucket);
  if (found === undefined) throw new Error(`no row ${a} vs ${b} on ${bucket}`);
  return found;
}

describe('cluster bootstrap by puzzle', () => {
  const units = randomUnits(2026, 70);
  const bootstrap = { replicates: 400, seed: 31 };
  const rows = agreementRows(units, ['j1', 'j2'], [...BUCKETS, 'all'], bootstrap);

  it('reproduces a plain implementation that draws puzzles one by one, for every pair and bucket', () => {
    const pairs: Array<[string, string, PlainScore]> = [
      ['judge:j1', 'human', judgeVsHumans('j1')],
      ['judge:j2', 'human', judgeVsHumans('j2')],
      ['human', 'human', humansVsHumans],
      ['judge:j1', 'judge:j2', judgeVsJudge],
    ];
    let compared = 0;
    for (const [a, b, score] of pairs) {
      for (const bucket of [...BUCKETS, 'all']) {
        const engine = row(rows, a, b, bucket);
        const plain = plainClusterBootstrap(
          units.filter((unit) => bucket === 'all' || unit.bucket === bucket),
          score,
          bootstrap.replicates,
          bootstrap.seed,
        );
        // Where the interval reached 0 or 1 it was widened (checked below); here the plain studentized interval must match.
        if (engine.ci95Method === 'studentized') {
          expect(engine.ci95?.[0]).toBeCloseTo(plain.micro.interval[0], 12);
          expect(engine.ci95?.[1]).toBeCloseTo(plain.micro.interval[1], 12);
          compared++;
        }
        if (engine.macroCi95Method === 'studentized') {
          expect(engine.macroCi95?.[0]).toBeCloseTo(plain.macro.interval[0], 12);
          expect(engine.macroCi95?.[1]).toBeCloseTo(plain.macro.interval[1], 12);
          compared++;
        }
        expect(engine.undefinedReplicates).toBe(plain.micro.undefined);
        expect(engine.macroUndefinedReplicates).toBe(plain.macro.undefined);
      }
    }
    // Nearly every interval of this study is a plain studentized one: the comparison is not empty.
    expect(compared).toBeGreaterThan(25);
  });

  it('resamples single units under `units`, as before clusters', () => {
    const byUnit = agreementRows(units, ['j1', 'j2'], ['all'], bootstrap, false, 'units');
    const judge = row(byUnit, 'judge:j1', 'human', 'all');
    const scores = units.flatMap((unit) => {
      const s = judgeVsHumans('j1')(unit);
      return s === null ? [] : [{ agreements: s[0], comparisons: s[1] }];
    });
    expect(judge.ci95).toEqual(agreementFigures([scores], bootstrap)[0]?.ci95);
    // A puzzle's units move together under `puzzles`: a different interval from the same seed.
    expect(row(rows, 'judge:j1', 'human', 'all').ci95).not.toEqual(judge.ci95);
  });

  it('gives clusters with the same sums one group without changing the interval', () => {
    // Puzzles p1 and p2 hold the same two scores in another order, so they share a group; grouped or not, the same draws.
    const scores = [
      { agreements: 1, comparisons: 3 },
      { agreements: 2, comparisons: 2 },
      { agreements: 2, comparisons: 2 },
      { agreements: 1, comparisons: 3 },
      { agreements: 0, comparisons: 1 },
      { agreements: 2, comparisons: 3 },
      { agreements: 1, comparisons: 2 },
    ];
    const puzzleOf = ['p1', 'p1', 'p2', 'p2', 'p3', 'p4', 'p5'];
    const clusters = resamplingClusters(
      puzzleOf.map((puzzleId) => ({ puzzleId })),
      'puzzles',
    );
    const [figure] = agreementFigures([scores], { replicates: 300, seed: 4 }, clusters);
    const units = scores.map((score, u): TaskUnit => ({
      id: `u${u}`,
      puzzleId: puzzleOf[u] as string,
      bucket: 'easy',
      judgements: new Map([['j', 'yes']]),
      humans: Array.from({ length: score.comparisons }, (_, h) => ({ annotator: `a${h}`, value: h < score.agreements ? 'yes' : 'no' })),
    }));
    const plain = plainClusterBootstrap(units, judgeVsHumans('j'), 300, 4);
    expect(figure).toMatchObject({ ci95Method: 'studentized', macroCi95Method: 'studentized' });
    expect(figure?.ci95?.[0]).toBeCloseTo(plain.micro.interval[0], 12);
    expect(figure?.ci95?.[1]).toBeCloseTo(plain.micro.interval[1], 12);
    expect(figure?.macroCi95?.[0]).toBeCloseTo(plain.macro.interval[0], 12);
    expect(figure?.macroCi95?.[1]).toBeCloseTo(plain.macro.interval[1], 12);
  });
});

describe('no interval collapses to a point', () => {
  const bootstrap = { replicates: 500, seed: 3 };

  /** `count` units, one per puzzle, each with `agreements` of `comparisons`. */
  function onePerPuzzle(count: number, agreements: number, comparisons: number) {
    const scores = Array.from({ length: count }, () => ({ agreements, comparisons }));
    const clusters = resamplingClusters(
      scores.map((_, u) => ({ puzzleId: `p${u}` })),
      'puzzles',
    );
    return agreementFigures([scores], bootstrap, clusters)[0];
  }

  it('widens 61 of 61 agreeing puzzles to the Wilson interval at 61: about [0.94, 1]', () => {
    const figure = onePerPuzzle(61, 1, 1);
    // statsmodels' proportion_confint(61, 61, method='wilson') = (0.9407561321018871, 1.0).
    expect(figure?.ci95?.[0]).toBeCloseTo(0.9407561321018871, 12);
    expect(figure?.ci95?.[1]).toBe(1);
    expect(figure).toMatchObject({ agreement: 1, ci95Method: 'studentized+wilson', macroCi95Method: 'studentized+wilson' });
    expect(figure?.macroCi95?.[0]).toBeCloseTo(0.9407561321018871, 12);
  });

  it('counts puzzles, not units, as the sample: 61 agreeing units of one puzzle prove no more than one', () => {
    const scores = Array.from({ length: 61 }, () => ({ agreements: 1, comparisons: 1 }));
    const clusters = resamplingClusters(
      scores.map(() => ({ puzzleId: 'p' })),
      'puzzles',
    );
    // proportion_confint(1, 1, method='wilson') = (0.2065493143772374, 1.0).
    expect(agreementFigures([scores], bootstrap, clusters)[0]?.ci95?.[0]).toBeCloseTo(0.2065493143772374, 12);
    // Under units the 61 units are the sample.
    expect(agreementFigures([scores], bootstrap)[0]?.ci95?.[0]).toBeCloseTo(0.9407561321018871, 12);
  });

  it('gives one unit about [0.21, 1], never [1, 1]', () => {
    const figure = onePerPuzzle(1, 3, 3);
    expect(figure?.ci95?.[0]).toBeCloseTo(0.2065493143772374, 12);
    expect(figure?.ci95?.[1]).toBe(1);
  });

  it('widens all disagreeing puzzles to the Wilson interval from 0', () => {
    const figure = onePerPuzzle(61, 0, 2);
    // proportion_confint(0, 61, method='wilson') = (0.0, 0.059243867898112854).
    expect(figure?.ci95?.[0]).toBe(0);
    expect(figure?.ci95?.[1]).toBeCloseTo(0.059243867898112854, 12);
    expect(figure?.ci95Method).toBe('studentized+wilson');
  });

  it('keeps a studentized interval that stays inside (0, 1), and says so', () => {
    const scores = [0, 1, 2, 3].flatMap((a) => Array.from({ length: 10 }, () => ({ agreements: a, comparisons: 3 })));
    const figure = agreementFigures([scores], bootstrap)[0];
    expect(figure?.ci95Method).toBe('studentized');
    expect(figure?.ci95?.[0]).toBeGreaterThan(0);
    expect(figure?.ci95?.[1]).toBeLessThan(1);
  });

  it('widens an interval of no width to Wilson: two puzzles give every defined t* 0', () => {
    // Two puzzles, one agreeing and one not: a replicate of both has t* = 0, one of either alone se* = 0.
    const figure = agreementFigures(
      [
        [
          { agreements: 1, comparisons: 1 },
          { agreements: 0, comparisons: 1 },
        ],
      ],
      bootstrap,
    )[0];
    expect(figure?.ci95).toEqual(wilsonInterval(0.5, 2));
    expect(figure?.ci95Method).toBe('studentized+wilson');
  });

  it('keeps the studentized interval where it is wider than Wilson: the hull, within [0, 1]', () => {
    // Three puzzles, few comparisons: the studentized interval passes 0 and 1, wider than Wilson at 3.
    const scores = [0, 1, 3].map((agreements) => ({ agreements, comparisons: 3 }));
    const figure = agreementFigures([scores], bootstrap)[0];
    const wilson = wilsonInterval(4 / 9, 3) as [number, number];
    expect(figure?.ci95Method).toBe('studentized+wilson');
    expect(figure?.ci95?.[0]).toBeLessThanOrEqual(wilson[0]);
    expect(figure?.ci95?.[1]).toBeGreaterThanOrEqual(wilson[1]);
    expect(figure?.ci95?.[0]).toBeGreaterThanOrEqual(0);
    expect(figure?.ci95?.[1]).toBeLessThanOrEqual(1);
  });
});

describe('wilsonInterval', () => {
  // Expected values from statsmodels 0.13.5 on Debian's python3:
  //   from statsmodels.stats.proportion import proportion_confint
  //   proportion_confint(count, n, alpha=0.05, method='wilson')
  it.each([
    [61, 61, 0.9407561321018871, 1.0],
    [1, 1, 0.2065493143772374, 1.0],
    [0, 1, 0.0, 0.7934506856227627],
    [0, 61, 0.0, 0.059243867898112854],
    [30, 61, 0.3706039532371102, 0.6139738150890883],
    [7, 10, 0.39677814746114537, 0.8922087325936989],
    [58.5, 61, 0.8764327169699396, 0.9872122567629403],
  ])('%s of %s gives [%s, %s] as statsmodels does', (count, n, low, high) => {
    const interval = wilsonInterval(count / n, n);
    expect(interval?.[0]).toBeCloseTo(low, 14);
    expect(interval?.[1]).toBeCloseTo(high, 14);
  });

  it('has no interval without a draw', () => {
    expect(wilsonInterval(1, 0)).toBeNull();
  });
});
