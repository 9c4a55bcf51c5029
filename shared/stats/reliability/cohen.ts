// Statistics for every pair of raters on the units both rated: percent agreement, Cohen's kappa
// (Cohen 1960) unweighted and with linear and quadratic weights (Cohen 1968; Cicchetti-Allison
// linear), and Scott's pi (Scott 1955). Weights are by distance on the scale, as AC2 and interval
// alpha measure it: the values when the categories are numbers, positions in a declared order
// otherwise; nominal labels have no distance, so their weighted kappas are undefined.

import { REASONS, undefinedCoefficient, type Coefficient } from './coefficient';
import type { RatingTable } from './rating-table';

export interface RaterPair {
  a: string;
  b: string;
  /** Units both raters rated. */
  n: number;
  percentAgreement: Coefficient;
  cohenKappa: Coefficient;
  cohenKappaLinear: Coefficient;
  cohenKappaQuadratic: Coefficient;
  scottPi: Coefficient;
}

/** Every pair of raters a < b in the table's rater order; two passes over the units per pair, no q x q matrix. */
export function raterPairs(table: RatingTable): RaterPair[] {
  const r = table.raters.length;
  const q = table.categories.length;
  const rows = new Float64Array(q);
  const cols = new Float64Array(q);
  // Numbers are their own coordinates; a declared order has only positions; nominal labels have none.
  const coordinate = table.values ?? (table.ordered ? Float64Array.from(table.categories, (_, k) => k) : null);
  const pairs: RaterPair[] = [];
  for (let a = 0; a < r; a++) {
    for (let b = a + 1; b < r; b++) {
      pairs.push(pairStatistics(table, a, b, rows, cols, coordinate));
    }
  }
  return pairs;
}

function pairStatistics(table: RatingTable, a: number, b: number, rows: Float64Array, cols: Float64Array, coordinate: Float64Array | null): RaterPair {
  const { codes } = table;
  const r = table.raters.length;
  const names = { a: table.raters[a] as string, b: table.raters[b] as string };
  rows.fill(0);
  cols.fill(0);
  let n = 0;
  let agreements = 0;
  for (let row = 0; row < codes.length; row += r) {
    const ca = codes[row + a] as number;
    const cb = codes[row + b] as number;
    if (ca < 0 || cb < 0) continue;
    n++;
    rows[ca] = (rows[ca] as number) + 1;
    cols[cb] = (cols[cb] as number) + 1;
    if (ca === cb) agreements++;
  }
  if (n === 0) {
    const none = undefinedCoefficient(REASONS.noCommonUnit);
    return { ...names, n, percentAgreement: none, cohenKappa: none, cohenKappaLinear: none, cohenKappaQuadratic: none, scottPi: none };
  }
  const observed = agreements / n;
  const percentAgreement: Coefficient = { value: observed, observed, expected: null };

  // Sums over the categories this pair used for the chance terms, with x_k the category's coordinate.
  let used = 0;
  let rowCol = 0;
  let sharedSquares = 0;
  let colTotal = 0;
  let colMoment = 0;
  let rowMoment = 0;
  let rowSquares = 0;
  let colSquares = 0;
  let low = Infinity;
  let high = -Infinity;
  for (let k = 0; k < rows.length; k++) {
    const rk = rows[k] as number;
    const ck = cols[k] as number;
    if (rk + ck === 0) continue;
    used++;
    rowCol += rk * ck;
    sharedSquares += (rk + ck) * (rk + ck);
    if (coordinate === null) continue;
    const x = coordinate[k] as number;
    low = Math.min(low, x);
    high = Math.max(high, x);
    colTotal += ck;
    colMoment += ck * x;
    rowMoment += rk * x;
    rowSquares += rk * x * x;
    colSquares += ck * x * x;
  }
  if (used < 2) {
    const none = undefinedCoefficient(REASONS.noPairVariation, observed, 1);
    return { ...names, n, percentAgreement, cohenKappa: none, cohenKappaLinear: none, cohenKappaQuadratic: none, scottPi: none };
  }
  const n2 = n * n;
  const unweighted = {
    // (n A - sum_k row_k col_k) / (n^2 - sum_k row_k col_k)
    cohenKappa: { value: (n * agreements - rowCol) / (n2 - rowCol), observed, expected: rowCol / n2 },
    // Scott's pi: chance from the pooled marginals s_k = row_k + col_k, p_e = sum s_k^2 / (2n)^2.
    scottPi: { value: (4 * n * agreements - sharedSquares) / (4 * n2 - sharedSquares), observed, expected: sharedSquares / (4 * n2) },
  };
  if (coordinate === null) {
    const none = undefinedCoefficient(REASONS.nominalWeights);
    return { ...names, n, percentAgreement, ...unweighted, cohenKappaLinear: none, cohenKappaQuadratic: none };
  }
  // Chance disagreement sum_kl row_k col_l |x_k - x_l|, with running sums of the columns below k (x ascends with k).
  let linearChance = 0;
  let colBelow = 0;
  let colMomentBelow = 0;
  for (let k = 0; k < rows.length; k++) {
    const rk = rows[k] as number;
    const ck = cols[k] as number;
    if (rk + ck === 0) continue;
    const x = coordinate[k] as number;
    colBelow += ck;
    colMomentBelow += ck * x;
    linearChance += rk * (x * colBelow - colMomentBelow + (colMoment - colMomentBelow) - x * (colTotal - colBelow));
  }
  const quadraticChance = n * rowSquares + n * colSquares - 2 * rowMoment * colMoment;
  let linearObserved = 0;
  let quadraticObserved = 0;
  for (let row = 0; row < codes.length; row += r) {
    const ca = codes[row + a] as number;
    const cb = codes[row + b] as number;
    if (ca < 0 || cb < 0 || ca === cb) continue;
    const d = (coordinate[ca] as number) - (coordinate[cb] as number);
    linearObserved += Math.abs(d);
    quadraticObserved += d * d;
  }
  // The range of the pair's own categories, as AC2 takes the range of its scale: it keeps the
  // reported observed and expected agreement in 0..1, and cancels in kappa itself.
  const range = high - low;
  return {
    ...names,
    n,
    percentAgreement,
    cohenKappa: unweighted.cohenKappa,
    // Weighted kappa 1 - n sum(observed d) / sum(chance d): the scale of d cancels.
    cohenKappaLinear: weighted(n, linearObserved, linearChance, range),
    cohenKappaQuadratic: weighted(n, quadraticObserved, quadraticChance, range * range),
    scottPi: unweighted.scottPi,
  };
}

/** Weighted kappa from disagreement sums, with observed and expected agreement for weights 1 - d / dMax. */
function weighted(n: number, observedSum: number, chanceSum: number, dMax: number): Coefficient {
  return {
    value: (chanceSum - n * observedSum) / chanceSum,
    observed: 1 - observedSum / (n * dMax),
    expected: 1 - chanceSum / (n * n * dMax),
  };
}
