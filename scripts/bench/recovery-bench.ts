// Node side of the sync bench's recovery figure (issue 29 point 3): a pouchdb-server with its
// databases on disk (they must outlive the outage), stopped for a minute while three annotators
// rate puzzles in the bench page, then started; the figures run from the moment it answers again
// to every waiting label on the server, and to every one at the lead. Each annotator reaches the
// server through a relay port of their own, as from a computer of their own: Chromium keeps at most
// six connections to one host for one profile, and each annotator's sync holds two open (its
// download and its pack watch), so three annotators in one page on one address held all six and
// their pushes waited for ever once the server came back.

import { connect, createServer, type Server, type Socket } from 'node:net';
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

/**
 * A loopback port passing every connection on to the server's, byte for byte: another address of
 * the same server. With the server stopped it closes each connection at once, which the page sees
 * as the server unreachable, as it would without the relay.
 */
async function startRelay(serverUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function runRecoveryBench(options: RecoveryBenchOptions): Promise<RecoveryBenchResult> {
  const log = options.log ?? (() => undefined);
  return withBenchPage({ ...options, script: 'recovery.js', ready: 'recovered' }, async (page, url) => {
    page.setDefaultTimeout(600_000);
    const team = await startTeamServer({ allowOrigins: [new URL(url).origin] });
    const annotators = 3;
    const relays = await Promise.all(Array.from({ length: annotators }, () => startRelay(team.url)));
    try {
      const server = { url: team.url, user: team.admin.user, password: team.admin.password };
      const annotatorServers = relays.map((relay) => relay.url);
      const scenario: RecoveryScenario = { bundleUrl: 'difficulty.json', annotators, labelsOffline: 200, server, annotatorServers };
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
      await Promise.all(relays.map((relay) => relay.close()));
      await team.close();
    }
  });
}
