// The words and shapes the Judges page shows for a prompt search: its steps as a tree (each
// version under its parent), a step's development figures, and its state as the lead should read it.

import type { DevelopmentScore, SearchStep, TaskScore } from '../../../shared/judge-run/prompt-search';
import type { PromptSearchRow } from '../../../shared/judge-run/search-records';
import type { ReportTask } from '../../../shared/report/model/report-model';

export interface SearchNode {
  step: SearchStep;
  children: SearchNode[];
}

/** The steps as a tree: each under the step whose version is its parent, in step order; a step whose parent is not among them is a root. */
export function searchTree(steps: readonly SearchStep[]): SearchNode[] {
  const ordered = [...steps].sort((a, b) => a.step - b.step);
  const nodes = new Map<string, SearchNode>();
  const roots: SearchNode[] = [];
  for (const step of ordered) {
    const node: SearchNode = { step, children: [] };
    const parent = step.version.parent === null ? undefined : nodes.get(step.version.parent);
    if (parent === undefined) roots.push(node);
    else parent.children.push(node);
    // A refused step's version was never saved: nothing grows from it.
    if (step.refused === undefined) nodes.set(step.version.name, node);
  }
  return roots;
}

const TASK_WORDS: Record<ReportTask, string> = { answer: 'questions', match: 'final answers' };

function figure(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

function taskText(task: ReportTask, score: TaskScore): string {
  const agreement = score.agreement === null ? '—' : `${Math.round(score.agreement * 100)}%`;
  return `${TASK_WORDS[task]}: κ ${figure(score.kappa, 2)}, agreement ${agreement} (n = ${score.n})`;
}

/** "κ 0.48 · questions: κ 0.41, agreement 78% (n = 30) · final answers: …", leaving out a task with no units. */
export function scoreText(score: DevelopmentScore): string {
  const tasks = (['answer', 'match'] as const).filter((task) => score.tasks[task].n > 0).map((task) => taskText(task, score.tasks[task]));
  return [`κ ${figure(score.kappa, 2)}`, ...tasks].join(' · ');
}

/** The state of a search no worker of this window runs: one left `running` was stopped by a closed window. */
export function searchStateText(row: PromptSearchRow): string {
  if (row.state === 'running') return 'interrupted (the window closed while it ran)';
  if (row.reason !== undefined && row.state !== 'paused') return `${row.state}: ${row.reason}`;
  return row.state;
}

/** Every state but finished goes on from its steps: a resumed search replays its journal. */
export function canResumeSearch(row: PromptSearchRow, live: boolean): boolean {
  return !live && row.state !== 'finished';
}

const STOPPED_WORDS: Record<NonNullable<PromptSearchRow['stoppedBy']>, string> = {
  candidates: 'every candidate of its budget tried',
  tokens: 'its token budget spent',
  agrees: 'a version agreed with people on every development turn',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** Why a search stopped, in words, where its state's text does not already say it with the search's reason. */
export function stoppedText(row: PromptSearchRow): string | undefined {
  return row.stoppedBy === undefined || row.reason !== undefined ? undefined : STOPPED_WORDS[row.stoppedBy];
}
