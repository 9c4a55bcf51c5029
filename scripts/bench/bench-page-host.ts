// A bench page in Chromium for the team and sync benches: exactly the named files served on a
// loopback port (an IndexedDB needs an http origin, not file://), with the 975-puzzle difficulty
// bundle both benches use, opened on a profile on disk (a new context keeps IndexedDB in memory).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { generateSyntheticBundle } from '../../shared/demo/synthetic-study';

const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', json: 'application/json' };

/** `files`: the path each name (`index.html`, `team.js`, ...) is read from, at each request. */
function serveFiles(files: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.slice(1) || 'index.html';
    const path = files[name];
    if (path === undefined) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      .end(readFileSync(path));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server });
    }),
  );
}

export interface BenchPageOptions {
  /** index.html and the page's script; the difficulty bundle is written here too. */
  pageRoot: string;
  /** The page's script in pageRoot, e.g. `team.js`. */
  script: string;
  /** The 100,000-question bundle the import section writes. */
  agreementBundlePath: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  /** The global function the page defines once its script has run. */
  ready: string;
}

/**
 * Runs `work` with the bench page open, `difficulty.json` and `agreement.json` beside it; closes
 * the browser, the server and the profile after. The difficulty study is one session of final
 * turns only per puzzle: the generator's smallest, as a study run for difficulty alone would hold.
 */
export async function withBenchPage<T>(options: BenchPageOptions, work: (page: Page, url: string) => Promise<T>): Promise<T> {
  const difficultyBundle = join(options.pageRoot, 'difficulty.json');
  writeFileSync(difficultyBundle, JSON.stringify(generateSyntheticBundle({ puzzles: 975, seed: 55, sessionsPerPuzzle: 1, questionsPerSession: [0, 0] })));
  const { url, server } = await serveFiles({
    'index.html': join(options.pageRoot, 'index.html'),
    [options.script]: join(options.pageRoot, options.script),
    'difficulty.json': difficultyBundle,
    'agreement.json': options.agreementBundlePath,
  });
  const profile = mkdtempSync(join(tmpdir(), 'agreement-studio-bench-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: options.chromiumPath, headless: true, args: [...options.chromiumArgs] });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.waitForFunction((ready) => ready in globalThis, options.ready);
    return await work(page, url);
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
