// The Judges section's rows picked for what the page shows: one task and one bucket at a time.
// Indexed once per report, so switching the task or the bucket is a lookup, not a scan of every
// row (a study with nine judges has hundreds).

import type {
  CorrectedScoreRow,
  JudgeAgainstPeopleRow,
  JudgeAltTestRow,
  JudgeComparisonRow,
  JudgesSection,
  ReportBucket,
  ReportTask,
} from '../../../shared/report/model/report-model';

/** What one judge's card shows for the chosen task and bucket. */
export interface JudgeCard {
  judge: string;
  againstPeople: JudgeAgainstPeopleRow;
  /** Over every bucket; absent when the report has no Alt-Test row for the judge and task. */
  altTest: JudgeAltTestRow | undefined;
  /** Every bucket's, in report order: the corrected scores come from the final answers alone. */
  correctedScores: CorrectedScoreRow[];
}

export interface JudgesIndex {
  /** Per task, its buckets in report order. */
  buckets: Record<ReportTask, ReportBucket[]>;
  cards(task: ReportTask, bucket: ReportBucket): JudgeCard[];
  comparisons(task: ReportTask, bucket: ReportBucket): JudgeComparisonRow[];
}

const key = (...parts: string[]) => parts.join('\u0000');

function push<T>(map: Map<string, T[]>, at: string, value: T) {
  const list = map.get(at);
  if (list === undefined) map.set(at, [value]);
  else list.push(value);
}

export function indexJudges(section: JudgesSection): JudgesIndex {
  const buckets: Record<ReportTask, ReportBucket[]> = { answer: [], match: [] };
  const rows = new Map<string, JudgeAgainstPeopleRow[]>();
  for (const row of section.againstPeople) {
    if (!buckets[row.task].includes(row.bucket)) buckets[row.task].push(row.bucket);
    push(rows, key(row.task, row.bucket), row);
  }
  const altTests = new Map(section.altTest.map((row) => [key(row.task, row.judge), row]));
  const corrected = new Map<string, CorrectedScoreRow[]>();
  for (const row of section.correctedScores) push(corrected, row.judge, row);
  const comparisons = new Map<string, JudgeComparisonRow[]>();
  for (const row of section.comparisons) push(comparisons, key(row.task, row.bucket), row);
  return {
    buckets,
    cards: (task, bucket) =>
      (rows.get(key(task, bucket)) ?? []).map((row) => ({
        judge: row.judge,
        againstPeople: row,
        altTest: altTests.get(key(task, row.judge)),
        correctedScores: task === 'match' ? (corrected.get(row.judge) ?? []) : [],
      })),
    comparisons: (task, bucket) => comparisons.get(key(task, bucket)) ?? [],
  };
}
