// Node side of the judge benchmark of `npm run bench` (issue 17): 10,000 items at concurrency 8
// through the shared judge-run engine, Node's fetch and the command line's fsynced journal,
// against the loopback server answering each request in 50 ms from a thread of its own
// (judge-server-thread.ts). Reports the elapsed time against the concurrency bound
// (items x delay / concurrency) and the heap at start, middle and end.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FileJournal } from '../../cli/support/judge-journal';
import type { StudyData, Turn } from '../../shared/domain/model';
import { createFetchSender, type FetchLike } from '../../shared/judge-run/chat-completions';
import { itemPromptSource, judgeAsker } from '../../shared/judge-run/item-prompt';
import { judgeItems } from '../../shared/judge-run/items';
import { builtInPrompt } from '../../shared/judge-run/prompts';
import { startJudgeRun } from '../../shared/judge-run/runner';
import { startServerThread } from './judge-server-client';

export interface JudgeBenchOptions {
  items: number;
  concurrency: number;
  delayMs: number;
}

export interface JudgeBenchResult extends JudgeBenchOptions {
  elapsedMs: number;
  /** items x delay / concurrency: no run can be faster. */
  boundMs: number;
  requests: number;
  /** heapUsed after a full collection, in bytes, at every tenth of the items. */
  heap: Array<{ done: number; bytes: number }>;
}

// The bench runs under plain `node`: a full collection before each heap reading makes the figures comparable.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapNow = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

export async function runJudgeBench(options: JudgeBenchOptions): Promise<JudgeBenchResult> {
  const study = benchStudy(options.items);
  const prompt = builtInPrompt('studio-1');
  if (!prompt) throw new Error('no built-in prompt studio-1');
  const server = await startServerThread({ delayMs: options.delayMs });
  const dir = mkdtempSync(join(tmpdir(), 'judge-bench-'));
  try {
    const opened = await FileJournal.open(join(dir, 'bench.judge-journal.jsonl'), {
      transcripts: 'bench',
      endpoint: server.url,
      model: 'bench',
      promptName: prompt.name,
      promptHash: 'bench',
      temperature: 0,
      maxTokens: 8,
      samples: 1,
      selection: 'all',
    });
    if (!opened.ok) throw new Error(opened.message);
    const items = judgeItems(study, { kind: 'all' });
    const step = Math.max(1, Math.floor(items.length / 10));
    const heap = [{ done: 0, bytes: heapNow() }];
    const started = performance.now();
    const run = startJudgeRun({
      items,
      ask: judgeAsker(
        itemPromptSource(study, prompt),
        { url: server.url, model: 'bench', temperature: 0, maxTokens: 8, timeoutMs: 30_000 },
        createFetchSender(fetch as unknown as FetchLike),
      ),
      journal: opened.journal,
      concurrency: options.concurrency,
      clock: { now: Date.now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
      onProgress: (progress) => {
        const done = progress.done + progress.failed;
        if (done > 0 && done % step === 0 && heap.at(-1)?.done !== done) heap.push({ done, bytes: heapNow() });
      },
    });
    const summary = await run.done;
    const elapsedMs = performance.now() - started;
    await opened.journal.close();
    if (summary.progress.done !== items.length)
      throw new Error(`only ${summary.progress.done} of ${items.length} items answered: ${summary.failures[0]?.reason ?? ''}`);
    const requests = await server.answered();
    return { ...options, elapsedMs, boundMs: (options.items * options.delayMs) / options.concurrency, requests, heap };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One puzzle, sessions of 100 question turns: the prompt text is what a real study's would be. */
function benchStudy(turnCount: number): StudyData {
  const turns: Turn[] = Array.from({ length: turnCount }, (_, i) => ({
    studyId: 'bench',
    id: `t${i}`,
    sessionId: `s${Math.floor(i / 100)}`,
    puzzleId: 'p',
    index: i % 100,
    type: 'question',
    text: `Is question ${i} about the light in the room?`,
    judgements: {},
  }));
  const sessions = Array.from({ length: Math.ceil(turnCount / 100) }, (_, s) => ({
    studyId: 'bench',
    id: `s${s}`,
    puzzleId: 'p',
    player: 'player',
    judge: 'judge',
    turnCount: 100,
  }));
  return {
    study: {
      id: 'bench',
      name: 'Judge bench',
      format: 'agreement-studio.transcripts/1',
      scheme: { answerUnknown: false },
      importedAt: new Date(0).toISOString(),
      sourceFiles: [],
      counts: { puzzles: 1, sessions: sessions.length, turns: turnCount, questions: turnCount, finals: 0 },
    },
    puzzles: [
      {
        studyId: 'bench',
        id: 'p',
        story: 'A woman reads a novel to the end in a room with no light at all.',
        reference: 'She is blind and reads braille.',
        keyClues: ['She needs no light.'],
      },
    ],
    sessions,
    turns,
  };
}
