// Node side of the labelling benchmarks of `npm run bench`: serves the built app (build/web)
// and the bench's own pages from one loopback origin, imports the 100,000-question bundle
// through the app's Import button, then times key presses, workspace opens and start-up with
// 1,000,000 labels stored, in a Chromium profile on disk (a new context would keep IndexedDB
// in memory). Measures with an in-page probe; prints nothing and asserts nothing.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createPrng } from '../../shared/random/prng';
import type { LabellingProbe } from './labelling-probe';
import { readsSettled, SETTLE_MAX_READS } from './settle';
import type { SeedOptions, SeedResult, WorkspaceReadOptions } from './labelling-seed-page';

export interface LabellingBenchOptions {
  /** The built app, served at the origin's root. */
  webRoot: string;
  /** seed.html, seed.js and probe.js, served under /__bench/. */
  benchRoot: string;
  /** The transcript bundle to import, and the id of the study it holds. */
  bundlePath: string;
  studyId: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  /** Launches per start-up or open timing. */
  runs: number;
  presses: number;
  /** Annotators whose labels of every question are seeded. */
  annotators: number;
  log?: (line: string) => void;
}

export interface Spread {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

/** Workspace opens, each paired with its floor timed next to it (alternately before and after), so both see the machine as it was. */
export interface PairedOpens {
  /** Navigation start to the workspace painted ready, a fresh browser each. */
  openMs: number[];
  /** Its floor, one per open: navigation start to the same records read with raw IndexedDB on a bare page (rawWorkspaceRead), a fresh browser each. */
  rawMs: number[];
}

/** The reads repeated, browser left open, until IndexedDB had settled (see settle). */
export interface Settling {
  readsMs: number[];
  /** False when the reads were still falling at the cap. */
  settled: boolean;
}

export interface LabellingBenchResult {
  units: number;
  /** Import of the bundle through the app's file chooser, to the study's row in the library. */
  importMs: number;
  /** The raw reads after the import, until they stopped falling. */
  importSettling: Settling;
  /** Opening the workspace, 100,000 units, no labels yet. */
  open: PairedOpens;
  /** Key press to next unit painted, presses at a fast annotator's pace (PERSON_PAUSE_MS after each paint). */
  press: Spread;
  /** The same presses to the next unit in the DOM, before any frame: the app's own share. */
  pressDom: Spread;
  /** The work of the frame that paints it (requestAnimationFrame to painted); the rest is waiting for that frame. */
  pressFrame: Spread;
  /**
   * Presses back to back, each at most a frame after the last paint, as a held key repeats:
   * Chromium still draws the last press's frames, so each new one waits for the next 60 Hz vsync.
   */
  pressBackToBack: Spread;
  /** The back-to-back presses with Chromium's frame rate unthrottled (no vsync wait): the app's share plus one frame's work. */
  pressUnthrottled: Spread;
  /** The pause of the person's-pace presses, for the printout. */
  personPauseMs: { min: number; max: number };
  seed: SeedResult;
  /** The raw reads after seeding, until they stopped falling. */
  seedSettling: Settling;
  /** Navigation start to the library shown and able to run a frame, 1,000,000 labels stored. */
  startMs: number[];
  /** Opening one annotator's workspace with all labels stored. */
  openWithLabels: PairedOpens;
  /** Labels of that annotator the workspace counts as done. */
  annotatorDone: number;
}

type ProbeWindow = typeof globalThis & { labellingProbe: LabellingProbe };
type SeedWindow = typeof globalThis & {
  seedLabels(options: SeedOptions): Promise<SeedResult>;
  rawWorkspaceRead(options: WorkspaceReadOptions): Promise<number>;
  timedWorkspaceRead(options: WorkspaceReadOptions): Promise<number>;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A static server: the app at its root, the bench pages under /__bench/, so both share one origin and one IndexedDB. */
export function serve(webRoot: string, benchRoot: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const [root, rest] = path.startsWith('/__bench/') ? [benchRoot, path.slice('/__bench/'.length)] : [webRoot, path === '/' ? 'index.html' : path.slice(1)];
    const relative = normalize(rest);
    if (relative.startsWith('..') || relative.startsWith('/')) return void res.writeHead(404).end();
    try {
      const body = readFileSync(join(root, relative));
      res.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server });
    }),
  );
}

/** Chromium draws each frame as soon as it has damage instead of waiting for the next 60 Hz vsync. */
const UNTHROTTLED_FRAMES = ['--disable-gpu-vsync', '--disable-frame-rate-limit'] as const;

/** A pause after each painted press, in ms, at a fast annotator's pace: 4 to 10 presses a second, faster than anyone reads a question. */
export const PERSON_PAUSE_MS = { min: 100, max: 250 } as const;
/** A pause of up to one frame: the next press comes while the last one's frames are still being drawn, as a held key repeats. */
export const BACK_TO_BACK_PAUSE_MS = { min: 0, max: 16 } as const;

/**
 * One press at a time, each timed alone, after a random pause (whole ms in [min, max]) from the
 * last paint, so that presses land anywhere in the 60 Hz frame interval as a person's do. The
 * pause also decides what the press finds: Chromium's compositor keeps asking for frames until
 * about two frames after the last one, and a press that finds it idle gets its frame at once,
 * while one that finds it still drawing waits for the next vsync.
 */
async function timePresses(
  page: Page,
  presses: number,
  seed: number,
  pause: { min: number; max: number },
): Promise<Pick<LabellingProbe, 'pressMs' | 'domMs' | 'frameMs'>> {
  const prng = createPrng(seed);
  await page.evaluate(() => (globalThis as ProbeWindow).labellingProbe.reset());
  for (let press = 1; press <= presses; press++) {
    await new Promise((resolve) => setTimeout(resolve, prng.int(pause.min, pause.max)));
    await page.keyboard.press(prng.pick(['y', 'n']));
    await page.evaluate((count) => (globalThis as ProbeWindow).labellingProbe.pressesTimed(count, 10_000), press);
  }
  return page.evaluate(() => {
    const { pressMs, domMs, frameMs } = (globalThis as ProbeWindow).labellingProbe;
    return { pressMs, domMs, frameMs };
  });
}

/** Nearest-rank percentiles. */
function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { p50: rank(50), p95: rank(95), max: sorted[sorted.length - 1] ?? Number.NaN, count: sorted.length };
}

export async function runLabellingBench(options: LabellingBenchOptions): Promise<LabellingBenchResult> {
  const log = options.log ?? (() => undefined);
  const probeScript = readFileSync(join(options.benchRoot, 'probe.js'), 'utf8');
  const profile = mkdtempSync(join(tmpdir(), 'agreement-studio-bench-'));
  const { url, server } = await serve(options.webRoot, options.benchRoot);
  const workspaceUrl = `${url}#/study/${encodeURIComponent(options.studyId)}/label/answer`;

  // The browser open now, closed on the way out whatever fails.
  let current: BrowserContext | undefined;

  /** A fresh browser on the bench profile, with the probe in every page: each timing is a real start. */
  const launch = async (extraArgs: readonly string[] = []): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: options.chromiumPath,
      headless: true,
      args: [...options.chromiumArgs, ...extraArgs],
    });
    current = context;
    context.setDefaultTimeout(600_000);
    await context.addInitScript({ content: probeScript });
    return { context, page: context.pages()[0] ?? (await context.newPage()) };
  };
  /** Navigation start to the workspace painted ready, on a fresh browser, left open for more. */
  const openWorkspace = async (extraArgs: readonly string[] = []) => {
    const opened = await launch(extraArgs);
    await opened.page.goto(workspaceUrl);
    await opened.page.waitForFunction(() => (globalThis as ProbeWindow).labellingProbe.readyAt !== undefined, undefined, { polling: 50 });
    const ms = await opened.page.evaluate(() => (globalThis as ProbeWindow).labellingProbe.readyAt as number);
    return { ...opened, ms };
  };
  /** The open's floor, once, on a fresh browser as the open is: the same records read raw on the bare seed page. */
  const rawWorkspaceRead = async (annotatorId: string): Promise<number> => {
    const { context, page } = await launch();
    await page.goto(`${url}__bench/seed.html`);
    await page.waitForFunction(() => 'rawWorkspaceRead' in globalThis);
    const read = { studyId: options.studyId, annotatorId, task: 'answer' } as const;
    const ms = await page.evaluate((o) => (globalThis as SeedWindow).rawWorkspaceRead(o), read);
    await context.close();
    return ms;
  };
  /**
   * `runs` opens, each paired with its floor: open then raw read on even runs, raw read then open
   * on odd ones, so that neither always comes second (to a warmer cache, or a machine calmed).
   * Returns the unit and done counts the last open showed.
   */
  const pairedOpens = async (annotatorId: string): Promise<PairedOpens & { units: number; done: number }> => {
    const pairs: PairedOpens & { units: number; done: number } = { openMs: [], rawMs: [], units: 0, done: 0 };
    const open = async () => {
      const opened = await openWorkspace();
      pairs.openMs.push(opened.ms);
      pairs.units = Number(await opened.page.getByTestId('progress').getAttribute('data-total'));
      pairs.done = Number(await opened.page.getByTestId('progress').getAttribute('data-done'));
      await opened.context.close();
    };
    for (let run = 0; run < options.runs; run++) {
      if (run % 2 === 0) await open();
      pairs.rawMs.push(await rawWorkspaceRead(annotatorId));
      if (run % 2 === 1) await open();
    }
    return pairs;
  };
  /**
   * Reads the annotator's records raw, again and again in one browser left open, until the reads
   * stop falling (readsSettled) or SETTLE_MAX_READS: IndexedDB settles after a large write while
   * a browser has it open (LevelDB compacts in the background, and reads of a file set off its
   * compaction too), and a start a minute after the write would time that instead of the app.
   * Chromium offers a page no way to force the compaction, so the bench waits for its effect.
   */
  const settle = async (annotatorId: string): Promise<Settling> => {
    const { context, page } = await launch();
    await page.goto(`${url}__bench/seed.html`);
    await page.waitForFunction(() => 'timedWorkspaceRead' in globalThis);
    const read = { studyId: options.studyId, annotatorId, task: 'answer' } as const;
    const readsMs: number[] = [];
    while (!readsSettled(readsMs) && readsMs.length < SETTLE_MAX_READS) {
      readsMs.push(await page.evaluate((o) => (globalThis as SeedWindow).timedWorkspaceRead(o), read));
    }
    await context.close();
    return { readsMs, settled: readsSettled(readsMs) };
  };

  try {
    log('importing the bundle through the app');
    let { context, page } = await launch();
    await page.goto(url);
    // The first start imports the demo study; wait for it so the two imports do not overlap.
    await page.locator('tr[data-study-id="demo-study"]').waitFor();
    const importStart = performance.now();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import transcripts…' }).click()]);
    await chooser.setFiles(options.bundlePath);
    await page.locator(`tr[data-study-id="${options.studyId}"]`).waitFor();
    const importMs = performance.now() - importStart;
    await context.close();

    // The app's annotator until the preferences name one (DEFAULT_ANNOTATOR): no labels of theirs yet.
    log('letting IndexedDB settle after the import');
    const importSettling = await settle('annotator-1');
    log('opening the workspace, each open paired with its raw read');
    const open = await pairedOpens('annotator-1');
    ({ context, page } = await openWorkspace());

    log(`pressing Y/N ${options.presses} times at a person's pace`);
    const timed = await timePresses(page, options.presses, 500, PERSON_PAUSE_MS);
    const press = spread(timed.pressMs);
    const pressDom = spread(timed.domMs);
    const pressFrame = spread(timed.frameMs);
    log(`pressing Y/N ${options.presses} times back to back`);
    const pressBackToBack = spread((await timePresses(page, options.presses, 501, BACK_TO_BACK_PAUSE_MS)).pressMs);
    await context.close();

    log(`pressing Y/N ${options.presses} times back to back with frames unthrottled`);
    ({ context, page } = await openWorkspace(UNTHROTTLED_FRAMES));
    const pressUnthrottled = spread((await timePresses(page, options.presses, 502, BACK_TO_BACK_PAUSE_MS)).pressMs);
    await context.close();

    log(`seeding ${options.annotators} annotators' labels of every question`);
    ({ context, page } = await launch());
    await page.goto(`${url}__bench/seed.html`);
    await page.waitForFunction(() => 'seedLabels' in globalThis);
    const seed = await page.evaluate((seedOptions) => (globalThis as SeedWindow).seedLabels(seedOptions), {
      studyId: options.studyId,
      annotators: options.annotators,
      seed: 1_000_000,
    });
    const annotator = seed.annotatorIds[Math.min(2, seed.annotatorIds.length - 1)] as string;
    // The workspace labels as the annotator the preferences name.
    await page.evaluate(
      (annotator) =>
        localStorage.setItem(
          'agreement-studio.preferences',
          JSON.stringify({ state: { mode: 'annotator', annotator: { id: annotator, name: annotator }, keyOverrides: {} }, version: 1 }),
        ),
      annotator,
    );
    await context.close();

    log(`letting IndexedDB settle after seeding: ${annotator}'s records read raw until the reads stop falling`);
    const seedSettling = await settle(annotator);

    log('starting with the labels stored');
    const startMs: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      ({ context, page } = await launch());
      await page.goto(url);
      await page.waitForFunction(() => (globalThis as ProbeWindow).labellingProbe.libraryAt !== undefined, undefined, { polling: 50 });
      startMs.push(await page.evaluate(() => (globalThis as ProbeWindow).labellingProbe.libraryAt as number));
      await context.close();
    }

    log(`opening ${annotator}'s workspace with the labels stored, each open paired with its raw read`);
    const { done: annotatorDone, ...openWithLabels } = await pairedOpens(annotator);

    return {
      units: open.units,
      importMs,
      importSettling,
      open: { openMs: open.openMs, rawMs: open.rawMs },
      press,
      pressDom,
      pressFrame,
      pressBackToBack,
      pressUnthrottled,
      personPauseMs: PERSON_PAUSE_MS,
      seed,
      seedSettling,
      startMs,
      openWithLabels: { openMs: openWithLabels.openMs, rawMs: openWithLabels.rawMs },
      annotatorDone,
    };
  } finally {
    await current?.close().catch(() => undefined);
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
