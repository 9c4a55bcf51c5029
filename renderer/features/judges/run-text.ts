// The words and numbers the Judges page shows for a run: what produced its labels, its progress line, its state as the
// lead should read it, its failures cut to the first few, and its replies cut off at max tokens
// with what to do about them.

import type { JudgeFailure } from '../../../shared/judge-run/runner';
import type { RunProgress } from '../../../shared/judge-run/runner';
import type { JudgeRunRow } from '../../../shared/judge-run/stored-records';

export function elapsedText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * What produced the run's labels, shown beside its judge name so two judges of one model and
 * prompt (`~2`) can be told apart: "http://…/v1 · prompt studio-1 (3f2a9c1e) · temperature 0 · max tokens 64 · k = 3".
 */
export function identityText(row: Pick<JudgeRunRow, 'endpoint' | 'prompt' | 'parameters'>): string {
  const { temperature, maxTokens, samples } = row.parameters;
  return [
    row.endpoint,
    `prompt ${row.prompt.name} (${row.prompt.hash.slice(0, 8)})`,
    `temperature ${temperature}`,
    `max tokens ${maxTokens.toLocaleString('en')}`,
    `k = ${samples}`,
  ].join(' · ');
}

/** "12 of 40 done · 1 failed · 2 retries · 3,100 tokens in, 240 out · 8 s", and "· 3 cut off at max tokens" when any were. */
export function progressText(progress: RunProgress): string {
  const done = progress.done + progress.alreadyAnswered;
  return [
    `${done} of ${progress.total} done`,
    // Absent from progress stored before issue 26.
    ...(progress.cutOff > 0 ? [`${progress.cutOff} cut off at max tokens`] : []),
    `${progress.failed} failed`,
    `${progress.retries} ${progress.retries === 1 ? 'retry' : 'retries'}`,
    `${progress.tokensIn.toLocaleString('en')} tokens in, ${progress.tokensOut.toLocaleString('en')} out`,
    elapsedText(progress.elapsedMs),
  ].join(' · ');
}

/** A row left `running` that no worker of this window runs was stopped by a closed window. */
export function stateText(row: JudgeRunRow, live: boolean): string {
  if (row.state === 'running') return live ? 'running' : 'interrupted (the window closed while it ran)';
  return row.state;
}

/** What a lead does about replies cut off at max tokens; undefined when none were. */
export function cutOffAdvice(cutOff: number, maxTokens: number): string | undefined {
  if (!(cutOff > 0)) return undefined;
  const replies = cutOff === 1 ? '1 reply was' : `${cutOff.toLocaleString('en')} replies were`;
  return `${replies} cut off at ${maxTokens.toLocaleString('en')} tokens before a verdict and gave no label. A reasoning model thinks first: raise Max tokens on the endpoint (4096 or more) and run again.`;
}

export function canResume(row: JudgeRunRow, live: boolean): boolean {
  return row.state === 'paused' || (row.state === 'running' && !live);
}

const SHOWN_FAILURES = 3;

/** The first few failures with their reasons, and how many more there are. */
export function failureLines(failures: readonly JudgeFailure[]): { lines: string[]; more: number } {
  return {
    lines: failures.slice(0, SHOWN_FAILURES).map((failure) => `${failure.turnId} (sample ${failure.sample + 1}): ${failure.reason}`),
    more: Math.max(0, failures.length - SHOWN_FAILURES),
  };
}
