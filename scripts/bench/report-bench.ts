// Node side of the report benchmark of `npm run bench`: seeds a SPLAT-scale study and one 20
// times larger through a bench page on the app's origin, then times the lead's click on Report
// to the report painted ready in the built app, the report engine alone in the bench page, and
// on the SPLAT-scale study the lead's press on Plan to the planner's answer painted; and on a study
// of 55 annotators over SPLAT's 975 puzzles the press on "Estimate the truth" (no intervals) to the
// section painted, computed in the plan worker as the app computes it.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { serve } from './labelling-bench';
import type { EngineTiming, ReportStudyOptions, SeededStudy } from './report-bench-page';
import type { DawidSkeneTiming } from './truth-bench-worker';
import type { ReportOpening, ReportProbe } from './report-probe';
import { startTrace, type TracedTasks } from './report-trace';

export interface ReportBenchOptions {
  /** The built app, served at the origin's root. */
  webRoot: string;
  /** report.html, report.js and probe.js, served under /__bench/. */
  benchRoot: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  runs: number;
  /** A folder to write a Chromium trace of each opening to, listing what each main-thread task over 50 ms did (BENCH_TRACE). */
  trace?: string;
  log?: (line: string) => void;
}

/** One opening, with its traced long tasks when the bench traces. */
export type TracedOpening = ReportOpening & { traced?: TracedTasks };

export interface ReportStudyResult {
  options: ReportStudyOptions;
  study: SeededStudy;
  /** Bootstrap replicates the report view computed with (its default). */
  bootstrap: number;
  /** What each replicate drew (the view's default). */
  resample: string;
  openings: TracedOpening[];
  /** Each computed opening's next one, in a new page, answered with the kept report. */
  reopenings: TracedOpening[];
  engine: EngineTiming[];
  /** The untimed first run before `engine`: the engine's code not yet compiled to its fastest. */
  engineCold: EngineTiming;
}

/** One press on Plan in the report page's planner, timed on the page's clock. */
export interface PlannerAnswer {
  /** The press to the answer painted (the form's data-state="ready"). */
  ms: number;
  /** Distinct values the progress bar showed before the answer: 0 when no bar was shown, 1 when it never moved. */
  progressValues: number;
  recommendedPuzzles: number | null;
}

export interface PlannerResult {
  /** The target's width in points, and the judge it is for. */
  widthPoints: number;
  judge: string;
  answers: PlannerAnswer[];
}

/** A partly labelled study's openings, and what its report's prediction-powered section showed. */
export interface PartlyLabelledResult {
  options: ReportStudyOptions;
  study: SeededStudy;
  openings: TracedOpening[];
  /** Rows of the prediction-powered tables with a figure (their "-labels" tables) in the bucket the page opens on, both tasks. */
  predictionPoweredRows: number;
}

/** Presses on "Estimate the truth" with no bootstrap: the fits alone, in the plan worker. */
export interface TruthResult {
  options: ReportStudyOptions;
  study: SeededStudy;
  /** The press to the section painted (its data-state="ready"), and whether Dawid-Skene converged on every task. */
  answers: Array<{ ms: number; converged: boolean }>;
  /** Dawid-Skene alone in a dedicated worker, each task timed, after one untimed run that warms the code. */
  fits: DawidSkeneTiming[][];
}

export interface ReportBenchResult {
  splat: ReportStudyResult;
  twenty: ReportStudyResult;
  planner: PlannerResult;
  truth: TruthResult;
  /** The same shapes with people on four puzzles in five (issue 32: the report with its prediction-powered scores computed). */
  partly: { splat: PartlyLabelledResult; twenty: PartlyLabelledResult };
}

/** The width the planner is asked for: the command line's example, and a study of SPLAT's size needs about half its puzzles for it. */
const PLANNER_WIDTH_POINTS = 5;

// SPLAT's shape: 975 puzzles and 2,427 units, about 2.5 a puzzle. One session a puzzle with 0 to 2
// questions and 1 or 2 final answers gives 2,470 units (seed 18), and 48,684 for 20 times the
// puzzles: the cluster bootstrap draws puzzles, so their number, not only the units', is SPLAT's.
// The first judge keeps 3 samples and a probability of every label, so the report's calibration
// and self-consistency sections are computed too (issue 31).
const SPLAT_SCALE: ReportStudyOptions = { puzzles: 975, sessionsPerPuzzle: 1, questionsPerSession: [0, 2], annotators: 3, seed: 18, judgeSamples: 3 };
/** SPLAT's puzzles and units, each labelled by 55 annotators: the estimated truth's case of issue 33 (its own seed: the study id is the seed's and the puzzles'). */
const TRUTH_SCALE: ReportStudyOptions = { ...SPLAT_SCALE, annotators: 55, seed: 20 };
const TWENTY_TIMES: ReportStudyOptions = { puzzles: 19_500, sessionsPerPuzzle: 1, questionsPerSession: [0, 2], annotators: 3, seed: 18, judgeSamples: 3 };
// The same shapes (another seed, so another study) with no human label on every fifth puzzle: the
// prediction-powered scores then correct the judges' verdicts on those, with their bootstrap.
const PARTLY_LABELLED = { seed: 19, unlabelledEvery: 5 } as const;

type ProbeWindow = typeof globalThis & { reportProbe: ReportProbe };
type BenchWindow = typeof globalThis & {
  seedReportStudy(options: ReportStudyOptions): Promise<SeededStudy>;
  timeReportEngine(studyId: string, bootstrap: number): Promise<EngineTiming>;
  forgetKeptReports(studyId: string): Promise<void>;
  timeDawidSkeneInWorker(studyId: string): Promise<DawidSkeneTiming[]>;
};

/** The bench page, loaded and ready to call. */
async function benchPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}__bench/report.html`);
  await page.waitForFunction(() => 'timeReportEngine' in globalThis);
  return page;
}

/**
 * One opening as the lead makes it, in a new page (a new app and a new report worker): the study's
 * overview, left to settle so its own work is not counted, then a click on its Report entry.
 */
async function openReport(
  context: BrowserContext,
  url: string,
  studyId: string,
  probeScript: string,
  trace: string | undefined,
): Promise<{ opening: TracedOpening; bootstrap: number; resample: string; predictionPoweredRows: number }> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: probeScript });
    await page.goto(`${url}#/study/${encodeURIComponent(studyId)}`);
    const entry = page.getByTestId('report-entry');
    await entry.waitFor();
    await page.evaluate(() => (globalThis as ProbeWindow).reportProbe.quietFor(500));
    const tracing = trace === undefined ? undefined : await startTrace(await context.newCDPSession(page), join(trace, `${studyId}-${Date.now()}.json`));
    await entry.click();
    await page.waitForFunction(
      () => {
        const probe = (globalThis as ProbeWindow).reportProbe;
        return probe.failed !== undefined || probe.opening() !== undefined;
      },
      undefined,
      { polling: 50 },
    );
    const { opening, failed } = await page.evaluate(() => {
      const probe = (globalThis as ProbeWindow).reportProbe;
      return { opening: probe.opening(), failed: probe.failed };
    });
    if (opening === undefined) throw new Error(`the report of ${studyId}: ${failed}`);
    const traced = await tracing?.stop(50);
    return {
      opening: traced === undefined ? opening : { ...opening, traced },
      bootstrap: Number(await page.getByTestId('report-bootstrap').inputValue()),
      resample: await page.getByTestId('report-resample').inputValue(),
      predictionPoweredRows: await page.locator('[data-testid="prediction-powered-labels"] tbody tr').count(),
    };
  } finally {
    await page.close();
  }
}

/**
 * The report page of `studyId` with its report ready and the planner open on a width target; then
 * `runs` presses on Plan, each timed in the page from the press to the answer painted (as the
 * probe paints: a task posted from the next frame), watching the progress bar meanwhile. The first
 * press starts the plan worker, as the lead's first does.
 */
async function timePlanner(context: BrowserContext, url: string, studyId: string, runs: number): Promise<PlannerResult> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}#/study/${encodeURIComponent(studyId)}/report`);
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor();
    const planner = page.getByTestId('planner');
    await planner.getByTestId('open-planner').click();
    await planner.getByTestId('planner-value').fill(String(PLANNER_WIDTH_POINTS));
    const judge = await planner.getByTestId('planner-judge').inputValue();
    const answers: PlannerAnswer[] = [];
    for (let run = 0; run < runs; run++) {
      const answer = await page.evaluate(
        () =>
          new Promise<PlannerAnswer & { failed?: string }>((resolve) => {
            const form = document.querySelector<HTMLFormElement>('[data-testid="planner"] form');
            const button = form?.querySelector<HTMLButtonElement>('[data-testid="plan-study"]');
            if (!form || !button) return resolve({ ms: Number.NaN, progressValues: 0, recommendedPuzzles: null, failed: 'no planner form' });
            const values = new Set<string>();
            let start = 0;
            let planning = false;
            const observer = new MutationObserver(() => {
              const bar = form.querySelector('[data-testid="planner-progress"]');
              const value = bar?.getAttribute('aria-valuenow');
              if (value !== null && value !== undefined) values.add(value);
              const state = form.getAttribute('data-state');
              // The last press's answer is still there until this press shows it planning.
              if (state === 'planning') planning = true;
              if (!planning || (state !== 'ready' && state !== 'failed')) return;
              observer.disconnect();
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const ms = performance.now() - start;
                  const recommended = form.querySelector('[data-testid="planner-answer"]')?.getAttribute('data-recommended-puzzles');
                  const failed = state === 'failed' ? (form.querySelector('[data-testid="planner-error"]')?.textContent ?? 'failed') : undefined;
                  resolve({
                    ms,
                    progressValues: values.size,
                    recommendedPuzzles: recommended ? Number(recommended) : null,
                    ...(failed === undefined ? {} : { failed }),
                  });
                }, 0),
              );
            });
            observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'aria-valuenow'] });
            start = performance.now();
            button.click();
          }),
      );
      if (answer.failed !== undefined) throw new Error(`the planner on ${studyId}: ${answer.failed}`);
      answers.push({ ms: answer.ms, progressValues: answer.progressValues, recommendedPuzzles: answer.recommendedPuzzles });
    }
    return { widthPoints: PLANNER_WIDTH_POINTS, judge, answers };
  } finally {
    await page.close();
  }
}

/**
 * The report page of `studyId` with no bootstrap, its report ready; then `runs` presses on
 * "Estimate the truth" (people), each timed in the page from the press to the section painted.
 * The first press starts the plan worker, as the lead's first does.
 */
async function timeTruth(context: BrowserContext, url: string, studyId: string, runs: number): Promise<Array<{ ms: number; converged: boolean }>> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}#/study/${encodeURIComponent(studyId)}/report`);
    await page.getByTestId('report-bootstrap').fill('0');
    await page.getByTestId('report-bootstrap').press('Enter');
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor();
    const answers: Array<{ ms: number; converged: boolean }> = [];
    for (let run = 0; run < runs; run++) {
      const answer = await page.evaluate(
        () =>
          new Promise<{ ms: number; converged: boolean; failed?: string }>((resolve) => {
            const section = document.querySelector<HTMLElement>('[data-testid="estimated-truth"]');
            const button = section?.querySelector<HTMLButtonElement>('[data-testid="estimate-truth"]');
            if (!section || !button) return resolve({ ms: Number.NaN, converged: false, failed: 'no Estimated truth section' });
            let start = 0;
            let computing = false;
            const observer = new MutationObserver(() => {
              const state = section.getAttribute('data-state');
              // The last press's section is still there until this press shows it computing.
              if (state === 'computing') computing = true;
              if (!computing || (state !== 'ready' && state !== 'failed')) return;
              observer.disconnect();
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const ms = performance.now() - start;
                  const failed = state === 'failed' ? (section.querySelector('[data-testid="truth-error"]')?.textContent ?? 'failed') : undefined;
                  resolve({ ms, converged: section.getAttribute('data-converged') === 'true', ...(failed === undefined ? {} : { failed }) });
                }, 0),
              );
            });
            observer.observe(section, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
            start = performance.now();
            button.click();
          }),
      );
      if (answer.failed !== undefined) throw new Error(`the estimated truth of ${studyId}: ${answer.failed}`);
      answers.push({ ms: answer.ms, converged: answer.converged });
    }
    return answers;
  } finally {
    await page.close();
  }
}

export async function runReportBench(options: ReportBenchOptions): Promise<ReportBenchResult> {
  const log = options.log ?? (() => undefined);
  const probeScript = readFileSync(join(options.benchRoot, 'probe.js'), 'utf8');
  // A profile on disk: a new context would keep IndexedDB in memory.
  const profile = mkdtempSync(join(tmpdir(), 'agreement-studio-report-bench-'));
  const { url, server } = await serve(options.webRoot, options.benchRoot);
  let context: BrowserContext | undefined;
  try {
    const browser = await chromium.launchPersistentContext(profile, { executablePath: options.chromiumPath, headless: true, args: [...options.chromiumArgs] });
    context = browser;
    browser.setDefaultTimeout(300_000);

    // Seeded before the app first starts, so it finds studies and imports no demo study.
    log(`seeding the SPLAT-scale and the 20x study through the app's import`);
    const seeder = await benchPage(browser, url);
    const seed = (scale: ReportStudyOptions) => seeder.evaluate((o) => (globalThis as BenchWindow).seedReportStudy(o), scale);
    const splatStudy = await seed(SPLAT_SCALE);
    const twentyStudy = await seed(TWENTY_TIMES);
    const partlySplat = { ...SPLAT_SCALE, ...PARTLY_LABELLED };
    const partlyTwenty = { ...TWENTY_TIMES, ...PARTLY_LABELLED };
    log('seeding both again with people on four puzzles in five');
    const partlySplatStudy = await seed(partlySplat);
    const partlyTwentyStudy = await seed(partlyTwenty);
    log("seeding SPLAT's puzzles with 55 annotators for the estimated truth");
    const truthStudy = await seed(TRUTH_SCALE);
    await seeder.close();

    const measure = async (scale: ReportStudyOptions, study: SeededStudy): Promise<ReportStudyResult> => {
      log(`opening the report of ${study.studyId} ${options.runs} times, each computed and then opened again kept`);
      const openings: TracedOpening[] = [];
      const reopenings: TracedOpening[] = [];
      let bootstrap = 0;
      let resample = '';
      const page = await benchPage(browser, url);
      for (let run = 0; run < options.runs; run++) {
        await page.evaluate((id) => (globalThis as BenchWindow).forgetKeptReports(id), study.studyId);
        const opened = await openReport(browser, url, study.studyId, probeScript, options.trace);
        openings.push(opened.opening);
        reopenings.push((await openReport(browser, url, study.studyId, probeScript, options.trace)).opening);
        bootstrap = opened.bootstrap;
        resample = opened.resample;
      }
      // One run first, kept apart from the timed ones: the plain loop is one small function at its
      // fastest within its first run, the engine hundreds that V8 compiles to theirs over its
      // first run or two; compared cold, the ratio would measure the engine's size, not its work.
      // The cold cost is the full report's, timed above in a new page each time.
      log(`timing the report engine on ${study.studyId} once to warm it, then ${options.runs} times`);
      const timeEngine = () => page.evaluate(([id, b]) => (globalThis as BenchWindow).timeReportEngine(id, b), [study.studyId, bootstrap] as const);
      const engineCold = await timeEngine();
      const engine: EngineTiming[] = [];
      for (let run = 0; run < options.runs; run++) engine.push(await timeEngine());
      await page.close();
      return { options: scale, study, bootstrap, resample, openings, reopenings, engine, engineCold };
    };
    // Openings only, each computed afresh: the engine's steps and floors are the fully labelled study's.
    const measureOpenings = async (scale: ReportStudyOptions, study: SeededStudy): Promise<PartlyLabelledResult> => {
      log(`opening the report of ${study.studyId} ${options.runs} times, each computed`);
      const page = await benchPage(browser, url);
      const openings: TracedOpening[] = [];
      let predictionPoweredRows = 0;
      for (let run = 0; run < options.runs; run++) {
        await page.evaluate((id) => (globalThis as BenchWindow).forgetKeptReports(id), study.studyId);
        const opened = await openReport(browser, url, study.studyId, probeScript, options.trace);
        openings.push(opened.opening);
        predictionPoweredRows = opened.predictionPoweredRows;
      }
      await page.close();
      return { options: scale, study, openings, predictionPoweredRows };
    };
    const splat = await measure(SPLAT_SCALE, splatStudy);
    log(`pressing Plan on ${splatStudy.studyId} ${options.runs} times, a width of ${PLANNER_WIDTH_POINTS} points`);
    const planner = await timePlanner(browser, url, splatStudy.studyId, options.runs);
    log(`pressing Estimate the truth on ${truthStudy.studyId} ${options.runs} times, no bootstrap`);
    const answers = await timeTruth(browser, url, truthStudy.studyId, options.runs);
    log(`fitting Dawid-Skene alone in a worker on ${truthStudy.studyId} once to warm it, then ${options.runs} times`);
    const fitsPage = await benchPage(browser, url);
    const timeFits = () => fitsPage.evaluate((id) => (globalThis as BenchWindow).timeDawidSkeneInWorker(id), truthStudy.studyId);
    await timeFits();
    const fits: DawidSkeneTiming[][] = [];
    for (let run = 0; run < options.runs; run++) fits.push(await timeFits());
    await fitsPage.close();
    const truth = { options: TRUTH_SCALE, study: truthStudy, answers, fits };
    const twenty = await measure(TWENTY_TIMES, twentyStudy);
    const partly = { splat: await measureOpenings(partlySplat, partlySplatStudy), twenty: await measureOpenings(partlyTwenty, partlyTwentyStudy) };
    return { splat, twenty, planner, truth, partly };
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
