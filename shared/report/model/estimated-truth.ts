// The report's "Estimated truth" section as data (issue 33 point 1): per task, the truth that
// Dawid-Skene and MACE estimate from the raters' labels, each rater's estimated accuracy,
// confusion and competence, each judge against that truth beside the human majority, and where
// the two references part. Present in a report only when its settings ask for it.

import type { Bucket } from '../../domain/difficulty';
import type { Interval } from '../../stats/interval';

/** Who the truth is estimated from: the annotators alone (default), or the judges as more raters. */
export type TruthRaters = 'people' | 'people-and-judges';

export interface EstimatedTruthSection {
  raters: TruthRaters;
  /** Bootstrap replicates of every interval, each a fit of its own; 0 gives none. */
  replicates: number;
  tasks: TruthTask[];
}

export interface TruthTask {
  task: 'answer' | 'match';
  /** The labels, in scheme order: the columns of every confusion row and posterior. */
  categories: string[];
  /** The units people labelled, each an item of the fit, and the puzzles they fall in (the bootstrap's clusters). */
  units: number;
  puzzles: number;
  /** Dawid-Skene's EM iterations and whether it converged. */
  iterations: number;
  converged: boolean;
  /** Dawid-Skene's share of each true label, in category order. */
  priors: number[];
  raters: TruthRaterRow[];
  /** Per judge and bucket (judge order, bucket order). */
  judges: TruthJudgeRow[];
  /** Per bucket: how often the human majority and the most likely label differ. */
  disagreementShares: TruthDisagreementShare[];
  /** Every unit whose strict human majority is not its most likely label, the most likely label's probability highest first. */
  disagreements: TruthDisagreement[];
}

export interface TruthRaterRow {
  /** `human:<annotator id>` or `judge:<model>`. */
  rater: string;
  ratings: number;
  /** Dawid-Skene: its chance of giving the true label (prior-weighted diagonal of its confusion), with a cluster bootstrap interval. */
  accuracy: number | null;
  accuracyCi95: Interval | null;
  /** Dawid-Skene: row the true label, column the label given, in category order; null in a row of a label no one gave. */
  confusion: (number | null)[][];
  /** MACE: its weight of knowing rather than spamming (variational Bayes), with a cluster bootstrap interval. */
  competence: number;
  competenceCi95: Interval | null;
}

/** One of a judge's agreements in a bucket: the share, the units it is over and its interval (the truth fitted again in each replicate). */
export interface TruthJudgeFigure {
  agreement: number | null;
  n: number;
  ci95: Interval | null;
}

export interface TruthJudgeRow {
  judge: string;
  bucket: Bucket | 'all';
  /** The judge is a rater of the truth; its own figures are against the truth fitted without its labels. */
  inTruth: boolean;
  /** Against the strict human majority, on the units with one (as the report's judge figures). */
  majority: TruthJudgeFigure;
  /** Against the most likely label of Dawid-Skene's posterior, on every unit it labelled. */
  mostLikely: TruthJudgeFigure;
  /** The mean posterior probability of the judge's own label: its expected agreement with the truth. */
  expected: TruthJudgeFigure;
}

export interface TruthDisagreementShare {
  bucket: Bucket | 'all';
  /** Units with a strict human majority (a tie is no majority and is left out). */
  withMajority: number;
  differing: number;
  share: number | null;
}

export interface TruthDisagreement {
  unit: string;
  puzzleId: string;
  bucket: Bucket;
  majority: string;
  /** The most likely label and its posterior probability. */
  label: string;
  probability: number;
}
