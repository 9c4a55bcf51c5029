// Picks the importer for a benchmark's own output files from their content (the name only as a
// hint) and runs it on every file of the request, so a run's companion files (TurtleBench's
// stories.json, SPLAT's log.csv and config.yaml) import with the file they belong to.

import type { SourceFile } from '../limits';
import type { FileReaders } from './file-readers';
import { importGameArena, looksLikeGameArenaDatabase } from './game-arena';
import { importGuessTheRule, looksLikeGuessTheRuleGame } from './guess-the-rule';
import { withRepliesKept } from './imported-replies';
import type { BenchmarkImport, BenchmarkImportOptions } from './imported-study';
import { importSplat, looksLikeSplatLog } from './splat';
import { importSplatPuzzleSheet, isWorkbook } from './splat-puzzle-sheet';
import { importTurtleBench, looksLikeTurtleBenchFile } from './turtlebench';
import { importTurtleSoupBench, looksLikeTurtleSoupBenchGame } from './turtlesoup-bench';
import { importTurtleSoupBenchStories, looksLikeTurtleSoupBenchStories } from './turtlesoup-bench-stories';

type ModelNames = 'in-files' | 'none' | 'caller';

interface BenchmarkImporter {
  /** The system, as messages name it. */
  system: string;
  /** Whether the file is one this importer leads with, from a cheap look at its start (a companion file alone claims nothing). */
  claims(file: SourceFile): boolean;
  /**
   * Where the sessions' player and judge come from: the files themselves (`in-files`: a name
   * given besides would contradict them), nowhere (`none`: puzzles only), or the files or the
   * caller (`caller`).
   */
  models: ModelNames;
  /** How several files make one study, in words for the import summary. */
  grouping?: string;
  /** Claims a request only of two or more files, every one of which it claims (a single file stays what it was before). */
  onlyTogether?: boolean;
  run(files: readonly SourceFile[], options: BenchmarkImportOptions, readers: BenchmarkReaders): BenchmarkImport | Promise<BenchmarkImport>;
}

/** The libraries the benchmark importers read with (a mapped file's sheet is read elsewhere). */
export type BenchmarkReaders = Omit<FileReaders, 'readSheet'>;

// Most specific first: a TurtleSoup-Bench game file also holds a `surface`, like TurtleBench's stories.
const IMPORTERS: readonly BenchmarkImporter[] = [
  {
    system: 'TurtleSoup-Bench',
    claims: looksLikeTurtleSoupBenchGame,
    models: 'in-files',
    grouping: "genre from each game's dataset folder",
    run: (files) => importTurtleSoupBench(files),
  },
  { system: 'TurtleBench', claims: looksLikeTurtleBenchFile, models: 'caller', grouping: 'the stories with the judged guesses', run: importTurtleBench },
  // Story files alone read as plain puzzle lists; together they are TSB's genre files, one study.
  {
    system: 'TurtleSoup-Bench stories',
    claims: looksLikeTurtleSoupBenchStories,
    models: 'none',
    grouping: "genre from each file's name",
    onlyTogether: true,
    run: (files) => importTurtleSoupBenchStories(files),
  },
  { system: 'GuessTheRuleBench', claims: looksLikeGuessTheRuleGame, models: 'caller', grouping: 'each saved game a session', run: importGuessTheRule },
  { system: 'GameArena', claims: looksLikeGameArenaDatabase, models: 'in-files', run: (files, _options, readers) => importGameArena(files, readers.loadSqlJs) },
  // config.yaml, which names SPLAT's models, is optional: the caller may name them instead.
  { system: 'SPLAT', claims: looksLikeSplatLog, models: 'caller', grouping: 'the log with its log.csv and config.yaml', run: importSplat },
  // Last: a workbook given with a SPLAT log belongs to the run; alone, it is a puzzle sheet.
  { system: 'SPLAT puzzle sheet', claims: isWorkbook, models: 'none', run: importSplatPuzzleSheet },
];

/** The system whose importer takes these files, or undefined when none of them is a benchmark's own output. */
export function benchmarkOf(files: readonly SourceFile[]): Pick<BenchmarkImporter, 'system' | 'models' | 'grouping'> | undefined {
  return importerOf(files);
}

/**
 * Imports files a benchmark wrote as one study. Undefined when no file is one a benchmark
 * importer leads with (the caller then reads them as our own formats or puzzle lists).
 */
export async function importBenchmarkFiles(
  files: readonly SourceFile[],
  options: BenchmarkImportOptions,
  readers: BenchmarkReaders,
): Promise<BenchmarkImport | undefined> {
  const importer = importerOf(files);
  if (importer === undefined) return undefined;
  const given = (['player', 'judge'] as const).filter((name) => options[name] !== undefined);
  if (importer.models !== 'caller' && given.length > 0)
    return {
      ok: false,
      errors: [
        { file: files.map((file) => file.name).join(', '), path: '', message: `${modelNamesRefusal(importer)}; a ${given.join(' and ')} name does not apply` },
      ],
    };
  // A source read without the string limit (an SQLite database) may hold a reply too long to store whole.
  return withRepliesKept(await importer.run(files, options, readers));
}

function importerOf(files: readonly SourceFile[]): BenchmarkImporter | undefined {
  return IMPORTERS.find((importer) =>
    importer.onlyTogether === true ? files.length > 1 && files.every((file) => importer.claims(file)) : files.some((file) => importer.claims(file)),
  );
}

/** Why a player or judge name given for these files does not apply, in words. */
export function modelNamesRefusal(importer: Pick<BenchmarkImporter, 'system' | 'models'>): string {
  return importer.models === 'none'
    ? `${importer.system} files hold puzzles only, no games`
    : `${importer.system} files name their own player and judge models`;
}
