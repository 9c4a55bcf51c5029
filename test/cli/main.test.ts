// The command line's top level run in-process (usage, version, exit 2 on no or an unknown command),
// and the built bin in a real Node process: it validates the demo study, ends quietly when its
// reader stops early, and imports a GameArena users.db and a SPLAT run with its puzzle sheet.

import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameArenaDatabase } from '../shared/formats/importers/game-arena-run';
import { puzzleSheet, sampleRun } from '../shared/formats/importers/splat-run';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('agreement-studio: top level', () => {
  it('prints usage listing every command of docs/command-line.md on --help', async () => {
    const run = await runCli('--help');
    expect(run.code).toBe(0);
    for (const command of [
      'validate FILE...',
      'report --transcripts',
      'dataset --transcripts',
      'reliability FILE.csv',
      'pack --transcripts',
      'demo --out DIR',
    ]) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stderr).toBe('');
  });

  it('prints usage and exits 2 without a command', async () => {
    const run = await runCli();
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage: agreement-studio <command>/);
  });

  it('prints the version', async () => {
    expect(await runCli('--version')).toEqual({ code: 0, stdout: 'agreement-studio test\n', stderr: '' });
  });

  it('exits 2 on an unknown command', async () => {
    const run = await runCli('frobnicate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "frobnicate"');
    expect(run.stderr).toContain('--help');
  });
});

describe('the installed bin', () => {
  const dir = scratchDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: repo, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  }, 120_000);

  it('validates the demo study in a real process', () => {
    const run = spawnSync(process.execPath, ['cli/bin/agreement-studio.mjs', 'validate', 'assets/demo-study.json'], { cwd: repo, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^OK {2}assets\/demo-study\.json: \d+ puzzles, \d+ sessions, \d+ turns/);
  });

  it('ends quietly when the reader of its output stops early, as `| head` does', async () => {
    const child = spawn(process.execPath, ['cli/bin/agreement-studio.mjs', 'validate', 'assets/demo-study.json'], { cwd: repo });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  // The bundled command line loads sql.js from node_modules (an ESM bundle cannot require Node's modules at run time).
  it('imports a GameArena users.db in a real process', async () => {
    const db = scratchWriter(dir)('users.db', await gameArenaDatabase());
    const out = join(dir, 'arena.json');
    const run = spawnSync(process.execPath, ['cli/bin/agreement-studio.mjs', 'import', db, '--out', out], { cwd: repo, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('3 puzzles, 3 sessions, 24 turns (21 questions, 3 final answers), 4 judges');
  });

  // The importers' libraries (yaml, read-excel-file) are bundled into the bin; a CommonJS one must still load.
  it("imports a SPLAT run's files and its puzzle sheet in a real process", () => {
    const write = scratchWriter(dir);
    const run = sampleRun();
    const files = [write('log.json', run.logJson), write('log.csv', run.logCsv), write('config.yaml', run.configYaml)];
    const sheet = write('puzzles.xlsx', puzzleSheet([['A', 'Story.', 'Answer.', '5/10 MEDIUM']]));
    for (const [name, inputs, counts] of [
      ['run.json', files, '3 puzzles, 6 sessions, 19 turns (16 questions, 3 final answers), 1 judge'],
      ['sheet.json', [sheet], '1 puzzle, 0 sessions, 0 turns, 0 judges'],
    ] as const) {
      const out = join(dir, name);
      const imported = spawnSync(process.execPath, ['cli/bin/agreement-studio.mjs', 'import', ...inputs, '--out', out], { cwd: repo, encoding: 'utf8' });
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toContain(`wrote ${out}: ${counts}\n`);
    }
  });
});
