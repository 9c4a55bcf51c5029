// The report on as many threads as the machine has cores, up to two (issue 30): with two, a helper
// worker computes the player outcomes and judges section while this worker computes the rest, and
// the two parts make exactly the report buildReport makes alone; with one core, buildReport alone.

import * as Comlink from 'comlink';
import { assembleReport, buildReport, JUDGES_PHASES, reportFigures, type ReportInput } from '../../shared/report/build-report';
import type { AgreementReport } from '../../shared/report/model/report-model';
import type { ReportJudgesWorkerApi } from './report-judges.worker';

interface Helper {
  remote: Comlink.Remote<ReportJudgesWorkerApi>;
  /** Rejects when the helper fails (a script that does not load, an uncaught error), so no call waits forever. */
  stopped: Promise<never>;
}

let helper: Helper | undefined;

/** The helper worker, started on first use and kept; a failed one is dropped, so the next report starts a fresh one. */
function judgesHelper(): Helper {
  if (helper !== undefined) return helper;
  const worker = new Worker(new URL('./report-judges.worker.ts', import.meta.url), { type: 'module', name: 'report-judges' });
  const stopped = new Promise<never>((_resolve, reject) => {
    const fail = (event: Event) => {
      event.preventDefault();
      worker.terminate();
      helper = undefined;
      reject(new Error('the report stopped unexpectedly'));
    };
    worker.addEventListener('error', fail);
    worker.addEventListener('messageerror', fail);
  });
  stopped.catch(() => undefined);
  helper = { remote: Comlink.wrap<ReportJudgesWorkerApi>(worker), stopped };
  return helper;
}

/**
 * buildReport's report, on two threads when `cores` (the browser's count by default) is two or
 * more: the input goes to the helper first (it copies the study and labels), then this thread
 * computes reportFigures with its progress while the helper computes reportJudges.
 */
export async function buildReportOnCores(input: ReportInput, cores = navigator.hardwareConcurrency): Promise<AgreementReport> {
  if (!(cores >= 2)) return buildReport(input);
  const { onProgress, ...copied } = input;
  const running = judgesHelper();
  const judges = Promise.race([running.remote.reportJudges(copied), running.stopped]);
  // Settled here too, so a helper that fails while this thread throws leaves no unhandled rejection.
  judges.catch(() => undefined);
  const figures = reportFigures(input);
  const first = figures.phases - JUDGES_PHASES.length;
  JUDGES_PHASES.forEach((label, i) => onProgress?.(label, first + i, figures.phases));
  const report = assembleReport(figures, await judges);
  onProgress?.('Laying out the report', figures.phases, figures.phases);
  return report;
}
