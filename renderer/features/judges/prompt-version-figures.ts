// The Prompt versions view's figures, read from the report the report worker computes: per model
// and prompt version (judges named `<model>@<version>`), its agreement with people on each task
// with its bootstrap interval: the paper's human-judge agreement (M for final answers, R for
// questions), the report's statistic for how well a judge agrees with people. Judges without an
// `@` are the study's own, not prompt versions, and are left out.

import type { AgreementReport, Interval, ReportTask } from '../../../shared/report/model/report-model';

export interface TaskFigure {
  agreement: number | null;
  ci95: Interval | null;
  /** Human-judge comparisons it counts. */
  n: number;
}

export interface PromptVersionFigures {
  judge: string;
  version: string;
  figures: Partial<Record<ReportTask, TaskFigure>>;
}

export interface ModelFigures {
  model: string;
  versions: PromptVersionFigures[];
}

const TASKS: readonly ReportTask[] = ['match', 'answer'];

/** `<model>@<version>`: a model's name has no '@', so the last one starts the version. */
function splitJudge(judge: string): { model: string; version: string } | undefined {
  const at = judge.lastIndexOf('@');
  if (at <= 0 || at === judge.length - 1) return undefined;
  return { model: judge.slice(0, at), version: judge.slice(at + 1) };
}

export function promptVersionFigures(report: AgreementReport): ModelFigures[] {
  const byJudge = new Map<string, PromptVersionFigures>();
  for (const task of TASKS) {
    for (const row of report.tables[task]) {
      if (row.bucket !== 'all') continue;
      const judgeGroup = row.a.startsWith('judge:') && row.b === 'human' ? row.a : row.b.startsWith('judge:') && row.a === 'human' ? row.b : undefined;
      if (judgeGroup === undefined) continue;
      const judge = judgeGroup.slice('judge:'.length);
      const parts = splitJudge(judge);
      if (parts === undefined) continue;
      const entry = byJudge.get(judge) ?? { judge, version: parts.version, figures: {} };
      entry.figures[task] = { agreement: row.agreement, ci95: row.ci95, n: row.n };
      byJudge.set(judge, entry);
    }
  }
  const byModel = new Map<string, PromptVersionFigures[]>();
  for (const entry of byJudge.values()) {
    const model = splitJudge(entry.judge)?.model ?? entry.judge;
    byModel.set(model, [...(byModel.get(model) ?? []), entry]);
  }
  return [...byModel.entries()].map(([model, versions]) => ({ model, versions }));
}
