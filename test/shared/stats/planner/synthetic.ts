// Test helper: a seeded synthetic study (shared/demo/synthetic-study.ts) as the report reads it,
// and one judge's agreement with the human majority on it with the report's interval.

import { generateSyntheticStudy, type SyntheticStudyOptions } from '../../../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import type { ReportTask } from '../../../../shared/report/model/report-model';
import { agreementFigures, type UnitScore } from '../../../../shared/stats/study/agreement';
import { humanMajority } from '../../../../shared/stats/study/majority';
import { resamplingClusters } from '../../../../shared/stats/study/resampling';
import { indexStudy, type StudyUnits } from '../../../../shared/stats/study/study-units';

const NOW = '2026-11-22T10:00:00.000Z';

/** The generating process of the planner's tests: one session a puzzle, 2 to 4 questions and 1 or 2 final answers each, 3 people a puzzle. */
export const PROCESS: Omit<SyntheticStudyOptions, 'puzzles' | 'seed'> = {
  annotators: 3,
  sessionsPerPuzzle: 1,
  questionsPerSession: [2, 4],
  judges: ['judge-a', 'judge-b'],
  judgeErrorRates: [0.12, 0.18],
  humanErrorRate: 0.08,
};

export function syntheticUnits(puzzles: number, seed: number, options: Partial<SyntheticStudyOptions> = {}): StudyUnits {
  const generated = generateSyntheticStudy({ ...PROCESS, ...options, puzzles, seed });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return indexStudy(parsed.value, labels);
}

/** Width of the 95% interval of `judge`'s agreement with the strict human majority on every unit of `task`: agreementFigures over puzzles, as the report takes an agreement's interval. */
export function majorityAgreementWidth(units: StudyUnits, task: ReportTask, judge: string, replicates: number, seed: number): number {
  const kept = units.units[task].filter((unit) => unit.judgements.has(judge) && humanMajority(unit) !== null);
  const scores: UnitScore[] = kept.map((unit) => ({ agreements: unit.judgements.get(judge) === humanMajority(unit) ? 1 : 0, comparisons: 1 }));
  const [figure] = agreementFigures([scores], { replicates, seed }, resamplingClusters(kept, 'puzzles'));
  if (figure?.ci95 === null || figure?.ci95 === undefined) return Infinity;
  return figure.ci95[1] - figure.ci95[0];
}
