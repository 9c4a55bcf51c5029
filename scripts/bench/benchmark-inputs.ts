// Node side of the benchmark-import bench: the inputs the Chromium page imports two ways. A
// SPLAT-scale run (975 puzzles, 4 games each, up to 15 rounds) written by the test suite's
// re-implementation of SPLAT's writer, and TurtleBench's real wide table (1,532 guesses x 9
// judges) with its stories; for each, the same records as our own bundle and label files.

import { readFileSync, writeFileSync } from 'node:fs';
import { FILE_READERS } from '../../cli/support/file-readers';
import { importBenchmarkFiles } from '../../shared/formats/importers/benchmark-import';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';
import { raterLabelFiles } from '../../shared/formats/importers/stored-study';
import { serializeLabelFile } from '../../shared/formats/label-file';
import type { SourceFile } from '../../shared/formats/limits';
import { runSplat, type GameScript, type SheetRow } from '../../test/shared/formats/importers/splat-run';

export interface BenchmarkInput {
  what: string;
  files: Array<{ name: string; text: string }>;
  /** The same study as our own transcript bundle, and its human raters as label files. */
  bundle: string;
  labels: string[];
}

const TURTLEBENCH = 'test/fixtures/real/TurtleBench/';
const REPLIES = ['Yes.', 'No.', 'Irrelevant.', 'yes', 'no, not at all.'];

/** 975 puzzles x 4 games; a game is solved at a seeded round or runs its 15 rounds out. */
function splatScaleRun() {
  const sheet: SheetRow[] = Array.from({ length: 975 }, (_, i) => ({
    title: `Puzzle ${i + 1}`,
    story: `A man walks into room ${i + 1} and stops.\nHe smiles and leaves.`,
    answer: `He recognised the room from a dream, number ${i + 1}.`,
    level: `${(i % 9) + 1}/10 ${['EASY', 'MEDIUM', 'HARD'][Math.floor((i % 9) / 3)]}`,
  }));
  const script = (puzzle: number, replay: number): GameScript => {
    const solvedAt = (puzzle * 7 + replay * 3) % 20; // 15 and over: unsolved, all 15 rounds played
    return {
      intro: 'I am ready. Here is the story.',
      rounds: Array.from({ length: 15 }, (_, round) => ({
        player: round === solvedAt ? `Is it about a dream of room ${puzzle + 1}?` : `Question ${round + 1} about puzzle ${puzzle + 1}: is the room important?`,
        judge: [round === solvedAt ? 'Congratulations, you solved it!' : (REPLIES[(puzzle + replay + round) % REPLIES.length] ?? 'No.')],
      })),
    };
  };
  return runSplat({ player: 'bench-player', judge: 'bench-judge', maxRound: 15, judgeTimes: 1, gameTimes: 4 }, sheet, script);
}

async function input(what: string, files: SourceFile[], names: { player?: string; judge?: string } = {}): Promise<BenchmarkInput> {
  const result = await importBenchmarkFiles(files, names, FILE_READERS);
  if (result === undefined || !result.ok) throw new Error(`${what} does not import: ${result?.ok === false ? result.errors[0]?.message : 'no importer'}`);
  const { bundle, raters } = result.value;
  const now = '2026-11-24T00:00:00.000Z';
  return { what, files, bundle: serializeBundleDocument(bundle), labels: raterLabelFiles(bundle.id, raters, now, 'bench').map(serializeLabelFile) };
}

export async function writeBenchmarkInputs(path: string): Promise<BenchmarkInput[]> {
  const run = splatScaleRun();
  const inputs = [
    await input(
      'SPLAT-scale run (975 puzzles x 4 games, up to 15 rounds; log.json + log.csv)',
      [
        { name: 'log.json', text: run.logJson },
        { name: 'log.csv', text: run.logCsv },
      ],
      { player: 'bench-player', judge: 'bench-judge' },
    ),
    await input("TurtleBench's wide table (1,532 guesses x 9 judges, one human label each) + stories.json", [
      { name: 'all_cases_en_shot0.json', text: readFileSync(`${TURTLEBENCH}archived/stats/all_cases_en_shot0.json`, 'utf8') },
      { name: 'stories.json', text: readFileSync(`${TURTLEBENCH}data/en/stories.json`, 'utf8') },
    ]),
  ];
  writeFileSync(path, JSON.stringify(inputs));
  return inputs;
}
