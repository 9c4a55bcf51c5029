// Node side of the workbook bench of `npm run bench` (issue 26): SPLAT's puzzles.xlsx (975 rows)
// imported through the built app's Import button in Chromium, from the file chosen to the study
// stored, against the command line's `import` of the same file. Uses the real file from
// ../shared/real-data when present (it carries no licence), else a generated one of its size and
// layout. The app is served as the tests serve it, with its Content-Security-Policy header, since
// that policy is what decides whether a workbook reader may start workers. Prints nothing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { splatScaleSheet } from '../../test/shared/formats/importers/splat-run';

export interface WorkbookBenchOptions {
  /** Where the generated workbook and the command line's output go. */
  benchRoot: string;
  /** SPLAT's real puzzles.xlsx, used when it exists. */
  realPath: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  runs: number;
  log?: (line: string) => void;
}

export interface WorkbookBenchResult {
  /** Which file was imported, in words, and its size. */
  source: string;
  bytes: number;
  puzzles: number;
  /** The input's change event to the "Imported" notice (the worker's write committed), in the page's clock. */
  appMs: number[];
  /** `agreement-studio import FILE --out BUNDLE`, process start to exit. */
  cliMs: number[];
}

type Clock = typeof globalThis & { workbookBench: { chosen?: number; stored?: number; text?: string } };

export async function runWorkbookBench(options: WorkbookBenchOptions): Promise<WorkbookBenchResult> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.benchRoot, { recursive: true });
  const real = existsSync(options.realPath);
  const path = real ? options.realPath : join(options.benchRoot, 'puzzles.xlsx');
  if (!real) writeFileSync(path, splatScaleSheet().bytes);
  const source = real
    ? `SPLAT's real puzzles.xlsx (${options.realPath})`
    : `a generated puzzles.xlsx of SPLAT's size and layout (${options.realPath} is absent)`;

  const cliMs: number[] = [];
  const out = join(options.benchRoot, 'puzzles.json');
  let puzzles = 0;
  for (let run = 0; run < options.runs; run++) {
    log(`command line import, run ${run + 1}`);
    const start = performance.now();
    const cli = spawnSync(process.execPath, ['cli/bin/agreement-studio.mjs', 'import', path, '--out', out], { encoding: 'utf8' });
    cliMs.push(performance.now() - start);
    if (cli.status !== 0) throw new Error(`the command line's import failed: ${cli.stderr}${cli.stdout}`);
    puzzles = (JSON.parse(readFileSync(out, 'utf8')) as { puzzles: unknown[] }).puzzles.length;
  }

  const server = await preview({ configFile: 'vite.config.ts', logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
  const url = server.resolvedUrls?.local[0];
  const appMs: number[] = [];
  try {
    if (url === undefined) throw new Error('the preview server did not report its address');
    for (let run = 0; run < options.runs; run++) {
      log(`app import, run ${run + 1}`);
      // A profile on disk, as the app keeps its database: a new context would keep IndexedDB in memory.
      const profile = mkdtempSync(join(tmpdir(), 'agreement-studio-bench-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: options.chromiumPath,
        headless: true,
        args: [...options.chromiumArgs],
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        page.setDefaultTimeout(600_000);
        await page.goto(url);
        await page.locator('tr[data-study-id]').first().waitFor();
        await page.evaluate(() => {
          const clock: Clock['workbookBench'] = {};
          Object.assign(globalThis, { workbookBench: clock });
          // The platform's hidden file input reports the choice; the notice says when the worker has stored the study.
          document.addEventListener('change', () => (clock.chosen ??= performance.now()), true);
          new MutationObserver(() => {
            const text = [...document.querySelectorAll('[role="status"]')].map((notice) => notice.textContent ?? '').join(' ');
            // The first start's demo study has its own "Imported" notice, before the choice.
            if (clock.chosen !== undefined && clock.stored === undefined && /Imported puzzles|Nothing was imported/.test(text)) {
              clock.stored = performance.now();
              clock.text = text;
            }
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import transcripts…' }).click()]);
        await chooser.setFiles(path);
        await page.waitForFunction(() => (globalThis as Clock).workbookBench.stored !== undefined);
        const clock = await page.evaluate(() => (globalThis as Clock).workbookBench);
        if (!clock.text?.includes('975 puzzles')) throw new Error(`the app did not import the workbook: ${clock.text}`);
        appMs.push((clock.stored ?? 0) - (clock.chosen ?? 0));
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await server.close();
  }
  return { source, bytes: statSync(path).size, puzzles, appMs, cliMs };
}
