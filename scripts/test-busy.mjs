// `npm run test:busy`: the test suite must not depend on an idle machine. Runs `npm test` several
// times in a row (TEST_BUSY_RUNS, default 3) while one busy loop per core keeps every core at full
// load, and says how each run ended. The loops stop with the last run, or when this script stops.

import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const runs = Number(process.env.TEST_BUSY_RUNS ?? 3);
const loops = [];
for (let i = 0; i < availableParallelism(); i++) {
  // An empty loop in a child of its own: pure CPU, no memory, ended by kill() below.
  loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}
const stopLoops = () => loops.forEach((loop) => loop.kill('SIGKILL'));
process.on('exit', stopLoops);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

console.log(`Running npm test ${runs} times while ${loops.length} busy loops keep every core busy.`);
const results = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const npmCli = process.env.npm_execpath;
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, 'test'], { stdio: 'inherit' })
    : spawnSync('npm', ['test'], { stdio: 'inherit', shell: process.platform === 'win32' });
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push(`run ${run}: ${result.status === 0 ? 'passed' : `failed (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  console.log(`\n== ${results.at(-1)}\n`);
  if (result.status !== 0) break;
}
stopLoops();
console.log(results.join('\n'));
process.exit(results.length === runs && results.every((line) => line.includes('passed')) ? 0 : 1);
