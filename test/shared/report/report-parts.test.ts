// Proves the report's two parts (reportFigures and reportJudges, which the app computes on two
// workers when the machine has two cores) make exactly buildReport's report: the same JSON, byte
// for byte, for the same input and seed, with the judges' part given a structured clone of the
// input as a worker receives it, under every setting that changes what the parts compute.

import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { assembleReport, buildReport, JUDGES_PHASES, reportFigures, reportJudges, type ReportInput } from '../../../shared/report/build-report';
import type { StudyGoldLabel, StudyLabel } from '../../../shared/stats/study/study-units';
import { bucketStudy, workedExampleB } from '../stats/study/study-fixtures';

const NOW = '2026-11-22T10:00:00.000Z';

function synthetic(): { study: StudyData; labels: StudyLabel[] } {
  const generated = generateSyntheticStudy({ puzzles: 30, annotators: 3, overlap: 3, seed: 7 });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { study: parsed.value, labels };
}

/** The first annotator's labels of every third unit as the lead's gold. */
function goldOf(labels: readonly StudyLabel[]): StudyGoldLabel[] {
  const first = labels[0]?.annotatorId;
  return labels
    .filter((label, i) => label.annotatorId === first && label.task !== 'difficulty' && i % 3 === 0)
    .map(({ task, unitId, value }) => ({ task, unitId, value }));
}

function input(data: { study: StudyData; labels: StudyLabel[] }, settings: Partial<ReportInput['settings']> = {}, gold?: StudyGoldLabel[]): ReportInput {
  return {
    study: data.study,
    labels: data.labels,
    ...(gold === undefined ? {} : { gold }),
    settings: { bootstrap: 200, seed: 3, average: 'micro', ...settings },
    inputs: [{ file: 'study.json', sha256: 'ab'.repeat(32) }],
    app: 'agreement-studio test',
    now: NOW,
  };
}

/** The report in parts, the judges' part on a structured clone of the input (these inputs have no progress callback, which a worker could not receive). */
function inParts(report: ReportInput): string {
  return JSON.stringify(assembleReport(reportFigures(report), reportJudges(structuredClone(report))));
}

describe('the report in two parts', () => {
  it('is the one-thread report byte for byte, with judges, gold, unsure labels and every resampling and test', () => {
    const study = synthetic();
    const cases: ReportInput[] = [
      input(study),
      input(study, { resample: 'units', pairedTest: 'exact-mcnemar', unparseable: 'disagreement' }),
      input(study, { unsure: 'left-out', altTestEpsilon: 0.1, bootstrap: 0 }, goldOf(study.labels)),
      input(workedExampleB()),
      input(bucketStudy(), { seed: 11 }),
    ];
    for (const report of cases) {
      const whole = buildReport(report);
      expect(whole.judges, 'a case without judges would not prove the judges part').toBeDefined();
      expect(inParts(report)).toBe(JSON.stringify(whole));
    }
  });

  it('keeps the fields in the order the one-thread report always wrote them', () => {
    const keys = Object.keys(buildReport(input(synthetic(), { unparseable: 'disagreement' })));
    const order = [
      'format',
      'app',
      'generatedAt',
      'study',
      'judgeSamples',
      'inputs',
      'settings',
      'tables',
      'statistics',
      'pairwise',
      'confusion',
      'annotators',
      'difficulty',
      'players',
      'annotatorNames',
      'unparseableJudgeReplies',
      'turtleBench',
      'judges',
      'fewClusters',
    ];
    expect(keys).toEqual(order.filter((key) => keys.includes(key)));
    expect(keys).toEqual(expect.arrayContaining(['players', 'annotatorNames', 'judges', 'fewClusters']));
  });

  it("counts every phase but the judges' part's in reportFigures, which ends where those begin", () => {
    const calls: string[] = [];
    const figures = reportFigures({ ...input(workedExampleB()), onProgress: (label, done, total) => calls.push(`${label} ${done}/${total}`) });
    const whole: string[] = [];
    buildReport({ ...input(workedExampleB()), onProgress: (label, done, total) => whole.push(`${label} ${done}/${total}`) });
    expect([
      ...calls,
      ...JUDGES_PHASES.map((label, i) => `${label} ${calls.length + i}/${figures.phases}`),
      `Laying out the report ${figures.phases}/${figures.phases}`,
    ]).toEqual(whole);
  });
});
