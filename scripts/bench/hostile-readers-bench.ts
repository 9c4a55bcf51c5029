// Node side of the hostile readers section of `npm run bench` (issue 27): every hostile case of
// the workbook, SQLite, text and YAML readers (test/hostile/readers.ts; a YAML case with the
// run's log.json it is given with), and a workbook at the limits,
// through `agreement-studio import` in a child process each, timed from start to exit with the
// child's peak memory (its own resourceUsage().maxRSS). The limit is 10 s and 500 MB a case.

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { INPUT_LIMITS } from '../../shared/formats/limits';
import { READER_CASES, type ReaderCase } from '../../test/hostile/readers';
import { writeWorkbook } from '../../test/shared/formats/importers/workbook-writer';

export interface HostileReaderFigure {
  name: string;
  finding: string;
  /** "imported" or the first line the command line printed to refuse it. */
  outcome: string;
  ms: number;
  maxRssMb: number;
}

/**
 * Runs the built command line's main and prints its peak memory last. Linux's VmHWM is the
 * process's own peak since it started this program; resourceUsage().maxRSS would carry the
 * parent's peak across the fork, and the parent has just built a 150 MB database.
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

/** SPLAT's puzzle sheet with as many rows as the studio reads (the header one of them), saved as Excel saves it. */
function atTheLimits(): Uint8Array {
  const rows: Array<Array<string | number>> = [['title', 'story', 'answer', 'level of difficulty']];
  for (let i = 1; i < INPUT_LIMITS.maxSheetRows; i++)
    rows.push([`Puzzle ${i}`, `A man walks into bar number ${i} and asks for water.`, `He had hiccups (${i}).`, 1 + (i % 5)]);
  return writeWorkbook([{ name: 'Sheet1', rows }], { asExcel: true });
}

export async function runHostileReadersBench(options: { benchRoot: string; cliMain: string }): Promise<HostileReaderFigure[]> {
  mkdirSync(options.benchRoot, { recursive: true });
  const cases: ReadonlyArray<Pick<ReaderCase, 'name' | 'finding' | 'bytes' | 'companions'>> = [
    ...READER_CASES,
    {
      name: 'at-the-limits.xlsx',
      finding: `a puzzle sheet of ${INPUT_LIMITS.maxSheetRows.toLocaleString('en')} rows, the most the studio reads`,
      bytes: () => Promise.resolve(atTheLimits()),
    },
  ];
  const figures: HostileReaderFigure[] = [];
  for (const hostile of cases) {
    const path = join(options.benchRoot, hostile.name);
    const out = join(options.benchRoot, `${hostile.name}.bundle.json`);
    writeFileSync(path, await hostile.bytes());
    const companions = (hostile.companions?.() ?? []).map((file) => {
      const companion = join(options.benchRoot, file.name);
      writeFileSync(companion, file.bytes);
      return companion;
    });
    const start = performance.now();
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', RUNNER, options.cliMain, 'import', ...companions, path, '--out', out], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const ms = performance.now() - start;
    const rss = /@maxRSS (\d+)/.exec(run.stderr)?.[1];
    const said = run.stderr.replace(/\n?@maxRSS \d+\n?/, '').split('\n')[0] ?? '';
    figures.push({
      name: hostile.name,
      finding: hostile.finding,
      outcome: run.status === 0 ? 'imported' : said.replace(`${path}: `, '') || `exit ${String(run.status ?? run.signal)}`,
      ms,
      maxRssMb: rss !== undefined ? Number(rss) / 1024 : Number.NaN,
    });
    for (const file of [path, out, ...companions]) rmSync(file, { force: true });
  }
  return figures;
}
