// A synthetic study with a judge split for the held-out verdict's tests: three judges that err at
// known rates (judge-v0 tried on development alone), four annotators, and the split's record of
// what was run on development and test.

import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { JudgeSplitSetting, StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import type { ReportInput } from '../../../shared/report/build-report';
import type { StudyLabel } from '../../../shared/stats/study/study-units';

export const NOW = '2026-11-28T12:00:00.000Z';

export interface SplitStudyOptions {
  puzzles: number;
  seed: number;
  judgeErrorRates?: readonly number[];
  humanErrorRate?: number;
  annotators?: number;
}

/** The study and its people's labels, without a split. */
export function splitStudyData({ puzzles, seed, judgeErrorRates = [0.1, 0.3], humanErrorRate, annotators = 4 }: SplitStudyOptions): {
  study: StudyData;
  labels: StudyLabel[];
} {
  const generated = generateSyntheticStudy({
    puzzles,
    annotators,
    seed,
    judges: ['judge-v1', 'judge-v2', 'judge-v0'],
    judgeErrorRates,
    // The first judge's samples and confidence, which the parts' reports leave out: the figures must not need them.
    judgeSamples: 3,
    ...(humanErrorRate === undefined ? {} : { humanErrorRate }),
  });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { study: parsed.value, labels };
}

/** Three versions tried on development; judge-v2 chosen and run on test, then judge-v1 looked at there too, then judge-v2 again. */
export const SPLIT: JudgeSplitSetting = {
  seed: 34,
  shares: { examples: 0.15, development: 0.45, test: 0.4 },
  setAt: NOW,
  developmentJudges: ['judge-v1', 'judge-v0', 'judge-v2'],
  testRuns: [
    { judge: 'judge-v2', at: '2026-11-28T12:10:00.000Z' },
    { judge: 'judge-v1', at: '2026-11-28T12:20:00.000Z' },
    { judge: 'judge-v2', at: '2026-11-28T12:30:00.000Z' },
  ],
};

export function withSplit(study: StudyData, split: JudgeSplitSetting | undefined): StudyData {
  return { ...study, study: { ...study.study, ...(split === undefined ? {} : { judgeSplit: split }) } };
}

export function reportInput(study: StudyData, labels: readonly StudyLabel[], bootstrap = 60): ReportInput {
  return {
    study,
    labels,
    settings: { bootstrap, seed: 3, average: 'micro' },
    inputs: [{ file: 'synthetic.json', sha256: 'b'.repeat(64) }],
    app: 'agreement-studio test',
    now: NOW,
  };
}
