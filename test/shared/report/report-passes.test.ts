// Proves the report's engine stays within a budget of passes over the study's units (issue 30),
// counted, not timed, so a fast machine cannot hide an added pass: buildReport on the bench's 20x
// study with 1,000 replicates, its units watched as indexStudy hands them out.

import { describe, expect, it, vi } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import type * as StudyUnitsModule from '../../../shared/stats/study/study-units';
import type { StudyUnits, TaskUnit } from '../../../shared/stats/study/study-units';

/**
 * A sweep over the units shows as a change of unit from one field read to the next: a pass over
 * n units makes about n changes however many fields it reads of each, and a pass over one
 * bucket's units a bucket's share. Passes = changes / units.
 */
const watch = vi.hoisted(() => ({ units: 0, changes: 0, last: undefined as object | undefined }));

// The real indexStudy runs; only the units it returns are watched, each through a Proxy that
// notes the read and answers it from the unit, so the report is the one it would be.
vi.mock('../../../shared/stats/study/study-units', async (importOriginal) => {
  const actual = await importOriginal<typeof StudyUnitsModule>();
  const watched = (unit: TaskUnit): TaskUnit =>
    new Proxy(unit, {
      get(target, key, receiver) {
        if (watch.last !== target) {
          watch.changes++;
          watch.last = target;
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  return {
    ...actual,
    indexStudy: (...args: Parameters<typeof actual.indexStudy>): StudyUnits => {
      const index = actual.indexStudy(...args);
      const answer = index.units.answer.map(watched);
      const match = index.units.match.map(watched);
      watch.units += answer.length + match.length;
      // The units with a judge's confidence are the same units, read through the same watch (the
      // map is made from the units themselves, so making it reads none through the watch).
      const byId = new Map(
        [...index.units.answer, ...index.units.match].map((unit, u) => [unit.id, (u < answer.length ? answer[u] : match[u - answer.length]) as TaskUnit]),
      );
      const same = (units: readonly TaskUnit[]) => units.map((unit) => byId.get(unit.id) as TaskUnit);
      return {
        ...index,
        units: { answer, match },
        confident: { answer: same(index.confident.answer), match: same(index.confident.match) },
        unitsById: { answer: new Map(answer.map((unit) => [unit.id, unit])), match: new Map(match.map((unit) => [unit.id, unit])) },
      };
    },
  };
});

// Counted on the engine of issue 30's start: 65.20 passes (the tables, each bucket's figures, the
// pairwise and judges' figures each walk the units; no replicate does); 28.20 once each table and
// judges' figure read every unit's bucket and puzzle in one pass and each task's units were sorted
// into buckets once; 29.20 with the bias checks of issue 31, which walk each task's units once
// for every judge and check together; 30.20 with its calibration and self-consistency, which walk
// the units where a judge kept its samples or probabilities once (every unit here: the bench
// study's first judge keeps 3 samples and a probability of every label); 29.60 once every judge's
// games read each final's unit once, not once per judge; 30.00 with issue 32's prediction-powered
// question accuracy, which walks the questions once for every judge together. A figure that walks
// every unit once more makes 31.00 and fails; an engine that needs fewer lowers the budget with it.
const PASS_BUDGET = 30;

/** The 20x study of `npm run bench` (scripts/bench/report-bench.ts): 19,500 puzzles, 48,684 units, 3 annotators, the first judge's samples and probabilities. */
function twentyTimesStudy() {
  const { bundle, labelFiles } = generateSyntheticStudy({
    puzzles: 19_500,
    sessionsPerPuzzle: 1,
    questionsPerSession: [0, 2],
    annotators: 3,
    overlap: 3,
    seed: 18,
    judgeSamples: 3,
  });
  const parsed = parseTranscriptBundle({ name: `${bundle.id}.json`, text: JSON.stringify(bundle) });
  if (!parsed.ok) throw new Error(`the 20x study does not parse: ${parsed.errors[0]?.message}`);
  const labels = labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { study: parsed.value, labels };
}

describe("the report's engine on the 20x study", () => {
  it(`walks its units at most ${PASS_BUDGET} times, however many replicates it draws`, () => {
    const { study, labels } = twentyTimesStudy();
    const report = buildReport({
      study,
      labels,
      settings: { bootstrap: 1000, seed: 1, average: 'micro' },
      inputs: [],
      app: 'test',
      now: '2026-01-05T09:00:00.000Z',
    });
    expect(watch.units).toBe(48_684);
    // The figures came from the watched units: a report built on none would have no rows.
    expect(report.tables.answer.length).toBeGreaterThan(0);
    const passes = watch.changes / watch.units;
    console.log(`buildReport on the 20x study: ${passes.toFixed(2)} passes over its ${watch.units} units`);
    expect(passes).toBeLessThanOrEqual(PASS_BUDGET);
  }, 600_000);
});
