// Each judge against the human majority per bucket (judgesAgainstPeople) scores over the study's
// own labels: no all-zero `unknown` row and column where its scheme does not enable `unknown`,
// and `unknown` kept where it does, directly and through buildReport.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import { judgesAgainstPeople } from '../../../../shared/stats/study/judges-against-people';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { handStudy, NOW } from './study-fixtures';

const NO_BOOTSTRAP = { resample: 'puzzles', bootstrap: { replicates: 0, seed: 1 }, pairedTest: 'exact-mcnemar' } as const;

/** One session of three questions; people and the judge say yes, no and irrelevant. */
function study(answerUnknown: boolean) {
  const turns = ['yes', 'no', 'irrelevant'].map((label, i) => ({ id: `q${i}`, judges: { j: label }, humans: { a: label, b: label } }));
  return handStudy([{ id: 'p', difficulty: 2 }], [{ id: 's', puzzleId: 'p', player: 'P', judge: 'j', turns }], { answerUnknown });
}

describe('the labels a judge is scored over', () => {
  it('leaves unknown out of the matrix where the scheme does not enable it', () => {
    const data = study(false);
    const units = indexStudy(data.study, data.labels);
    const [row] = judgesAgainstPeople('answer', units.units.answer, ['j'], ['all'], units.categories.answer, NO_BOOTSTRAP);
    expect(row?.classification.labels).toEqual(['yes', 'no', 'irrelevant']);
    expect(row?.classification.counts).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    const built = buildReport({
      study: data.study,
      labels: data.labels,
      settings: { bootstrap: 0, seed: 1, average: 'micro' },
      inputs: [],
      app: 'test',
      now: NOW,
    });
    for (const r of built.judges?.againstPeople.filter((r) => r.task === 'answer') ?? []) {
      expect(r.classification.labels).not.toContain('unknown');
      expect(r.classification.perLabel.map((score) => score.label)).toEqual(['yes', 'no', 'irrelevant']);
    }
    expect(built.judges?.againstPeople.length).toBeGreaterThan(0);
  });

  it('keeps unknown where the scheme enables it, even unused', () => {
    const data = study(true);
    const units = indexStudy(data.study, data.labels);
    const [row] = judgesAgainstPeople('answer', units.units.answer, ['j'], ['all'], units.categories.answer, NO_BOOTSTRAP);
    expect(row?.classification.labels).toEqual(['yes', 'no', 'irrelevant', 'unknown']);
    expect(row?.classification.counts[3]).toEqual([0, 0, 0, 0]);
    const built = buildReport({
      study: data.study,
      labels: data.labels,
      settings: { bootstrap: 0, seed: 1, average: 'micro' },
      inputs: [],
      app: 'test',
      now: NOW,
    });
    expect(built.judges?.againstPeople.find((r) => r.task === 'answer' && r.bucket === 'all')?.classification.labels).toEqual([
      'yes',
      'no',
      'irrelevant',
      'unknown',
    ]);
  });
});
