// The dedicated kill run (`npm run test:kill`): twenty SIGKILLs at seeded random moments, some
// while the app is still starting, with every acknowledged save checked after each relaunch.
// Too slow for the normal suite; test/e2e/kill.test.ts runs three.

import { afterAll, beforeAll, describe, it } from 'vitest';
import { serveBuiltApp, type WebApp } from '../e2e/harness';
import { expectNothingLost, killSummary, runKillSession } from '../e2e/kill-run';

const KILLS = 20;
const SEED = Number(process.env.KILL_SEED ?? 20260106);

let app: WebApp;

beforeAll(async () => {
  app = await serveBuiltApp();
});

afterAll(async () => {
  await app?.close();
});

describe('killing the app while labelling, twenty times', () => {
  it(`loses no acknowledged label over ${KILLS} kills (seed ${SEED})`, async () => {
    const result = await runKillSession(app, { kills: KILLS, seed: SEED, lifeMs: [300, 4_000], startupKillChance: 0.15, log: (line) => console.log(line) });
    console.log(killSummary(result));
    expectNothingLost(result);
  });
});
