// Which human labels a report counts when the lead leaves out labels marked unsure: an
// annotator's label on a unit is left out when the one that counts (the later of several) is
// unsure, so leaving it out never brings back an earlier, superseded label.

import type { StudyLabel } from '../stats/study/study-units';

/** Whether labels marked unsure count like any other (the default) or are left out. */
export type UnsureLabels = 'counted' | 'left-out';

export function countedLabels<T extends StudyLabel>(labels: readonly T[], unsure: UnsureLabels): readonly T[] {
  if (unsure === 'counted') return labels;
  const latest = new Map<string, T>();
  for (const label of labels) latest.set(`${label.annotatorId}\u0000${label.task}\u0000${label.unitId}`, label);
  const left = new Set([...latest].filter(([, label]) => label.unsure === true).map(([key]) => key));
  return left.size === 0 ? labels : labels.filter((label) => !left.has(`${label.annotatorId}\u0000${label.task}\u0000${label.unitId}`));
}
