// Node side of the prompt-search benchmark of `npm run bench` (issue 34): `agreement-studio tune`
// itself, a search of 10 candidates over about 1,000 development units at concurrency 8, against
// the loopback server answering each request in 50 ms from a thread of its own and proposing a
// template each step. The search is timed from the command's start to its last step's line on
// stderr (what follows is the held-out run and the report), against the concurrency bound: each
// version's run of the development units at `concurrency` requests at once, plus each proposal,
// one request at a time.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTune } from '../../cli/commands/tune';
import { generateSyntheticStudy } from '../../shared/demo/synthetic-study';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';
import { serializeLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { developmentUnits } from '../../shared/judge-run/prompt-search';
import { indexStudy } from '../../shared/stats/study/study-units';
import type { SplitRule } from '../../shared/study/judge-splits';
import { startServerThread } from './judge-server-client';

export interface SearchBenchOptions {
  candidates: number;
  /** The development units wanted; the study is grown in whole puzzles until it has at least this many. */
  developmentUnits: number;
  concurrency: number;
  delayMs: number;
}

export interface SearchBenchResult extends SearchBenchOptions {
  units: number;
  searchMs: number;
  /** versions x ceil(units / concurrency) x delay + proposals x delay: no search can be faster. */
  boundMs: number;
  requests: number;
  totalMs: number;
}

const SPLIT: SplitRule = { seed: 1, shares: { examples: 0.2, development: 0.5, test: 0.3 } };

export async function runSearchBench(options: SearchBenchOptions): Promise<SearchBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  // The server proposes a different paragraph each step.
  const proposals = Array.from({ length: options.candidates }, (_, i) => `Rule ${i + 1}: read the answer once more before you reply.`);
  const server = await startServerThread({ delayMs: options.delayMs, proposals });
  try {
    const { transcripts, labels, units } = writeStudy(dir, options.developmentUnits);
    let lastStepAt = Number.NaN;
    let stderr = '';
    const started = performance.now();
    const code = await runTune(
      [
        '--transcripts',
        transcripts,
        '--labels',
        ...labels,
        '--endpoint',
        server.url,
        '--model',
        'bench',
        '--budget',
        String(options.candidates),
        '--concurrency',
        String(options.concurrency),
        '--split-seed',
        String(SPLIT.seed),
        '--test-share',
        String(SPLIT.shares.test),
        '--out',
        join(dir, 'search'),
      ],
      {
        stdout: { write: () => true },
        stderr: {
          write: (text: string) => {
            stderr += text;
            if (text.startsWith(`tune: step ${options.candidates} `)) lastStepAt = performance.now();
            return true;
          },
        },
      },
      {},
    );
    const totalMs = performance.now() - started;
    if (code !== 0 || Number.isNaN(lastStepAt)) throw new Error(`tune did not finish its ${options.candidates} steps:\n${stderr.slice(-2000)}`);
    const versions = options.candidates + 1;
    const boundMs = versions * Math.ceil(units / options.concurrency) * options.delayMs + options.candidates * options.delayMs;
    return { ...options, units, searchMs: lastStepAt - started, boundMs, requests: await server.answered(), totalMs };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A synthetic study grown until its development split has the units wanted, written as the command reads it. */
function writeStudy(dir: string, wanted: number): { transcripts: string; labels: string[]; units: number } {
  for (let puzzles = 50; ; puzzles = Math.ceil(puzzles * 1.25)) {
    const generated = generateSyntheticStudy({ puzzles, annotators: 3, seed: 34, app: 'bench' });
    const text = serializeBundleDocument(generated.bundle);
    const parsed = parseTranscriptBundle({ name: 'bench.json', text }, { now: new Date(0).toISOString() });
    if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
    const labels = generated.labelFiles.flatMap((file) =>
      file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
    );
    const units = developmentUnits(indexStudy(parsed.value, labels), SPLIT).length;
    if (units < wanted) continue;
    const transcripts = join(dir, 'bench.json');
    writeFileSync(transcripts, text);
    const labelPaths = generated.labelFiles.map((file) => {
      const path = join(dir, `${file.annotator.id}.labels.json`);
      writeFileSync(path, serializeLabelFile(file));
      return path;
    });
    return { transcripts, labels: labelPaths, units };
  }
}
