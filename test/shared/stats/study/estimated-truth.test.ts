// Estimated truth of a task: the ratings the estimators read, the judges' figures and the
// references' disagreements checked against a plainly written second computation on seeded
// studies, the judge left out of the truth it is measured against, and a seeded coverage
// simulation with known truth that prints how often the intervals hold the judge's accuracy.

import { describe, expect, it } from 'vitest';
import type { Bucket } from '../../../../shared/domain/difficulty';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import type { CrowdRating } from '../../../../shared/stats/crowd/crowd-ratings';
import { ratingColumns } from '../../../../shared/stats/crowd/crowd-ratings';
import { dawidSkene, raterAccuracies, type DawidSkeneFit } from '../../../../shared/stats/crowd/dawid-skene';
import { estimatedTruth, truthRatings } from '../../../../shared/stats/study/estimated-truth';
import { HUMAN_MAJORITY, pairwiseKappas } from '../../../../shared/stats/study/pairwise';
import type { TaskUnit } from '../../../../shared/stats/study/study-units';

const CATEGORIES = ['yes', 'no', 'irrelevant'];
const BUCKETS = ['easy', 'hard', 'all'] as const;

interface Simulated {
  units: TaskUnit[];
  /** Each unit's true label. */
  truth: string[];
}

/** A label right with chance `accuracy`, else one of the others at random. */
function rate(prng: Prng, truth: number, accuracy: number): string {
  if (prng.next() < accuracy) return CATEGORIES[truth] as string;
  const other = (truth + 1 + Math.floor(prng.next() * (CATEGORIES.length - 1))) % CATEGORIES.length;
  return CATEGORIES[other] as string;
}

/**
 * `puzzles` puzzles of `perPuzzle` units, each labelled by every person (their accuracies) and two
 * judges (0.8 and 0.6), the true labels drawn 50/30/20 and shared within a puzzle more than by chance.
 */
function simulate(prng: Prng, puzzles: number, perPuzzle: number, people: readonly number[]): Simulated {
  const units: TaskUnit[] = [];
  const truth: string[] = [];
  for (let p = 0; p < puzzles; p++) {
    const bucket: Bucket = p % 2 === 0 ? 'easy' : 'hard';
    const puzzleLean = prng.next();
    for (let u = 0; u < perPuzzle; u++) {
      const draw = prng.next() < 0.5 ? puzzleLean : prng.next();
      const t = draw < 0.5 ? 0 : draw < 0.8 ? 1 : 2;
      truth.push(CATEGORIES[t] as string);
      units.push({
        id: `p${p}-u${u}`,
        puzzleId: `p${p}`,
        bucket,
        judgements: new Map([
          ['good', rate(prng, t, 0.8)],
          ['poor', rate(prng, t, 0.6)],
        ]),
        humans: people.map((accuracy, a) => ({ annotator: `a${a}`, value: rate(prng, t, accuracy) })),
      });
    }
  }
  return { units, truth };
}

/** The ratings as a list, written out unit by unit: annotators in order of first label, then (when asked) the judges. */
function plainRatings(units: readonly TaskUnit[], judges: readonly string[] | null): { ratings: CrowdRating[]; raters: string[] } {
  const raters: string[] = [];
  const ratings: CrowdRating[] = [];
  const rated = units.filter((unit) => unit.humans.length > 0);
  for (const unit of rated) for (const { annotator } of unit.humans) if (!raters.includes(`human:${annotator}`)) raters.push(`human:${annotator}`);
  if (judges !== null) for (const judge of judges) raters.push(`judge:${judge}`);
  rated.forEach((unit, item) => {
    for (const { annotator, value } of unit.humans) ratings.push({ item, rater: raters.indexOf(`human:${annotator}`), label: CATEGORIES.indexOf(value) });
    for (const judge of judges ?? []) {
      const value = unit.judgements.get(judge);
      if (value !== undefined) ratings.push({ item, rater: raters.indexOf(`judge:${judge}`), label: CATEGORIES.indexOf(value) });
    }
  });
  return { ratings, raters };
}

function plainFit(ratings: readonly CrowdRating[], items: number, raters: number): DawidSkeneFit {
  return dawidSkene({ itemCount: items, raterCount: raters, categoryCount: CATEGORIES.length, ...ratingColumns(ratings) });
}

/** The label of highest posterior, the first of a tie. */
function argmax(fit: DawidSkeneFit, item: number): string {
  const row = Array.from(fit.posteriors.subarray(item * 3, item * 3 + 3));
  return CATEGORIES[row.indexOf(Math.max(...row))] as string;
}

/** The strict majority, written with a count map. */
function plainMajority(unit: TaskUnit): string | null {
  const counts = new Map<string, number>();
  for (const { value } of unit.humans) counts.set(value, (counts.get(value) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const leaders = [...counts].filter(([, count]) => count === top);
  return leaders.length === 1 ? (leaders[0] as [string, number])[0] : null;
}

const NO_BOOTSTRAP = { replicates: 0, seed: 1 };

describe('estimatedTruth', () => {
  const { units } = simulate(createPrng(7), 30, 4, [0.85, 0.75, 0.7, 0.6]);
  // A unit no one labelled is no item; a tie among people is no majority.
  units.push({ id: 'unlabelled', puzzleId: 'p0', bucket: 'easy', judgements: new Map([['good', 'yes']]), humans: [] });
  units.push({
    id: 'tied',
    puzzleId: 'p1',
    bucket: 'hard',
    judgements: new Map([['good', 'no']]),
    humans: [
      { annotator: 'a0', value: 'yes' },
      { annotator: 'a1', value: 'no' },
    ],
  });

  it('fits Dawid-Skene to every annotator of every unit people labelled, as a plainly built list of ratings does', () => {
    const { section, fit } = estimatedTruth('answer', units, CATEGORIES, ['good', 'poor'], BUCKETS, 'people', NO_BOOTSTRAP);
    const plain = plainRatings(units, null);
    const expected = plainFit(plain.ratings, units.length - 1, plain.raters.length);
    expect(section.units).toBe(units.length - 1);
    expect(section.puzzles).toBe(30);
    expect(section.raters.map((row) => row.rater)).toEqual(plain.raters);
    expect(Array.from(fit?.posteriors ?? [])).toEqual(Array.from(expected.posteriors));
    const accuracies = raterAccuracies(expected);
    section.raters.forEach((row, r) => {
      expect(row.accuracy).toBeCloseTo(accuracies[r] as number, 12);
      expect(row.ratings).toBe(plain.ratings.filter((rating) => rating.rater === r).length);
      expect(row.confusion[1]?.[1]).toBeCloseTo(expected.confusion[(r * 3 + 1) * 3 + 1] as number, 12);
    });
  });

  it("gives each judge's agreement with the majority as the report's pairwise figure, and with the truth as counted unit by unit", () => {
    const { section } = estimatedTruth('answer', units, CATEGORIES, ['good', 'poor'], BUCKETS, 'people', NO_BOOTSTRAP);
    const pairwise = pairwiseKappas(units, ['good', 'poor']);
    const plain = plainRatings(units, null);
    const fit = plainFit(plain.ratings, units.length - 1, plain.raters.length);
    const rated = units.filter((unit) => unit.humans.length > 0);
    for (const judge of ['good', 'poor']) {
      const all = section.judges.find((row) => row.judge === judge && row.bucket === 'all');
      const kappa = pairwise.find((pair) => pair.a === `judge:${judge}` && pair.b === HUMAN_MAJORITY);
      expect(all?.majority.agreement).toBeCloseTo(kappa?.percentAgreement as number, 12);
      expect(all?.majority.n).toBe(kappa?.n);
      for (const bucket of BUCKETS) {
        const row = section.judges.find((entry) => entry.judge === judge && entry.bucket === bucket);
        const taking = rated.map((unit, i) => ({ unit, i })).filter(({ unit }) => unit.judgements.has(judge) && (bucket === 'all' || unit.bucket === bucket));
        const agreeing = taking.filter(({ unit, i }) => argmax(fit, i) === unit.judgements.get(judge)).length;
        const expected = taking.reduce(
          (sum, { unit, i }) => sum + (fit.posteriors[i * 3 + CATEGORIES.indexOf(unit.judgements.get(judge) as string)] as number),
          0,
        );
        expect(row?.mostLikely.n).toBe(taking.length);
        expect(row?.mostLikely.agreement).toBeCloseTo(agreeing / taking.length, 12);
        expect(row?.expected.agreement).toBeCloseTo(expected / taking.length, 12);
        expect(row?.inTruth).toBe(false);
      }
    }
  });

  it('lists the units whose majority is not the most likely label, most confident first, and their share per bucket without ties', () => {
    const { section } = estimatedTruth('answer', units, CATEGORIES, [], BUCKETS, 'people', NO_BOOTSTRAP);
    const plain = plainRatings(units, null);
    const fit = plainFit(plain.ratings, units.length - 1, plain.raters.length);
    const rated = units.filter((unit) => unit.humans.length > 0);
    const differing = rated.flatMap((unit, i) => {
      const majority = plainMajority(unit);
      const label = argmax(fit, i);
      return majority === null || majority === label
        ? []
        : [{ unit: unit.id, majority, label, probability: fit.posteriors[i * 3 + CATEGORIES.indexOf(label)] as number }];
    });
    expect(differing.length).toBeGreaterThan(0);
    expect(section.disagreements.map(({ unit, majority, label }) => ({ unit, majority, label })).sort((a, b) => a.unit.localeCompare(b.unit))).toEqual(
      differing.map(({ unit, majority, label }) => ({ unit, majority, label })).sort((a, b) => a.unit.localeCompare(b.unit)),
    );
    const probabilities = section.disagreements.map((row) => row.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
    const all = section.disagreementShares.find((row) => row.bucket === 'all');
    expect(all?.withMajority).toBe(rated.filter((unit) => plainMajority(unit) !== null).length);
    expect(all?.share).toBeCloseTo(differing.length / (all?.withMajority as number), 12);
  });

  it('measures a judge that is a rater against the truth fitted without its own labels', () => {
    const { section } = estimatedTruth('answer', units, CATEGORIES, ['good', 'poor'], BUCKETS, 'people-and-judges', NO_BOOTSTRAP);
    expect(section.raters.map((row) => row.rater).slice(-2)).toEqual(['judge:good', 'judge:poor']);
    // good's truth: the people and poor.
    const rated = units.filter((unit) => unit.humans.length > 0);
    const plain = plainRatings(units, ['poor']);
    const fit = plainFit(plain.ratings, rated.length, plain.raters.length);
    const agreeing = rated.filter((unit, i) => argmax(fit, i) === unit.judgements.get('good')).length;
    const row = section.judges.find((entry) => entry.judge === 'good' && entry.bucket === 'all');
    expect(row?.inTruth).toBe(true);
    expect(row?.mostLikely.agreement).toBeCloseTo(agreeing / rated.length, 12);
    // With its own labels in the truth it would agree more: the reason it is left out.
    const withOwn = plainRatings(units, ['good', 'poor']);
    const ownFit = plainFit(withOwn.ratings, rated.length, withOwn.raters.length);
    const agreeingWithOwn = rated.filter((unit, i) => argmax(ownFit, i) === unit.judgements.get('good')).length;
    expect(agreeingWithOwn).toBeGreaterThanOrEqual(agreeing);
  });

  it('has intervals that hold every figure, refitting the truth in each replicate, and is the same for the same seed', () => {
    const bootstrap = { replicates: 60, seed: 3 };
    const first = estimatedTruth('answer', units, CATEGORIES, ['good'], BUCKETS, 'people', bootstrap).section;
    const second = estimatedTruth('answer', units, CATEGORIES, ['good'], BUCKETS, 'people', bootstrap).section;
    expect(second).toEqual(first);
    for (const row of first.judges)
      for (const figure of [row.majority, row.mostLikely, row.expected]) {
        expect(figure.ci95).not.toBeNull();
        const [lower, upper] = figure.ci95 as [number, number];
        expect(lower).toBeLessThanOrEqual(upper);
        expect(upper - lower).toBeGreaterThan(0);
      }
    for (const row of first.raters) {
      expect(row.accuracyCi95).not.toBeNull();
      expect(row.competenceCi95).not.toBeNull();
    }
  });

  it('gives an empty section for a task no one labelled', () => {
    const { section, fit } = estimatedTruth('match', [], CATEGORIES, ['good'], BUCKETS, 'people', NO_BOOTSTRAP);
    expect(fit).toBeNull();
    expect(section.units).toBe(0);
    expect(section.judges).toEqual([]);
  });

  it('builds no rating of a judge that is not a rater, nor of an unparseable reply', () => {
    const odd: TaskUnit = { id: 'u', puzzleId: 'p', bucket: 'easy', judgements: new Map([['good', 'unparseable']]), humans: [{ annotator: 'a', value: 'no' }] };
    expect(truthRatings([odd], CATEGORIES, ['good'], 'people-and-judges').ratings.item).toEqual([0]);
  });
});

describe('estimatedTruth coverage with known truth', () => {
  // 60 studies, each refitting Dawid-Skene 200 times: about 11 s on a quiet machine, several times that with both cores shared.
  it("covers the judge's true accuracy with its interval against the most likely label (seeded, printed)", { timeout: 300_000 }, () => {
    // 60 studies of 40 puzzles x 3 units, four people of 0.9 to 0.7 and the judge `good` of 0.8:
    // with people this good the most likely label is nearly the truth, so the judge's agreement
    // with it estimates its accuracy 0.8, and the interval should hold 0.8 about 95% of the time.
    const prng = createPrng(2026);
    const studies = 60;
    let covered = 0;
    let majorityCovered = 0;
    for (let s = 0; s < studies; s++) {
      const { units } = simulate(prng, 40, 3, [0.9, 0.85, 0.8, 0.7]);
      const { section } = estimatedTruth('answer', units, CATEGORIES, ['good'], ['all'], 'people', { replicates: 200, seed: s });
      const row = section.judges[0];
      const [lower, upper] = row?.mostLikely.ci95 as [number, number];
      if (lower <= 0.8 && 0.8 <= upper) covered++;
      const [majorityLower, majorityUpper] = row?.majority.ci95 as [number, number];
      if (majorityLower <= 0.8 && 0.8 <= majorityUpper) majorityCovered++;
    }
    console.log(
      `estimated truth coverage: the judge's interval against the most likely label held its accuracy 0.8 in ${covered} of ${studies} studies (${((100 * covered) / studies).toFixed(1)}%); against the majority in ${majorityCovered} of ${studies}`,
    );
    // 95% of 60 is 57; three binomial standard errors (1.7 each) below is 52.
    expect(covered).toBeGreaterThanOrEqual(52);
  });
});
