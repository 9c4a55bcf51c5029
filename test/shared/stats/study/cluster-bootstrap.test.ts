// The cluster bootstrap of the agreement tables (issue 15 points 1-3), checked against a second,
// plainly written implementation: draw puzzles one by one with the same generator, take every
// unit of each, compute micro and macro agreement from the drawn units, take type-7 percentiles.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/demo/prng';
import type { AgreementRow } from '../../../../shared/report/model/report-model';
import { agreementFigures, agreementRows } from '../../../../shared/stats/study/agreement';
import type { TaskUnit } from '../../../../shared/stats/study/study-units';
import { resamplingClusters } from '../../../../shared/stats/study/resampling';
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

/** R's quantile type 7 of sorted values. */
function type7(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return (sorted[low] as number) + (h - low) * ((sorted[high] as number) - (sorted[low] as number));
}

/** The plain cluster bootstrap: B replicates, each drawing as many puzzles as there are, with replacement. */
function plainClusterBootstrap(
  units: readonly TaskUnit[],
  score: PlainScore,
  replicates: number,
  seed: number,
): { micro: [number, number]; macro: [number, number] } {
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
  const rng = createPrng(seed);
  const micro: number[] = [];
  const macro: number[] = [];
  for (let b = 0; b < replicates; b++) {
    const drawn: Array<[number, number]> = [];
    for (let i = 0; i < puzzles.length; i++) drawn.push(...(unitsOf.get(puzzles[Math.floor(rng.next() * puzzles.length)] as string) ?? []));
    micro.push(drawn.reduce((sum, [a]) => sum + a, 0) / drawn.reduce((sum, [, c]) => sum + c, 0));
    macro.push(drawn.reduce((sum, [a, c]) => sum + a / c, 0) / drawn.length);
  }
  const interval = (values: number[]): [number, number] => {
    const sorted = [...values].sort((x, y) => x - y);
    return [type7(sorted, 0.025), type7(sorted, 0.975)];
  };
  return { micro: interval(micro), macro: interval(macro) };
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
        // Where the interval reached 0 or 1 it was widened (checked below); here the plain percentile must match.
        if (engine.ci95Method === 'percentile') {
          expect(engine.ci95?.[0]).toBeCloseTo(plain.micro[0], 12);
          expect(engine.ci95?.[1]).toBeCloseTo(plain.micro[1], 12);
          compared++;
        }
        if (engine.macroCi95Method === 'percentile') {
          expect(engine.macroCi95?.[0]).toBeCloseTo(plain.macro[0], 12);
          expect(engine.macroCi95?.[1]).toBeCloseTo(plain.macro[1], 12);
          compared++;
        }
        expect(engine.undefinedReplicates).toBe(0);
      }
    }
    // Nearly every interval of this study is a plain percentile one: the comparison is not empty.
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
    expect(figure).toMatchObject({ ci95Method: 'percentile', macroCi95Method: 'percentile' });
    expect(figure?.ci95?.[0]).toBeCloseTo(plain.micro[0], 12);
    expect(figure?.ci95?.[1]).toBeCloseTo(plain.micro[1], 12);
    expect(figure?.macroCi95?.[0]).toBeCloseTo(plain.macro[0], 12);
    expect(figure?.macroCi95?.[1]).toBeCloseTo(plain.macro[1], 12);
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
    expect(figure).toMatchObject({ agreement: 1, ci95Method: 'percentile+wilson', macroCi95Method: 'percentile+wilson' });
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
    expect(figure?.ci95Method).toBe('percentile+wilson');
  });

  it('keeps a percentile interval that stays inside (0, 1), and says so', () => {
    const scores = [0, 1, 2, 3].flatMap((a) => Array.from({ length: 10 }, () => ({ agreements: a, comparisons: 3 })));
    const figure = agreementFigures([scores], bootstrap)[0];
    expect(figure?.ci95Method).toBe('percentile');
    expect(figure?.ci95?.[0]).toBeGreaterThan(0);
    expect(figure?.ci95?.[1]).toBeLessThan(1);
  });

  it('leaves the percentile interval where it is wider than Wilson: the hull', () => {
    // Two puzzles, one agreeing and one not: replicates reach 0 and 1, wider than Wilson at 2.
    const figure = agreementFigures(
      [
        [
          { agreements: 1, comparisons: 1 },
          { agreements: 0, comparisons: 1 },
        ],
      ],
      bootstrap,
    )[0];
    expect(figure?.ci95).toEqual([0, 1]);
    expect(figure?.ci95Method).toBe('percentile+wilson');
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
