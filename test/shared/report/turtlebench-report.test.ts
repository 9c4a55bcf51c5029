// TurtleBench's own English wide table (test/fixtures/real, 32 stories, none rated, no final
// answer) through buildReport: each McNemar test enters its Holm family once, though Unrated and
// All hold the same units, and the player outcomes give no Acc, Rnd or O/A, with the reason.

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
  const report = buildReport({ study: parsed.value, labels, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
  const judges = report.judges;
  if (judges === undefined) throw new Error('the report has no Judges section');

  it('adjusts the 36 pairs of nine judges on All once, and says Unrated is the same units', () => {
    const pairs = judges.comparisons.filter((row) => row.task === 'answer' && row.bucket === 'all' && row.mcnemar.reason === undefined);
    expect(pairs.map((row) => row.holmP)).toEqual(holm(pairs.map((row) => row.mcnemar.pValue)));
    for (const row of judges.comparisons.filter((r) => r.task === 'answer' && r.bucket === 'unrated')) {
      expect(row.holmP).toBe(judges.comparisons.find((r) => r.task === 'answer' && r.bucket === 'all' && r.a === row.a && r.b === row.b)?.holmP);
    }
    const family = judges.holmFamilies.find((text) => text.startsWith('R (questions): McNemar tests of 36 pairs of judges x 1 bucket'));
    expect(family).toMatch(/Unrated holds the same units as All, so its tests are counted once$/);
  });

  it('gives no player outcome figures, and says why', () => {
    expect(report.players.outcomes.length).toBeGreaterThan(0);
    for (const outcome of report.players.outcomes)
      expect(outcome).toMatchObject({ acc: null, rnd: null, oa: null, undefinedReasons: { acc: NO_FINAL_ANSWERS } });
    expect(report.players.ranking).toBeNull();
  });
});
