// Chromium side of the hostile-all section of `npm run bench` (issue 27): each reader case of the
// third hostile round through the built app's Import button, in a Chromium of its own, timed in the
// page from the file chosen to the refusal shown or the file read (and, for a file the app previews
// first, on to "Imported" after Import anyway), with the peak memory of the renderer process that
// runs the page and its import worker (Linux's VmHWM of that process, read from /proc).

import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { preview } from 'vite';
import { BENCH_READER_CASES, writeReaderCase, type BenchReaderCase } from './hostile-readers-bench';

export interface HostileAppFigure {
  name: string;
  /** "refused: <the words shown>", "read: previewed" or "imported". */
  outcome: string;
  /** The file chosen to the refusal, the preview or the "Imported" notice, whichever came first. */
  answerMs: number;
  /** For a previewed file: Import anyway clicked to "Imported". */
  importMs?: number;
  /** The largest VmHWM among the browser's renderer processes. */
  rendererPeakMb: number;
  pageErrors: string[];
}

export interface HostileAppOptions {
  benchRoot: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  /** Only the cases of these names (BENCH_CASES), to measure a few again quickly; every case when undefined. */
  only?: readonly string[];
  log?: (line: string) => void;
}

const NO_ANSWER_MS = 120_000;

type Clock = typeof globalThis & { hostileBench: { chosen?: number; answered?: number; answer?: string; imported?: number } };

/** The processes started under this one (Chromium's browser, zygotes and renderers), by /proc. */
function descendants(): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and brackets: the fields after it follow its last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
  }
  found.delete(process.pid);
  return [...found];
}

/** The largest peak resident memory of this process's Chromium renderers, in MB. */
function rendererPeakMb(): number {
  let peak = Number.NaN;
  for (const pid of descendants()) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const kb = Number(/VmHWM:\s*(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      if (!(kb / 1024 <= peak)) peak = kb / 1024;
    } catch {
      // The renderer ended meanwhile.
    }
  }
  return peak;
}

/** Watches the page for the answer to the file chosen next; `name` is the file's name the refusal names. */
async function startClock(page: Page, name: string): Promise<void> {
  await page.evaluate((fileName) => {
    const clock: Clock['hostileBench'] = {};
    Object.assign(globalThis, { hostileBench: clock });
    document.addEventListener('change', () => (clock.chosen ??= performance.now()), true);
    new MutationObserver(() => {
      if (clock.chosen === undefined) return;
      const notice = [...document.querySelectorAll('[data-testid="import-errors"]')].find((each) => (each.textContent ?? '').includes(`in ${fileName}`));
      // The first error as the lead reads it under the file's name, without the name.
      const errors = notice === undefined ? undefined : (notice.querySelector('li')?.textContent ?? '').replace(`${fileName}: `, '');
      const previewed = document.querySelector('[data-testid="import-preview"]') !== null;
      const imported = [...document.querySelectorAll('[role="status"]')].some((each) => (each.textContent ?? '').includes('Imported'));
      if (clock.answered === undefined && (errors !== undefined || previewed || imported)) {
        clock.answered = performance.now();
        clock.answer = errors !== undefined ? `refused: ${errors}` : imported ? 'imported' : 'read: previewed';
      }
      if (imported) clock.imported ??= performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, name);
}

async function benchCase(url: string, hostile: BenchReaderCase, options: HostileAppOptions): Promise<HostileAppFigure> {
  const paths = await writeReaderCase(options.benchRoot, hostile);
  const browser = await chromium.launch({ executablePath: options.chromiumPath, headless: true, args: [...options.chromiumArgs] });
  try {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(600_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(url);
    // The first start imports the demo study; its notice goes before the file is chosen.
    await page.locator('tr[data-study-id]').first().waitFor();
    const demoNotice = page.locator('[role="status"]', { hasText: 'Imported' });
    await demoNotice.waitFor();
    await demoNotice.getByRole('button', { name: 'Dismiss' }).click();
    await demoNotice.waitFor({ state: 'detached' });
    await startClock(page, hostile.name);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import transcripts…' }).click()]);
    await chooser.setFiles(paths);
    // A file the app never answers is a figure too: stopped well past the limit, not left to hang the bench.
    const answered = await page
      .waitForFunction(() => (globalThis as Clock).hostileBench.answered !== undefined, undefined, { polling: 100, timeout: NO_ANSWER_MS })
      .then(() => true)
      .catch(() => false);
    if (!answered)
      return { name: hostile.name, outcome: `no answer in ${NO_ANSWER_MS / 1000} s`, answerMs: NO_ANSWER_MS, rendererPeakMb: rendererPeakMb(), pageErrors };
    let clock = await page.evaluate(() => (globalThis as Clock).hostileBench);
    let importMs: number | undefined;
    if (clock.answer === 'read: previewed') {
      const clicked = await page.evaluate(() => performance.now());
      await page.getByTestId('import-preview').getByRole('button', { name: 'Import anyway' }).click();
      await page.waitForFunction(() => (globalThis as Clock).hostileBench.imported !== undefined, undefined, { polling: 100 });
      clock = await page.evaluate(() => (globalThis as Clock).hostileBench);
      importMs = (clock.imported ?? 0) - clicked;
    }
    const answer = (clock.answer ?? '').replace(/\s+/g, ' ');
    return {
      name: hostile.name,
      outcome: answer.length > 110 ? `${answer.slice(0, 107)}...` : answer,
      answerMs: (clock.answered ?? 0) - (clock.chosen ?? 0),
      ...(importMs !== undefined ? { importMs } : {}),
      rendererPeakMb: rendererPeakMb(),
      pageErrors,
    };
  } finally {
    await browser.close();
    for (const path of paths) rmSync(path, { force: true });
  }
}

export async function runHostileAppBench(options: HostileAppOptions): Promise<HostileAppFigure[]> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.benchRoot, { recursive: true });
  const server = await preview({ configFile: 'vite.config.ts', logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
  const url = server.resolvedUrls?.local[0];
  const figures: HostileAppFigure[] = [];
  try {
    if (url === undefined) throw new Error('the preview server did not report its address');
    for (const hostile of BENCH_READER_CASES.filter((each) => options.only?.includes(each.name) ?? true)) {
      log(`app: ${hostile.name}`);
      figures.push(await benchCase(url, hostile, options));
    }
  } finally {
    await server.close();
  }
  return figures;
}
