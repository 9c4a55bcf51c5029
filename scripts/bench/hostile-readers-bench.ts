// Node side of the hostile readers section of `npm run bench` (issue 27): every hostile case of
// the workbook, SQLite, text and YAML readers (test/hostile/readers.ts; a YAML case with the
// run's log.json it is given with), and a workbook at the limits,
// through `agreement-studio import` in a child process each, timed from start to exit with the
// child's peak memory (its own VmHWM). The limit is 10 s and 500 MB a case.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INPUT_LIMITS } from '../../shared/formats/limits';
import { READER_CASES, type ReaderCase } from '../../test/hostile/readers';
import { writeWorkbook } from '../../test/shared/formats/importers/workbook-writer';
import { runCliChild } from './cli-child';

export interface HostileReaderFigure {
  name: string;
  finding: string;
  /** "imported" or the first line the command line printed to refuse it. */
  outcome: string;
  ms: number;
  maxRssMb: number;
}

export type BenchReaderCase = Pick<ReaderCase, 'name' | 'finding' | 'bytes' | 'companions'>;

/** SPLAT's puzzle sheet with as many rows as the studio reads (the header one of them), saved as Excel saves it. */
function atTheLimits(): Uint8Array {
  const rows: Array<Array<string | number>> = [['title', 'story', 'answer', 'level of difficulty']];
  for (let i = 1; i < INPUT_LIMITS.maxSheetRows; i++)
    rows.push([`Puzzle ${i}`, `A man walks into bar number ${i} and asks for water.`, `He had hiccups (${i}).`, 1 + (i % 5)]);
  return writeWorkbook([{ name: 'Sheet1', rows }], { asExcel: true });
}

/** The third round's reader cases and the puzzle sheet at the row limit. */
export const BENCH_READER_CASES: readonly BenchReaderCase[] = [
  ...READER_CASES,
  {
    name: 'at-the-limits.xlsx',
    finding: `a puzzle sheet of ${INPUT_LIMITS.maxSheetRows.toLocaleString('en')} rows, the most the studio reads`,
    bytes: () => Promise.resolve(atTheLimits()),
  },
];

/** Writes the case and its companions into `dir`; returns their paths, the case's last. */
export async function writeReaderCase(dir: string, hostile: BenchReaderCase): Promise<string[]> {
  const path = join(dir, hostile.name);
  writeFileSync(path, await hostile.bytes());
  const companions = (hostile.companions?.() ?? []).map((file) => {
    const companion = join(dir, file.name);
    writeFileSync(companion, file.bytes);
    return companion;
  });
  return [...companions, path];
}

/** One reader case through `agreement-studio import` in a child process. */
export async function benchReaderCase(dir: string, cliMain: string, hostile: BenchReaderCase): Promise<HostileReaderFigure> {
  const paths = await writeReaderCase(dir, hostile);
  const path = paths.at(-1) ?? '';
  const out = join(dir, `${hostile.name}.bundle.json`);
  const run = runCliChild(cliMain, ['import', ...paths, '--out', out]);
  const said = run.stderr.split('\n')[0] ?? '';
  for (const file of [...paths, out]) rmSync(file, { force: true });
  return {
    name: hostile.name,
    finding: hostile.finding,
    outcome: run.status === 0 ? 'imported' : said.replace(`${path}: `, '') || `exit ${run.status}`,
    ms: run.ms,
    maxRssMb: run.maxRssMb,
  };
}

export async function runHostileReadersBench(options: { benchRoot: string; cliMain: string }): Promise<HostileReaderFigure[]> {
  mkdirSync(options.benchRoot, { recursive: true });
  const figures: HostileReaderFigure[] = [];
  for (const hostile of BENCH_READER_CASES) figures.push(await benchReaderCase(options.benchRoot, options.cliMain, hostile));
  return figures;
}
