// Node side of the sync bench's recovery figure (issue 29 point 3): a pouchdb-server with its
// databases on disk (they must outlive the outage), stopped for a minute while three annotators
// rate puzzles in the bench page, then started; the figures run from the moment it answers again
// to every waiting label on the server, and to every one at the lead.

import { RETRY_MAX_MS } from '../../shared/sync/retry-schedule';
import { startTeamServer } from '../../test/support/team-server';
import { withBenchPage } from './bench-page-host';
import type { RecoveryMoments, RecoveryScenario } from './recovery-bench-page';

export interface RecoveryBenchOptions {
  /** index.html and recovery.js; the difficulty bundle is written here too. */
  pageRoot: string;
  agreementBundlePath: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  /** How long the server stays stopped once every sync shows it offline. */
  outageMs: number;
  log?: (line: string) => void;
}

export interface RecoveryBenchResult {
  annotators: number;
  /** Labels that waited through the outage, all annotators together. */
  labels: number;
  outageMs: number;
  /** The longest wait between two tries while the server is away, which the figures vary within. */
  retryMaxMs: number;
  /** From the server answering again to every waiting label on it, and to every one at the lead. */
  onServerMs: number;
  atLeadMs: number;
}

type RecoveryWindow = typeof globalThis & {
  setUpRecovery(scenario: RecoveryScenario): Promise<void>;
  labelOffline(scenario: RecoveryScenario): Promise<number>;
  recovered(): Promise<RecoveryMoments>;
  tearDown(): Promise<void>;
};

export async function runRecoveryBench(options: RecoveryBenchOptions): Promise<RecoveryBenchResult> {
  const log = options.log ?? (() => undefined);
  return withBenchPage({ ...options, script: 'recovery.js', ready: 'recovered' }, async (page, url) => {
    page.setDefaultTimeout(600_000);
    const team = await startTeamServer({ allowOrigins: [new URL(url).origin] });
    try {
      const server = { url: team.url, user: team.admin.user, password: team.admin.password };
      const scenario: RecoveryScenario = { bundleUrl: 'difficulty.json', annotators: 3, labelsOffline: 200, server };
      log('sync recovery: a lead and 3 annotators set up');
      await page.evaluate((s) => (globalThis as RecoveryWindow).setUpRecovery(s), scenario);
      await team.stop();
      const labels = await page.evaluate((s) => (globalThis as RecoveryWindow).labelOffline(s), scenario);
      log(`sync recovery: ${labels} labels waiting; the server stays stopped for ${options.outageMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, options.outageMs));
      const moments = page.evaluate(() => (globalThis as RecoveryWindow).recovered());
      await team.start();
      const answering = Date.now();
      const { onServerAt, atLeadAt } = await moments;
      await page.evaluate(() => (globalThis as RecoveryWindow).tearDown());
      return {
        annotators: scenario.annotators,
        labels,
        outageMs: options.outageMs,
        retryMaxMs: RETRY_MAX_MS,
        onServerMs: onServerAt - answering,
        atLeadMs: atLeadAt - answering,
      };
    } finally {
      await team.close();
    }
  });
}
