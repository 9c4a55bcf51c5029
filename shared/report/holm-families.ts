// The Holm families of the report's Judges section as it states them, "R (questions): tests of
// 3 pairs of judges x 4 buckets": written and read back only here, so the layout's notes
// find a task's families of one kind by the very words the section wrote them with.

import type { ReportTask } from './model/report-model';

export type HolmFamilyKind = 'leniency' | 'pairs';

const TASK_NAME: Record<ReportTask, string> = { answer: 'R (questions)', match: 'M (final answers)' };

// Which test (bootstrap-t or exact McNemar) is the report's setting, stated beside the tables.
const KIND_TESTS: Record<HolmFamilyKind, string> = { leniency: 'leniency against severity tests of', pairs: 'tests of' };

/** One family: its task, its kind of test and what was tested (`3 pairs of judges x 4 buckets`). */
export function holmFamilyText(task: ReportTask, kind: HolmFamilyKind, tested: string): string {
  return `${TASK_NAME[task]}: ${KIND_TESTS[kind]} ${tested}`;
}

/** The families of one task and kind, each without its task: `tests of 3 pairs of judges x 4 buckets`. */
export function holmFamiliesOf(families: readonly string[], task: ReportTask, kind: HolmFamilyKind): string[] {
  const taskPrefix = `${TASK_NAME[task]}: `;
  return families.filter((family) => family.startsWith(`${taskPrefix}${KIND_TESTS[kind]} `)).map((family) => family.slice(taskPrefix.length));
}
