// Active inference of a mean (Zrnic and Candes, "Active Statistical Inference", ICML 2024), issue 32
// point 4, "what to label next": ask people about each unit with a probability that grows with the
// judge's uncertainty on it, draw the units to label, and weight each label by one over its
// probability so the prediction-powered estimate stays unbiased while the labels go where the judge
// is least sure. Computed as the authors' code computes it (tijana-zrnic/active-inference@0f99f7e,
// the mean experiment of pew79-post-election-research.ipynb; checked against it in the tests):
//   pi = (1 - tau) eta u + tau budget / N, eta = (budget / N) / mean(u), tau the mix with the uniform rule;
//   estimate = mean over all N units of f + (xi / pi)(y - f), xi 1 for a labelled unit;
//   se = the standard deviation of those N terms (over N) / sqrt(N); the interval estimate -/+ z(0.975) se.
// Their code clips pi at 1 and so spends less than the budget where it clips; here the probability
// the clipped units lose is spread over the others in proportion, so the expected number of labels
// is the budget. The power-tuning weight of PPI++ is not used, as in their code (lambda 1).

import type { Interval } from './interval';
import { createPrng } from '../random/prng';
import { normalQuantile } from './normal-quantile';

/** A unit drawn for people to label and the probability it had, which its label's weight needs. */
export interface SampledUnit {
  /** The unit's index in the list of all units. */
  unit: number;
  probability: number;
}

/** A drawn unit with the value people gave it. */
export interface LabelledUnit extends SampledUnit {
  label: number;
}

/** The mix with the uniform rule (tau) when none is given; why 0.5, at samplingProbabilities. */
export const DEFAULT_MIXING = 0.5;

export interface ActiveMean {
  estimate: number;
  se: number;
  ci95: Interval;
}

/**
 * The probability of asking people about each unit, from the judge's uncertainty on it (a number in
 * [0, 1] per unit), so that the expected number of labels is `budget` (more than 0, at most the number
 * of units). The uncertainty the app feeds is one of: the disagreement among a judge's k repeated
 * samples on the unit (the share of them off their majority label), 1 minus the judge's largest label
 * probability (for two labels min(p, 1 - p), the authors' own measure for a classifier), or the
 * disagreement between judges on the unit. Only its relative size matters: u and 2u give the same
 * probabilities. The paper's variance-minimising rule for a mean is proportional to the root of the
 * judge's expected squared error; the authors' code feeds the uncertainty itself, and so does this.
 *
 * `mixing` (tau, in (0, 1]) mixes in the uniform rule, so no unit's probability falls below mixing
 * times budget / N: a unit the judge is sure of must still be drawable, or its errors would bias the
 * estimate, and an uncertainty that proves uninformative costs at most a factor 1 / mixing on the
 * labels' share of the variance. The authors tune tau on held-out labels in their Pew experiment and
 * fix it elsewhere (0.5 in the AlphaFold and sequential ones, 0.001 in the census one): 0.5 is the
 * default here, as the app has no labels before it asks.
 */
export function samplingProbabilities(uncertainty: readonly number[], budget: number, mixing = DEFAULT_MIXING): number[] {
  const N = uncertainty.length;
  if (N === 0) throw new RangeError('sampling probabilities need at least one unit');
  if (!(budget > 0 && budget <= N)) throw new RangeError(`the budget must be more than 0 and at most the ${N} units, not ${budget}`);
  if (!(mixing > 0 && mixing <= 1)) throw new RangeError(`the mixing with the uniform rule must be more than 0 and at most 1, not ${mixing}`);
  let total = 0;
  for (const [i, u] of uncertainty.entries()) {
    if (!(u >= 0 && u <= 1)) throw new RangeError(`uncertainty must be from 0 to 1, not ${u} (unit ${i})`);
    total += u;
  }
  // Each unit's weight relative to the uniform rule (they average 1). Where the judge is sure of every
  // unit the uncertainty points nowhere, and the rule is the uniform one.
  const meanUncertainty = total / N;
  const weights = uncertainty.map((u) => (meanUncertainty > 0 ? (1 - mixing) * (u / meanUncertainty) + mixing : 1));
  // Probabilities are min(1, scale * weight) with the scale that spends the budget. The units capped
  // at 1 are those of largest weight: take them in turn while the scale left for the rest would put
  // the next one at or above 1.
  const order = weights.map((_, i) => i).sort((a, b) => (weights[b] as number) - (weights[a] as number));
  let rest = 0;
  for (const weight of weights) rest += weight;
  let capped = 0;
  let scale = budget / rest;
  while (capped < N && scale * (weights[order[capped] as number] as number) >= 1) {
    rest -= weights[order[capped] as number] as number;
    capped++;
    scale = capped < N ? (budget - capped) / rest : 0;
  }
  const probabilities = weights.map((weight) => scale * weight);
  for (let k = 0; k < capped; k++) probabilities[order[k] as number] = 1;
  return probabilities;
}

/**
 * Which units to label: each unit independently with its probability, by the app's seeded generator
 * (one draw per unit, in order), so a seed always gives the same units. The probabilities are kept
 * with the units because the estimate weights each label by one over its own.
 */
export function drawActiveSample(probabilities: readonly number[], seed: number): SampledUnit[] {
  for (const [i, probability] of probabilities.entries()) {
    if (!(probability > 0 && probability <= 1))
      throw new RangeError(`a sampling probability must be more than 0 and at most 1, not ${probability} (unit ${i})`);
  }
  const random = createPrng(seed);
  const drawn: SampledUnit[] = [];
  for (const [unit, probability] of probabilities.entries()) if (random.chance(probability)) drawn.push({ unit, probability });
  return drawn;
}

/**
 * The active estimate of the people's mean over all units: `predicted` holds the judge's value on every
 * unit (N of them), `labelled` the units drawn by `drawActiveSample` with people's values. Unbiased
 * when the drawn units were drawn independently with the probabilities given; its interval is the
 * central limit theorem's, so it wants many units.
 */
export function activeMean(predicted: readonly number[], labelled: readonly LabelledUnit[]): ActiveMean {
  const N = predicted.length;
  if (N === 0) throw new RangeError('an active mean needs at least one unit');
  for (const [i, value] of predicted.entries())
    if (!Number.isFinite(value)) throw new RangeError(`the judge's value must be a number, not ${value} (unit ${i})`);
  // Each unit's term: the judge's value, corrected where people labelled it by their difference over its probability.
  const terms = [...predicted];
  const seen = new Set<number>();
  for (const { unit, probability, label } of labelled) {
    if (!(Number.isInteger(unit) && unit >= 0 && unit < N)) throw new RangeError(`a labelled unit must be one of the ${N} units, not ${unit}`);
    if (seen.has(unit)) throw new RangeError(`unit ${unit} is labelled twice`);
    seen.add(unit);
    if (!(probability > 0 && probability <= 1))
      throw new RangeError(`labelled unit ${unit} has sampling probability ${probability}: it must be more than 0 and at most 1`);
    if (!Number.isFinite(label)) throw new RangeError(`labelled unit ${unit} has label ${label}: it must be a number`);
    terms[unit] = (predicted[unit] as number) + (label - (predicted[unit] as number)) / probability;
  }
  let sum = 0;
  for (const term of terms) sum += term;
  const estimate = sum / N;
  let squares = 0;
  for (const term of terms) squares += (term - estimate) ** 2;
  const se = Math.sqrt(squares / N / N);
  const half = normalQuantile(0.975) * se;
  return { estimate, se, ci95: [estimate - half, estimate + half] };
}
