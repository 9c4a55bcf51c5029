// Test helper: the statistics written the slow, literal way from their published definitions
// (a coincidence matrix built pair by pair, per-unit loops, a confusion matrix per rater pair),
// to cross-check the engine's pattern sums on random data. Values are numeric strings.

import type { Rating } from '../../../../shared/stats/reliability';

export interface Reference {
  alpha: { nominal: number | null; ordinal: number | null; interval: number | null; ratio: number | null };
  percentAgreement: number | null;
  gwetAC1: number | null;
  fleissKappa: number | null;
  brennanPrediger: number | null;
  congerKappa: number | null;
  fleissKappaCompleteCases: number | null;
  cohen: Map<string, { kappa: number | null; linear: number | null; quadratic: number | null; scott: number | null }>;
}

export function reference(ratings: readonly Rating[]): Reference {
  const categories = [...new Set(ratings.map((r) => Number(r.value)))].sort((a, b) => a - b);
  const q = categories.length;
  const code = (value: string) => categories.indexOf(Number(value));
  const raters = [...new Set(ratings.map((r) => r.rater))].sort();
  const byUnit = new Map<string, Map<string, number>>();
  for (const r of ratings) {
    const unit = byUnit.get(r.unit) ?? new Map<string, number>();
    unit.set(r.rater, code(r.value));
    byUnit.set(r.unit, unit);
  }
  const units = [...byUnit.values()].map((unit) => [...unit.values()]);

  // Krippendorff (2011): o_ck = sum_u sum_{i != j} [c_i = c, c_j = k] / (m_u - 1).
  const o = Array.from({ length: q }, () => new Array<number>(q).fill(0));
  for (const codes of units) {
    if (codes.length < 2) continue;
    codes.forEach((c, i) => codes.forEach((k, j) => i !== j && ((o[c] as number[])[k] = (o[c] as number[])[k]! + 1 / (codes.length - 1))));
  }
  const nc = o.map((row) => row.reduce((a, b) => a + b, 0));
  const n = nc.reduce((a, b) => a + b, 0);
  const alphaWith = (delta: (c: number, k: number) => number): number | null => {
    if (n === 0 || nc.filter((x) => x > 1e-9).length < 2) return null;
    let observed = 0;
    let expected = 0;
    for (let c = 0; c < q; c++) {
      for (let k = 0; k < q; k++) {
        observed += o[c]![k]! * delta(c, k);
        expected += nc[c]! * nc[k]! * delta(c, k);
      }
    }
    return 1 - ((n - 1) * observed) / expected;
  };
  const x = categories;
  const ordinal = (c: number, k: number) => {
    const [lo, hi] = c < k ? [c, k] : [k, c];
    let sum = 0;
    for (let g = lo; g <= hi; g++) sum += nc[g]!;
    return (sum - (nc[c]! + nc[k]!) / 2) ** 2;
  };
  const alpha = {
    nominal: alphaWith((c, k) => (c === k ? 0 : 1)),
    ordinal: alphaWith(ordinal),
    interval: alphaWith((c, k) => (x[c]! - x[k]!) ** 2),
    ratio: x.some((v) => v < 0) ? null : alphaWith((c, k) => (c === k ? 0 : ((x[c]! - x[k]!) / (x[c]! + x[k]!)) ** 2)),
  };

  // Gwet (2014): p_a over units with r_i >= 2, pi_k over every rated unit.
  const counts = units.map((codes) => categories.map((_, k) => codes.filter((c) => c === k).length));
  const pairable = counts.filter((row) => row.reduce((a, b) => a + b, 0) >= 2);
  const pa =
    pairable.length === 0
      ? null
      : pairable.reduce((sum, row) => {
          const r = row.reduce((a, b) => a + b, 0);
          return sum + row.reduce((s, rk) => s + rk * (rk - 1), 0) / (r * (r - 1));
        }, 0) / pairable.length;
  const pi = categories.map((_, k) => counts.reduce((sum, row) => sum + row[k]! / row.reduce((a, b) => a + b, 0), 0) / counts.length);
  const sumPi2 = pi.reduce((s, p) => s + p * p, 0);
  const used = pi.filter((p) => p > 0).length;
  const kappa = (po: number | null, pe: number) => (po === null ? null : (po - pe) / (1 - pe));

  // Conger (1980) as irrCAC: p_e = sum_k (pbar_k^2 - s2_k / r).
  const R = raters.length;
  const p = raters.map((rater) => {
    const mine = ratings.filter((r) => r.rater === rater).map((r) => code(r.value));
    return categories.map((_, k) => mine.filter((c) => c === k).length / mine.length);
  });
  const congerPe = categories.reduce((sum, _, k) => {
    const column = p.map((row) => row[k]!);
    const mean = column.reduce((a, b) => a + b, 0) / R;
    const s2 = column.reduce((s, v) => s + (v - mean) ** 2, 0) / (R - 1);
    return sum + mean * mean - s2 / R;
  }, 0);

  // Fleiss (1971) on the units every rater rated.
  const complete = counts.filter((row) => row.reduce((a, b) => a + b, 0) === R);
  const completeShares = categories.map((_, k) => complete.reduce((s, row) => s + row[k]!, 0) / (complete.length * R));
  const completePa = complete.reduce((s, row) => s + row.reduce((t, rk) => t + rk * (rk - 1), 0) / (R * (R - 1)), 0) / complete.length;

  // Cohen (1960, 1968) and Scott (1955) per pair, weights by value over the range of the categories the pair used.
  const cohen = new Map<string, { kappa: number | null; linear: number | null; quadratic: number | null; scott: number | null }>();
  for (let a = 0; a < R; a++) {
    for (let b = a + 1; b < R; b++) {
      const both = [...byUnit.values()]
        .filter((unit) => unit.has(raters[a]!) && unit.has(raters[b]!))
        .map((unit) => [unit.get(raters[a]!)!, unit.get(raters[b]!)!] as const);
      const usedCodes = [...new Set(both.flat())].sort((s, t) => s - t);
      const Q = usedCodes.length;
      const pos = (c: number) => categories[c]!;
      const range = Q < 2 ? 0 : pos(usedCodes[Q - 1]!) - pos(usedCodes[0]!);
      const weighted = (w: (i: number, j: number) => number) => {
        if (both.length === 0 || Q < 2) return null;
        const N = both.length;
        const po = both.reduce((s, [i, j]) => s + w(pos(i), pos(j)), 0) / N;
        let pe = 0;
        for (const [i] of both) for (const [, j] of both) pe += w(pos(i), pos(j));
        pe /= N * N;
        return (po - pe) / (1 - pe);
      };
      const scott = () => {
        if (both.length === 0 || Q < 2) return null;
        const N = both.length;
        const po = both.filter(([i, j]) => i === j).length / N;
        const pooled = both.flat();
        const pe = usedCodes.reduce((s, c) => s + (pooled.filter((v) => v === c).length / (2 * N)) ** 2, 0);
        return (po - pe) / (1 - pe);
      };
      cohen.set(`${raters[a]}|${raters[b]}`, {
        kappa: weighted((i, j) => (i === j ? 1 : 0)),
        linear: weighted((i, j) => 1 - Math.abs(i - j) / range),
        quadratic: weighted((i, j) => 1 - (i - j) ** 2 / range ** 2),
        scott: scott(),
      });
    }
  }

  return {
    alpha,
    percentAgreement: pa,
    gwetAC1: q < 2 ? null : kappa(pa, (1 - sumPi2) / (q - 1)),
    fleissKappa: used < 2 ? null : kappa(pa, sumPi2),
    brennanPrediger: q < 2 ? null : kappa(pa, 1 / q),
    congerKappa: R < 2 || used < 2 ? null : kappa(pa, congerPe),
    fleissKappaCompleteCases:
      R < 2 || complete.length === 0 || completeShares.filter((s) => s > 0).length < 2
        ? null
        : kappa(
            completePa,
            completeShares.reduce((s, v) => s + v * v, 0),
          ),
    cohen,
  };
}
