// MACE, Multi-Annotator Competence Estimation (Hovy, Berg-Kirkpatrick, Vaswani and Hovy, NAACL 2013):
// each rater either knows an item's true label and gives it, or spams it from their own label
// distribution; EM or variational Bayes finds each item's label posterior, each rater's competence
// (the weight of knowing) and spamming strategy. The updates are those of Toloka's crowd-kit
// (Toloka/crowd-kit@35f0661, crowdkit/aggregation/classification/mace.py; checked against it in the
// tests), computed in log space so that items with many ratings do not underflow. Where this departs:
// - restarts draw different starting points (crowd-kit reseeds every restart with the same seed, so
//   its restarts are one run repeated); the draws are from the same distribution, not the same numbers;
// - the best restart is the one of highest log marginal likelihood, as in crowd-kit, but without the
//   1e-8 crowd-kit adds to each item's likelihood, which on items with tens of ratings outweighs the
//   likelihood itself and leaves restarts tied; `itemLogLikelihoods` gives what crowd-kit's sum needs;
// - raters and labels keep their own indices: crowd-kit's strategy counts come out in sorted order of
//   rater and label names and are read in order of first appearance, which mixes them up whenever
//   the two orders differ (its own `simple_answers_df` is such a case);
// - the number of categories is given, so a category nobody used is still a category (crowd-kit knows
//   only the labels it sees; the two agree when every category is used).

import { createPrng } from '../../random/prng';
import type { CrowdRatings } from './crowd-ratings';

/** Where one restart starts: each rater's weight of knowing, in (0, 1), and positive strategy weights per category. */
export interface MaceStart {
  competence: ArrayLike<number>;
  strategies: readonly ArrayLike<number>[];
}

export interface MaceOptions {
  /** 'vb' (variational Bayes with the priors below, crowd-kit's default) or 'em' (smoothed counts). */
  method?: 'vb' | 'em';
  /** Updates per restart; there is no convergence test, as in crowd-kit. 50 by default. */
  iterations?: number;
  /** Seeded restarts, 10 by default; ignored when `starts` is given. */
  restarts?: number;
  seed?: number;
  /** Given starting points, one restart each, instead of seeded draws. */
  starts?: readonly MaceStart[];
  /** What 'em' adds to each expected count before normalising; 0.01 / categories by default, as crowd-kit. */
  smoothing?: number;
  /** 'vb': the Beta prior's weight on spamming (alpha) and on knowing (beta), 0.5 each. */
  alpha?: number;
  beta?: number;
  /** 'vb': the symmetric Dirichlet prior on each rater's strategy, 10 as in crowd-kit. */
  strategyPrior?: number;
  /**
   * How many times each item counts in the fit and its likelihood, as if it were there that many
   * times over (a bootstrap replicate's draws): 0 leaves it out. 1 for every item by default.
   */
  itemWeights?: ArrayLike<number>;
}

export interface MaceResult {
  /** Per item, the posterior of its true label over the categories (uniform for an item nobody rated). */
  posteriors: Float64Array[];
  /**
   * Per rater, the weight of knowing (not spamming). Under 'em' it is a probability, and 1 minus it
   * the weight of spamming; under 'vb' it is exp E[log theta], as crowd-kit and the MACE paper use it,
   * a little below the posterior mean (0.25 for a rater with no ratings, with the default priors).
   */
  competence: Float64Array;
  /** Per rater, the weights of each category when spamming (under 'vb', again exp E[log xi]). */
  strategies: Float64Array[];
  /** The log marginal likelihood of all ratings under the returned parameters. */
  logLikelihood: number;
  /** Per item, the log likelihood of its ratings (0 for an item nobody rated). */
  itemLogLikelihoods: Float64Array;
  /** The updates each restart ran: the option, as there is no convergence test. */
  iterations: number;
  /** Which restart gave the result, from 0. */
  restart: number;
}

const DEFAULT_ITERATIONS = 50;
const DEFAULT_RESTARTS = 10;
const DEFAULT_PRIOR = 0.5;
const DEFAULT_STRATEGY_PRIOR = 10;
// crowd-kit starts each rater's two weights and each strategy weight uniform on [1, 1 + 1.5] before
// normalising (its default_noise 0.5 given to scipy's uniform as the scale 1 + 0.5).
const START_SPREAD = 1.5;

/** Fits MACE to the ratings; throws RangeError on ratings or an option that cannot be fitted. */
export function fitMace(study: CrowdRatings, options: MaceOptions = {}): MaceResult {
  const { itemCount: items, raterCount: raters, categoryCount: categories } = study;
  requireCount('items', items, 0);
  requireCount('raters', raters, 1);
  requireCount('categories', categories, 1);
  const method = options.method ?? 'vb';
  if (method !== 'vb' && method !== 'em') throw new RangeError(`the method must be 'vb' or 'em', not ${String(method)}`);
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  requireCount('iterations', iterations, 0);
  const smoothing = options.smoothing ?? 0.01 / categories;
  const alpha = options.alpha ?? DEFAULT_PRIOR;
  const beta = options.beta ?? DEFAULT_PRIOR;
  const strategyPrior = options.strategyPrior ?? DEFAULT_STRATEGY_PRIOR;
  for (const [name, value] of [
    ['smoothing', smoothing],
    ['alpha', alpha],
    ['beta', beta],
    ['strategyPrior', strategyPrior],
  ] as const) {
    if (!(value > 0 && Number.isFinite(value))) throw new RangeError(`${name} must be a finite number more than 0, not ${value}`);
  }
  const ratings = ratingColumns(study);
  const starts = options.starts ?? seededStarts(raters, categories, options.restarts ?? DEFAULT_RESTARTS, options.seed ?? 0);
  if (starts.length === 0) throw new RangeError('MACE needs at least one start');

  const model = createModel(items, raters, categories, ratings, itemWeightsOf(items, options.itemWeights));
  const update = method === 'vb' ? () => variationalUpdate(model, alpha, beta, strategyPrior) : () => smoothedUpdate(model, smoothing);
  let best: MaceResult | null = null;
  for (const [restart, start] of starts.entries()) {
    startAt(model, start, restart);
    let logLikelihood = expectation(model);
    for (let i = 0; i < iterations; i++) {
      update();
      logLikelihood = expectation(model);
    }
    if (best === null || logLikelihood > best.logLikelihood) best = resultOf(model, logLikelihood, iterations, restart);
  }
  return best as MaceResult;
}

function itemWeightsOf(items: number, given: ArrayLike<number> | undefined): Float64Array {
  const weights = new Float64Array(items).fill(1);
  if (given === undefined) return weights;
  if (given.length !== items) throw new RangeError(`the item weights must have one entry per item (${items}), not ${given.length}`);
  for (let t = 0; t < items; t++) {
    const weight = given[t]!;
    if (!(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`item ${t}: a weight must be a finite number of at least 0, not ${weight}`);
    weights[t] = weight;
  }
  return weights;
}

function requireCount(name: string, value: number, least: number): void {
  if (!(Number.isInteger(value) && value >= least)) throw new RangeError(`${name} must be an integer of at least ${least}, not ${value}`);
}

interface RatingColumns {
  item: Int32Array;
  rater: Int32Array;
  label: Int32Array;
}

/** The ratings checked, as integer columns. */
function ratingColumns({ itemCount: items, raterCount: raters, categoryCount: categories, item, rater, label }: CrowdRatings): RatingColumns {
  const count = item.length;
  if (rater.length !== count || label.length !== count) {
    throw new RangeError(`the rating columns must have one length, not ${count} items, ${rater.length} raters and ${label.length} labels`);
  }
  const column = (what: string, values: ArrayLike<number>, bound: number): Int32Array =>
    Int32Array.from({ length: count }, (_, r) => {
      const value = values[r]!;
      if (!(Number.isInteger(value) && value >= 0 && value < bound)) {
        throw new RangeError(`rating ${r}: the ${what} must be an integer from 0 to ${bound - 1}, not ${value}`);
      }
      return value;
    });
  return { item: column('item', item, items), rater: column('rater', rater, raters), label: column('label', label, categories) };
}

function seededStarts(raters: number, categories: number, restarts: number, seed: number): MaceStart[] {
  requireCount('restarts', restarts, 1);
  if (!Number.isFinite(seed)) throw new RangeError(`the seed must be a finite number, not ${seed}`);
  const prng = createPrng(seed);
  const draw = (): number => 1 + START_SPREAD * prng.next();
  return Array.from({ length: restarts }, () => {
    const competence = Float64Array.from({ length: raters }, () => {
      const spamming = draw();
      const knowing = draw();
      return knowing / (spamming + knowing);
    });
    const strategies = Array.from({ length: raters }, () => {
      const weights = Float64Array.from({ length: categories }, draw);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      return weights.map((weight) => weight / total);
    });
    return { competence, strategies };
  });
}

/**
 * The parameters and what the E step works out, in flat typed arrays allocated once for all
 * restarts. Index w * K + a is rater w's label a; t * K + k is item t's category k. The steps take
 * them as locals, which keeps the loops as fast in every fit as in the first.
 */
function createModel(items: number, raters: number, K: number, ratings: RatingColumns, itemWeight: Float64Array) {
  const count = ratings.item.length;
  const raterLabel = new Int32Array(count);
  const itemLabel = new Int32Array(count);
  for (let r = 0; r < count; r++) {
    raterLabel[r] = ratings.rater[r]! * K + ratings.label[r]!;
    itemLabel[r] = ratings.item[r]! * K + ratings.label[r]!;
  }
  return {
    items,
    raters,
    K,
    count,
    logUniform: Math.log(K),
    itemOf: ratings.item,
    raterOf: ratings.rater,
    itemWeight,
    raterLabel,
    itemLabel,
    spamming: new Float64Array(raters),
    knowing: new Float64Array(raters),
    strategy: new Float64Array(raters * K),
    // For a rating of label a by rater w, with A = spamming * strategy[a] and B = knowing: the rating's
    // likelihood is A + B if the item's label is a and A otherwise, and given that the label is a the
    // rating was spammed with probability A / (A + B).
    logSpammed: new Float64Array(raters * K),
    logKnownOverSpammed: new Float64Array(raters * K),
    spammedShare: new Float64Array(raters * K),
    knownShare: new Float64Array(raters * K),
    itemBase: new Float64Array(items),
    logJoint: new Float64Array(items * K),
    posterior: new Float64Array(items * K),
    othersPosterior: new Float64Array(items * K),
    itemLogLikelihood: new Float64Array(items),
    knowingCount: new Float64Array(raters),
    strategyCount: new Float64Array(raters * K),
  };
}

type Model = ReturnType<typeof createModel>;

function startAt(model: Model, start: MaceStart, restart: number): void {
  const { raters, K, spamming, knowing, strategy } = model;
  const where = `start ${restart}`;
  if (start.competence.length !== raters) throw new RangeError(`${where}: competence needs one value per rater (${raters}), not ${start.competence.length}`);
  if (start.strategies.length !== raters) throw new RangeError(`${where}: strategies need one row per rater (${raters}), not ${start.strategies.length}`);
  for (let w = 0; w < raters; w++) {
    const competence = start.competence[w]!;
    if (!(competence > 0 && competence < 1)) throw new RangeError(`${where}: rater ${w}'s competence must be more than 0 and less than 1, not ${competence}`);
    knowing[w] = competence;
    spamming[w] = 1 - competence;
    const row = start.strategies[w]!;
    if (row.length !== K) throw new RangeError(`${where}: rater ${w}'s strategy needs one weight per category (${K}), not ${row.length}`);
    for (let a = 0; a < K; a++) {
      const weight = row[a]!;
      if (!(weight > 0 && Number.isFinite(weight)))
        throw new RangeError(`${where}: rater ${w}'s strategy weights must be finite and more than 0, not ${weight}`);
      strategy[w * K + a] = weight;
    }
  }
}

/** The E step: posteriors, expected counts, and the log marginal likelihood it returns. */
function expectation(model: Model): number {
  const {
    items,
    raters,
    K,
    count,
    logUniform,
    itemOf,
    raterOf,
    itemWeight,
    raterLabel,
    itemLabel,
    spamming,
    knowing,
    strategy,
    logSpammed,
    logKnownOverSpammed,
    spammedShare,
    knownShare,
    itemBase,
    logJoint,
    posterior,
    othersPosterior,
    itemLogLikelihood,
    knowingCount,
    strategyCount,
  } = model;
  for (let w = 0; w < raters; w++) {
    for (let a = 0; a < K; a++) {
      const spammed = spamming[w]! * strategy[w * K + a]!;
      const known = knowing[w]!;
      logSpammed[w * K + a] = Math.log(spammed);
      logKnownOverSpammed[w * K + a] = Math.log1p(known / spammed);
      spammedShare[w * K + a] = spammed / (spammed + known);
      knownShare[w * K + a] = known / (spammed + known);
    }
  }
  itemBase.fill(0);
  logJoint.fill(0);
  for (let r = 0; r < count; r++) {
    itemBase[itemOf[r]!]! += logSpammed[raterLabel[r]!]!;
    logJoint[itemLabel[r]!]! += logKnownOverSpammed[raterLabel[r]!]!;
  }
  let logLikelihood = 0;
  for (let t = 0; t < items; t++) {
    const row = t * K;
    let largest = -Infinity;
    for (let k = 0; k < K; k++) {
      const value = logJoint[row + k]! + itemBase[t]! - logUniform;
      logJoint[row + k] = value;
      if (value > largest) largest = value;
    }
    let total = 0;
    for (let k = 0; k < K; k++) {
      const weight = Math.exp(logJoint[row + k]! - largest);
      posterior[row + k] = weight;
      total += weight;
    }
    // The posterior of every category but k, summed from both ends rather than as 1 minus the
    // posterior of k, which would lose the small values when one category is nearly certain.
    let before = 0;
    for (let k = 0; k < K; k++) {
      posterior[row + k]! /= total;
      othersPosterior[row + k] = before;
      before += posterior[row + k]!;
    }
    let after = 0;
    for (let k = K - 1; k >= 0; k--) {
      othersPosterior[row + k]! += after;
      after += posterior[row + k]!;
    }
    itemLogLikelihood[t] = largest + Math.log(total);
    logLikelihood += itemWeight[t]! * itemLogLikelihood[t]!;
  }
  knowingCount.fill(0);
  strategyCount.fill(0);
  for (let r = 0; r < count; r++) {
    const weight = itemWeight[itemOf[r]!]!;
    if (weight === 0) continue;
    const own = posterior[itemLabel[r]!]!;
    knowingCount[raterOf[r]!]! += weight * own * knownShare[raterLabel[r]!]!;
    strategyCount[raterLabel[r]!]! += weight * (othersPosterior[itemLabel[r]!]! + own * spammedShare[raterLabel[r]!]!);
  }
  return logLikelihood;
}

/** The 'em' M step: expected counts plus the smoothing, normalised. */
function smoothedUpdate(model: Model, smoothing: number): void {
  const { raters, K, spamming, knowing, strategy, knowingCount, strategyCount } = model;
  for (let w = 0; w < raters; w++) {
    let spammed = 0;
    for (let a = 0; a < K; a++) spammed += strategyCount[w * K + a]!;
    const total = spammed + knowingCount[w]! + 2 * smoothing;
    spamming[w] = (spammed + smoothing) / total;
    knowing[w] = (knowingCount[w]! + smoothing) / total;
    const strategyTotal = spammed + K * smoothing;
    for (let a = 0; a < K; a++) strategy[w * K + a] = (strategyCount[w * K + a]! + smoothing) / strategyTotal;
  }
}

/** The 'vb' M step: exp E[log p] under the Beta and Dirichlet posteriors, which sum to a little under 1. */
function variationalUpdate(model: Model, alpha: number, beta: number, strategyPrior: number): void {
  const { raters, K, spamming, knowing, strategy, knowingCount, strategyCount } = model;
  for (let w = 0; w < raters; w++) {
    let spammed = 0;
    for (let a = 0; a < K; a++) spammed += strategyCount[w * K + a]!;
    const digammaTotal = digamma(spammed + knowingCount[w]! + alpha + beta);
    spamming[w] = Math.exp(digamma(spammed + alpha) - digammaTotal);
    knowing[w] = Math.exp(digamma(knowingCount[w]! + beta) - digammaTotal);
    const digammaStrategyTotal = digamma(spammed + K * strategyPrior);
    for (let a = 0; a < K; a++) strategy[w * K + a] = Math.exp(digamma(strategyCount[w * K + a]! + strategyPrior) - digammaStrategyTotal);
  }
}

function resultOf(model: Model, logLikelihood: number, iterations: number, restart: number): MaceResult {
  const { items, raters, K, posterior, knowing, strategy, itemLogLikelihood } = model;
  return {
    posteriors: Array.from({ length: items }, (_, t) => posterior.slice(t * K, (t + 1) * K)),
    competence: knowing.slice(),
    strategies: Array.from({ length: raters }, (_, w) => strategy.slice(w * K, (w + 1) * K)),
    logLikelihood,
    itemLogLikelihoods: itemLogLikelihood.slice(),
    iterations,
    restart,
  };
}

/** The digamma function for x > 0: the recurrence up to 10, then its asymptotic series (error near 1e-16). */
function digamma(x: number): number {
  let shifted = x;
  let value = 0;
  while (shifted < 10) {
    value -= 1 / shifted;
    shifted += 1;
  }
  const inverseSquare = 1 / (shifted * shifted);
  // Bernoulli terms B_2n / (2n x^2n) for n = 1 to 7.
  const series =
    inverseSquare *
    (1 / 12 -
      inverseSquare *
        (1 / 120 - inverseSquare * (1 / 252 - inverseSquare * (1 / 240 - inverseSquare * (1 / 132 - inverseSquare * (691 / 32760 - inverseSquare / 12))))));
  return value + Math.log(shifted) - 0.5 / shifted - series;
}
