// Node side of the team benchmark of `npm run bench`: writes the 975-puzzle difficulty bundle,
// serves it, the 100,000-question bundle and the bench page from one loopback origin, and runs
// both scenarios in Chromium on a profile on disk (a new context would keep IndexedDB in memory).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { generateSyntheticBundle } from '../../shared/demo/synthetic-study';
import type { TeamScenario, TeamScenarioResult } from './team-bench-page';
import { serveFiles } from './serve-files';

export interface TeamBenchOptions {
  /** index.html and team.js; the difficulty bundle is written here too. */
  pageRoot: string;
  /** The 100,000-question bundle the import section writes. */
  agreementBundlePath: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  runs: number;
  /** Runs of the 100,000-question study, whose round trip takes far longer. */
  agreementRuns: number;
  log?: (line: string) => void;
}

export interface TeamBenchResult {
  difficulty: TeamScenarioResult & { scenario: TeamScenario };
  agreement: TeamScenarioResult & { scenario: TeamScenario };
}

type TeamWindow = typeof globalThis & { runTeamBench(scenario: TeamScenario): Promise<TeamScenarioResult> };

export async function runTeamBench(options: TeamBenchOptions): Promise<TeamBenchResult> {
  const log = options.log ?? (() => undefined);
  // One session of final turns only per puzzle: the generator's smallest, as a study run for difficulty alone would hold few transcripts.
  const difficultyBundle = join(options.pageRoot, 'difficulty.json');
  writeFileSync(difficultyBundle, JSON.stringify(generateSyntheticBundle({ puzzles: 975, seed: 55, sessionsPerPuzzle: 1, questionsPerSession: [0, 0] })));
  const { url, server } = await serveFiles({
    'index.html': join(options.pageRoot, 'index.html'),
    'team.js': join(options.pageRoot, 'team.js'),
    'difficulty.json': difficultyBundle,
    'agreement.json': options.agreementBundlePath,
  });
  const profile = mkdtempSync(join(tmpdir(), 'agreement-studio-team-bench-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: options.chromiumPath, headless: true, args: [...options.chromiumArgs] });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.waitForFunction(() => 'runTeamBench' in globalThis);
    const run = async (scenario: TeamScenario) => ({ scenario, ...(await page.evaluate((s) => (globalThis as TeamWindow).runTeamBench(s), scenario)) });

    log('difficulty study: 55 annotators x 975 puzzles');
    // Overlap 1 is the least assignTeam takes: each puzzle's few final turns go to one annotator.
    const difficulty = await run({
      bundleUrl: 'difficulty.json',
      annotators: 55,
      overlap: 1,
      difficultyOverlap: 55,
      labelTasks: ['difficulty'],
      runs: options.runs,
      seed: 55,
    });
    log('agreement study: 3 annotators x 100,000 questions');
    const agreement = await run({
      bundleUrl: 'agreement.json',
      annotators: 3,
      overlap: 3,
      labelTasks: ['answer', 'match', 'difficulty'],
      runs: options.agreementRuns,
      seed: 3,
    });
    return { difficulty, agreement };
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
