// Dawid-Skene estimated truth: equal to crowd-kit's DawidSkene (test/fixtures/crowd-kit) and to a
// plainly written EM on seeded studies, recovering known rater confusion matrices in a seeded
// simulation that prints its error, running a study of the size the app meets, and refusing input
// that names no item, rater or label it has.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import { ratingColumns, type CrowdRating, type CrowdRatings } from '../../../../shared/stats/crowd/crowd-ratings';
import { dawidSkene, raterAccuracies, type DawidSkeneFit } from '../../../../shared/stats/crowd/dawid-skene';

interface ReferenceCase {
  name: string;
  itemCount: number;
  raterCount: number;
  categoryCount: number;
  maxIterations: number;
  tolerance: number;
  item: number[];
  rater: number[];
  label: number[];
  /** null for an item crowd-kit never saw (no one rated it). */
  posteriors: Array<number[] | null>;
  priors: number[];
  /** [rater][true][observed], null where crowd-kit's errors_ has no entry. */
  confusion: Array<Array<Array<number | null>>>;
  iterations: number;
  converged: boolean;
  elbo: number;
}

const reference = JSON.parse(readFileSync(new URL('../../../fixtures/crowd-kit/dawid-skene.json', import.meta.url), 'utf8')) as {
  cases: ReferenceCase[];
};

const EPS = 1e-10;

/**
 * The same EM written from the model with nested arrays: the labels anyone gave, a confusion row
 * per (rater, true label) over the labels that rater gave, natural logs only where a product of
 * many ratings would underflow.
 */
function plainDawidSkene(study: CrowdRatings, maxIterations: number, tolerance: number) {
  const K = study.categoryCount;
  const ratings: CrowdRating[] = Array.from({ length: study.item.length }, (_, n) => ({
    item: study.item[n]!,
    rater: study.rater[n]!,
    label: study.label[n]!,
  }));
  const given = [...new Set(ratings.map((rating) => rating.label))].sort((a, b) => a - b);
  const byItem = Array.from({ length: study.itemCount }, (_, i) => ratings.filter((rating) => rating.item === i));
  const rated = byItem.map((list) => list.length > 0);
  const usedBy = Array.from({ length: study.raterCount }, (_, r) => new Set(ratings.filter((rating) => rating.rater === r).map((rating) => rating.label)));

  let posteriors: number[][] = byItem.map((list) =>
    Array.from({ length: K }, (_, c) => list.filter((rating) => rating.label === c).length / Math.max(list.length, 1)),
  );
  const meanPosterior = (): number[] =>
    Array.from({ length: K }, (_, c) => posteriors.reduce((sum, row, i) => sum + (rated[i] ? row[c]! : 0), 0) / rated.filter(Boolean).length);
  // counts[r][c][k]: the posterior weight on true label c of the items rater r labelled k.
  const tally = (): number[][][] => {
    const counts = Array.from({ length: study.raterCount }, () => Array.from({ length: K }, () => new Array<number>(K).fill(0)));
    for (const rating of ratings) for (const c of given) counts[rating.rater]![c]![rating.label]! += posteriors[rating.item]![c]!;
    return counts;
  };
  const confusionFrom = (counts: number[][][]): number[][][] =>
    counts.map((byTrue, r) =>
      byTrue.map((row) => {
        const clipped = row.map((count, k) => (usedBy[r]!.has(k) ? Math.max(count, EPS) : 0));
        const total = clipped.reduce((a, b) => a + b, 0);
        return clipped.map((value) => value / total);
      }),
    );

  let priors = meanPosterior();
  let counts = tally();
  let confusion = confusionFrom(counts);
  let elbo = -Infinity;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    posteriors = byItem.map((list) => {
      if (list.length === 0) return new Array<number>(K).fill(0);
      const logs = Array.from({ length: K }, (_, c) =>
        given.includes(c)
          ? Math.log(Math.max(priors[c]!, EPS)) + list.reduce((sum, rating) => sum + Math.log(confusion[rating.rater]![c]![rating.label]!), 0)
          : -Infinity,
      );
      const top = Math.max(...logs);
      const weights = logs.map((value) => Math.exp(value - top));
      const total = weights.reduce((a, b) => a + b, 0);
      return weights.map((weight) => weight / total);
    });
    priors = meanPosterior();
    counts = tally();
    confusion = confusionFrom(counts);
    let bound = 0;
    for (const rating of ratings) {
      for (const c of given)
        bound += posteriors[rating.item]![c]! * (Math.log(confusion[rating.rater]![c]![rating.label]!) + Math.log(Math.max(priors[c]!, EPS)));
    }
    for (const [i, row] of posteriors.entries()) {
      if (rated[i]) for (const c of given) bound -= Math.max(row[c]!, EPS) * Math.log(Math.max(row[c]!, EPS));
    }
    bound /= ratings.length;
    converged = bound - elbo < tolerance;
    elbo = bound;
  }
  return { posteriors: posteriors.map((row, i) => (rated[i] ? row : priors)), priors, confusion, iterations, converged, elbo };
}

/** A random study: raters of mixed skill, some spammers, sometimes a label, an item or a rater nobody used. */
function seededStudy(prng: Prng): CrowdRatings {
  const K = prng.int(2, 9);
  const raters = prng.int(2, 12);
  const items = prng.int(5, 80);
  const unusedLabel = K > 2 && prng.chance(0.25) ? prng.int(0, K - 1) : -1;
  const allowed = Array.from({ length: K }, (_, k) => k).filter((k) => k !== unusedLabel);
  const truth = Array.from({ length: items }, () => prng.pick(allowed));
  const ratings: CrowdRating[] = [];
  for (let r = 0; r < raters; r++) {
    const accuracy = prng.chance(0.2) ? 0 : 0.4 + 0.55 * prng.next();
    const density = 0.3 + 0.65 * prng.next();
    for (let i = 0; i < items; i++) {
      if (prng.chance(density)) ratings.push({ item: i, rater: r, label: prng.chance(accuracy) ? truth[i]! : prng.pick(allowed) });
    }
  }
  return { itemCount: items + prng.int(0, 2), raterCount: raters + prng.int(0, 1), categoryCount: K, ...ratingColumns(ratings) };
}

function confusionRow(fit: DawidSkeneFit, rater: number, trueLabel: number): number[] {
  const K = fit.categoryCount;
  return Array.from(fit.confusion.subarray((rater * K + trueLabel) * K, (rater * K + trueLabel + 1) * K));
}

describe("dawidSkene against crowd-kit's DawidSkene", () => {
  it('gives its posteriors, priors, confusion matrices, iterations and bound within 1e-9', () => {
    let largest = 0;
    const close = (actual: number, expected: number, where: string): void => {
      largest = Math.max(largest, Math.abs(actual - expected));
      expect(Math.abs(actual - expected), where).toBeLessThanOrEqual(1e-9);
    };
    expect(reference.cases.length).toBe(52);
    for (const study of reference.cases) {
      const fit = dawidSkene(study, { maxIterations: study.maxIterations, tolerance: study.tolerance });
      const K = study.categoryCount;
      expect(fit.iterations, study.name).toBe(study.iterations);
      expect(fit.converged, study.name).toBe(study.converged);
      close(fit.elbo, study.elbo, `${study.name} bound`);
      for (let c = 0; c < K; c++) close(fit.priors[c]!, study.priors[c]!, `${study.name} prior ${c}`);
      for (const [i, expected] of study.posteriors.entries()) {
        // crowd-kit's posteriors come back clipped at 1e-10 (its bound clips them in place), over the labels it knows; ours are not.
        for (let c = 0; c < K; c++) {
          const ours = fit.posteriors[i * K + c]!;
          if (expected === null) expect(ours, `${study.name} unrated item ${i}`).toBe(fit.priors[c]);
          else close(study.label.includes(c) ? Math.max(ours, EPS) : ours, expected[c]!, `${study.name} item ${i}`);
        }
      }
      const raterRated = (r: number): boolean => study.rater.includes(r);
      for (let r = 0; r < study.raterCount; r++) {
        for (let c = 0; c < K; c++) {
          const row = confusionRow(fit, r, c);
          for (let k = 0; k < K; k++) {
            const expected = study.confusion[r]![c]![k]!;
            if (expected !== null) close(row[k]!, expected, `${study.name} rater ${r} true ${c} observed ${k}`);
            // What crowd-kit leaves out: a rater or true label with no ratings is undefined, a label the rater never gave is 0.
            else if (!raterRated(r) || !study.label.includes(c)) expect(row[k], study.name).toBeNaN();
            else expect(row[k], study.name).toBe(0);
          }
        }
      }
    }
    console.log(`Dawid-Skene against crowd-kit, ${reference.cases.length} studies: largest deviation ${largest.toExponential(2)}`);
  });
});

describe('dawidSkene against a plainly written EM', () => {
  it('agrees within 1e-9 on 40 seeded studies, stopping at the same iteration', () => {
    const prng = createPrng(20260611);
    let largest = 0;
    const close = (actual: number, expected: number, where: string): void => {
      largest = Math.max(largest, Math.abs(actual - expected));
      expect(Math.abs(actual - expected), where).toBeLessThanOrEqual(1e-9);
    };
    for (let s = 0; s < 40; s++) {
      const study = seededStudy(prng);
      const maxIterations = s % 8 === 7 ? prng.int(1, 4) : 100;
      const tolerance = s % 3 === 0 ? 1e-7 : 1e-5;
      const fit = dawidSkene(study, { maxIterations, tolerance });
      const plain = plainDawidSkene(study, maxIterations, tolerance);
      const K = study.categoryCount;
      const where = `study ${s}`;
      expect(fit.iterations, where).toBe(plain.iterations);
      expect(fit.converged, where).toBe(plain.converged);
      close(fit.elbo, plain.elbo, `${where} bound`);
      for (let c = 0; c < K; c++) close(fit.priors[c]!, plain.priors[c]!, `${where} prior ${c}`);
      for (let i = 0; i < study.itemCount; i++) {
        for (let c = 0; c < K; c++) close(fit.posteriors[i * K + c]!, plain.posteriors[i]![c]!, `${where} item ${i}`);
      }
      for (let r = 0; r < study.raterCount; r++) {
        for (let c = 0; c < K; c++) {
          const row = confusionRow(fit, r, c);
          for (let k = 0; k < K; k++) {
            const expected = plain.confusion[r]![c]![k]!;
            if (Number.isNaN(expected) || plain.priors[c] === 0) expect(row[k], where).toBeNaN();
            else close(row[k]!, expected, `${where} rater ${r} true ${c} observed ${k}`);
          }
        }
      }
    }
    console.log(`Dawid-Skene against the plain EM, 40 studies: largest deviation ${largest.toExponential(2)}`);
  });

  it('takes a list of ratings as well as columns', () => {
    const list: CrowdRating[] = [
      { item: 0, rater: 0, label: 1 },
      { item: 0, rater: 1, label: 1 },
      { item: 1, rater: 0, label: 0 },
      { item: 1, rater: 1, label: 2 },
      { item: 2, rater: 1, label: 0 },
    ];
    const fromList = dawidSkene({ itemCount: 4, raterCount: 2, categoryCount: 3, ...ratingColumns(list) });
    const fromColumns = dawidSkene({ itemCount: 4, raterCount: 2, categoryCount: 3, item: [0, 0, 1, 1, 2], rater: [0, 1, 0, 1, 1], label: [1, 1, 0, 2, 0] });
    expect(fromList).toEqual(fromColumns);
    // Item 3 has no ratings: it gets the priors.
    expect(Array.from(fromList.posteriors.subarray(9, 12))).toEqual(Array.from(fromList.priors));
  });
});

describe('dawidSkene with item weights', () => {
  it('fits as if each item were there as many times as its weight (0: not at all), on 40 seeded studies', () => {
    const prng = createPrng(3305);
    for (let study = 0; study < 40; study++) {
      const ratings = seededStudy(prng);
      const weights = Array.from({ length: ratings.itemCount }, () => prng.int(0, 3));
      // At least one rating must count: the first rating's item weighs 1 or more.
      weights[ratings.item[0] as number] = Math.max(1, weights[ratings.item[0] as number] as number);
      // The copies: item i given weights[i] times over, each copy an item of its own.
      const copies: number[][] = weights.map(() => []);
      let next = 0;
      weights.forEach((weight, i) => {
        for (let copy = 0; copy < weight; copy++) (copies[i] as number[]).push(next++);
      });
      const list: CrowdRating[] = [];
      for (let n = 0; n < ratings.item.length; n++) {
        for (const item of copies[ratings.item[n] as number] as number[])
          list.push({ item, rater: ratings.rater[n] as number, label: ratings.label[n] as number });
      }
      const weighted = dawidSkene(ratings, { itemWeights: weights });
      const repeated = dawidSkene({
        itemCount: Math.max(next, 1),
        raterCount: ratings.raterCount,
        categoryCount: ratings.categoryCount,
        ...ratingColumns(list),
      });
      expect(weighted.iterations).toBe(repeated.iterations);
      expect(weighted.elbo).toBeCloseTo(repeated.elbo, 9);
      weighted.priors.forEach((prior, c) => expect(prior).toBeCloseTo(repeated.priors[c] as number, 9));
      weighted.confusion.forEach((entry, e) =>
        Number.isNaN(entry) ? expect(repeated.confusion[e]).toBeNaN() : expect(entry).toBeCloseTo(repeated.confusion[e] as number, 9),
      );
      weights.forEach((weight, i) => {
        const K = ratings.categoryCount;
        const first = copies[i]?.[0];
        if (weight === 0 || first === undefined) return;
        for (let c = 0; c < K; c++) expect(weighted.posteriors[i * K + c]).toBeCloseTo(repeated.posteriors[first * K + c] as number, 9);
      });
    }
  });

  it('refuses a weight list of the wrong length, a negative weight, and weights that leave no rating', () => {
    const ratings = { itemCount: 2, raterCount: 2, categoryCount: 2, item: [0, 1], rater: [0, 1], label: [0, 1] };
    expect(() => dawidSkene(ratings, { itemWeights: [1] })).toThrow('the item weights must have one entry per item (2), not 1');
    expect(() => dawidSkene(ratings, { itemWeights: [1, -1] })).toThrow('item 1: a weight must be a finite number of at least 0, not -1');
    expect(() => dawidSkene(ratings, { itemWeights: [0, 0] })).toThrow('Dawid-Skene needs at least one rating of an item of weight above 0');
  });
});

describe('dawidSkene on a simulated study with known raters', () => {
  it('recovers the confusion matrices, the priors and the raters accuracies', () => {
    const prng = createPrng(1979);
    const K = 3;
    const items = 600;
    const raters = 12;
    const trueShares = [0.5, 0.3, 0.2];
    const draw = (probabilities: readonly number[]): number => {
      let u = prng.next();
      for (const [k, p] of probabilities.entries()) {
        u -= p;
        if (u < 0) return k;
      }
      return probabilities.length - 1;
    };
    // Each rater: right with probability 0.55 to 0.9 per true label, the rest spread unevenly.
    const trueConfusion = Array.from({ length: raters }, () =>
      Array.from({ length: K }, (_, c) => {
        const right = 0.55 + 0.35 * prng.next();
        const split = prng.next();
        const others = [split, 1 - split];
        return Array.from({ length: K }, (__, k) => (k === c ? right : (1 - right) * others.shift()!));
      }),
    );
    const truth = Array.from({ length: items }, () => draw(trueShares));
    const ratings: CrowdRating[] = [];
    for (let i = 0; i < items; i++) {
      for (let r = 0; r < raters; r++) if (prng.chance(0.7)) ratings.push({ item: i, rater: r, label: draw(trueConfusion[r]![truth[i]!]!) });
    }
    const fit = dawidSkene({ itemCount: items, raterCount: raters, categoryCount: K, ...ratingColumns(ratings) });
    expect(fit.converged).toBe(true);

    let confusionError = 0;
    for (let r = 0; r < raters; r++) {
      for (let c = 0; c < K; c++) confusionRow(fit, r, c).forEach((p, k) => (confusionError += Math.abs(p - trueConfusion[r]![c]![k]!)));
    }
    confusionError /= raters * K * K;
    const priorError = trueShares.reduce((sum, share, c) => sum + Math.abs(fit.priors[c]! - share), 0) / K;
    const estimatedAccuracies = raterAccuracies(fit);
    const accuracyError =
      trueConfusion.reduce(
        (sum, matrix, r) => sum + Math.abs(estimatedAccuracies[r]! - matrix.reduce((total, row, c) => total + trueShares[c]! * row[c]!, 0)),
        0,
      ) / raters;
    let right = 0;
    for (let i = 0; i < items; i++) {
      const row = Array.from(fit.posteriors.subarray(i * K, (i + 1) * K));
      if (row.indexOf(Math.max(...row)) === truth[i]) right++;
    }
    console.log(
      `Dawid-Skene on ${items} simulated items, ${raters} raters, ${ratings.length} ratings: ${fit.iterations} iterations; mean absolute error ` +
        `${confusionError.toFixed(4)} on confusion entries, ${priorError.toFixed(4)} on priors, ${accuracyError.toFixed(4)} on rater accuracies; ` +
        `${((100 * right) / items).toFixed(1)}% of items given their true label`,
    );
    expect(confusionError).toBeLessThan(0.04);
    expect(priorError).toBeLessThan(0.03);
    expect(accuracyError).toBeLessThan(0.03);
    expect(right / items).toBeGreaterThan(0.9);
  });
});

describe('dawidSkene at the size the app meets', () => {
  it('fits 55 raters on 975 items with 9 labels to posteriors that sum to 1', () => {
    const prng = createPrng(55975);
    const K = 9;
    const ratings: CrowdRating[] = [];
    const truth = Array.from({ length: 975 }, () => prng.int(0, K - 1));
    for (let r = 0; r < 55; r++) {
      const accuracy = 0.3 + 0.6 * prng.next();
      for (const [i, label] of truth.entries())
        if (prng.chance(0.99)) ratings.push({ item: i, rater: r, label: prng.chance(accuracy) ? label : prng.int(0, K - 1) });
    }
    const fit = dawidSkene({ itemCount: 975, raterCount: 55, categoryCount: K, ...ratingColumns(ratings) });
    expect(fit.iterations).toBeGreaterThan(1);
    expect(fit.iterations).toBeLessThanOrEqual(100);
    for (let i = 0; i < 975; i++) {
      let total = 0;
      for (let c = 0; c < K; c++) total += fit.posteriors[i * K + c]!;
      expect(total).toBeCloseTo(1, 12);
    }
    for (const accuracy of raterAccuracies(fit)) expect(accuracy).toBeGreaterThan(0);
  });
});

describe('dawidSkene input checks', () => {
  const study = { itemCount: 2, raterCount: 2, categoryCount: 2, item: [0, 1], rater: [0, 1], label: [0, 1] };

  it('says what it expected', () => {
    expect(() => dawidSkene({ ...study, itemCount: 0 })).toThrow(new RangeError('the number of items must be a whole number of at least 1, not 0'));
    expect(() => dawidSkene({ ...study, categoryCount: 1.5 })).toThrow(/number of categories must be a whole number/);
    expect(() => dawidSkene({ ...study, item: [], rater: [], label: [] })).toThrow(new RangeError('Dawid-Skene needs at least one rating'));
    expect(() => dawidSkene({ ...study, label: [0] })).toThrow(/one entry per rating, not 2, 2 and 1/);
    expect(() => dawidSkene({ ...study, item: [0, 2] })).toThrow(new RangeError('rating 1: the item must be a whole number from 0 to 1, not 2'));
    expect(() => dawidSkene({ ...study, rater: [-1, 0] })).toThrow(/rating 0: the rater must be a whole number from 0 to 1, not -1/);
    expect(() => dawidSkene({ ...study, label: [0, NaN] })).toThrow(/rating 1: the label must be/);
    const listed = ratingColumns([{ item: 0, rater: 0, label: 1.5 }]);
    expect(() => dawidSkene({ ...study, ...listed })).toThrow(/rating 0: the label must be a whole number from 0 to 1, not 1.5/);
    expect(() => dawidSkene(study, { maxIterations: 0 })).toThrow(/maxIterations must be a whole number of at least 1, not 0/);
    expect(() => dawidSkene(study, { tolerance: -1 })).toThrow(/tolerance must be a finite number of at least 0, not -1/);
  });

  it('gives a rater with no ratings NaN, and a single label certainty', () => {
    const fit = dawidSkene({ itemCount: 2, raterCount: 2, categoryCount: 2, item: [0, 1], rater: [0, 0], label: [1, 1] });
    expect(Array.from(fit.posteriors)).toEqual([0, 1, 0, 1]);
    expect(Array.from(fit.priors)).toEqual([0, 1]);
    expect(confusionRow(fit, 0, 1)).toEqual([0, 1]);
    expect(confusionRow(fit, 0, 0).every(Number.isNaN)).toBe(true);
    expect(Array.from(raterAccuracies(fit))).toEqual([1, NaN]);
  });
});
