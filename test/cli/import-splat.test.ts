// `agreement-studio import` on a SPLAT run (issue 14 points 1 and 6): log.json with its log.csv and
// config.yaml, or with --player and --judge instead of config.yaml, becomes a bundle `validate`
// accepts; without either the error names the flags; puzzles.xlsx imports as a puzzle list;
// `validate` names each SPLAT layout. config.yaml's judge prompt and judge_times travel in the
// bundle (judgePrompts, judgeSamples), the summary counts questions and final answers apart and
// left-out items by kind, and the report says the judge's labels are majorities (issue 26).

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { puzzleSheet, sampleRun, SETTINGS } from '../shared/formats/importers/splat-run';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';
import { runCli, scratchDir, scratchWriter } from './run-cli';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';

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
    expect(result.stdout).toContain(`wrote ${out}: 3 puzzles, 6 sessions, 19 turns (16 questions, 3 final answers), 1 judge\n`);
    expect(result.stdout).toContain(`judge prompt found: SPLAT judge (config.yaml), from ${config}: prompt.prompt_judge_init (in the bundle's judgePrompts)\n`);
    expect(result.stdout).toContain(`judge labels: ${SETTINGS.judge}'s are each the majority of 3 samples (${config}: game.judge_times); the report says so\n`);
    expect(result.stdout).toContain('not imported: 6 settings and 6 values\n');
    expect(result.stdout).toContain(`  ${SETTINGS.judge}: "the answer is hidden in the story." 1x\n`);
    expect(result.stdout).toContain(`  ${log}: field Question (the judge's reply to "I am ready. Please show me the story.", before the first round): 6 `);
    expect(result.stdout).toContain(`  ${config}: setting game.game_times: 1 setting (for example "2")\n`);
    expect(result.stdout).not.toContain('setting prompt.');

    const validate = await runCli('validate', out);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toContain('3 puzzles, 6 sessions, 19 turns (16 questions, 3 finals)');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as {
      puzzles: Array<{ title: string; difficulty: number }>;
      sessions: Array<{ player: string; judge: string; maxRounds: number }>;
      judgePrompts: Array<{ name: string; question: string }>;
      judgeSamples: unknown;
    };
    expect(bundle.judgePrompts.map((prompt) => prompt.name)).toEqual(['SPLAT judge (config.yaml)']);
    expect(bundle.judgePrompts[0]?.question).toContain('The title of puzzle is {{title}}. The story is {{story}} Why?. The answer is {{reference}}.');
    expect(bundle.judgeSamples).toEqual([{ judge: SETTINGS.judge, samples: 3, source: `${config}: game.judge_times` }]);
    expect(bundle.puzzles.map((p) => [p.title, p.difficulty])).toEqual([
      ['The Last Elevator  ', 4],
      ['Café crème', 7],
      ['Desert Walk', 2],
    ]);
    expect(bundle.sessions[0]).toMatchObject({ player: SETTINGS.player, judge: SETTINGS.judge, maxRounds: 4 });

    const studyId = (JSON.parse(readFileSync(out, 'utf8')) as { id: string }).id;
    const at = '2026-01-01T00:00:00Z';
    const labels = write(
      'ann.labels.json',
      serializeLabelFile(
        buildLabelFile({
          studyId,
          annotator: { id: 'ann', name: 'Ann' },
          exportedAt: at,
          app: 'test',
          labels: [{ unit: 'puzzle_0/0/Round 0', task: 'answer', value: 'no', at, rev: 1, unsure: false, note: '' }],
        }),
      ),
    );
    // Each format escapes the judge's name and the file in its own way (Markdown's game\_times); the words are the same.
    for (const format of ['md', 'csv', 'latex', 'json']) {
      const report = await runCli('report', '--transcripts', out, '--labels', labels, '--format', format, '--bootstrap', '0');
      expect(report.stderr).toBe('');
      if (format === 'json') expect(JSON.parse(report.stdout)).toMatchObject({ judgeSamples: bundle.judgeSamples });
      else
        expect(report.stdout).toMatch(
          /judge labels: judge:microsoft\/WizardLM-2-8x22B imported as the majority of 3 samples each \(.*config.yaml: game.*judge.*times\)/,
        );
    }
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
    expect(result.stdout).not.toContain('judge prompt found');
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
