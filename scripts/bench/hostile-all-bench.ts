// Node side of the hostile-all section of `npm run bench` (issue 27): every file of the three
// hostile rounds (test/hostile/generate.ts, tamper.ts, and the readers' cases) through the built
// command line in a child process each, with the command each file is meant for, timed from spawn
// to exit with the child's own peak memory. The limit is 10 s and 500 MB a case.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostileCases, type HostileCase } from '../../test/hostile/generate';
import { tamperCases } from '../../test/hostile/tamper';
import { runCliChild } from './cli-child';
import { benchReaderCase, BENCH_READER_CASES } from './hostile-readers-bench';

export type HostileRound = 'hostile' | 'tamper' | 'readers';

export interface HostileCaseFigure {
  round: HostileRound;
  name: string;
  /** The command word it went through: validate, report, reliability or import. */
  command: string;
  /** The first line the command printed (its summary, or its refusal without the file's path). */
  outcome: string;
  refused: boolean;
  ms: number;
  maxRssMb: number;
}

export interface HostileAllOptions {
  benchRoot: string;
  /** build/cli/main.mjs as a URL. */
  cliMain: string;
  /** The demo study's bundle, which label files refused by the study are checked against. */
  demoBundle: string;
  log?: (line: string) => void;
}

/**
 * The command a first- or second-round file is meant for: reliability data is read by
 * `reliability`, a label file that only the study can refuse by `report` with the demo study
 * (as loadStudyInputs checks it), anything else by `validate`. The command line reads no backup:
 * `validate` reads one and says it cannot tell its kind, which is still its bounded work on it.
 */
function commandFor(kind: string, hostile: HostileCase | undefined, path: string, options: HostileAllOptions): string[] {
  if (kind === 'reliability-csv') return ['reliability', path];
  if (hostile?.expect.outcome === 'rejected' && hostile.expect.stage === 'study')
    return ['report', '--transcripts', options.demoBundle, '--labels', path, '--out', `${path}.report.json`];
  return ['validate', path];
}

function firstLine(text: string, path: string): string {
  const line = text.split('\n').find((each) => each.trim() !== '') ?? '';
  const short = line.replace(`${path}: `, '').replace(path, '').trim();
  return short.length > 110 ? `${short.slice(0, 107)}...` : short;
}

function benchFile(
  round: HostileRound,
  name: string,
  kind: string,
  bytes: Uint8Array,
  hostile: HostileCase | undefined,
  options: HostileAllOptions,
): HostileCaseFigure {
  const path = join(options.benchRoot, name);
  writeFileSync(path, bytes);
  const args = commandFor(kind, hostile, path, options);
  const run = runCliChild(options.cliMain, args);
  rmSync(path, { force: true });
  rmSync(`${path}.report.json`, { force: true });
  const refused = run.status !== 0;
  return {
    round,
    name,
    command: args[0] ?? '',
    outcome: firstLine(refused ? run.stderr || `exit ${run.status}` : run.stdout, path),
    refused,
    ms: run.ms,
    maxRssMb: run.maxRssMb,
  };
}

export async function runHostileAllBench(options: HostileAllOptions): Promise<HostileCaseFigure[]> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.benchRoot, { recursive: true });
  const figures: HostileCaseFigure[] = [];
  const hostile = hostileCases();
  log(`round one: ${hostile.length} hostile files`);
  for (const each of hostile) figures.push(benchFile('hostile', each.name, each.kind, each.bytes(), each, options));
  const tamper = tamperCases();
  log(`round two: ${tamper.length} tampered files`);
  for (const each of tamper) figures.push(benchFile('tamper', each.name, each.kind, each.bytes(), undefined, options));
  log(`round three: ${BENCH_READER_CASES.length} reader files`);
  for (const each of BENCH_READER_CASES) {
    const figure = await benchReaderCase(options.benchRoot, options.cliMain, each);
    figures.push({
      round: 'readers',
      name: each.name,
      command: 'import',
      outcome: figure.outcome,
      refused: figure.outcome !== 'imported',
      ms: figure.ms,
      maxRssMb: figure.maxRssMb,
    });
  }
  return figures;
}
