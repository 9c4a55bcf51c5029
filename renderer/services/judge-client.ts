// The window's side of the judge worker: run (or resume) a stored judge run with progress, and
// pause, resume or cancel it; likewise a prompt search. The host's `send` goes to the worker as a Comlink proxy, so every
// request still leaves through the host, which alone holds the key. The worker starts on first use.

import * as Comlink from 'comlink';
import type { RunProgress } from '../../shared/judge-run/runner';
import type { JudgeRunOutcome, JudgeWorkerApi, PromptSearchOutcome, SearchLiveProgress } from '../workers/judge-protocol';
import { ignoreStopped, lazyWorker } from './lazy-worker';
import { withProgress } from './progress-proxy';

export function createJudgeClient(): JudgeWorkerApi {
  const remote = lazyWorker<JudgeWorkerApi>(
    () => new Worker(new URL('../workers/judge.worker.ts', import.meta.url), { type: 'module', name: 'judge' }),
    'the judge run',
  );
  return {
    run: (runId, send, onProgress) => withProgress<RunProgress, JudgeRunOutcome>(onProgress, (progress) => remote().run(runId, Comlink.proxy(send), progress)),
    pause: (runId) => void remote().pause(runId).catch(ignoreStopped),
    resume: (runId) => void remote().resume(runId).catch(ignoreStopped),
    cancel: (runId) => void remote().cancel(runId).catch(ignoreStopped),
    runSearch: (searchId, send, onProgress) =>
      withProgress<SearchLiveProgress, PromptSearchOutcome>(onProgress, (progress) => remote().runSearch(searchId, Comlink.proxy(send), progress)),
    pauseSearch: (searchId) => void remote().pauseSearch(searchId).catch(ignoreStopped),
    resumeSearch: (searchId) => void remote().resumeSearch(searchId).catch(ignoreStopped),
    cancelSearch: (searchId) => void remote().cancelSearch(searchId).catch(ignoreStopped),
  };
}
