// What the planner reads of a study (issue 32 point 3), per task and bucket: how many units each
// puzzle has and how many people labelled them, how often people agree, each judge's confusion
// with the human majority, the class shares, and how much the judge's agreement moves from puzzle
// to puzzle. Owns the estimates only; simulate.ts draws studies from them.

import type { ReportBucket, ReportTask } from '../../report/model/report-model';
import { humanMajority } from '../study/majority';
import type { StudyUnits, TaskUnit } from '../study/study-units';

/** A judge against the strict human majority on the units it labelled that people labelled. */
export interface JudgeEstimate {
  judge: string;
  /** Units with the judge's label and a strict human majority. */
  units: number;
  /** Of them, those where the judge's label is the majority's. */
  agreements: number;
  /** counts[judge label][majority label] in `categories` order, as the report's confusion matrix. */
  confusion: number[][];
  /** Share of the people-labelled units the judge labelled (a new unit is labelled by the judge with this chance). */
  coverage: number;
  /**
   * P(judge says l | the truth is c), rows the truth: the confusion with the majority corrected for
   * the majority's own errors (people as `people.accuracy` says), since a simulated judge errs
   * against the truth and is then compared with a simulated majority, as here.
   */
  errorRates: number[][];
  /** Intra-cluster correlation by puzzle of "the judge agrees with the majority" (ANOVA estimator, from 0). */
  icc: number;
}

/** Two judges on the units both labelled that have a strict human majority: the paired cells the judges' comparison reads. */
export interface JudgePairEstimate {
  a: string;
  b: string;
  /** Paired units: both agree, only a agrees, only b agrees, neither agrees. */
  cells: [number, number, number, number];
  /** Paired units per puzzle, of the puzzles with one. */
  unitsPerPuzzle: number[];
  /** Intra-cluster correlation by puzzle of (a agrees - b agrees). */
  icc: number;
}

export interface StudyEstimates {
  task: ReportTask;
  bucket: ReportBucket;
  /** The task's label categories in scheme order. */
  categories: readonly string[];
  /** Puzzles with a people-labelled unit of the task in the bucket. */
  puzzles: number;
  /** Puzzles with a people-labelled unit of the task in any bucket. */
  studyPuzzles: number;
  /** People-labelled units of each of those puzzles in the bucket (the spread new puzzles are drawn from). */
  unitsPerPuzzle: number[];
  /** Human labels on each people-labelled unit, k(u). */
  annotatorsPerUnit: number[];
  /** Distinct annotators with a label on the task in the bucket. */
  annotators: number;
  people: {
    /** Human-human agreement, micro over pairs (SPEC §4 HH). */
    pairAgreement: number | null;
    pairs: number;
    /**
     * Each person's chance of giving the true label, if errors fall evenly on the other labels:
     * the q with q^2 + (1 - q)^2 / (K - 1) = HH. 1 when no two people labelled a unit (nothing to go on).
     */
    accuracy: number;
  };
  /** Shares of the strict human majority's labels over units with one, in `categories` order. */
  majorityShares: number[];
  /** Shares of the true labels once the majority's errors are taken out (from the first judge's correction; else majorityShares). */
  truthShares: number[];
  /** Units people labelled without a strict majority (ties). */
  ties: number;
  judges: JudgeEstimate[];
  pairs: JudgePairEstimate[];
}

/**
 * The estimates of one task and bucket of an indexed study (indexStudy, as the report indexes it).
 * Only units some person labelled count: new puzzles' units are assumed labelled.
 */
export function estimateStudy(units: StudyUnits, task: ReportTask, bucket: ReportBucket): StudyEstimates {
  const categories = units.categories[task];
  const index = new Map(categories.map((category, c) => [category, c]));
  const labelled = units.units[task].filter((unit) => unit.humans.length > 0);
  const inBucket = labelled.filter((unit) => bucket === 'all' || unit.bucket === bucket);
  const studyPuzzles = new Set(labelled.map((unit) => unit.puzzleId)).size;

  const perPuzzle = new Map<string, number>();
  const annotatorsPerUnit: number[] = [];
  const annotators = new Set<string>();
  let agreeingPairs = 0;
  let pairs = 0;
  const majorities: (number | null)[] = [];
  const majorityCounts = new Array<number>(categories.length).fill(0);
  for (const unit of inBucket) {
    perPuzzle.set(unit.puzzleId, (perPuzzle.get(unit.puzzleId) ?? 0) + 1);
    annotatorsPerUnit.push(unit.humans.length);
    for (const human of unit.humans) annotators.add(human.annotator);
    for (let i = 0; i < unit.humans.length; i++)
      for (let j = i + 1; j < unit.humans.length; j++) {
        pairs++;
        if (unit.humans[i]?.value === unit.humans[j]?.value) agreeingPairs++;
      }
    const majority = humanMajority(unit);
    const m = majority === null ? undefined : index.get(majority);
    majorities.push(m ?? null);
    if (m !== undefined) majorityCounts[m] = (majorityCounts[m] as number) + 1;
  }
  const withMajority = majorityCounts.reduce((sum, count) => sum + count, 0);
  const pairAgreement = pairs > 0 ? agreeingPairs / pairs : null;
  const accuracy = pairAgreement === null ? 1 : personAccuracy(pairAgreement, categories.length);
  const majorityShares = majorityCounts.map((count) => (withMajority > 0 ? count / withMajority : 1 / categories.length));
  const majorityOfTruth = majorityMatrix(accuracy, categories.length, annotatorsPerUnit);

  const judges = units.judges[task].map((judge) => judgeEstimate(judge, inBucket, majorities, index, categories.length, majorityOfTruth));
  const first = judges[0];
  const truthShares = first !== undefined && first.units > 0 ? truthSharesOf(first, majorityOfTruth) : majorityShares;
  const judgePairs: JudgePairEstimate[] = [];
  units.judges[task].forEach((a, i) =>
    units.judges[task].forEach((b, j) => {
      if (j > i) judgePairs.push(pairEstimate(a, b, inBucket, majorities, index));
    }),
  );
  return {
    task,
    bucket,
    categories,
    puzzles: perPuzzle.size,
    studyPuzzles,
    unitsPerPuzzle: [...perPuzzle.values()],
    annotatorsPerUnit,
    annotators: annotators.size,
    people: { pairAgreement, pairs, accuracy },
    majorityShares,
    truthShares,
    ties: inBucket.length - withMajority,
    judges,
    pairs: judgePairs,
  };
}

/**
 * q with q^2 + (1 - q)^2 / (K - 1) = HH, the chance that two people agree when each is right with
 * chance q and errs evenly over the other labels; 1/K (people at chance) when HH is below chance.
 */
export function personAccuracy(pairAgreement: number, categories: number): number {
  const k = categories;
  if (k < 2) return 1;
  const discriminant = 1 - k + k * (k - 1) * pairAgreement;
  if (!(discriminant > 0)) return 1 / k;
  return Math.min(1, (1 + Math.sqrt(discriminant)) / k);
}

/**
 * T[c][m]: the chance that people who are each right with chance `accuracy` (errors even over the
 * other labels) give the strict majority m when the truth is c, averaged over the study's numbers
 * of people per unit. A tie gives no majority, so rows sum to the chance of a majority.
 */
export function majorityMatrix(accuracy: number, categories: number, annotatorsPerUnit: readonly number[]): number[][] {
  const k = categories;
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const counts = new Map<number, number>();
  for (const n of annotatorsPerUnit) counts.set(n, (counts.get(n) ?? 0) + 1);
  const total = annotatorsPerUnit.length;
  if (total === 0) return matrix.map((row, c) => row.map((_, m) => (c === m ? 1 : 0)));
  const wrong = k > 1 ? (1 - accuracy) / (k - 1) : 0;
  for (const [n, units] of counts) {
    const weight = units / total;
    for (let c = 0; c < k; c++) {
      const probabilities = Array.from({ length: k }, (_, l) => (l === c ? accuracy : wrong));
      forEachComposition(
        n,
        k,
        (parts, probability) => {
          let top = -1;
          let topCount = -1;
          let tied = false;
          parts.forEach((count, l) => {
            if (count > topCount) {
              top = l;
              topCount = count;
              tied = false;
            } else if (count === topCount) tied = true;
          });
          if (!tied && top >= 0) (matrix[c] as number[])[top] = ((matrix[c] as number[])[top] as number) + weight * probability;
        },
        probabilities,
      );
    }
  }
  return matrix;
}

/** Calls `visit` with every way of spreading n labels over k categories and its multinomial probability. */
function forEachComposition(n: number, k: number, visit: (parts: readonly number[], probability: number) => void, probabilities: readonly number[]): void {
  const parts = new Array<number>(k).fill(0);
  // log n! once; each composition's probability is n! prod(p^x / x!).
  const logFactorial = [0];
  for (let i = 1; i <= n; i++) logFactorial.push((logFactorial[i - 1] as number) + Math.log(i));
  const walk = (at: number, left: number) => {
    if (at === k - 1) {
      parts[at] = left;
      let log = logFactorial[n] as number;
      let impossible = false;
      for (let l = 0; l < k; l++) {
        const x = parts[l] as number;
        const p = probabilities[l] as number;
        if (x === 0) continue;
        if (p === 0) impossible = true;
        log += x * Math.log(p) - (logFactorial[x] as number);
      }
      if (!impossible) visit(parts, Math.exp(log));
      return;
    }
    for (let x = 0; x <= left; x++) {
      parts[at] = x;
      walk(at + 1, left - x);
    }
  };
  walk(0, n);
}

function judgeEstimate(
  judge: string,
  units: readonly TaskUnit[],
  majorities: readonly (number | null)[],
  index: ReadonlyMap<string, number>,
  k: number,
  majorityOfTruth: readonly (readonly number[])[],
): JudgeEstimate {
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const perPuzzle = new Map<string, { sum: number; n: number }>();
  let labelled = 0;
  let n = 0;
  let agreements = 0;
  units.forEach((unit, u) => {
    const label = unit.judgements.get(judge);
    if (label === undefined) return;
    labelled++;
    const m = majorities[u] ?? null;
    const l = index.get(label);
    // An unparseable reply kept as a disagreement has no category: a miss of the majority, as the report counts it.
    if (m === null) return;
    n++;
    const agrees = l === m ? 1 : 0;
    agreements += agrees;
    if (l !== undefined) (confusion[l] as number[])[m] = ((confusion[l] as number[])[m] as number) + 1;
    const tally = perPuzzle.get(unit.puzzleId) ?? { sum: 0, n: 0 };
    tally.sum += agrees;
    tally.n++;
    perPuzzle.set(unit.puzzleId, tally);
  });
  const errorRates = correctedErrorRates(confusion, agreements, n, majorityOfTruth);
  return {
    judge,
    units: n,
    agreements,
    confusion,
    coverage: units.length > 0 ? labelled / units.length : 0,
    errorRates,
    icc: intraclassCorrelation([...perPuzzle.values()].map(({ sum, n: size }) => ({ sum, squares: sum, n: size }))),
  };
}

/**
 * The judge's joint with the truth, X[c][l] = P(truth c, judge l), from its joint with the majority
 * O = X^T T (the judge and people err independently given the truth): X^T = O T^-1, negative
 * cells set to 0. Null when T cannot be inverted (people at chance).
 */
function truthJoint(confusion: readonly (readonly number[])[], majorityOfTruth: readonly (readonly number[])[]): number[][] | null {
  const k = confusion.length;
  const total = confusion.flat().reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const inverse = invert(majorityOfTruth);
  if (inverse === null) return null;
  const joint = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let l = 0; l < k; l++)
    for (let c = 0; c < k; c++) {
      let value = 0;
      for (let m = 0; m < k; m++) value += (((confusion[l] as number[])[m] as number) / total) * ((inverse[m] as number[])[c] as number);
      (joint[c] as number[])[l] = Math.max(0, value);
    }
  const sum = joint.flat().reduce((a, b) => a + b, 0);
  return sum > 0 ? joint.map((row) => row.map((value) => value / sum)) : null;
}

function correctedErrorRates(
  confusion: readonly (readonly number[])[],
  agreements: number,
  n: number,
  majorityOfTruth: readonly (readonly number[])[],
): number[][] {
  const k = confusion.length;
  const joint = truthJoint(confusion, majorityOfTruth) ?? transposed(confusion);
  return joint.map((row, c) => {
    const sum = row.reduce((a, b) => a + b, 0);
    // A class the judge never met: it errs there at its overall rate, evenly.
    if (!(sum > 0)) {
      const error = n > 0 ? 1 - agreements / n : 0;
      return row.map((_, l) => (l === c ? 1 - error : k > 1 ? error / (k - 1) : 0));
    }
    return row.map((value) => value / sum);
  });
}

/** The true labels' shares behind a judge's joint with the majority; the majority's own shares when it cannot be corrected. */
function truthSharesOf(judge: JudgeEstimate, majorityOfTruth: readonly (readonly number[])[]): number[] {
  const joint = truthJoint(judge.confusion, majorityOfTruth) ?? transposed(judge.confusion);
  const total = joint.flat().reduce((a, b) => a + b, 0);
  return joint.map((row) => row.reduce((a, b) => a + b, 0) / total);
}

function transposed(matrix: readonly (readonly number[])[]): number[][] {
  return matrix.map((_, c) => matrix.map((row) => row[c] as number));
}

function pairEstimate(
  a: string,
  b: string,
  units: readonly TaskUnit[],
  majorities: readonly (number | null)[],
  index: ReadonlyMap<string, number>,
): JudgePairEstimate {
  const cells: [number, number, number, number] = [0, 0, 0, 0];
  const perPuzzle = new Map<string, { sum: number; squares: number; n: number }>();
  units.forEach((unit, u) => {
    const labelA = unit.judgements.get(a);
    const labelB = unit.judgements.get(b);
    const m = majorities[u] ?? null;
    if (labelA === undefined || labelB === undefined || m === null) return;
    const aAgrees = index.get(labelA) === m;
    const bAgrees = index.get(labelB) === m;
    cells[aAgrees ? (bAgrees ? 0 : 1) : bAgrees ? 2 : 3]++;
    const value = Number(aAgrees) - Number(bAgrees);
    const tally = perPuzzle.get(unit.puzzleId) ?? { sum: 0, squares: 0, n: 0 };
    tally.sum += value;
    tally.squares += value * value;
    tally.n++;
    perPuzzle.set(unit.puzzleId, tally);
  });
  const tallies = [...perPuzzle.values()];
  return { a, b, cells, unitsPerPuzzle: tallies.map((tally) => tally.n), icc: intraclassCorrelation(tallies) };
}

/**
 * The one-way ANOVA estimator of the intra-cluster correlation (Donner 1986) from each cluster's
 * sum, sum of squares and size, cut at 0 below and 0.99 above: 0 with fewer than two clusters or
 * no spread within them to compare with.
 */
export function intraclassCorrelation(clusters: readonly { sum: number; squares: number; n: number }[]): number {
  const p = clusters.length;
  const total = clusters.reduce((sum, cluster) => sum + cluster.n, 0);
  if (p < 2 || total - p < 1) return 0;
  const grand = clusters.reduce((sum, cluster) => sum + cluster.sum, 0);
  let between = 0;
  let within = 0;
  let sizeSquares = 0;
  for (const { sum, squares, n } of clusters) {
    between += (sum * sum) / n;
    within += squares - (sum * sum) / n;
    sizeSquares += n * n;
  }
  between -= (grand * grand) / total;
  const meanSquareBetween = between / (p - 1);
  const meanSquareWithin = within / (total - p);
  const n0 = (total - sizeSquares / total) / (p - 1);
  const denominator = meanSquareBetween + (n0 - 1) * meanSquareWithin;
  if (!(denominator > 0)) return 0;
  return Math.min(0.99, Math.max(0, (meanSquareBetween - meanSquareWithin) / denominator));
}

/** The inverse of a small square matrix by Gauss-Jordan elimination with partial pivoting; null when singular. */
function invert(matrix: readonly (readonly number[])[]): number[][] | null {
  const k = matrix.length;
  const width = 2 * k;
  // [matrix | identity], row-major.
  const a = new Float64Array(k * width);
  matrix.forEach((row, i) => {
    row.forEach((value, j) => (a[i * width + j] = value));
    a[i * width + k + i] = 1;
  });
  const at = (i: number, j: number) => a[i * width + j] as number;
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let row = col + 1; row < k; row++) if (Math.abs(at(row, col)) > Math.abs(at(pivot, col))) pivot = row;
    if (!(Math.abs(at(pivot, col)) > 1e-9)) return null;
    for (let j = 0; j < width; j++) {
      const held = at(col, j);
      a[col * width + j] = at(pivot, j);
      a[pivot * width + j] = held;
    }
    const lead = at(col, col);
    for (let j = 0; j < width; j++) a[col * width + j] = at(col, j) / lead;
    for (let row = 0; row < k; row++) {
      const factor = at(row, col);
      if (row === col || factor === 0) continue;
      for (let j = 0; j < width; j++) a[row * width + j] = at(row, j) - factor * at(col, j);
    }
  }
  return Array.from({ length: k }, (_, i) => Array.from(a.subarray(i * width + k, (i + 1) * width)));
}
