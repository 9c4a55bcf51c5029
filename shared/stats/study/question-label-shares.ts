// The question accuracy corrected with all three answer labels (issue 32 point 2): per judge,
// player and bucket, the share of the player's questions people would answer yes, and the share
// they would answer yes or no (AgentBench's relevance), from the judge's label mix on the player's
// judged questions corrected through the judge's yes / no / irrelevant confusion matrix, measured
// on the bucket's questions people labelled (pooled over players, as the corrected solve rates
// pool their calibration sessions). The delta-method interval counts both samples.

import type { CorrectedQuestionShare, QuestionLabelShares } from '../../report/model/report-model';
import { confusionCorrectedShares, correctedCombination } from '../judge/confusion-corrected';

/** A judged question: its (judge, player) cell and stratum as the prediction-powered items, and both labels as category indices. */
export interface QuestionLabelItem {
  cell: number;
  stratum: number;
  judge: number;
  /** The human majority's category; null without one (unlabelled or tied). */
  people: number | null;
}

/**
 * Per cell, the corrected shares over the given strata (one bucket, or every bucket for All): the
 * judge's confusion from the labelled questions of every cell of the same judge in those strata,
 * its label mix from the cell's judged questions. `categories` names the labels in index order
 * (`yes` and `no` among them); `judgeOfCell` the judge of each cell.
 */
export function questionLabelShares(
  items: readonly QuestionLabelItem[],
  judgeOfCell: readonly string[],
  strata: ReadonlySet<number>,
  categories: readonly string[],
): QuestionLabelShares[] {
  const K = categories.length;
  const yes = categories.indexOf('yes');
  const no = categories.indexOf('no');
  const calibration = new Map<string, number[][]>();
  const judged = judgeOfCell.map(() => new Array<number>(K).fill(0));
  for (const item of items) {
    if (!strata.has(item.stratum)) continue;
    const mix = judged[item.cell] as number[];
    mix[item.judge] = (mix[item.judge] as number) + 1;
    if (item.people === null) continue;
    const judge = judgeOfCell[item.cell] as string;
    let counts = calibration.get(judge);
    if (counts === undefined) calibration.set(judge, (counts = categories.map(() => new Array<number>(K).fill(0))));
    const row = counts[item.people] as number[];
    row[item.judge] = (row[item.judge] as number) + 1;
  }
  return judgeOfCell.map((judge, cell): QuestionLabelShares => {
    const mix = judged[cell] as number[];
    const total = mix.reduce((sum, count) => sum + count, 0);
    const judgeShare = (k: number) => (total === 0 ? 0 : (mix[k] as number) / total);
    const uncorrected = (reason: string): QuestionLabelShares => ({
      yes: { share: null, ci95: null, judgeShare: judgeShare(yes) },
      relevant: { share: null, ci95: null, judgeShare: judgeShare(yes) + judgeShare(no) },
      clamped: false,
      reason,
    });
    if (total === 0) return uncorrected('the judge answered none of these questions');
    const counts = calibration.get(judge);
    const missing = categories.filter((_, k) => (counts?.[k] ?? []).reduce((sum, count) => sum + count, 0) === 0);
    if (counts === undefined || missing.length > 0) {
      return uncorrected(
        `people's majority gave no ${(counts === undefined ? categories : missing).join(' or ')} answer here to measure the judge's errors on`,
      );
    }
    const shares = confusionCorrectedShares(counts, mix);
    const combination = (weights: number[]): CorrectedQuestionShare | null => {
      const figure = correctedCombination(shares, weights);
      return figure === null ? null : { share: figure.estimate, ci95: figure.ci95, judgeShare: weights.reduce((sum, w, k) => sum + w * judgeShare(k), 0) };
    };
    const yesShare = combination(categories.map((_, k) => Number(k === yes)));
    const relevant = combination(categories.map((_, k) => Number(k === yes || k === no)));
    if (yesShare === null || relevant === null) return uncorrected(shares.undefinedReason ?? "the judge's labels cannot be corrected");
    return { yes: yesShare, relevant, clamped: shares.clamped };
  });
}
