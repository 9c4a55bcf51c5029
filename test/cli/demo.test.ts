// The `demo` command, run in-process: it writes a bundle and one label file per annotator that
// `validate` accepts, the same bytes for the same seed and other bytes for another, one judge per
// --judge-error rate, and exits 1 when the folder cannot be written.

import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writtenFiles(out: string): string[] {
  return [join(out, 'demo-study.json'), ...readdirSync(join(out, 'labels')).map((name) => join(out, 'labels', name))];
}

describe('agreement-studio demo', () => {
  it('writes a bundle and one label file per annotator that validate accepts', async () => {
    const out = join(dir, 'study', 'nested');
    const run = await runCli('demo', '--out', out, '--puzzles', '6', '--annotators', '4', '--seed', '7');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^wrote .*demo-study\.json: 6 puzzles, 12 sessions, \d+ turns\n/);
    expect(readdirSync(join(out, 'labels')).sort()).toEqual(['ann-01.labels.json', 'ann-02.labels.json', 'ann-03.labels.json', 'ann-04.labels.json']);
    const validated = await runCli('validate', ...writtenFiles(out));
    expect(validated.stderr).toBe('');
    expect(validated.code).toBe(0);
    expect(validated.stdout.trimEnd().split('\n')).toHaveLength(5);
    expect(validated.stdout).toContain('6 puzzles, 12 sessions');
  });

  it('writes the same bytes for the same seed, other bytes for another seed', async () => {
    const read = (out: string) => writtenFiles(out).map((path) => readFileSync(path, 'utf8'));
    await runCli('demo', '--out', join(dir, 'a'), '--puzzles', '5', '--seed', '3');
    await runCli('demo', '--out', join(dir, 'b'), '--puzzles', '5', '--seed', '3');
    await runCli('demo', '--out', join(dir, 'c'), '--puzzles', '5', '--seed', '4');
    expect(read(join(dir, 'b'))).toEqual(read(join(dir, 'a')));
    expect(read(join(dir, 'c'))[0]).not.toEqual(read(join(dir, 'a'))[0]);
  });

  it('takes the error rates, one judge per --judge-error rate', async () => {
    const out = join(dir, 'rates');
    const run = await runCli('demo', '--out', out, '--puzzles', '3', '--human-error', '0', '--judge-error', '0.1,0.2,0.3');
    expect(run.code).toBe(0);
    const bundle = JSON.parse(readFileSync(join(out, 'demo-study.json'), 'utf8')) as { sessions: { turns: { judgements: Record<string, string> }[] }[] };
    expect(Object.keys(bundle.sessions[0]?.turns[0]?.judgements ?? {})).toEqual(['synthetic-judge-a', 'synthetic-judge-b', 'synthetic-judge-c']);
  });

  it.each([
    [['--puzzles', '3'], '--out DIR is required'],
    [['--out', 'x', '--puzzles', '0'], '--puzzles takes a whole number from 1 to 50000, not "0"'],
    [['--out', 'x', '--puzzles', 'many'], '--puzzles takes a whole number'],
    [['--out', 'x', '--annotators', '2.5'], '--annotators takes a whole number'],
    [['--out', 'x', '--seed', '1e3'], '--seed takes a whole number'],
    [['--out', 'x', '--human-error', '1.5'], '--human-error takes a rate from 0 to 1'],
    [['--out', 'x', '--judge-error', '0.1,x'], '--judge-error takes a rate from 0 to 1 (such as 0.08), not "x"'],
    [['--out', 'x', 'extra'], 'unexpected argument "extra"'],
    [['--out', 'x', '--colour'], "Unknown option '--colour'"],
    [['--out'], "Option '--out <value>' argument missing"],
  ])('exits 2 on bad usage: %j', async (args, message) => {
    const run = await runCli('demo', ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`agreement-studio demo: ${message}`);
    expect(run.stdout).toBe('');
  });

  it('exits 1 when the folder cannot be written', async () => {
    const run = await runCli('demo', '--out', join('assets', 'demo-study.json', 'inside'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^agreement-studio demo: cannot write to /);
  });
});
