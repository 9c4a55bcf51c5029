// A seeded simulation of the paired tests under strong puzzle clustering (issue 28 point 1): with
// no difference between two judges, the studentized cluster bootstrap test rejects at most 5% plus
// binomial error at 12, 40 and 200 puzzles (the unit-level exact McNemar, printed beside it, does
// not); with a true difference its interval covers at 95% within error; p < 0.05 exactly when the
// interval leaves 0 out. The same for a judge's net leniency, through judgesAgainstPeople.
// Durkalski et al.'s (2003) cluster-adjusted McNemar is printed as a cross-check, and the
// equal-tailed studentized interval, which over-rejects with 12 and 40 puzzles, as the reason the
// report uses the symmetric one.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../shared/random/prng';
import { clusterRatioTests, type ClusterSeries } from '../../../shared/stats/cluster-ratio-test';
import { bootstrapStudentizedMany, weightedRatio } from '../../../shared/stats/studentized';
import { mcnemarExact } from '../../../shared/stats/judge/mcnemar';
import { normalCdf } from '../../../shared/stats/normal-cdf';
import { judgesAgainstPeople } from '../../../shared/stats/study/judges-against-people';
import type { TaskUnit } from '../../../shared/stats/study/study-units';

const REPLICATES = 499;
const NOMINAL = 0.95;
const ALPHA = 0.05;

/** The binomial standard error of a rate p over n studies. */
const binomialSe = (p: number, n: number) => Math.sqrt((p * (1 - p)) / n);

/** Beta(1/2, 1/2), the arcsine law: most puzzles lean hard one way or the other. */
const arcsine = (prng: Prng) => Math.sin((Math.PI * prng.next()) / 2) ** 2;

/** Beta(1, 4): how often the two judges part on a puzzle, mean 0.2, from near 0 to near 1. */
const discordance = (prng: Prng) => 1 - prng.next() ** (1 / 4);

interface PuzzleCounts {
  units: number;
  /** Units only A gets right (McNemar's b) and only B gets right (c). */
  onlyA: number;
  onlyB: number;
}

/**
 * One study of `puzzles` puzzles of 3 to 60 units. On each puzzle the judges part on a share of
 * its units drawn from Beta(1, 4), and where they part A is right with a probability drawn from
 * Beta(1/2, 1/2), or, with probability `favourA`, always: the true difference in agreement is
 * E[discordance] (2 E[q] - 1) = 0.2 x favourA. Units both judges get right or wrong carry nothing
 * to any test here, so how they split is not drawn.
 */
function pairedStudy(prng: Prng, puzzles: number, favourA: number): PuzzleCounts[] {
  return Array.from({ length: puzzles }, () => {
    const units = prng.int(3, 60);
    const parts = discordance(prng);
    const aRight = prng.chance(favourA) ? 1 : arcsine(prng);
    let onlyA = 0;
    let onlyB = 0;
    for (let u = 0; u < units; u++) {
      if (!prng.chance(parts)) continue;
      if (prng.chance(aRight)) onlyA++;
      else onlyB++;
    }
    return { units, onlyA, onlyB };
  });
}

/**
 * A cluster-adjusted McNemar statistic (sum_k d_k)^2 / sum_k d_k^2 against chi-square(1), as a
 * two-sided normal p. Durkalski et al. (2003) take d_k = (b_k - c_k) / n_k, the puzzle's share, as
 * R's clust.bin.pair computes it (durkalski.R: sum((bk-ck)/nk)^2 / sum(((bk-ck)/nk)^2));
 * `weighted` takes d_k = b_k - c_k, each puzzle weighted by its units as the report's ratio is.
 */
function clusterMcNemarP(counts: readonly PuzzleCounts[], weighted: boolean): number | null {
  let sum = 0;
  let squares = 0;
  for (const { units, onlyA, onlyB } of counts) {
    const d = weighted ? onlyA - onlyB : (onlyA - onlyB) / units;
    sum += d;
    squares += d * d;
  }
  if (squares === 0) return null;
  return 2 * (1 - normalCdf(Math.abs(sum) / Math.sqrt(squares)));
}

const seriesOf = (counts: readonly PuzzleCounts[]): ClusterSeries => ({
  clusters: counts.map((_, k) => k),
  numerators: counts.map((c) => c.onlyA - c.onlyB),
  denominators: counts.map((c) => c.units),
});

const percent = (rate: number) => `${(100 * rate).toFixed(1)}%`.padStart(7);

describe('the two-judge test under strong puzzle clustering', () => {
  it('rejects no more than 5% plus error with no difference, and its interval covers a true difference at 95%, at 12, 40 and 200 puzzles', () => {
    const rows: string[] = [];
    // Checked after the table is printed, so a failing run still shows its figures.
    const checks: (() => void)[] = [];
    const studies = { 12: 1000, 40: 1000, 200: 400 } as const;
    let disagreements = 0;
    for (const puzzles of [12, 40, 200] as const) {
      const count = studies[puzzles];
      const prng = createPrng(2800 + puzzles);
      let ours = 0;
      let equalTailed = 0;
      let exact = 0;
      let durkalski = 0;
      let weightedDurkalski = 0;
      let covered = 0;
      let width = 0;
      for (let s = 0; s < count; s++) {
        const nullStudy = pairedStudy(prng, puzzles, 0);
        const trueDifference = 0.2 * 0.2;
        const shifted = pairedStudy(prng, puzzles, 0.2);
        const [atNull, atShift] = clusterRatioTests([seriesOf(nullStudy), seriesOf(shifted)], { replicates: REPLICATES, seed: 7 + s });
        if (atNull === undefined || atShift === undefined) throw new Error('no test');
        const p = atNull.pValue ?? 1;
        if (p < ALPHA) ours++;
        const excludesZero = atNull.ci95 !== null && (atNull.ci95[0] > 0 || atNull.ci95[1] < 0);
        if (p < ALPHA !== excludesZero) disagreements++;
        const b = nullStudy.reduce((sum, c) => sum + c.onlyA, 0);
        const c = nullStudy.reduce((sum, k) => sum + k.onlyB, 0);
        if (mcnemarExact(b, c).pValue < ALPHA) exact++;
        const series = seriesOf(nullStudy);
        const [tailed] = bootstrapStudentizedMany(
          Uint32Array.from(series.clusters),
          puzzles,
          1,
          (draws) => [weightedRatio(draws, Float64Array.from(series.numerators), Float64Array.from(series.denominators))],
          { replicates: REPLICATES, seed: 7 + s },
        );
        if (tailed !== undefined && tailed.ci95 !== null && (tailed.ci95[0] > 0 || tailed.ci95[1] < 0)) equalTailed++;
        if ((clusterMcNemarP(nullStudy, false) ?? 1) < ALPHA) durkalski++;
        if ((clusterMcNemarP(nullStudy, true) ?? 1) < ALPHA) weightedDurkalski++;
        if (atShift.ci95 !== null) {
          if (atShift.ci95[0] <= trueDifference && trueDifference <= atShift.ci95[1]) covered++;
          width += atShift.ci95[1] - atShift.ci95[0];
        }
      }
      const reject = ours / count;
      const coverage = covered / count;
      const rejectSe = binomialSe(ALPHA, count);
      const coverageSe = binomialSe(NOMINAL, count);
      rows.push(
        `${String(puzzles).padStart(7)} ${String(count).padStart(7)} ${percent(reject)} ${percent(equalTailed / count)} ${percent(durkalski / count)} ${percent(weightedDurkalski / count)} ${percent(exact / count)}   ±${percent(rejectSe).trim()}  ${percent(coverage)}  ±${percent(coverageSe).trim()}  ${(100 * (width / count)).toFixed(1).padStart(6)} pp`,
      );
      checks.push(() => {
        expect(reject).toBeLessThanOrEqual(ALPHA + 2.5 * rejectSe);
        expect(Math.abs(coverage - NOMINAL)).toBeLessThanOrEqual(2.5 * coverageSe);
        // The unit-level exact test takes the units as independent: clustering this strong makes it reject far too often.
        expect(exact / count).toBeGreaterThan(0.2);
      });
    }
    console.log(
      [
        `Two judges, no difference in agreement, discordance per puzzle ~ Beta(1, 4), its direction ~ Beta(1/2, 1/2), 3-60 units a puzzle; B = ${REPLICATES}.`,
        "Rejection at 5% of the report's symmetric bootstrap-t test, the equal-tailed bootstrap-t, Durkalski's cluster-adjusted McNemar (per-puzzle shares, as clust.bin.pair; and weighted by units) and the unit-level exact McNemar;",
        'coverage of the symmetric 95% bootstrap-t interval of a true +4 pp difference:',
        'puzzles studies   boot-t  eq-tail  Durkal. Durk.wtd exactMcN (binomial SE)  coverage (binomial SE)  mean width',
        ...rows,
      ].join('\n'),
    );
    for (const check of checks) check();
    expect(disagreements).toBe(0);
  });
});

/**
 * One study for the leniency test: people say "no" on a share of a puzzle's units drawn from
 * Beta(1/2, 1/2) (puzzles whose answer is mostly no, or mostly yes), or, with probability
 * `allNo`, on all of them; the judge errs on a share drawn from Beta(1, 4), and an error on a
 * "no" is lenient, on a "yes" severe. The net leniency is E[error] (2 E[share no] - 1) = 0.2 x allNo.
 */
function leniencyStudy(prng: Prng, puzzles: number, allNo: number): TaskUnit[] {
  const units: TaskUnit[] = [];
  for (let k = 0; k < puzzles; k++) {
    const size = prng.int(3, 60);
    const shareNo = prng.chance(allNo) ? 1 : arcsine(prng);
    const errs = discordance(prng);
    for (let u = 0; u < size; u++) {
      const people = prng.chance(shareNo) ? 'no' : 'yes';
      const judge = prng.chance(errs) ? (people === 'no' ? 'yes' : 'no') : people;
      units.push({ id: `p${k}-u${u}`, puzzleId: `p${k}`, bucket: 'unrated', judgements: new Map([['j', judge]]), humans: [{ annotator: 'a', value: people }] });
    }
  }
  return units;
}

describe('the net leniency test under strong puzzle clustering', () => {
  it('rejects no more than 5% plus error with no net leniency, and covers a true one at 95%, at 12, 40 and 200 puzzles, through judgesAgainstPeople', () => {
    const rows: string[] = [];
    const checks: (() => void)[] = [];
    const leniency = (units: TaskUnit[], seed: number) => {
      const [row] = judgesAgainstPeople('answer', units, ['j'], ['all'], ['yes', 'no', 'irrelevant'], {
        resample: 'puzzles',
        bootstrap: { replicates: REPLICATES, seed },
        pairedTest: 'bootstrap-t',
      });
      if (row === undefined) throw new Error('no row');
      return row;
    };
    const trueNetLeniency = 0.2 * 0.25;
    for (const puzzles of [12, 40, 200] as const) {
      const count = puzzles === 200 ? 200 : 250;
      const prng = createPrng(2900 + puzzles);
      let ours = 0;
      let exact = 0;
      let covered = 0;
      for (let s = 0; s < count; s++) {
        const row = leniency(leniencyStudy(prng, puzzles, 0), 11 + s);
        const shifted = leniency(leniencyStudy(prng, puzzles, 0.25), 11 + s).netLeniency.ci95;
        if (shifted !== null && shifted[0] <= trueNetLeniency && trueNetLeniency <= shifted[1]) covered++;
        const p = row.leniencyTest.pValue ?? 1;
        if (p < ALPHA) ours++;
        const ci = row.netLeniency.ci95;
        expect(p < ALPHA).toBe(ci !== null && (ci[0] > 0 || ci[1] < 0));
        if (row.errors.mcnemar.pValue < ALPHA) exact++;
      }
      const se = binomialSe(ALPHA, count);
      const coverageSe = binomialSe(NOMINAL, count);
      rows.push(
        `${String(puzzles).padStart(7)} ${String(count).padStart(7)} ${percent(ours / count)} ${percent(exact / count)}   ±${percent(se).trim()}  ${percent(covered / count)}  ±${percent(coverageSe).trim()}`,
      );
      checks.push(() => {
        expect(ours / count).toBeLessThanOrEqual(ALPHA + 2.5 * se);
        expect(Math.abs(covered / count - NOMINAL)).toBeLessThanOrEqual(2.5 * coverageSe);
      });
    }
    console.log(
      [
        `A judge with no net leniency, people's share of no per puzzle ~ Beta(1/2, 1/2), its errors ~ Beta(1, 4), 3-60 units a puzzle; B = ${REPLICATES}.`,
        'Rejection at 5% of the bootstrap-t test of net leniency and of the unit-level exact McNemar of lenient against severe; coverage of a true +5 pp net leniency:',
        'puzzles studies   boot-t exactMcN  (binomial SE)  coverage (binomial SE)',
        ...rows,
      ].join('\n'),
    );
    for (const check of checks) check();
  });
});
