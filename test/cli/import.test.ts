// `agreement-studio import` (issue 14 point 6) on TurtleBench's own files: the bundle it writes
// passes `validate`, its label file passes `report --labels`, names the files lack are errors
// naming their flag, and `validate` names the layout of a source file.

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-cli';

const real = 'test/fixtures/real';
const table = `${real}/TurtleBench/archived/stats/all_cases_en_shot0.json`;
const stories = `${real}/TurtleBench/data/en/stories.json`;
const hf = `${real}/turtle-soup-lateral-thinking-game/at-4623288/data/turtle_bench1.5k_en.json`;
const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('agreement-studio import', () => {
  it('writes a bundle validate accepts and a label file report accepts, and lists what it left out', async () => {
    const out = join(dir, 'tb-en.json');
    const run = await runCli('import', table, stories, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`read ${table}: TurtleBench wide table`);
    expect(run.stdout).toContain(`wrote ${out}: 32 puzzles, 32 sessions, 1,532 turns (1,532 questions, 0 final answers), 9 judges`);
    const labels = join(dir, 'tb-en.turtlebench-human.labels.json');
    expect(run.stdout).toContain(`wrote ${labels}: 1,532 labels by turtlebench-human (TurtleBench human label)`);
    expect(run.stdout).toContain('field [].chinese_title: 32');
    expect(run.stdout).toContain(
      'judge replies that could not be read (kept as written, left out of the figures):\n  Deepseek_V2_5: "Invalid" 6x\n  Llama_3_1_405B: "Invalid" 2x\n',
    );

    const validate = await runCli('validate', out, labels);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toContain('32 puzzles, 32 sessions, 1,532 turns (1,532 questions, 0 finals)');

    const report = await runCli('report', '--transcripts', out, '--labels', labels, '--bootstrap', '0', '--format', 'md');
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    // Markdown escapes the underscores of the model names.
    expect(report.stdout).toContain('6 replies of judge Deepseek\\_V2\\_5 could not be read and are left out.');
    expect(report.stdout).toContain('2 replies of judge Llama\\_3\\_1\\_405B could not be read and are left out.');
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { sessions: { judge: string; turns: { judgeReplies?: Record<string, string> }[] }[] };
    expect(bundle.sessions[0]?.judge).toBe('GPT_o1_Preview');
  });

  it("takes --judge among the files' models, and refuses one they do not hold, naming the flag", async () => {
    const out = join(dir, 'judge.json');
    const ok = await runCli('import', table, stories, '--out', out, '--judge', 'GPT_4o', '--player', 'site users');
    expect(ok.code).toBe(0);
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { sessions: { judge: string; player: string }[] };
    expect(bundle.sessions[0]).toMatchObject({ judge: 'GPT_4o', player: 'site users' });
    const wrong = await runCli('import', table, stories, '--out', out, '--judge', 'nobody');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--judge NAME');
  });

  it('the 1.5k layout, judged by no model, needs no --judge and imports its 1,532 guesses with their human labels', async () => {
    const out = join(dir, 'hf.json');
    const run = await runCli('import', hf, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1,532 turns (1,532 questions, 0 final answers), 0 judges');
    expect(run.stdout).toContain('1,532 labels by turtlebench-human');
    expect(run.stdout).toContain('not imported: nothing');
  });

  it('names the layout it recognised', async () => {
    const run = await runCli('validate', table, hf);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`OK  ${table}: TurtleBench wide table (stats/all_cases_<lang>_shot<k>.json): 1,532 guesses, 9 judges`);
    expect(run.stdout).toContain(
      `OK  ${hf}: TurtleBench 1.5k (Hugging Face layout: id, title, surface, bottom, user_guess, label): 1,532 guesses with human labels on 32 stories, no judge's verdicts`,
    );
  });

  it('needs --out and a file, and says so', async () => {
    expect((await runCli('import', table)).stderr).toContain('--out BUNDLE.json is required');
    expect((await runCli('import', '--out', join(dir, 'x.json'))).stderr).toContain('name at least one FILE');
  });
});
