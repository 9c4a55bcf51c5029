// `agreement-studio import` on a SPLAT run (issue 14 points 1 and 6): log.json with its log.csv and
// config.yaml, or with --player and --judge instead of config.yaml, becomes a bundle `validate`
// accepts; without either the error names the flags; puzzles.xlsx imports as a puzzle list;
// `validate` names each SPLAT layout.

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { puzzleSheet, sampleRun, SETTINGS } from '../shared/formats/importers/splat-run';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = scratchWriter(dir);

describe('agreement-studio import, SPLAT', () => {
  const run = sampleRun();
  const log = write('log.json', run.logJson);
  const csv = write('log.csv', run.logCsv);
  const config = write('config.yaml', run.configYaml);

  it('imports log.json with log.csv and config.yaml into a bundle that validate accepts, listing what it left out', async () => {
    const out = join(dir, 'splat.json');
    const result = await runCli('import', log, csv, config, '--out', out);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`read ${log}: SPLAT game log (log.json: puzzle_<i> -> replay -> Puzzle, Question, Round <k> {Player, Judge})\n`);
    expect(result.stdout).toContain(
      `read ${csv}: SPLAT results (log.csv: puzzle id, level, hit, round): level as each puzzle's difficulty; hit and round agree with log.json for 3 of 3 puzzles\n`,
    );
    expect(result.stdout).toContain(`wrote ${out}: 3 puzzles, 6 sessions, 19 turns, 1 judge\n`);
    expect(result.stdout).toContain(`  ${SETTINGS.judge}: "the answer is hidden in the story." 1x\n`);
    expect(result.stdout).toContain(`  ${log}: field Question (the judge's reply to "I am ready. Please show me the story.", before the first round): 6 `);
    expect(result.stdout).toContain(`  ${config}: setting game.judge_times: 1 (for example "3")\n`);

    const validate = await runCli('validate', out);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toContain('3 puzzles, 6 sessions, 19 turns (16 questions, 3 finals)');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as {
      puzzles: Array<{ title: string; difficulty: number }>;
      sessions: Array<{ player: string; judge: string; maxRounds: number }>;
    };
    expect(bundle.puzzles.map((p) => [p.title, p.difficulty])).toEqual([
      ['The Last Elevator  ', 4],
      ['Café crème', 7],
      ['Desert Walk', 2],
    ]);
    expect(bundle.sessions[0]).toMatchObject({ player: SETTINGS.player, judge: SETTINGS.judge, maxRounds: 4 });
  });

  it('takes the models from --player and --judge when config.yaml is not given', async () => {
    const out = join(dir, 'named.json');
    const result = await runCli('import', log, csv, '--out', out, '--player', 'llama-3-8b', '--judge', 'llama-3-70b');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { sessions: Array<{ player: string; judge: string }> };
    expect(bundle.sessions[0]).toMatchObject({ player: 'llama-3-8b', judge: 'llama-3-70b' });
  });

  it('without config.yaml or the flags, names the flags', async () => {
    const result = await runCli('import', log, csv, '--out', join(dir, 'x.json'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'a SPLAT log does not name its models and no config.yaml was given: the player and judge names are needed; name it with --player NAME and --judge NAME',
    );
  });

  it("refuses a --judge that differs from config.yaml's, naming both", async () => {
    const result = await runCli('import', log, config, '--out', join(dir, 'x.json'), '--judge', 'gpt-4o');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `${config}: model.judge: config.yaml names the judge "${SETTINGS.judge}", but the judge name given is "gpt-4o"; give config.yaml's name or leave the name out\n`,
    );
  });

  it("imports SPLAT's puzzles.xlsx as a puzzle list with difficulty", async () => {
    const sheet = write(
      'puzzles.xlsx',
      puzzleSheet([
        ['Red shoes', 'A woman buys red shoes.', 'A knife thrower.', '7/10 HARD'],
        ['Desert', 'A man in a desert.', 'A balloon.', '2/10 EASY'],
      ]),
    );
    const out = join(dir, 'sheet.json');
    const result = await runCli('import', sheet, '--out', out);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`wrote ${out}: 2 puzzles, 0 sessions, 0 turns, 0 judges\n`);
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { puzzles: Array<{ id: string; difficulty: number }> };
    expect(bundle.puzzles.map((p) => [p.id, p.difficulty])).toEqual([
      ['red-shoes', 7],
      ['desert', 2],
    ]);

    const validate = await runCli('validate', sheet);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toBe(
      `OK  ${sheet}: SPLAT puzzle sheet (puzzles.xlsx: title, story, answer, level of difficulty), first sheet "Sheet1": a puzzle list with each puzzle's difficulty, no games: 2 puzzles, difficulty 2 to 7 on 2\n`,
    );
  });

  it("validate names a run's log.json, log.csv and config.yaml, and refuses another workbook saying why", async () => {
    const result = await runCli('validate', log, csv, config);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        `OK  ${log}: SPLAT game log (log.json: puzzle_<i> -> replay -> Puzzle, Question, Round <k> {Player, Judge}): 3 puzzles, 6 games (3 solved), 19 rounds; import it with the run's log.csv and config.yaml`,
        `OK  ${csv}: SPLAT results (log.csv: puzzle id, level, hit, round): 3 puzzles (2 solved); import it with the run's log.json`,
        `OK  ${config}: SPLAT settings (config.yaml): player ${SETTINGS.player}, judge ${SETTINGS.judge}, max_round 4; import it with the run's log.json`,
        '',
      ].join('\n'),
    );
    const scores = write('scores.xlsx', writeWorkbook([{ name: 'Scores', rows: [['model', 'accuracy']] }]));
    const refused = await runCli('validate', scores);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${scores}: not a text file (it looks like an Excel workbook); choose the JSON, JSONL or CSV file instead; a workbook is read only as SPLAT's or AgentBench's puzzle sheet, and this one is not: the first sheet ("Scores") is not SPLAT's puzzle sheet: expected the columns title, story, answer, level of difficulty (or AgentBench's story, answer, Story keys, Answer keys), found "model", "accuracy"; for another layout, map its columns with --mapping\n`,
    );
  });
});
