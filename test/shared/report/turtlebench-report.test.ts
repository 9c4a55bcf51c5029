// TurtleBench's own English wide table (test/fixtures/real, 32 stories, none rated, no final
// answer) through buildReport: on every judge pair and judge, the paired test's p is below 0.05
// exactly when the interval beside it leaves 0 out (issue 28); each test enters its Holm family
// once, though Unrated and All hold the same units; the player outcomes give no Acc, Rnd or O/A.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serializeBundleDocument } from '../../../shared/formats/importers/imported-study';
import { importTurtleBench } from '../../../shared/formats/importers/turtlebench';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import { holm } from '../../../shared/stats/judge/mcnemar';
import { NO_FINAL_ANSWERS } from '../../../shared/stats/study/player-outcomes';
import { NOW } from '../stats/study/study-fixtures';

const REAL = new URL('../../fixtures/real/', import.meta.url);
const real = (path: string) => ({ name: path, text: readFileSync(new URL(path, REAL), 'utf8') });

describe("TurtleBench's report", () => {
  const result = importTurtleBench([real('TurtleBench/archived/stats/all_cases_en_shot0.json'), real('TurtleBench/data/en/stories.json')]);
  if (!result.ok) throw new Error('the TurtleBench table does not import');
  const parsed = parseTranscriptBundle({ name: 'turtlebench.json', text: serializeBundleDocument(result.value.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the imported bundle does not parse');
  const labels = result.value.raters.flatMap((rater) =>
    rater.labels.map((label) => ({ annotatorId: rater.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  const report = buildReport({ study: parsed.value, labels, settings: { bootstrap: 1000, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
  const judges = report.judges;
  if (judges === undefined) throw new Error('the report has no Judges section');

  it("gives on every pair of judges and bucket, and every judge's leniency, a p below 0.05 exactly when the 95% interval leaves 0 out", () => {
    const excludesZero = (ci: readonly [number, number] | null) => ci !== null && (ci[0] > 0 || ci[1] < 0);
    const answer = judges.comparisons.filter((row) => row.task === 'answer' && row.n > 0);
    expect(answer.length).toBe(72);
    for (const row of answer) {
      expect(row.test.method).toBe('bootstrap-t');
      expect(row.test.pValue !== null && row.test.pValue < 0.05).toBe(excludesZero(row.differenceCi95));
    }
    const leniency = judges.againstPeople.filter((row) => row.task === 'answer' && row.classification.n > 0);
    expect(leniency.length).toBe(18);
    for (const row of leniency) expect(row.leniencyTest.pValue !== null && row.leniencyTest.pValue < 0.05).toBe(excludesZero(row.netLeniency.ci95));
    const issue = answer.find((row) => row.bucket === 'all' && row.a === 'GPT_o1_Mini' && row.b === 'GPT_4o');
    if (issue === undefined) throw new Error('no GPT_o1_Mini − GPT_4o row');
    const pp = (x: number | null | undefined) => (x === null || x === undefined ? '–' : (100 * x).toFixed(1));
    console.log(
      `TurtleBench, GPT_o1_Mini − GPT_4o on all ${issue.n} guesses of 32 stories (B = 1000, seed 1, resampling stories): ` +
        `${pp(issue.difference)} pp [${pp(issue.differenceCi95?.[0])}, ${pp(issue.differenceCi95?.[1])}], ` +
        `bootstrap-t p ${issue.test.pValue?.toFixed(4) ?? '–'}${issue.test.pAtBound ? ' (an upper bound)' : ''}, Holm p ${issue.holmP?.toFixed(4) ?? '–'}; ` +
        `exact McNemar p (units as independent) ${issue.mcnemar.pValue.toExponential(2)}`,
    );
    expect(issue.difference).toBeCloseTo(0.058, 3);
    expect(excludesZero(issue.differenceCi95)).toBe(false);
    expect(issue.mcnemar.pValue).toBeLessThan(0.001);
  });

  it('adjusts the 36 pairs of nine judges on All once, and says Unrated is the same units', () => {
    const pairs = judges.comparisons.filter((row) => row.task === 'answer' && row.bucket === 'all' && row.test.pValue !== null);
    expect(pairs.length).toBe(36);
    expect(pairs.map((row) => row.holmP)).toEqual(holm(pairs.map((row) => row.test.pValue as number)));
    for (const row of judges.comparisons.filter((r) => r.task === 'answer' && r.bucket === 'unrated')) {
      expect(row.holmP).toBe(judges.comparisons.find((r) => r.task === 'answer' && r.bucket === 'all' && r.a === row.a && r.b === row.b)?.holmP);
    }
    const family = judges.holmFamilies.find((text) => text.startsWith('R (questions): tests of 36 pairs of judges x 1 bucket'));
    expect(family).toMatch(/Unrated holds the same units as All, so its tests are counted once$/);
  });

  it('gives no player outcome figures, and says why', () => {
    expect(report.players.outcomes.length).toBeGreaterThan(0);
    for (const outcome of report.players.outcomes)
      expect(outcome).toMatchObject({ acc: null, rnd: null, oa: null, undefinedReasons: { acc: NO_FINAL_ANSWERS } });
    expect(report.players.ranking).toBeNull();
  });
});
