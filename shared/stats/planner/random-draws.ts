// Seeded draws the planner's simulation needs beyond a uniform number: a category by its shares,
// a normal, a gamma, a beta given its mean and intra-cluster correlation, and a Dirichlet. All
// from the study generator's mulberry32 (random/prng.ts), so a seed gives the same plan everywhere.

import type { Prng } from '../../random/prng';

/** The index of a category drawn with the given shares (they need not sum to 1 exactly; the last takes the rest). */
export function drawCategory(prng: Prng, shares: ArrayLike<number>): number {
  let u = prng.next();
  for (let c = 0; c < shares.length - 1; c++) {
    u -= shares[c] as number;
    if (u < 0) return c;
  }
  return shares.length - 1;
}

/** A standard normal draw (Box-Muller; the second value is dropped, so each call costs two uniforms). */
export function drawNormal(prng: Prng): number {
  const u = 1 - prng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next());
}

/** A gamma draw of the given shape and scale 1 (Marsaglia and Tsang 2000; shapes below 1 boosted by U^(1/shape)). */
export function drawGamma(prng: Prng, shape: number): number {
  if (!(shape > 0)) throw new RangeError(`a gamma shape must be above 0, not ${shape}`);
  if (shape < 1) return drawGamma(prng, shape + 1) * Math.pow(1 - prng.next(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = drawNormal(prng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - prng.next();
    if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/**
 * A share drawn from the beta distribution with mean `mean` whose draws, used as each cluster's
 * chance of a 0/1 outcome, give the outcomes intra-cluster correlation `icc` (beta-binomial:
 * icc = 1 / (alpha + beta + 1)). `mean` itself at icc 0 or at a mean of 0 or 1.
 */
export function drawBetaShare(prng: Prng, mean: number, icc: number): number {
  if (!(icc > 0) || !(mean > 0 && mean < 1)) return mean;
  const concentration = (1 - icc) / icc;
  const a = drawGamma(prng, mean * concentration);
  const b = drawGamma(prng, (1 - mean) * concentration);
  return a + b > 0 ? a / (a + b) : mean;
}

/**
 * Shares drawn from the Dirichlet distribution with mean `mean` whose draws, used as each cluster's
 * category chances, give any score of the categories intra-cluster correlation `icc`
 * (Dirichlet-multinomial: 1 / (concentration + 1)). Written into `out`; `mean` itself at icc 0.
 */
export function drawDirichletShares(prng: Prng, mean: ArrayLike<number>, icc: number, out: Float64Array): Float64Array {
  if (!(icc > 0)) {
    for (let c = 0; c < mean.length; c++) out[c] = mean[c] as number;
    return out;
  }
  const concentration = (1 - icc) / icc;
  let sum = 0;
  for (let c = 0; c < mean.length; c++) {
    const share = mean[c] as number;
    const draw = share > 0 ? drawGamma(prng, share * concentration) : 0;
    out[c] = draw;
    sum += draw;
  }
  for (let c = 0; c < mean.length; c++) out[c] = sum > 0 ? (out[c] as number) / sum : (mean[c] as number);
  return out;
}
