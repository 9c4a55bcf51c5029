// Picks the importer for a benchmark's own output files from their content (the name only as a
// hint) and runs it on every file of the request, so a run's companion files (TurtleBench's
// stories.json, SPLAT's log.csv and config.yaml) import with the file they belong to.

import type { FormatError } from '../errors';
import type { SourceFile } from '../limits';
import { importGameArena, looksLikeGameArenaDatabase, type LoadSqlJs } from './game-arena';
import { importGuessTheRule, looksLikeGuessTheRuleGame } from './guess-the-rule';
import type { BenchmarkImport, BenchmarkImportOptions } from './imported-study';
import { importSplat, looksLikeSplatLog } from './splat';
import { importSplatPuzzleSheet, isWorkbook } from './splat-puzzle-sheet';
import { importTurtleBench, looksLikeTurtleBenchFile } from './turtlebench';
import { importTurtleSoupBench, looksLikeTurtleSoupBenchGame } from './turtlesoup-bench';

interface BenchmarkImporter {
  /** The system, as messages name it. */
  system: string;
  /** Whether the file is one this importer leads with, from a cheap look at its start (a companion file alone claims nothing). */
  claims(file: SourceFile): boolean;
  /** Whether its files name their own player and judge, so a name given by the caller would contradict them. */
  namesItsModels: boolean;
  run(files: readonly SourceFile[], options: BenchmarkImportOptions, readers: BenchmarkReaders): BenchmarkImport | Promise<BenchmarkImport>;
}

/** Readers that need the host's help to start, passed in by the command line and the import worker. */
export interface BenchmarkReaders {
  /** sql.js with its WebAssembly, for GameArena's SQLite database. */
  loadSqlJs?: LoadSqlJs;
}

// Most specific first: a TurtleSoup-Bench game file also holds a `surface`, like TurtleBench's stories.
const IMPORTERS: readonly BenchmarkImporter[] = [
  { system: 'TurtleSoup-Bench', claims: looksLikeTurtleSoupBenchGame, namesItsModels: true, run: (files) => importTurtleSoupBench(files) },
  { system: 'TurtleBench', claims: looksLikeTurtleBenchFile, namesItsModels: false, run: importTurtleBench },
  { system: 'GuessTheRuleBench', claims: looksLikeGuessTheRuleGame, namesItsModels: false, run: importGuessTheRule },
  { system: 'GameArena', claims: looksLikeGameArenaDatabase, namesItsModels: true, run: (files, _options, readers) => importGameArena(files, readers.loadSqlJs) },
  // config.yaml, which names SPLAT's models, is optional: the caller may name them instead.
  { system: 'SPLAT', claims: looksLikeSplatLog, namesItsModels: false, run: importSplat },
  // Last: a workbook given with a SPLAT log belongs to the run; alone, it is a puzzle sheet.
  { system: 'SPLAT puzzle sheet', claims: isWorkbook, namesItsModels: false, run: importSplatPuzzleSheet },
];

/** The system whose importer takes these files, or undefined when none of them is a benchmark's own output. */
export function benchmarkOf(files: readonly SourceFile[]): Pick<BenchmarkImporter, 'system' | 'namesItsModels'> | undefined {
  return importerOf(files);
}

/**
 * Imports files a benchmark wrote as one study. Undefined when no file is one a benchmark
 * importer leads with (the caller then reads them as our own formats or puzzle lists).
 */
export async function importBenchmarkFiles(files: readonly SourceFile[], options: BenchmarkImportOptions = {}, readers: BenchmarkReaders = {}): Promise<BenchmarkImport | undefined> {
  const importer = importerOf(files);
  if (importer === undefined) return undefined;
  if (importer.namesItsModels) {
    const given = (['player', 'judge'] as const).filter((name) => options[name] !== undefined);
    if (given.length > 0) return { ok: false, errors: [contradiction(files, importer.system, given)] };
  }
  return importer.run(files, options, readers);
}

function importerOf(files: readonly SourceFile[]): BenchmarkImporter | undefined {
  return IMPORTERS.find((importer) => files.some((file) => importer.claims(file)));
}

function contradiction(files: readonly SourceFile[], system: string, given: readonly string[]): FormatError {
  return { file: files.map((file) => file.name).join(', '), path: '', message: `${system} files name their own player and judge models; a ${given.join(' and ')} name given besides would contradict them` };
}
