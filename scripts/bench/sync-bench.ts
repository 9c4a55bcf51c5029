// Node side of the sync benchmark of `npm run bench`: a pouchdb-server in memory on loopback as the
// team server (allowing the bench page's origin), the bench page and the two study bundles served
// from one loopback origin, and both scenarios run in Chromium on a profile on disk.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { generateSyntheticBundle } from '../../shared/demo/synthetic-study';
import { startTeamServer } from '../../test/support/team-server';
import type { SyncScenario, SyncScenarioResult } from './sync-bench-page';
import { serveFiles } from './serve-files';

export interface SyncBenchOptions {
  /** index.html and sync.js; the difficulty bundle is written here too. */
  pageRoot: string;
  /** The 100,000-question bundle the import section writes. */
  agreementBundlePath: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  log?: (line: string) => void;
}

export interface SyncBenchResult {
  difficulty: SyncScenarioResult & { annotators: number };
  agreement: SyncScenarioResult & { annotators: number };
}

type SyncWindow = typeof globalThis & { runSyncBench(scenario: SyncScenario): Promise<SyncScenarioResult> };

export async function runSyncBench(options: SyncBenchOptions): Promise<SyncBenchResult> {
  const log = options.log ?? (() => undefined);
  const difficultyBundle = join(options.pageRoot, 'difficulty.json');
  // As the team bench's difficulty study: one session of final turns only per puzzle.
  writeFileSync(difficultyBundle, JSON.stringify(generateSyntheticBundle({ puzzles: 975, seed: 55, sessionsPerPuzzle: 1, questionsPerSession: [0, 0] })));
  const { url, server } = await serveFiles({
    'index.html': join(options.pageRoot, 'index.html'),
    'sync.js': join(options.pageRoot, 'sync.js'),
    'difficulty.json': difficultyBundle,
    'agreement.json': options.agreementBundlePath,
  });
  const profile = mkdtempSync(join(tmpdir(), 'agreement-studio-sync-bench-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: options.chromiumPath, headless: true, args: [...options.chromiumArgs] });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(3_600_000);
    await page.goto(url);
    await page.waitForFunction(() => 'runSyncBench' in globalThis);
    // A fresh team server per scenario, in memory, allowing the page's origin as a lead configures CouchDB.
    const run = async (scenario: Omit<SyncScenario, 'server'>) => {
      const team = await startTeamServer({ inMemory: true, allowOrigins: [new URL(url).origin] });
      try {
        const server = { url: team.url, user: team.admin.user, password: team.admin.password };
        return { annotators: scenario.annotators, ...(await page.evaluate((s) => (globalThis as SyncWindow).runSyncBench(s), { ...scenario, server })) };
      } finally {
        await team.close();
      }
    };
    log('sync, difficulty study: 55 annotators x 975 puzzles');
    const difficulty = await run({ bundleUrl: 'difficulty.json', annotators: 55, overlap: 1, difficultyOverlap: 55, seed: 55 });
    log('sync, agreement study: 3 annotators x 100,000 questions');
    const agreement = await run({ bundleUrl: 'agreement.json', annotators: 3, overlap: 3, seed: 3 });
    return { difficulty, agreement };
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
