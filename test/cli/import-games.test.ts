// `agreement-studio import` on GuessTheRuleBench's saved games and GameArena's users.db (issue 14
// points 1, 4, 6): files written as those programs write them become bundles that `validate`
// accepts, with what was left out listed; `validate` names a saved game's and a database's layout.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameArenaDatabase, SESSIONS } from '../shared/formats/importers/game-arena-run';
import { fourGames } from '../shared/formats/importers/guess-the-rule-run';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(path: string, content: string | Uint8Array): string {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

describe('agreement-studio import, GuessTheRuleBench', () => {
  const games = fourGames().map((game) => written(game.path, game.text));
  const folder = join(dir, 'saved_games/*.json');

  it('imports a folder of saved games into one bundle that validate accepts, with the player given', async () => {
    const out = join(dir, 'gtr.json');
    const run = await runCli('import', ...games, '--out', out, '--player', 'volunteers');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`read ${folder}: GuessTheRuleBench saved game (saved_games/<uuid>.json): 2 dynamic and 2 static games, into one study\n`);
    expect(run.stdout).toContain(`wrote ${out}: 4 puzzles, 4 sessions, 5 turns (3 questions, 2 final answers), 1 judge\n`);
    expect(run.stdout).toContain(
      'judge replies that could not be read (kept as written, left out of the figures):\n  gpt-4o: "That is correct, you can bring a kite." 1x\n',
    );
    expect(run.stdout).toContain(`  ${folder}: records: a static game (its guesses and the judge's replies are not saved; a session with no turns): 2 `);
    const validate = await runCli('validate', out);
    expect(validate.stdout).toContain('4 puzzles, 4 sessions, 5 turns (3 questions, 2 finals)');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { sessions: Array<{ player: string }> };
    expect(bundle.sessions.every((s) => s.player === 'volunteers')).toBe(true);
  });

  it('refuses --judge, which each game names', async () => {
    const run = await runCli('import', ...games, '--out', join(dir, 'x.json'), '--judge', 'someone');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GuessTheRuleBench games name their judge model (judge_model); a judge name given besides would contradict it');
  });

  it('validate names the layout of a saved game', async () => {
    const run = await runCli('validate', games[0] ?? '', games[3] ?? '');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      `OK  ${games[0] ?? ''}: GuessTheRuleBench saved game (saved_games/<uuid>.json): dynamic game L1, rule "Items that are sweet", 4 guesses, won; judge gpt-4o; import a folder's saved games together\n` +
        `OK  ${games[3] ?? ''}: GuessTheRuleBench saved game (saved_games/<uuid>.json): static game L3, rule "Items from the categories 'Vehicle' and 'Toy'", its guesses not saved, lost; judge gpt-4o-mini; import a folder's saved games together\n`,
    );
  });
});

describe('agreement-studio import, GameArena', async () => {
  const db = written('users.db', await gameArenaDatabase());

  it('imports users.db into a bundle that validate accepts, listing the other games, tables and columns', async () => {
    const out = join(dir, 'arena.json');
    const run = await runCli('import', db, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`read ${db}: GameArena's users.db (SQLite), table game_sessions: 3 Akinator games of 4 rows\n`);
    expect(run.stdout).toContain(`wrote ${out}: 3 puzzles, 3 sessions, 24 turns (21 questions, 3 final answers), 4 judges\n`);
    expect(run.stdout).toContain(`  ${db}: records: game_sessions rows of other games: 1 record (for example "Taboo ${SESSIONS.taboo}")\n`);
    expect(run.stdout).toContain(`  ${db}: records: table user_stars: 2 `);
    const validate = await runCli('validate', out);
    expect(validate.stdout).toContain('3 puzzles, 3 sessions, 24 turns (21 questions, 3 finals)');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { sessions: Array<{ player: string; judge: string }> };
    expect(bundle.sessions.map((s) => [s.player, s.judge])).toEqual([
      ['gpt-4o-2024-11-20', 'human:Zoë'],
      ['gemini-1.5-pro', 'human:kai_42'],
      ['claude-3-5-sonnet-20241022', 'human:anonymous'],
    ]);
  });

  it('validate names the layout of users.db and what import would read from it', async () => {
    const run = await runCli('validate', db);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      `OK  ${db}: GameArena's users.db (SQLite), table game_sessions: 3 Akinator games of 4 rows, 3 secret objects, 24 turns; import it with agreement-studio import\n`,
    );
  });

  it('refuses --player and --judge, which the database names', async () => {
    const run = await runCli('import', db, '--out', join(dir, 'y.json'), '--player', 'someone');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--player: GameArena files name their own player and judge models; leave --player out');
  });
});
