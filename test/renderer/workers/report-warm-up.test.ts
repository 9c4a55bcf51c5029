// The report worker's warm-up (report-warm-up.ts): the engine run once per worker on a small
// synthetic study with the report's settings but at most 50 replicates, under every setting a
// lead can choose, without throwing (it runs before the lead's own report).

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
    'runs the engine once per worker with the settings and at most 50 replicates (bootstrap $bootstrap, resample $resample)',
    async (settings) => {
      const warmReportEngine = await freshWarmUp();
      warmReportEngine(settings);
      warmReportEngine(settings);
      expect(calls.inputs).toHaveLength(1);
      const [input] = calls.inputs as [ReportInput];
      expect(input.settings).toEqual({ ...settings, bootstrap: Math.min(settings.bootstrap, 50) });
      // A study with every part of the report: two tasks, difficulty ratings and judges.
      expect(input.study.puzzles.length).toBe(60);
      expect(new Set(input.labels.map((label) => label.task))).toEqual(new Set(['answer', 'match', 'difficulty']));
      expect(input.study.turns.some((turn) => Object.keys(turn.judgements).length > 0)).toBe(true);
    },
  );
});
