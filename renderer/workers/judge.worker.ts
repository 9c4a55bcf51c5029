// Web Worker for judge runs (issue 17): runs, pauses, resumes and cancels the lead's judge runs
// off the window's thread, over the app's database (judge-runner.ts does the work). Requests go
// out through the host's `send`, passed in as a Comlink proxy; this worker never holds a key.

import * as Comlink from 'comlink';
import { DATABASE_NAME } from '../db/database';
import { createJudgeRunner } from './judge-runner';
import type { JudgeWorkerApi } from './judge-protocol';
import { workerDatabase } from './worker-support';

const api: JudgeWorkerApi = createJudgeRunner(workerDatabase(DATABASE_NAME));

Comlink.expose(api);
