// The report worker's warm-up (report-warm-up.ts): the engine run once per worker on a small
// synthetic study with the report's settings but at most 50 replicates, then on a larger one for a
// large study, under every setting a lead can choose, without throwing (it runs before the lead's
// own report).

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BuildReport from '../../../shared/report/build-report';
import type { ReportInput, ReportSettings } from '../../../shared/report/build-report';

const calls = vi.hoisted(() => ({ inputs: [] as ReportInput[] }));
vi.mock('../../../shared/report/build-report', async (importOriginal) => {
  const original = await importOriginal<typeof BuildReport>();
  return {
    ...original,
    buildReport: (input: ReportInput) => {
      calls.inputs.push(input);
      return original.buildReport(input);
    },
  };
});

/** The module as a new worker loads it: warmed not yet. */
async function freshWarmUp() {
  vi.resetModules();
  return (await import('../../../renderer/workers/report-warm-up')).warmReportEngine;
}

const SETTINGS: ReportSettings[] = [
  { bootstrap: 1000, seed: 1, average: 'micro' },
  { bootstrap: 0, seed: 3, average: 'macro' },
  {
    bootstrap: 20,
    seed: 9,
    average: 'micro',
    unsure: 'left-out',
    unparseable: 'disagreement',
    resample: 'units',
    pairedTest: 'exact-mcnemar',
    altTestEpsilon: 0.1,
  },
];

beforeEach(() => {
  calls.inputs = [];
});

describe('the report engine warm-up', () => {
  it.each(SETTINGS)(
    'runs the first stage once per worker with the settings and at most 50 replicates (bootstrap $bootstrap, resample $resample)',
    async (settings) => {
      const warmReportEngine = await freshWarmUp();
      warmReportEngine(settings, 2_470);
      warmReportEngine(settings, 2_470);
      expect(calls.inputs).toHaveLength(1);
      const [input] = calls.inputs as [ReportInput];
      expect(input.settings).toEqual({ ...settings, bootstrap: Math.min(settings.bootstrap, 50) });
      // A study with every part of the report: two tasks, difficulty ratings and judges.
      expect(input.study.puzzles.length).toBe(60);
      expect(new Set(input.labels.map((label) => label.task))).toEqual(new Set(['answer', 'match', 'difficulty']));
      expect(input.study.turns.some((turn) => Object.keys(turn.judgements).length > 0)).toBe(true);
    },
  );

  it('runs the larger stage too for a study of 20,000 turns or more, once per worker', async () => {
    const warmReportEngine = await freshWarmUp();
    warmReportEngine(SETTINGS[0] as ReportSettings, 20_000);
    expect(calls.inputs.map((input) => [input.study.puzzles.length, input.settings.bootstrap])).toEqual([
      [60, 50],
      [400, 200],
    ]);
    warmReportEngine(SETTINGS[0] as ReportSettings, 48_684);
    expect(calls.inputs).toHaveLength(2);
  });

  it("leaves the larger stage to a large study's report after a small one's", async () => {
    const warmReportEngine = await freshWarmUp();
    warmReportEngine(SETTINGS[0] as ReportSettings, 19_999);
    expect(calls.inputs).toHaveLength(1);
    warmReportEngine(SETTINGS[0] as ReportSettings, 48_684);
    expect(calls.inputs.map((input) => input.study.puzzles.length)).toEqual([60, 400]);
  });
});
