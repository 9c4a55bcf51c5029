// `agreement-studio import` on a TurtleSoup-Bench run (issue 14 points 1, 5, 6): a folder's game
// files, written as TSB writes them, become one bundle that `validate` accepts; the run log given
// with them is listed as not imported; `validate` names a game file's layout; the six genre story files give one bundle.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importBenchmarkFiles } from '../../shared/formats/importers/benchmark-import';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';
import { runLog, sixGames } from '../shared/formats/importers/turtlesoup-bench-run';
import { runCli, scratchDir } from './run-cli';
import { FILE_READERS } from '../../cli/support/file-readers';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  return files.map((file) => {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
    return path;
  });
}

describe('agreement-studio import, TurtleSoup-Bench', () => {
  const games = written(sixGames());
  const [log] = written([runLog()]);
  const enRun = join(dir, 'results/Crime_Thriller/Q-gpt-4o_R-deepseek-deepseek-chat/*.json');

  it("imports a run's game files into one bundle that validate accepts, and lists what it left out", async () => {
    const out = join(dir, 'tsb.json');
    const run = await runCli('import', ...games, log ?? '', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `read ${enRun}: 4 TurtleSoup-Bench game files ({dataset}/Q-{q}_R-{r}/{title}_Q-…_R-…_E-…_Epoch{n}_{lang}.json), genre Crime_Thriller, into one study\n`,
    );
    expect(run.stdout).toContain(`wrote ${out}: 5 puzzles, 6 sessions, 16 turns (11 questions, 5 final answers), 2 judges\n`);
    expect(run.stdout).not.toContain('labels by');
    expect(run.stdout).toContain(`  ${enRun}: key-clue hits (<Key Clue> on an answer: kept in the raw judge reply, no bundle field): 3 `);
    expect(run.stdout).toContain(
      `  ${enRun}: records: a game that ended in an error (status error: its conclusion, if any, has no verdict): 2 records (for example "Invalid answer format: yes <Key Clue>", "Evaluation failed: timeout")`,
    );
    expect(run.stdout).toContain(`  ${log}: records: a run log or summary text file, not a game: 1 `);

    const validate = await runCli('validate', out);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toContain('5 puzzles, 6 sessions, 16 turns (11 questions, 5 finals)');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { name: string; puzzles: Array<{ title: string; genre: string }> };
    expect(bundle.name).toBe('TurtleSoup-Bench (en, zh)');
    expect(bundle.puzzles.map((p) => [p.title, p.genre])).toContainEqual(['Midnight Train  ', 'Crime Thriller']);
  });

  it('refuses --player and --judge, which the game files already name', async () => {
    const run = await runCli('import', ...games, '--out', join(dir, 'x.json'), '--judge', 'someone');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--judge: TurtleSoup-Bench files name their own player and judge models; leave --judge out');
  });

  it('validate names the layout of a game file', async () => {
    const zh = games[4] ?? '';
    const run = await runCli('validate', zh);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      `OK  ${zh}: TurtleSoup-Bench game file ({dataset}/Q-{q}_R-{r}/{title}_Q-…_R-…_E-…_Epoch{n}_{lang}.json): "镜子里的人" (zh), 2 questions of 3, success; player gpt-4o, judge deepseek/deepseek-chat, evaluator qwen-max; import a run's game files together\n`,
    );
  });
});

const REAL_EN = fileURLToPath(new URL('../../../shared/real-data/TurtleSoup-Bench/data/en/', import.meta.url));

describe('agreement-studio import, TurtleSoup-Bench story files', () => {
  const present = existsSync(REAL_EN);
  if (!present) console.log(`skipped: ${REAL_EN} is absent (the TurtleSoup-Bench files carry no licence and are not in the repository)`);
  it.skipIf(!present)('the six genre files give one bundle of puzzles, genre from each file name, the same the app imports', async () => {
    const files = readdirSync(REAL_EN)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(REAL_EN, name));
    const out = join(dir, 'stories.json');
    const run = await runCli('import', ...files, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`wrote ${out}: 400 puzzles, 0 sessions, 0 turns, 0 judges\n`);
    expect(run.stdout).toContain('not imported: nothing\n');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { puzzles: Array<{ genre: string }> };
    expect(new Set(bundle.puzzles.map((p) => p.genre)).size).toBe(6);
    const sameAsApp = await importBenchmarkFiles(
      files.map((path) => ({ name: path, text: readFileSync(path, 'utf8') })),
      {},
      FILE_READERS,
    );
    expect(sameAsApp?.ok === true ? serializeBundleDocument(sameAsApp.value.bundle) : undefined).toBe(readFileSync(out, 'utf8'));
  });
});
