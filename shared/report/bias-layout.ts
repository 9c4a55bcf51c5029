// The layout of the bias checks (issue 31 point 3): one table per task, a row per judge, check
// and figure (the yes rate per bucket), each with its verdict in words, its two groups, the effect
// with its interval, and the p-values the verdict rests on.

import { HEDGES, JUDGE_ADDRESSES } from '../stats/judge/final-answer-tone';
import type { BiasCheckKind, BiasCheckRow, BiasFigure, BiasGroup, JudgesSection, ReportTask } from './model/report-model';
import { pairedPValueText, pAtBoundNote } from './paired-test-words';
import { BUCKET_NAME, formatPercent, formatPValue, intervalSuffix, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M', answer: 'R' };

const POSITIVE: Record<ReportTask, string> = { answer: 'yes', match: 'matched' };

/** A check and figure as the Check column names them. */
export function biasCheckName(task: ReportTask, check: BiasCheckKind, figure: BiasFigure): string {
  return check === 'yes-rate' ? `${POSITIVE[task]} rate` : `${CHECK_NAME[check]}: ${figure}`;
}

const CHECK_NAME: Record<Exclude<BiasCheckKind, 'yes-rate'>, string> = {
  length: 'length',
  'own-family': 'own family',
  certainty: 'certainty',
  'addresses-judge': 'addressing',
  order: 'order swap',
};

/** What A and B are in each check of the task. */
function groupsNote(task: ReportTask): string {
  return (
    [
      `A and B: ${POSITIVE[task]} rate, the judge and the human majority on the same units`,
      'length, the long and the short tertile',
      "own family, players of the judge's model family and the others",
      ...(task === 'match'
        ? ['certainty, final answers stated with certainty and hedged ones', 'addressing, final answers that address the judge and those that do not']
        : []),
    ].join('; ') + '.'
  );
}

/**
 * The verdict as the table cell says it, its groups named by the Check column beside it: `no
 * clear effect`, `12.3 points more lenient`, `not tested`; the report's `verdict` says it whole.
 */
function shortVerdict(task: ReportTask, row: BiasCheckRow): string {
  if (row.test.pValue === null || row.value === null) return 'not tested';
  if (!row.effect) return 'no clear effect';
  const size = `${Math.abs(100 * row.value).toFixed(1)} points ${row.value > 0 ? 'more' : 'less'}`;
  if (row.check === 'yes-rate') return `says ${POSITIVE[task]} ${size} often`;
  if (row.check === 'order') return `changes ${formatPercent(row.value)}%`;
  return row.figure === 'leniency' ? `${size} lenient` : `agrees ${size}`;
}

/** `31.2 (n=120)`: a group's figure in % (points for a leniency) with its units. */
function groupCell(group: BiasGroup): string {
  return group.value === null ? `${UNDEFINED} (n=${group.units})` : `${formatPercent(group.value)} (n=${group.units})`;
}

function biasTable(judges: JudgesSection, task: ReportTask, replicates: number): LayoutTable {
  const rows = (judges.biasChecks ?? []).filter((row) => row.task === task);
  const length = rows.find((row) => row.check === 'length' && row.test.pValue !== null);
  const kind = task === 'match' ? 'final answers' : 'questions';
  return {
    id: `judges-bias-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: bias checks`,
    caption: `Each judge against the strict human majority on the ${kind} it labelled that have one. The ${POSITIVE[task]} rate compares the judge's share of ${POSITIVE[task]} with the majority's; the other checks compare a figure on two groups of ${kind}, A minus B: agreement (% where the judge gives the majority's label) or leniency (its ${POSITIVE[task]} rate minus the majority's, in points). Effect with its symmetric 95% studentized cluster bootstrap CI${replicates > 0 ? '' : ' (none: no replicates)'}; p from the same replicates; Holm p over the judge's checks on the task. The verdict names an effect where Holm p < 0.05.`,
    columns: ['Judge', 'Check', 'Bucket', 'Verdict', 'A', 'B', 'Effect (95% CI)', 'p', 'Holm p'],
    labelColumns: 4,
    rows: rows.map((row) => ({
      labels: [row.judge, biasCheckName(task, row.check, row.figure), BUCKET_NAME[row.bucket], shortVerdict(task, row)],
      ids: [row.judge, `${row.check}:${row.figure}`, row.bucket, row.effect ? 'effect' : 'none'],
      values: [
        groupCell(row.a),
        groupCell(row.b),
        row.value === null ? UNDEFINED : `${formatPercent(row.value)}${intervalSuffix(row.ci95, formatPercent)}`,
        pairedPValueText(row.test, formatPValue) ?? UNDEFINED,
        formatPValue(row.holmP),
      ],
    })),
    notes: [
      groupsNote(task),
      ...(length === undefined
        ? []
        : [
            `Length in characters, cut at the tertiles of all the study's ${kind}: ${length.a.name}, ${length.others?.[0]?.name ?? 'middle'}, ${length.b.name}.`,
          ]),
      "Own family: players whose model family, read from the model's name, is the judge's; a judge whose family the name does not show is not checked.",
      ...(task === 'match'
        ? [
            `Hedged: a question mark or one of ${HEDGES.length} hedges (${HEDGES.slice(0, 6).join(', ')} ...; after the MFTE tagger, Biber 1988, and Kilicoglu & Bergler 2008). An answer addresses the judge with one of ${JUDGE_ADDRESSES.length} phrases such as "${JUDGE_ADDRESSES[0] as string}".`,
          ]
        : []),
      ...pAtBoundNote(
        rows.map((row) => row.test),
        replicates,
      ),
      ...untested(rows),
    ],
  };
}

/** Why each untested check was not tested, once per reason. */
function untested(rows: readonly BiasCheckRow[]): string[] {
  const reasons = new Map<string, string[]>();
  for (const row of rows) {
    if (row.test.pValue !== null && row.value !== null) continue;
    const reason = row.test.reason ?? 'no figure';
    const checks = reasons.get(reason) ?? [];
    const name = `${row.judge} ${biasCheckName(row.task, row.check, row.figure)}${row.bucket === 'all' ? '' : ` (${BUCKET_NAME[row.bucket]})`}`;
    if (!checks.includes(name)) checks.push(name);
    reasons.set(reason, checks);
  }
  return [...reasons].map(([reason, checks]) => `Not tested (${reason}): ${checks.join('; ')}.`);
}

/** The bias tables, M first, for the tasks with checks. */
export function biasTables(judges: JudgesSection, replicates: number): LayoutTable[] {
  const rows = judges.biasChecks ?? [];
  return TASK_ORDER.filter((task) => rows.some((row) => row.task === task)).map((task) => biasTable(judges, task, replicates));
}
