// Selective evaluation (Jung, Brahman and Choi, "Trust or Escalate", ICLR 2025; issue 32 point 5):
// the confidence threshold above which a judge's labels may be kept, chosen on the units people
// labelled so that, with probability at least 1 - delta, the judge agrees with people on at least
// 1 - alpha of the units it keeps; units below it go to people. Computed as the authors' code
// computes it (SelectiveClassificationUtil.lambda_hat, jaehunjung1/cascaded-selective-evaluation@1b969f2,
// checked against it in the tests):
//   - candidates: the thresholds i / 4999 (torch.linspace(0, 1, 5000)) with at least 30 calibration
//     units at or above them, m of them, from 0 up;
//   - the test at a threshold x: n units at or above x, k of them disagreeing with people; it passes
//     when P(Binomial(n, alpha) <= k) <= delta (the exact binomial tail; their form, an upper bound
//     found with brentq and compared with alpha, says the same);
//   - fixed-sequence testing from the top: if the highest candidate fails, no threshold passes;
//     then for each candidate lambda from the highest down, the test at lambda - 1 / m; at the first
//     failure that lambda is the threshold, and if none fails, 0.
// One choice of theirs is kept though it looks unintended: the look-ahead step is 1 / m, not the
// grid's 1 / 4999, so the kept set can differ from the last one tested by confidences within a
// grid step of the threshold. Two are ours: the count of disagreements is an integer, where their
// code passes float32(k / n) * n, which rounding sometimes turns into k - 1 (their test then passes
// where it should not); and where no threshold passes, or fewer than 30 units were labelled,
// nothing is kept, where their code returns the highest candidate (or 0). It assumes the
// calibration units are exchangeable with the units the threshold is applied to (a uniform random
// sample of them, units independent).

/** A unit people labelled: the judge's confidence in its label (from 0 to 1) and whether that label agrees with people. */
export interface SelectiveEvaluationUnit {
  confidence: number;
  agrees: boolean;
}

export interface SelectiveEvaluation {
  alpha: number;
  delta: number;
  /** The confidence at and above which the judge's labels are kept; null when no threshold passes. */
  threshold: number | null;
  passes: boolean;
  calibrationUnits: number;
  /** Calibration units at or above the threshold, and their share of the calibration units (0 when none passes). */
  keptCalibrationUnits: number;
  keptCalibrationShare: number;
  /** The share of all the units the judge labelled whose confidence reaches the threshold (0 when none passes). */
  keptShare: number;
  /** The judge's agreement with people on the kept calibration units; null when none passes. */
  agreementOnKept: number | null;
  /** Why nothing is kept, in words for a study lead; set only when none passes. */
  reason?: string;
}

/** torch.linspace(0, 1, 5000) in the authors' code: the thresholds are i / 4999. */
export const SELECTIVE_EVALUATION_GRID = 5000;

/** The authors keep a threshold as a candidate only with at least this many calibration units at or above it. */
export const SELECTIVE_EVALUATION_MIN_UNITS = 30;

/**
 * The threshold for a judge whose confidence and agreement with people are known on `calibration`
 * (the units people labelled), the share of `allConfidences` (the judge's confidence on every unit
 * it labelled, calibration units included) it keeps, for a target agreement 1 - `alpha` held with
 * probability 1 - `delta`. Throws a RangeError on alpha or delta outside (0, 1), a confidence
 * outside [0, 1], or no units.
 */
export function selectiveEvaluation(
  calibration: readonly SelectiveEvaluationUnit[],
  allConfidences: ArrayLike<number>,
  alpha: number,
  delta: number,
): SelectiveEvaluation {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha (one minus the target agreement) must be between 0 and 1, not ${alpha}`);
  if (!(delta > 0 && delta < 1)) throw new RangeError(`delta (the risk of missing the target) must be between 0 and 1, not ${delta}`);
  if (calibration.length === 0) throw new RangeError('selective evaluation needs units labelled by people and the judge; there are none');
  if (allConfidences.length === 0) throw new RangeError("selective evaluation needs the judge's confidence on the units it labelled; there are none");
  calibration.forEach(({ confidence }, i) => checkConfidence(confidence, `calibration unit ${i}`));
  for (let i = 0; i < allConfidences.length; i++) checkConfidence(allConfidences[i] as number, `unit ${i}`);

  const n = calibration.length;
  const sorted = [...calibration].sort((a, b) => b.confidence - a.confidence);
  const confidences = Float64Array.from(sorted, (unit) => unit.confidence);
  // disagreeing[j]: how many of the j most confident units disagree with people.
  const disagreeing = new Int32Array(n + 1);
  sorted.forEach((unit, j) => (disagreeing[j + 1] = (disagreeing[j] as number) + (unit.agrees ? 0 : 1)));

  const top = highestCandidate(confidences);
  const none = (reason: string): SelectiveEvaluation => ({
    alpha,
    delta,
    threshold: null,
    passes: false,
    calibrationUnits: n,
    keptCalibrationUnits: 0,
    keptCalibrationShare: 0,
    keptShare: 0,
    agreementOnKept: null,
    reason,
  });
  const target = `${percent(1 - alpha)} agreement with ${percent(1 - delta)} certainty`;
  if (top < 0)
    return none(
      `only ${n} labelled units: the test needs at least ${SELECTIVE_EVALUATION_MIN_UNITS} at or above a confidence level, so no confidence level of this judge can be shown to reach ${target}`,
    );

  // The tests run at falling thresholds, so the units at or above each are counted on from the last.
  let kept = 0;
  let lastKept = -1;
  let lastPassed = false;
  const passesAt = (x: number): boolean => {
    while (kept < n && (confidences[kept] as number) >= x) kept++;
    if (kept !== lastKept) {
      lastKept = kept;
      lastPassed = binomialLowerTail(disagreeing[kept] as number, kept, alpha) <= delta;
    }
    return lastPassed;
  };
  if (!passesAt(top / (SELECTIVE_EVALUATION_GRID - 1))) return none(`no confidence level of this judge reaches ${target} on these ${n} labelled units`);
  const lookAhead = 1 / (top + 1);
  let chosen = 0;
  for (let i = top; i >= 0; i--) {
    if (!passesAt(i / (SELECTIVE_EVALUATION_GRID - 1) - lookAhead)) {
      chosen = i;
      break;
    }
  }

  const threshold = chosen / (SELECTIVE_EVALUATION_GRID - 1);
  let keptCalibrationUnits = 0;
  while (keptCalibrationUnits < n && (confidences[keptCalibrationUnits] as number) >= threshold) keptCalibrationUnits++;
  let keptAll = 0;
  for (let i = 0; i < allConfidences.length; i++) if ((allConfidences[i] as number) >= threshold) keptAll++;
  return {
    alpha,
    delta,
    threshold,
    passes: true,
    calibrationUnits: n,
    keptCalibrationUnits,
    keptCalibrationShare: keptCalibrationUnits / n,
    keptShare: keptAll / allConfidences.length,
    agreementOnKept: keptCalibrationUnits > 0 ? 1 - (disagreeing[keptCalibrationUnits] as number) / keptCalibrationUnits : null,
  };
}

function checkConfidence(confidence: number, what: string): void {
  if (!(confidence >= 0 && confidence <= 1)) throw new RangeError(`the confidence of ${what} is ${confidence}; a confidence is from 0 to 1`);
}

/**
 * The index of the highest grid threshold with at least 30 units at or above it, -1 with fewer
 * than 30 units: the largest i with i / 4999 at most the 30th highest confidence. The candidates
 * are the thresholds 0 to this one, as a count of units at or above a threshold falls as it rises.
 */
function highestCandidate(descending: Float64Array): number {
  if (descending.length < SELECTIVE_EVALUATION_MIN_UNITS) return -1;
  const thirtieth = descending[SELECTIVE_EVALUATION_MIN_UNITS - 1] as number;
  const last = SELECTIVE_EVALUATION_GRID - 1;
  // The product may round either way; the comparison i / 4999 <= thirtieth is the one the test makes.
  let i = Math.min(last, Math.floor(thirtieth * last) + 1);
  while (i > 0 && i / last > thirtieth) i--;
  return i;
}

/**
 * P(X <= k) for X ~ Binomial(n, p), summed from the term nearest the mode outward so the terms
 * shrink as they are added: below the mean the lower tail itself, above it one minus the upper
 * tail. The first term is built in logs, as p^k (1 - p)^(n - k) alone underflows for large n.
 */
function binomialLowerTail(k: number, n: number, p: number): number {
  if (k >= n) return 1;
  if (k < n * p) {
    let term = Math.exp(logBinomialTerm(k, n, p));
    let sum = term;
    for (let j = k; j > 0 && term > sum * 1e-17; j--) {
      term *= (j / (n - j + 1)) * ((1 - p) / p);
      sum += term;
    }
    return sum;
  }
  let term = Math.exp(logBinomialTerm(k + 1, n, p));
  let sum = term;
  for (let j = k + 1; j < n && term > sum * 1e-17; j++) {
    term *= ((n - j) / (j + 1)) * (p / (1 - p));
    sum += term;
  }
  return 1 - sum;
}

/** log P(X = j) for X ~ Binomial(n, p), the binomial coefficient as a sum of logs over the shorter side. */
function logBinomialTerm(j: number, n: number, p: number): number {
  const shorter = Math.min(j, n - j);
  let logChoose = 0;
  for (let i = 1; i <= shorter; i++) logChoose += Math.log((n - shorter + i) / i);
  return logChoose + j * Math.log(p) + (n - j) * Math.log1p(-p);
}

/** 0.9 as "90%", 0.975 as "97.5%". */
function percent(share: number): string {
  return `${Number((100 * share).toFixed(1))}%`;
}
