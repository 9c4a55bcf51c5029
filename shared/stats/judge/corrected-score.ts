// A player's benchmark score corrected for the judge's errors (Lee et al. 2025, "How to Correctly
// Report LLM-as-a-Judge Evaluations"; reference code UW-Madison-Lee-Lab/LLM-judge-reporting):
// the Rogan-Gladen estimate from counts the caller gathers, with the authors' interval.

import type { Interval } from '../interval';
import { normalQuantile } from '../normal-quantile';

/** The judge measured against people on human-labelled finals (one judge, one bucket). */
export interface JudgeCalibration {
  /** m1: finals the humans call matched. */
  humanMatched: number;
  /** Of those, the finals the judge also calls matched (sensitivity q1 = this / humanMatched). */
  judgeMatchedOfHumanMatched: number;
  /** m0: finals the humans call unmatched. */
  humanUnmatched: number;
  /** Of those, the finals the judge also calls unmatched (specificity q0 = this / humanUnmatched). */
  judgeUnmatchedOfHumanUnmatched: number;
}

/** One player's finals as the judge scored them (one bucket). */
export interface JudgedFinals {
  /** n: finals the judge labelled matched or unmatched. */
  judged: number;
  /** k: of those, the finals the judge calls matched (the raw score p = k / n). */
  judgeMatched: number;
}

export interface CorrectedScore {
  /** p = k / n, the score under the judge as it stands; null when no final was judged. */
  rawScore: number | null;
  /** q1, the judge's sensitivity; null without human-matched finals. */
  sensitivity: number | null;
  /** q0, the judge's specificity; null without human-unmatched finals. */
  specificity: number | null;
  /** theta = (p + q0 - 1) / (q0 + q1 - 1), clamped to [0, 1] as the authors do. */
  theta: number | null;
  /** theta before clamping, so a report can say when it was clamped (it is then outside [0, 1]). */
  unclampedTheta: number | null;
  /**
   * The authors' 95% interval, both ends clamped to [0, 1]. It is not centred on theta: it adds
   * z^2/2 matched and z^2/2 unmatched finals to the benchmark sample and one of each to both
   * calibration samples, and shifts the centre by the delta method's bias term.
   */
  ci95: Interval | null;
  /** The interval before clamping; when it lies wholly outside [0, 1] the clamped one is a point. */
  unclampedCi95: Interval | null;
  /** Why theta or the interval is null. */
  undefinedReasons: { theta?: string; ci95?: string };
}

/**
 * Whether theta is the estimate clamped. Asked of theta itself, not of [0, 1]: a report that scales
 * the score (by the share of sessions with a final) scales both alike, so they differ only when clamped.
 */
export function wasClamped(score: Pick<CorrectedScore, 'theta' | 'unclampedTheta'>): boolean {
  return score.unclampedTheta !== null && score.theta !== score.unclampedTheta;
}

// The two-sided 95% interval, as the authors' default alpha = 0.05.
const Z95 = normalQuantile(0.975);

const clamp = (x: number): number => Math.min(1, Math.max(0, x));

/**
 * The corrected score of one player. Counts must be whole numbers with each part at most its
 * whole (a RangeError otherwise: that is a caller's bug, not data). Undefined with a reason when
 * a sample is empty (the authors require n, m0, m1 > 0) or when q0 + q1 <= 1: a judge no better
 * than chance says nothing about the truth, and the authors refuse it.
 */
/** What the counted items are called in the reasons: finals matched or not, or sessions solved or not. */
export interface ItemWords {
  items: string;
  positive: string;
  negative: string;
}

const FINALS: ItemWords = { items: 'finals', positive: 'matched', negative: 'unmatched' };

export function correctedScore(finals: JudgedFinals, calibration: JudgeCalibration, words: ItemWords = FINALS): CorrectedScore {
  checkPart('judgeMatched', finals.judgeMatched, 'judged', finals.judged);
  checkPart('judgeMatchedOfHumanMatched', calibration.judgeMatchedOfHumanMatched, 'humanMatched', calibration.humanMatched);
  checkPart('judgeUnmatchedOfHumanUnmatched', calibration.judgeUnmatchedOfHumanUnmatched, 'humanUnmatched', calibration.humanUnmatched);
  const n = finals.judged;
  const m1 = calibration.humanMatched;
  const m0 = calibration.humanUnmatched;
  const p = n === 0 ? null : finals.judgeMatched / n;
  const q1 = m1 === 0 ? null : calibration.judgeMatchedOfHumanMatched / m1;
  const q0 = m0 === 0 ? null : calibration.judgeUnmatchedOfHumanUnmatched / m0;
  const undefinedScore = (reason: string): CorrectedScore => ({
    rawScore: p,
    sensitivity: q1,
    specificity: q0,
    theta: null,
    unclampedTheta: null,
    ci95: null,
    unclampedCi95: null,
    undefinedReasons: { theta: reason, ci95: reason },
  });
  const { items, positive, negative } = words;
  if (p === null) return undefinedScore(`no ${items} of this player were judged`);
  if (q1 === null) return undefinedScore(`no ${items} people call ${positive} to measure the judge's sensitivity on`);
  if (q0 === null) return undefinedScore(`no ${items} people call ${negative} to measure the judge's specificity on`);
  if (q0 + q1 - 1 <= 0) {
    return undefinedScore(
      `the judge is no better than chance on the ${items} people gave a verdict on (specificity ${q0.toFixed(3)} + sensitivity ${q1.toFixed(3)} <= 1), so its labels cannot be corrected`,
    );
  }
  const unclampedTheta = (p + q0 - 1) / (q0 + q1 - 1);
  const interval = authorsInterval(n, finals.judgeMatched, m0, calibration.judgeUnmatchedOfHumanUnmatched, m1, calibration.judgeMatchedOfHumanMatched);
  return {
    rawScore: p,
    sensitivity: q1,
    specificity: q0,
    theta: clamp(unclampedTheta),
    unclampedTheta,
    ci95: interval && [clamp(interval[0]), clamp(interval[1])],
    unclampedCi95: interval,
    undefinedReasons: interval
      ? {}
      : {
          ci95: `too few ${items} with a verdict of people: once the interval adds one ${positive} and one ${negative} to each calibration sample, the judge is no better than chance`,
        },
  };
}

/**
 * The authors' interval (their confidence_interval, Appendix C of the paper): every proportion
 * is smoothed (p with z^2/2 each way, like Wilson; q0 and q1 with one success and one failure,
 * like Agresti-Coull), the plug-in estimate is moved by its second-order bias, and the
 * delta-method variance sums the benchmark's and both calibration samples' binomial variances.
 * Null when the smoothed judge is no better than chance, where the formula's sign turns over.
 */
function authorsInterval(n: number, k: number, m0: number, a0: number, m1: number, a1: number): Interval | null {
  const z2 = Z95 * Z95;
  const nS = n + z2;
  const m0S = m0 + 2;
  const m1S = m1 + 2;
  const p = (k + z2 / 2) / nS;
  const q0 = (a0 + 1) / m0S;
  const q1 = (a1 + 1) / m1S;
  const youden = q0 + q1 - 1;
  if (youden <= 0) return null;
  const theta = (p + q0 - 1) / youden;
  const variance0 = (q0 * (1 - q0)) / m0S;
  const variance1 = (q1 * (1 - q1)) / m1S;
  const shift = 2 * z2 * (-(1 - theta) * variance0 + theta * variance1);
  const se = Math.sqrt((p * (1 - p)) / nS + (1 - theta) ** 2 * variance0 + theta ** 2 * variance1) / youden;
  return [theta + shift - Z95 * se, theta + shift + Z95 * se];
}

function checkPart(partName: string, part: number, wholeName: string, whole: number): void {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`${wholeName} must be a whole number of 0 or more, not ${whole}`);
  if (!Number.isSafeInteger(part) || part < 0 || part > whole)
    throw new RangeError(`${partName} must be a whole number from 0 to ${wholeName} (${whole}), not ${part}`);
}

/** One bucket's counts: the judge's calibration on that bucket's human-labelled finals, and each player's judged finals there. */
export interface BucketCounts<Bucket> {
  bucket: Bucket;
  calibration: JudgeCalibration;
  players: ReadonlyMap<string, JudgedFinals>;
}

export interface BucketCorrectedScore<Bucket> {
  bucket: Bucket;
  player: string;
  score: CorrectedScore;
}

/** The corrected score of every player in every bucket, in the order given. */
export function correctedScoresPerBucket<Bucket>(buckets: readonly BucketCounts<Bucket>[]): BucketCorrectedScore<Bucket>[] {
  return buckets.flatMap(({ bucket, calibration, players }) =>
    [...players].map(([player, finals]) => ({ bucket, player, score: correctedScore(finals, calibration) })),
  );
}
