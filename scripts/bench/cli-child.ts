// One run of the built command line in a child process, for the hostile benches of `npm run
// bench` (issue 27): its time from spawn to exit and its own peak memory, with what it printed.

import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface CliChildRun {
  /** The exit code, or the signal that ended it. */
  status: number | string;
  stdout: string;
  /** What it printed to stderr, without the peak-memory line the runner adds. */
  stderr: string;
  ms: number;
  /** Peak resident memory of the child (NaN when it died before saying). */
  maxRssMb: number;
}

/**
 * Runs the built command line's main and prints its peak memory last. Linux's VmHWM is the
 * process's own peak since it started this program; resourceUsage().maxRSS would carry the
 * parent's peak across the fork, and the parent may just have built a 150 MB database.
 */
const RUNNER = `
import { readFileSync } from 'node:fs';
const [cli, ...argv] = process.argv.slice(1);
const { main } = await import(cli);
const code = await main(argv);
let kb = process.resourceUsage().maxRSS;
try { kb = Number(/VmHWM:\\s*(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}
process.stderr.write('\\n@maxRSS ' + kb + '\\n');
process.exit(code);
`;

/** `agreement-studio ...args` through `cliMain` (the built build/cli/main.mjs, as a URL). */
export function runCliChild(cliMain: string, args: readonly string[]): CliChildRun {
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', RUNNER, cliMain, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  const rss = /@maxRSS (\d+)/.exec(run.stderr)?.[1];
  return {
    status: run.status ?? run.signal ?? 'no exit',
    stdout: run.stdout,
    stderr: run.stderr.replace(/\n?@maxRSS \d+\n?/, ''),
    ms,
    maxRssMb: rss !== undefined ? Number(rss) / 1024 : Number.NaN,
  };
}
