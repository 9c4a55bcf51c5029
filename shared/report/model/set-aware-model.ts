// The report's figures on answers with more than one right answer (issue 33 point 4), as data: each
// comparison forced choice (every label's `value`) beside set-aware (every label's set), people's
// alpha on their sets, and the units where the two verdicts on a judge differ.

import type { AgreementRow, Interval, RaterGroup, ReportBucket } from './report-model';

/** One comparison on one bucket of the answer task, its forced-choice and set-aware figures made alike. */
export interface SetAwareRow {
  bucket: ReportBucket;
  /** `judge:<model>` against people or gold, or `human` against `human`. */
  a: RaterGroup;
  /** `human` or `gold`. */
  b: RaterGroup;
  forcedChoice: SetAwareFigure;
  setAware: SetAwareFigure;
}

/** An agreement figure as the report's tables hold one. */
export type SetAwareFigure = Omit<AgreementRow, 'bucket' | 'a' | 'b'>;

/** People's Krippendorff's alpha on one bucket: nominal on their forced choices, MASI on their sets (Passonneau 2006). */
export interface SetAlphaRow {
  bucket: ReportBucket;
  forcedChoice: number | null;
  masi: number | null;
  /** Labels in units with two or more: alpha's n (the same for both). */
  pairableValues: number;
  /** Percentile intervals over the replicates that draw the bucket's clusters; present when the report has a bootstrap. */
  forcedChoiceCi95?: Interval | null;
  masiCi95?: Interval | null;
  /** Replicates whose alpha was undefined (one set throughout, or fewer than two labels), left out of the interval. */
  undefinedReplicates?: { forcedChoice: number; masi: number };
  /** Why an alpha is null, by `forcedChoice` or `masi`. */
  undefinedReasons: Record<string, string>;
}

/** A judge's label on a unit that forced choice and sets judge differently: against some person's set or the gold set. */
export interface SetDifference {
  unitId: string;
  puzzleId: string;
  judge: string;
  label: string;
  /** People whose forced choice is not the judge's label but whose set holds it (the reverse cannot happen: a set holds its value). */
  peopleOnlyBySet: number;
  /** People who labelled the unit. */
  people: number;
  /** Whether the gold value is not the judge's label but the gold set holds it. */
  goldOnlyBySet: boolean;
  /** Every person's set on the unit (a single answer is a set of one), by annotator id, in the order they labelled it. */
  sets: Array<{ annotator: string; answers: string[] }>;
  /** The gold set, when the unit has gold. */
  gold?: string[];
}

/** Present in a report only when some label or gold label of the study holds a set. */
export interface SetAwareSection {
  task: 'answer';
  /** Labels and gold labels on answer units that hold a set. */
  labelsWithSets: number;
  goldWithSets: number;
  rows: SetAwareRow[];
  alpha: SetAlphaRow[];
  differences: SetDifference[];
}
