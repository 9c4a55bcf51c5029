// The report's held-out verdict (issue 34 point 4), as data: each judge run on the study's test
// split, its figures on the development part beside those on the test part, with the number of
// versions tried on development and of looks at the test part that make the result honest.

import type { JudgeSplitPart } from '../../domain/model';
import type { AltTestResult } from '../../stats/judge/alt-test';
import type { Interval, ReportTask } from './report-model';

/** The split as the report read it: the seed and each part's share of the puzzles. */
export interface ReportJudgeSplit {
  seed: number;
  shares: Record<JudgeSplitPart, number>;
}

export interface HeldOutVerdict {
  split: ReportJudgeSplit;
  /** Judges run on the development split: the versions the chosen one was picked from, the denominator of that choice. */
  versionsTried: number;
  /** Runs on the test split; above 1, the test figures of any but the first were looked at after it. */
  testLooks: number;
  /** The first judge run on the test split: its test figures are the result. */
  verdictJudge: string;
  /** Puzzles in each part with a unit people labelled. */
  puzzles: { development: number; test: number };
  /** Each distinct judge run on the test split, in the order first run. */
  judges: HeldOutJudge[];
  /** What the two columns mean, in words: the development figures are optimistic, and so are the test ones after more than one look. */
  notes: string[];
}

export interface HeldOutJudge {
  judge: string;
  /** How many times it was run on the test split. */
  testRuns: number;
  /** Per task it labelled a unit people labelled in either part (answer, then match). */
  tasks: HeldOutTask[];
}

export interface HeldOutTask {
  task: ReportTask;
  development: HeldOutFigures;
  test: HeldOutFigures;
}

/** One judge's figures on one part, each as the main report's tables and Judges section give it on that part's puzzles. */
export interface HeldOutFigures {
  /** The agreement table's judge vs Humans, all buckets: micro agreement with its interval and comparisons. */
  agreement: { value: number | null; ci95: Interval | null; n: number };
  /** Cohen's kappa with the strict human majority and its interval, as the fitness card gives it. */
  kappa: { value: number | null; ci95: Interval | null; n: number };
  /** Lenient minus severe errors per unit, all buckets, with its interval; n the units with a human majority it is over. */
  netLeniency: { value: number | null; ci95: Interval | null; n: number };
  /** The Alternative Annotator Test on the part; null when the judge has no Alt-Test row there. */
  altTest: AltTestResult | null;
}
