// `npm run bench:stats`: figures for the reliability engine against its targets. Bundles the
// bench modules with esbuild, writes seeded data sets to .bench/, times the point estimates in
// process, the bootstrap, and the `reliability` command as a whole process taking turns with a
// Node script computing nominal alpha with krippendorff@0.1.0, by wall clock and CPU time. Prints
// figures; asserts nothing.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const out = '.bench';
mkdirSync(out, { recursive: true });

const bundle = { bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' };
await build({ ...bundle, entryPoints: ['scripts/bench/stats-bench.ts'], outfile: `${out}/stats-bench.mjs` });
await build({ ...bundle, entryPoints: ['scripts/bench/stats-krippendorff.ts'], outfile: `${out}/stats-krippendorff.mjs` });
const { writeBenchSets, timePointEstimates, timeBootstrap, median } = await import(new URL(`../${out}/stats-bench.mjs`, import.meta.url).href);

const sets = writeBenchSets(out);
const fmt = (ms) => `${Math.round(ms).toLocaleString('en-US').padStart(7)} ms`;
const runs = (values) => `(median of ${values.length}: ${values.map((v) => Math.round(v)).join(', ')})`;
const target = (ms, limit) => `target <= ${limit.toLocaleString('en-US')} ms: ${ms <= limit ? 'met' : 'NOT met'}`;

/** Clock ticks a second, the unit of /proc's CPU times (Linux; 100 where getconf is missing). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU time (user and system, every thread, to the process's exit) of this process's finished
 * children so far, in ms, from /proc/self/stat's cutime and cstime (Linux); undefined elsewhere.
 */
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name in parentheses start at field 3; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Wall time and CPU time of one whole `node` process, and what it printed. */
function timeProcess(args) {
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  const cpuAfter = childrenCpuMs();
  return { ms, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore, stdout: child.stdout };
}

/**
 * Each process run RUNS times, the two taking turns (ours first on even runs, theirs first on
 * odd ones), so that each of our runs has one of theirs beside it on a machine as busy.
 */
function timeProcessPairs(oursArgs, theirsArgs) {
  const ours = { times: [], cpu: [], stdout: '' };
  const theirs = { times: [], cpu: [], stdout: '' };
  const run = (into, args) => {
    const { ms, cpuMs, stdout } = timeProcess(args);
    into.times.push(ms);
    into.cpu.push(cpuMs);
    into.stdout = stdout;
  };
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) run(ours, oursArgs);
    run(theirs, theirsArgs);
    if (i % 2 === 1) run(ours, oursArgs);
  }
  return { ours, theirs };
}

const a = timePointEstimates(sets.a.path, RUNS);
const b = timePointEstimates(sets.b.path, RUNS);
const boot = timeBootstrap(sets.a.path, 1000);
const { ours, theirs } = timeProcessPairs(['cli/bin/agreement-studio.mjs', 'reliability', sets.a.path], [`${out}/stats-krippendorff.mjs`, sets.a.path]);
const ourAlpha = JSON.parse(ours.stdout).alpha.nominal;
const theirAlpha = JSON.parse(theirs.stdout).alpha;

const describe = (set, label) => `${set.rows.toLocaleString('en-US')} ratings, ${(set.bytes / 1024 / 1024).toFixed(1)} MB, ${label}`;
console.log(`\nReliability statistics`);
console.log(`  (a) ${describe(sets.a, '200,000 units x 3 raters, 3 categories, 10% missing')}`);
console.log(`  (b) ${describe(sets.b, '20,000 units x 3 raters, 200 numeric categories')}`);
console.log(`  parse CSV, in process (a)                   ${fmt(a.parseMs)}`);
console.log(`  all point estimates, in process (a)         ${fmt(median(a.computeMs))}   ${runs(a.computeMs)}   ${target(median(a.computeMs), 300)}`);
console.log(`  all point estimates, in process (b)         ${fmt(median(b.computeMs))}   ${runs(b.computeMs)}   ${target(median(b.computeMs), 1000)}`);
console.log(
  `  point estimates + 1,000 bootstrap (a)       ${fmt(boot.ms)}   (bootstrap alone about ${Math.round(boot.ms - median(a.computeMs)).toLocaleString('en-US')} ms)   ${target(boot.ms, 5000)}`,
);
console.log(`  \`reliability a.csv\`, whole process          ${fmt(median(ours.times))}   ${runs(ours.times)}`);
console.log(`  krippendorff@0.1.0 nominal alpha, process   ${fmt(median(theirs.times))}   ${runs(theirs.times)}`);
const ratio = median(theirs.times) / median(ours.times);
console.log(`  krippendorff / ours (whole process)         ${ratio.toFixed(1).padStart(7)} x    (ours computes every statistic; theirs one nominal alpha)`);
// Issue 30's target, as a ratio the machine's speed cannot hide: ours at most 0.35 of theirs, each run against the one beside it.
const shareLine = (what, ourMs, theirMs) => {
  const shares = ourMs.map((ms, i) => ms / theirMs[i]);
  const share = median(shares);
  return `  ours / krippendorff (${what})${' '.repeat(Math.max(0, 21 - what.length))}${share.toFixed(2).padStart(7)} x    (median of ${shares.length} pairs: ${shares.map((x) => x.toFixed(2)).join(', ')})   target <= 0.35x: ${share <= 0.35 ? 'met' : 'NOT met'}`;
};
console.log(shareLine('whole process', ours.times, theirs.times));
// The same in CPU time, which a busy machine stretches far less than the wall clock (where /proc tells it).
if (!ours.cpu.includes(undefined) && !theirs.cpu.includes(undefined)) {
  console.log(`  CPU time: ours ${fmt(median(ours.cpu))} ${runs(ours.cpu)}, krippendorff ${fmt(median(theirs.cpu))} ${runs(theirs.cpu)}`);
  console.log(shareLine('CPU time', ours.cpu, theirs.cpu));
}
console.log(`  nominal alpha: ours ${ourAlpha}, krippendorff@0.1.0 ${theirAlpha}, difference ${Math.abs(ourAlpha - theirAlpha).toExponential(1)}`);
console.log(
  `  ci95 alpha (a): [${boot.result.ci95.alpha.map((x) => x.toFixed(4)).join(', ')}]   alpha (b): nominal ${b.result.alpha.nominal.toFixed(4)}, ordinal ${b.result.alpha.ordinal.toFixed(4)}, interval ${b.result.alpha.interval.toFixed(4)}`,
);
