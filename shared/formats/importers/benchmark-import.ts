// Picks the importer for a benchmark's own output files from their content (the name only as a
// hint) and runs it on every file of the request, so a run's companion files (TurtleBench's
// stories.json, SPLAT's log.csv and config.yaml) import with the file they belong to.

import type { FormatError } from '../errors';
import type { SourceFile } from '../limits';
import type { BenchmarkImport, BenchmarkImportOptions } from './imported-study';
import { importTurtleBench, looksLikeTurtleBenchFile } from './turtlebench';
import { importTurtleSoupBench, looksLikeTurtleSoupBenchGame } from './turtlesoup-bench';
import { importTurtleSoupBenchStories, looksLikeTurtleSoupBenchStories } from './turtlesoup-bench-stories';

interface BenchmarkImporter {
  /** The system, as messages name it. */
  system: string;
  /** Whether the file is one this importer leads with, from a cheap look at its start (a companion file alone claims nothing). */
  claims(file: SourceFile): boolean;
  /** Whether its files name their own player and judge, so a name given by the caller would contradict them. */
  namesItsModels: boolean;
  /** How several files make one study, in words for the import summary. */
  grouping?: string;
  /** Claims a request only of two or more files, every one of which it claims (a single file stays what it was before). */
  onlyTogether?: boolean;
  run(files: readonly SourceFile[], options: BenchmarkImportOptions): BenchmarkImport | Promise<BenchmarkImport>;
}

// Most specific first: a TurtleSoup-Bench game file also holds a `surface`, like TurtleBench's stories.
const IMPORTERS: readonly BenchmarkImporter[] = [
  { system: 'TurtleSoup-Bench', claims: looksLikeTurtleSoupBenchGame, namesItsModels: true, grouping: "genre from each game's dataset folder", run: (files) => importTurtleSoupBench(files) },
  { system: 'TurtleBench', claims: looksLikeTurtleBenchFile, namesItsModels: false, grouping: 'the stories with the judged guesses', run: importTurtleBench },
  // Story files alone read as plain puzzle lists; together they are TSB's genre files, one study.
  {
    system: 'TurtleSoup-Bench stories',
    claims: looksLikeTurtleSoupBenchStories,
    namesItsModels: true,
    grouping: "genre from each file's name",
    onlyTogether: true,
    run: (files) => importTurtleSoupBenchStories(files),
  },
];

/** The system whose importer takes these files, or undefined when none of them is a benchmark's own output. */
export function benchmarkOf(files: readonly SourceFile[]): Pick<BenchmarkImporter, 'system' | 'namesItsModels' | 'grouping'> | undefined {
  return importerOf(files);
}

/**
 * Imports files a benchmark wrote as one study. Undefined when no file is one a benchmark
 * importer leads with (the caller then reads them as our own formats or puzzle lists).
 */
export async function importBenchmarkFiles(files: readonly SourceFile[], options: BenchmarkImportOptions = {}): Promise<BenchmarkImport | undefined> {
  const importer = importerOf(files);
  if (importer === undefined) return undefined;
  if (importer.namesItsModels) {
    const given = (['player', 'judge'] as const).filter((name) => options[name] !== undefined);
    if (given.length > 0) return { ok: false, errors: [contradiction(files, importer.system, given)] };
  }
  return importer.run(files, options);
}

function importerOf(files: readonly SourceFile[]): BenchmarkImporter | undefined {
  return IMPORTERS.find((importer) => (importer.onlyTogether === true ? files.length > 1 && files.every((file) => importer.claims(file)) : files.some((file) => importer.claims(file))));
}

function contradiction(files: readonly SourceFile[], system: string, given: readonly string[]): FormatError {
  return { file: files.map((file) => file.name).join(', '), path: '', message: `${system} files name their own player and judge models; a ${given.join(' and ')} name given besides would contradict them` };
}
