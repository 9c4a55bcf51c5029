// One simulated study drawn from a study's estimates (study-estimates.ts), and the one figure a plan
// is about computed on it with the report's own method: the interval of a judge's agreement with
// the human majority, the Alt-Test, or the paired test of two judges. Owns the generating model.

import { createPrng, type Prng } from '../../random/prng';
import type { BootstrapOptions } from '../bootstrap';
import type { Interval } from '../interval';
import { clusterRatioTests, clusterSeries } from '../cluster-ratio-test';
import { altTest, type AltTestUnit } from '../judge/alt-test';
import { agreementFigures, type UnitScore } from '../study/agreement';
import { drawBetaShare, drawCategory, drawDirichletShares } from './random-draws';
import type { JudgeEstimate, JudgePairEstimate, StudyEstimates } from './study-estimates';

/** How large a simulated study is: puzzles of the bucket, and people per puzzle (undefined: as many as the study's units had, drawn per puzzle). */
export interface SimulatedSize {
  puzzles: number;
  annotators?: number;
}

/**
 * A simulated study of one judge, unit by unit: its puzzle (0, 1, ... in order), the judge's label
 * (-1 when it gave none) and the people's labels with who gave them, at `humanStart[u]` up to
 * `humanStart[u + 1]`. Labels are category indices.
 */
export interface SimulatedLabels {
  puzzleOf: Uint32Array;
  judge: Int8Array;
  humanStart: Uint32Array;
  humanLabel: Uint8Array;
  humanAnnotator: Uint16Array;
  categories: number;
}

/**
 * Draws a study of `size.puzzles` puzzles like the study's: each puzzle takes the number of units
 * of a puzzle of the study drawn at random, and as many people (or `size.annotators`), taken in
 * turn from a pool as large as the study's; each unit a true label by the true shares; each person
 * the true label with chance `people.accuracy`, else one of the others evenly; the judge its
 * labels by its error rates against the truth, scaled on each puzzle by a beta draw whose spread
 * gives its agreement the study's intra-cluster correlation.
 */
export function simulateLabels(estimates: StudyEstimates, judge: JudgeEstimate, size: SimulatedSize, prng: Prng): SimulatedLabels {
  const k = estimates.categories.length;
  const { unitsPerPuzzle, annotatorsPerUnit, truthShares } = estimates;
  const accuracy = estimates.people.accuracy;
  const rates = judge.errorRates;
  // The judge's overall error against the truth, which each puzzle's draw scales.
  const meanError = judgeMeanError(estimates, judge);
  // Where the judge errs, the label it gives instead, by its error rates off the diagonal.
  const wrongShares = rates.map((row, c) => {
    const off = row.map((rate, l) => (l === c ? 0 : rate));
    const sum = off.reduce((a, b) => a + b, 0);
    return off.map((rate, l) => (sum > 0 ? rate / sum : l === c ? 0 : 1 / (k - 1)));
  });

  const puzzleOf: number[] = [];
  const judgeLabels: number[] = [];
  const humanStart: number[] = [0];
  const humanLabel: number[] = [];
  const humanAnnotator: number[] = [];
  let poolStart = 0;
  for (let p = 0; p < size.puzzles; p++) {
    const units = unitsPerPuzzle.length > 0 ? (unitsPerPuzzle[Math.floor(prng.next() * unitsPerPuzzle.length)] as number) : 1;
    const people = size.annotators ?? (annotatorsPerUnit.length > 0 ? (annotatorsPerUnit[Math.floor(prng.next() * annotatorsPerUnit.length)] as number) : 1);
    const pool = Math.max(estimates.annotators, people, 1);
    const scale = meanError > 0 ? drawBetaShare(prng, meanError, judge.icc) / meanError : 1;
    for (let u = 0; u < units; u++) {
      const truth = drawCategory(prng, truthShares);
      puzzleOf.push(p);
      for (let h = 0; h < people; h++) {
        humanLabel.push(k < 2 || prng.next() < accuracy ? truth : otherCategory(prng, truth, k));
        humanAnnotator.push((poolStart + h) % pool);
      }
      humanStart.push(humanLabel.length);
      if (prng.next() >= judge.coverage) {
        judgeLabels.push(-1);
        continue;
      }
      const error = Math.min(1, (1 - ((rates[truth] as number[])[truth] as number)) * scale);
      judgeLabels.push(prng.next() < error ? drawCategory(prng, wrongShares[truth] as number[]) : truth);
    }
    poolStart = (poolStart + people) % pool;
  }
  return {
    puzzleOf: Uint32Array.from(puzzleOf),
    judge: Int8Array.from(judgeLabels),
    humanStart: Uint32Array.from(humanStart),
    humanLabel: Uint8Array.from(humanLabel),
    humanAnnotator: Uint16Array.from(humanAnnotator),
    categories: k,
  };
}

/**
 * The judge as it may be, given that its estimates come from a study of finite size: its error
 * rates scaled by one beta draw of its overall error around the estimate, as precise as the
 * study's units with a majority are worth once the puzzles' clustering is taken out (the design
 * effect 1 + (m - 1) icc, m the mean units per puzzle). Drawn once per simulated study, so the
 * share of simulated studies reaching a target counts the estimate's own uncertainty too.
 */
export function plausibleJudge(estimates: StudyEstimates, judge: JudgeEstimate, prng: Prng): JudgeEstimate {
  const meanError = judgeMeanError(estimates, judge);
  if (!(meanError > 0 && meanError < 1) || judge.units === 0) return judge;
  const perPuzzle = judge.units / Math.max(1, estimates.puzzles);
  const effective = judge.units / (1 + Math.max(0, perPuzzle - 1) * judge.icc);
  const scale = drawBetaShare(prng, meanError, 1 / (effective + 1)) / meanError;
  const errorRates = judge.errorRates.map((row, c) => {
    const error = Math.min(1, (1 - (row[c] as number)) * scale);
    const off = 1 - (row[c] as number);
    return row.map((rate, l) => (l === c ? 1 - error : off > 0 ? (rate / off) * error : error / Math.max(1, row.length - 1)));
  });
  return { ...judge, errorRates };
}

/** The judge's overall chance of erring against the truth, over the true labels' shares. */
function judgeMeanError(estimates: StudyEstimates, judge: JudgeEstimate): number {
  let meanError = 0;
  estimates.truthShares.forEach((share, c) => (meanError += share * (1 - ((judge.errorRates[c] as number[])[c] as number))));
  return meanError;
}

function otherCategory(prng: Prng, label: number, k: number): number {
  const draw = Math.floor(prng.next() * (k - 1));
  return draw >= label ? draw + 1 : draw;
}

/** The strict majority of unit u's people (a category index), or -1 on a tie or without labels. */
export function simulatedMajority(labels: SimulatedLabels, u: number, counts = new Uint16Array(labels.categories)): number {
  counts.fill(0);
  for (let i = labels.humanStart[u] as number, end = labels.humanStart[u + 1] as number; i < end; i++) {
    const label = labels.humanLabel[i] as number;
    counts[label] = (counts[label] as number) + 1;
  }
  let top = -1;
  let topCount = 0;
  let tied = false;
  for (let c = 0; c < counts.length; c++) {
    const count = counts[c] as number;
    if (count > topCount) {
      top = c;
      topCount = count;
      tied = false;
    } else if (count === topCount && count > 0) tied = true;
  }
  return tied ? -1 : top;
}

/**
 * The 95% interval of the judge's agreement with the human majority on a simulated study, as the
 * report computes an agreement interval (agreementFigures: the studentized cluster bootstrap over
 * puzzles, widened to Wilson's where it reaches 0 or 1) with `bootstrap`'s replicates; null without
 * a unit to compare.
 */
export function majorityAgreementInterval(labels: SimulatedLabels, bootstrap: BootstrapOptions): { agreement: number; ci95: Interval } | null {
  const scores: UnitScore[] = [];
  const clusterOfUnit: number[] = [];
  const counts = new Uint16Array(labels.categories);
  let clusters = 0;
  let lastPuzzle = -1;
  for (let u = 0; u < labels.judge.length; u++) {
    const judge = labels.judge[u] as number;
    if (judge < 0) continue;
    const majority = simulatedMajority(labels, u, counts);
    if (majority < 0) continue;
    const puzzle = labels.puzzleOf[u] as number;
    // Puzzles come in order, so a new puzzle is a new cluster.
    if (puzzle !== lastPuzzle) {
      clusters++;
      lastPuzzle = puzzle;
    }
    scores.push({ agreements: judge === majority ? 1 : 0, comparisons: 1 });
    clusterOfUnit.push(clusters - 1);
  }
  if (scores.length === 0) return null;
  const [figure] = agreementFigures([scores], bootstrap, { clusterOfUnit: Uint32Array.from(clusterOfUnit), clusters });
  if (figure === undefined || figure.agreement === null || figure.ci95 === null) return null;
  return { agreement: figure.agreement, ci95: figure.ci95 };
}

/** Whether the judge passes the Alt-Test (alt-test.ts, the report's) on a simulated study at `epsilon`. */
export function altTestPasses(labels: SimulatedLabels, epsilon: number): boolean {
  const units: AltTestUnit<number>[] = [];
  for (let u = 0; u < labels.judge.length; u++) {
    const judge = labels.judge[u] as number;
    const humans: { annotator: string; value: number }[] = [];
    for (let i = labels.humanStart[u] as number, end = labels.humanStart[u + 1] as number; i < end; i++)
      humans.push({ annotator: annotatorName(labels.humanAnnotator[i] as number), value: labels.humanLabel[i] as number });
    units.push({ judge: judge < 0 ? undefined : judge, humans });
  }
  return altTest(units, { epsilon, scoring: 'accuracy' }).passed === true;
}

const NAMES: string[] = [];

/** Annotator n's name, made once: the Alt-Test keys people by name. */
function annotatorName(n: number): string {
  let name = NAMES[n];
  if (name === undefined) {
    name = `a${n}`;
    NAMES[n] = name;
  }
  return name;
}

/**
 * The paired cells of two judges with `difference` (a's agreement minus b's) set: the discordant
 * share kept as the study's (or widened to the difference), split so that it gives the difference,
 * the concordant cells scaled to the rest. The study's own cells as shares without `difference`.
 */
export function pairCells(pair: JudgePairEstimate, difference?: number): Float64Array {
  const total = pair.cells.reduce((a, b) => a + b, 0);
  const shares = Float64Array.from(pair.cells, (cell) => (total > 0 ? cell / total : 0.25));
  if (difference === undefined) return shares;
  const discordant = Math.min(1, Math.max((shares[1] as number) + (shares[2] as number), Math.abs(difference)));
  const concordant = (shares[0] as number) + (shares[3] as number);
  const rest = 1 - discordant;
  return Float64Array.from([
    concordant > 0 ? ((shares[0] as number) / concordant) * rest : rest / 2,
    (discordant + difference) / 2,
    (discordant - difference) / 2,
    concordant > 0 ? ((shares[3] as number) / concordant) * rest : rest / 2,
  ]);
}

/**
 * Whether the report's paired test (the symmetric studentized cluster bootstrap, cluster-ratio-test.ts)
 * finds a difference between two judges at the 5% level on a simulated study of `puzzles` puzzles:
 * each puzzle takes the paired units of one of the study's, and its cells are a Dirichlet draw
 * around `cells` whose spread gives (a agrees - b agrees) the study's intra-cluster correlation.
 */
export function pairedTestDetects(pair: JudgePairEstimate, cells: Float64Array, puzzles: number, bootstrap: BootstrapOptions, prng: Prng): boolean {
  const values: { cluster: number; value: number }[] = [];
  const shares = new Float64Array(4);
  const sizes = pair.unitsPerPuzzle;
  for (let p = 0; p < puzzles; p++) {
    const units = sizes.length > 0 ? (sizes[Math.floor(prng.next() * sizes.length)] as number) : 1;
    drawDirichletShares(prng, cells, pair.icc, shares);
    for (let u = 0; u < units; u++) {
      const cell = drawCategory(prng, shares);
      values.push({ cluster: p, value: cell === 1 ? 1 : cell === 2 ? -1 : 0 });
    }
  }
  const [test] = clusterRatioTests([clusterSeries(values)], bootstrap);
  return test !== undefined && test.pValue !== null && test.pValue < 0.05;
}

/** The generator of repeat r of a plan seeded `seed`: the same repeat draws from the same stream at every size, so sizes are compared on like draws. */
export function repeatPrng(seed: number, repeat: number): Prng {
  return createPrng((Math.imul(Math.trunc(seed) ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(repeat + 1, 0xc2b2ae35)) >>> 0);
}
