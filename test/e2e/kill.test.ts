// SPEC §6 end to end: a label acknowledged on screen is on disk. Labels the demo study with
// real key presses in Chromium, SIGKILLs the whole browser three times at seeded random
// moments, and after each relaunch finds every acknowledged save in IndexedDB.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltApp, type WebApp } from './harness';
import { expectNothingLost, killSummary, runKillSession } from './kill-run';

const KILLS = 3;
const SEED = Number(process.env.KILL_SEED ?? 20260105);

let app: WebApp;

beforeAll(async () => {
  app = await serveBuiltApp();
});

afterAll(async () => {
  await app?.close();
});

describe('killing the app while labelling', () => {
  it(`loses no acknowledged label over ${KILLS} kills (seed ${SEED})`, async () => {
    const result = await runKillSession(app, { kills: KILLS, seed: SEED, lifeMs: [1_500, 4_000] });
    console.log(killSummary(result));
    expectNothingLost(result);
    expect(result.verdict.revisedUnits).toBeGreaterThan(0);
  });
});
