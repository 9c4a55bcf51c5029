// Node side of the sync benchmark of `npm run bench`: a pouchdb-server in memory on loopback as the
// team server (allowing the bench page's origin), and both scenarios run in the bench page
// (bench-page-host.ts opens it in Chromium, with the two study bundles beside it). The 55 annotators'
// scenario gets a second server, for the same set-up and first push without the design document.

import { startTeamServer, type TeamServer } from '../../test/support/team-server';
import type { SyncScenario, SyncScenarioResult } from './sync-bench-page';
import { withBenchPage } from './bench-page-host';

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
  return withBenchPage({ ...options, script: 'sync.js', ready: 'runSyncBench' }, async (page, url) => {
    page.setDefaultTimeout(3_600_000);
    // A fresh team server per scenario, in memory, allowing the page's origin as a lead configures CouchDB.
    const run = async (scenario: Omit<SyncScenario, 'server' | 'plainServer'>, withPlain = false) => {
      const start = () => startTeamServer({ inMemory: true, allowOrigins: [new URL(url).origin] });
      const serverOf = (team: TeamServer) => ({ url: team.url, user: team.admin.user, password: team.admin.password });
      const team = await start();
      const plain = withPlain ? await start() : undefined;
      try {
        const servers = { server: serverOf(team), ...(plain !== undefined ? { plainServer: serverOf(plain) } : {}) };
        return { annotators: scenario.annotators, ...(await page.evaluate((s) => (globalThis as SyncWindow).runSyncBench(s), { ...scenario, ...servers })) };
      } finally {
        await team.close();
        await plain?.close();
      }
    };
    log('sync, difficulty study: 55 annotators x 975 puzzles');
    const difficulty = await run({ bundleUrl: 'difficulty.json', annotators: 55, overlap: 1, difficultyOverlap: 55, seed: 55 }, true);
    log('sync, agreement study: 3 annotators x 100,000 questions');
    const agreement = await run({ bundleUrl: 'agreement.json', annotators: 3, overlap: 3, seed: 3 });
    return { difficulty, agreement };
  });
}
