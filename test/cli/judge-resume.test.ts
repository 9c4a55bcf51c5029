// A judge run killed and resumed through the command line as a child process (issue 17 "Done
// when"): SIGKILL once the loopback server has answered some items, then the same command again;
// the server's request log proves no item the journal held at the kill was asked again, every
// turn ends labelled, and the key is in no output, bundle or journal.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { API_KEY_VARIABLE } from '../../cli/commands/judge';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { judgeStudyBundle } from '../shared/judge-run/judge-study';
import { scratchDir, scratchWriter } from './run-cli';

const KEY = 'sk-resume-test-key-a1b2c3d4e5';
const TURNS = 200;
const repo = fileURLToPath(new URL('../..', import.meta.url));
// Its own bundle of the command line, so this file never races another building build/cli.
const cli = join(repo, 'build', 'test-judge-resume', 'main.mjs');

let server: FakeChatServer;
beforeAll(async () => {
  await build({
    entryPoints: [join(repo, 'cli/main.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: ['sql.js'],
    define: { __APP_VERSION__: '"test"' },
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  server = await startFakeChatServer({ delayMs: 25 });
}, 120_000);
afterAll(() => server.close());

function startCli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(cli)}); process.exitCode = await main(process.argv.slice(1));`, ...args],
    {
      env: { ...process.env, [API_KEY_VARIABLE]: KEY },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => stdout + stderr };
}

it('asks no journaled item again after a SIGKILL and resume', { timeout: 180_000 }, async () => {
  const dir = scratchDir();
  const bundle = scratchWriter(dir)(
    'study.json',
    judgeStudyBundle([{ id: 's1', turns: Array.from({ length: TURNS }, (_, i) => ({ id: `q${i}`, type: 'question' as const })) }]),
  );
  const out = join(dir, 'judged.json');
  const journal = `${out}.judge-journal.jsonl`;
  const args = ['judge', '--transcripts', bundle, '--endpoint', server.url, '--model', 'fake', '--concurrency', '2', '--out', out];

  const first = startCli(args);
  const journalLines = () => {
    try {
      return readFileSync(journal, 'utf8').split('\n').length - 2;
    } catch {
      return 0;
    }
  };
  await expect.poll(() => server.answered() >= 10 && journalLines() >= 5, { timeout: 60_000 }).toBe(true);
  first.child.kill('SIGKILL');
  await first.exited;
  const askedBeforeKill = server.log.length;
  const journaled = new Set(
    readFileSync(journal, 'utf8')
      .split('\n')
      .slice(1)
      .flatMap((line) => {
        try {
          return [(JSON.parse(line) as { turnId: string }).turnId];
        } catch {
          return []; // the line the kill cut short
        }
      }),
  );
  expect(journaled.size).toBeGreaterThanOrEqual(5);
  expect(journaled.size).toBeLessThan(TURNS);

  const second = startCli(args);
  expect(await second.exited).toBe(0);
  const askedAfter = server.log.slice(askedBeforeKill).map((request) => request.item);
  expect(askedAfter.filter((item) => item !== null && journaled.has(item))).toEqual([]);
  expect(new Set([...journaled, ...askedAfter]).size).toBe(TURNS);

  const parsed = parseTranscriptBundle({ name: out, text: readFileSync(out, 'utf8') });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.value.turns.filter((turn) => turn.judgements['fake@studio-1'] !== undefined)).toHaveLength(TURNS);
  expect(JSON.parse(second.output().slice(0, second.output().lastIndexOf('}') + 1)).counts.alreadyAnswered).toBe(journaled.size);
  for (const text of [first.output(), second.output(), readFileSync(out, 'utf8'), readFileSync(journal, 'utf8')]) expect(text).not.toContain(KEY);
});

it('ends at once on Ctrl-C, even while waiting out a long Retry-After, keeping what was answered', { timeout: 120_000 }, async () => {
  const limiting = await startFakeChatServer({ retryAfterSeconds: 600 });
  try {
    const dir = scratchDir();
    const bundle = scratchWriter(dir)(
      'study.json',
      judgeStudyBundle([
        {
          id: 's1',
          turns: [
            { id: 'q0', type: 'question' },
            { id: 'q1', type: 'question', fake: '429*9' },
          ],
        },
      ]),
    );
    const out = join(dir, 'judged.json');
    const run = startCli(['judge', '--transcripts', bundle, '--endpoint', limiting.url, '--model', 'fake', '--concurrency', '1', '--out', out]);
    await expect.poll(() => limiting.log.some((request) => request.item === 'q1' && request.status === 429), { timeout: 60_000 }).toBe(true);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('cancelled; 1 answers are kept in');
    expect(readFileSync(`${out}.judge-journal.jsonl`, 'utf8')).toContain('"key":"q0#0"');
  } finally {
    await limiting.close();
  }
});
