// SPEC §6 end to end: a label acknowledged on screen is on disk. Labels the demo study with
// real key presses in Chromium, SIGKILLs the whole browser three times at seeded random
// moments, and after each relaunch finds every acknowledged save in IndexedDB.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltApp, type WebApp } from './harness';
import { describeLosses } from './kill-check';
import { runKillSession } from './kill-run';

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
    const { verdict } = result;
    console.log(
      `kill test: ${KILLS} kills, ${verdict.acknowledged} labels acknowledged, ${verdict.found} found, ${verdict.lost.length} lost (${verdict.units} units, ${verdict.revisedUnits} revised, ${result.notes} notes, ${result.presses} key presses; ${result.resumeGaps.length} relaunches resumed past an unlabelled unit)`,
    );

    expect(describeLosses(result.lostAtAnyKill)).toBe('');
    expect(verdict.acknowledged).toBeGreaterThan(0);
    expect(verdict.revisedUnits).toBeGreaterThan(0);
    // Resuming past a unit the kill left unlabelled hides the loss of a label shown on screen.
    expect(result.resumeGaps).toEqual([]);
    expect(result.noteTypingMovedUnit).toBe(0);
    expect(result.saveErrors).toEqual([]);
    expect(result.pageErrors).toEqual([]);
  });
});
