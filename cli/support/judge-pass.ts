// One pass of a judge model over a list of items, for the commands that ask a model (`judge`, and
// `tune` for each candidate and the held-out run): the shared runner with the file journal, a
// real clock, progress on stderr at most every two seconds, and Ctrl-C cancelling the pass with
// its pending waits cleared. Owns no settings: the caller opens the journal and builds the asker.

import type { JudgeItem } from '../../shared/judge-run/items';
import { startJudgeRun, type JudgeAnswer, type RunnerOptions, type RunProgress, type RunSummary } from '../../shared/judge-run/runner';
import type { CliIo } from './io';
import type { FileJournal } from './judge-journal';

/** How often progress is printed, at most. */
const PROGRESS_EVERY_MS = 2000;

export interface JudgePass {
  items: JudgeItem[];
  ask: RunnerOptions['ask'];
  isCutOff: RunnerOptions['isCutOff'];
  journal: FileJournal;
  concurrency: number;
  rpm?: number;
  /** What the progress lines name: `judge gpt-4o@studio-1`. */
  label: string;
  io: CliIo;
}

export type JudgePassResult =
  | { ok: true; summary: RunSummary; answers: JudgeAnswer[] }
  | { ok: false; cancelled: true; answers: number }
  | { ok: false; cancelled: false; message: string };

/** Runs the pass to its end, closes the journal, and gives every answer the journal holds (earlier ones too). */
export async function runJudgePass(pass: JudgePass): Promise<JudgePassResult> {
  const { io, journal } = pass;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let lastPrinted = 0;
  const printProgress = (progress: RunProgress, force = false) => {
    const now = Date.now();
    if (!force && now - lastPrinted < PROGRESS_EVERY_MS) return;
    lastPrinted = now;
    io.stderr.write(`${pass.label}: ${describeProgress(progress)}\n`);
  };
  const judgeRun = startJudgeRun({
    items: pass.items,
    ask: pass.ask,
    journal,
    concurrency: pass.concurrency,
    ...(pass.rpm !== undefined ? { rpm: pass.rpm } : {}),
    clock: {
      now: Date.now,
      sleep: (ms) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.add(timer);
        }),
    },
    ...(pass.isCutOff !== undefined ? { isCutOff: pass.isCutOff } : {}),
    onProgress: (progress) => printProgress(progress),
  });
  // Ctrl-C cancels the run; the waits still pending (a long Retry-After) are cleared so the process can end at once.
  const onInterrupt = () => {
    judgeRun.cancel();
    for (const timer of timers) clearTimeout(timer);
  };
  process.once('SIGINT', onInterrupt);
  let summary: RunSummary;
  try {
    summary = await judgeRun.done;
  } catch (error) {
    await journal.close();
    return { ok: false, cancelled: false, message: `cannot write ${journal.path}: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  printProgress(summary.progress, true);
  const answers = await journal.answers();
  await journal.close();
  if (summary.progress.state === 'cancelled') return { ok: false, cancelled: true, answers: answers.length };
  return { ok: true, summary, answers };
}

function describeProgress(progress: RunProgress): string {
  const answered = progress.alreadyAnswered + progress.done;
  const parts = [
    `${answered.toLocaleString('en')} of ${progress.total.toLocaleString('en')} answered`,
    ...(progress.alreadyAnswered > 0 ? [`${progress.alreadyAnswered.toLocaleString('en')} from the journal`] : []),
    ...(progress.cutOff > 0 ? [`${progress.cutOff.toLocaleString('en')} cut off at max tokens`] : []),
    `${progress.failed.toLocaleString('en')} failed`,
    `${progress.inFlight} in flight`,
    `tokens ${progress.tokensIn.toLocaleString('en')} in, ${progress.tokensOut.toLocaleString('en')} out`,
    `${Math.round(progress.elapsedMs / 1000)} s`,
  ];
  return parts.join(', ');
}
